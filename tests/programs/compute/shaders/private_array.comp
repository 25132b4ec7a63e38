#version 450
// A private array too large for registers, indexed by run-time values:
// Mesa lowers it to scratch memory (per-thread, through the scratch space
// MEDIA_VFE_STATE sets up).  Every invocation fills, permutes and reads
// its own copy.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;

void main() {
   uint i = gl_GlobalInvocationID.x;
   uint a[256];
   uint seed = inp.data[i];
   for (uint k = 0u; k < 256u; k++)
      a[k] = inp.data[(i + k * 17u) & 4095u] ^ k;
   // data-dependent swaps: the indices are only known at run time
   for (uint k = 0u; k < 64u; k++) {
      seed ^= seed << 13;
      seed ^= seed >> 17;
      seed ^= seed << 5;
      uint p = seed & 255u, q = (seed >> 8) & 255u;
      uint t = a[p];
      a[p] = a[q] + k;
      a[q] = t;
   }
   uint sum = 0u;
   for (uint k = 0u; k < 256u; k += 1u + (a[k] & 3u))
      sum = sum * 31u + a[k];
   outp.data[i * 4u] = sum;
   outp.data[i * 4u + 1u] = a[seed & 255u];
   outp.data[i * 4u + 2u] = a[inp.data[i + 1u] & 255u];
   outp.data[i * 4u + 3u] = a[255u - (i & 255u)];
}
