#version 450
// Two render targets, an integer target, and a written depth.
layout(location = 0) in vec4 pos;
layout(location = 0) out vec4 albedo;
layout(location = 1) out vec4 normal;
layout(location = 2) out uint id;
layout(push_constant) uniform P { uint object_id; float depth_bias; } pc;
void main() {
   albedo = vec4(pos.xyz * 0.5 + 0.5, 1.0);
   normal = vec4(normalize(pos.xyz), 0.0);
   id = pc.object_id;
   gl_FragDepth = clamp(gl_FragCoord.z + pc.depth_bias, 0.0, 1.0);
}
