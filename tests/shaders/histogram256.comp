#version 450
// 256-bin byte histogram: shared-memory atomics per workgroup, merged into
// the global histogram with buffer atomics.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint bins[]; } outp;
shared uint local_bins[256];
void main() {
   uint l = gl_LocalInvocationIndex;
   for (uint i = l; i < 256u; i += 64u)
      local_bins[i] = 0u;
   barrier();
   for (uint k = 0u; k < 4u; k++) {
      uint w = inp.data[gl_GlobalInvocationID.x * 4u + k];
      for (uint b = 0u; b < 4u; b++)
         atomicAdd(local_bins[(w >> (8u * b)) & 255u], 1u);
   }
   barrier();
   for (uint i = l; i < 256u; i += 64u)
      atomicAdd(outp.bins[i], local_bins[i]);
}
