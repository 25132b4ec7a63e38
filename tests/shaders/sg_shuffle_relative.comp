#version 450
#extension GL_KHR_shader_subgroup_shuffle_relative : require
// Relative shuffles: a 3-tap filter across neighbouring invocations.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { float data[]; } inp;
layout(set = 0, binding = 1) buffer Out { float data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   float v = inp.data[g];
   float left = subgroupShuffleUp(v, 1u), right = subgroupShuffleDown(v, 1u);
   uint id = gl_SubgroupInvocationID;
   if (id == 0u) left = v;
   if (id == gl_SubgroupSize - 1u) right = v;
   outp.data[g] = 0.25 * left + 0.5 * v + 0.25 * right;
}
