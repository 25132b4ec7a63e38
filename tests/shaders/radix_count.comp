#version 450
// One radix-sort counting pass: per-workgroup histograms of a 4-bit digit
// (selected by push constant) in shared memory, then written per group.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(push_constant) uniform Push { uint shift; } pc;
shared uint bins[16];
void main() {
   uint l = gl_LocalInvocationIndex;
   if (l < 16u)
      bins[l] = 0u;
   barrier();
   for (uint k = 0u; k < 4u; k++) {
      uint v = inp.data[gl_GlobalInvocationID.x * 4u + k];
      atomicAdd(bins[(v >> (pc.shift & 28u)) & 15u], 1u);
   }
   barrier();
   if (l < 16u)
      outp.data[gl_WorkGroupID.x * 16u + l] = bins[l];
}
