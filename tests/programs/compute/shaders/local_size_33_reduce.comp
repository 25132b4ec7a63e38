#version 450
// 33 invocations: one lane more than a SIMD32 thread (or four SIMD8 ones),
// reducing through shared memory with barriers between the steps.
layout(local_size_x = 33) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint s[33];
void main() {
   uint l = gl_LocalInvocationID.x;
   s[l] = inp.data[gl_GlobalInvocationID.x];
   barrier();
   // odd lengths: the middle element is carried to the next round
   for (uint n = 33u; n > 1u; n = (n + 1u) / 2u) {
      uint half_n = n / 2u;
      uint v = 0u;
      if (l < half_n)
         v = s[l] ^ (s[l + (n + 1u) / 2u] * 3u);
      barrier();
      if (l < half_n)
         s[l] = v;
      barrier();
   }
   outp.data[gl_GlobalInvocationID.x] = s[0] + l;
}
