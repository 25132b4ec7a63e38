#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(push_constant) uniform P { uint shift, mask, pad0, pad1; } pc;
shared uint local_hist[16];
void main() {
   uint l = gl_LocalInvocationIndex;
   if (l < 16u)
      local_hist[l] = 0u;
   barrier();
   for (uint k = 0u; k < 4u; k++) {
      uint v = inp.data[gl_GlobalInvocationID.x * 4u + k];
      atomicAdd(local_hist[(v >> (pc.shift & 31u)) & 15u], 1u);
   }
   barrier();
   if (l < 16u)
      atomicAdd(outp.data[l], local_hist[l]);
}
