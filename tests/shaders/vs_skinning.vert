#version 450
// Skinning with four bone weights from an SSBO of matrices.
layout(set = 0, binding = 0, std430) readonly buffer Bones { mat4 bones[]; };
layout(push_constant) uniform P { mat4 mvp; } pc;
layout(location = 0) in vec3 pos;
layout(location = 1) in uvec4 joints;
layout(location = 2) in vec4 weights;
layout(location = 0) out vec4 color;
void main() {
   mat4 skin = weights.x * bones[joints.x] + weights.y * bones[joints.y] +
               weights.z * bones[joints.z] + weights.w * bones[joints.w];
   gl_Position = pc.mvp * skin * vec4(pos, 1.0);
   color = vec4(weights.xyz, 1.0);
}
