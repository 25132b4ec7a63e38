#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
// Shuffles: a butterfly reduction by shuffleXor and an arbitrary gather.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   uint sum = v;
   for (uint m = 1u; m < gl_SubgroupSize; m <<= 1)
      sum += subgroupShuffleXor(sum, m);
   uint other = subgroupShuffle(v, (gl_SubgroupInvocationID * 7u) & (gl_SubgroupSize - 1u));
   vec3 fv = subgroupShuffle(vec3(v & 7u), 0u);
   outp.data[g] = sum ^ other ^ uint(fv.x + fv.y);
}
