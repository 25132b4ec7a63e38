#version 450
// Instanced rendering: per-instance transforms from an SSBO indexed by
// InstanceIndex (which includes firstInstance in Vulkan).
layout(set = 0, binding = 0) readonly buffer Instances { mat4 model[]; } inst;
layout(set = 0, binding = 1) uniform Camera { mat4 view_proj; } cam;
layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec3 world_normal;
layout(location = 1) flat out int instance;
void main() {
   mat4 m = inst.model[gl_InstanceIndex];
   world_normal = normalize(mat3(m) * normal);
   instance = gl_InstanceIndex;
   gl_Position = cam.view_proj * m * vec4(pos, 1.0);
}
