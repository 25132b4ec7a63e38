#version 450
// A typical mesh vertex shader: matrices from a UBO, per-vertex attributes,
// varyings out, gl_Position through the gl_PerVertex block.
layout(set = 0, binding = 0, std140) uniform Camera {
   mat4 view_proj;
   mat4 model;
   vec4 light_dir;
} cam;
layout(location = 0) in vec3 in_pos;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec2 in_uv;
layout(location = 0) out vec3 out_normal;
layout(location = 1) out vec2 out_uv;
layout(location = 2) out float out_light;
void main() {
   vec4 world = cam.model * vec4(in_pos, 1.0);
   out_normal = normalize(mat3(cam.model) * in_normal);
   out_uv = in_uv;
   out_light = max(dot(out_normal, -cam.light_dir.xyz), 0.0);
   gl_Position = cam.view_proj * world;
}
