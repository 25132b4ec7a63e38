#version 450
// Binary search of each invocation's key in a sorted table built in
// shared memory (prefix sums of small values are increasing).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint table[64];
void main() {
   uint l = gl_LocalInvocationID.x;
   if (l == 0u) {
      uint s = 0u;
      for (uint i = 0u; i < 64u; i++) {
         s += (inp.data[i] & 15u) + 1u;
         table[i] = s;
      }
   }
   barrier();
   uint key = inp.data[64u + gl_GlobalInvocationID.x] % (table[63] + 1u);
   uint lo = 0u, hi = 64u;
   while (lo < hi) {
      uint mid = (lo + hi) / 2u;
      if (table[mid] < key)
         lo = mid + 1u;
      else
         hi = mid;
   }
   outp.data[gl_GlobalInvocationID.x] = lo;
}
