#version 450
// Collatz trajectory lengths with a step limit: a while loop whose exit is
// a data-dependent break.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint n = (inp.data[g] & 0xffffu) + 1u, steps = 0u, peak = n;
   while (n != 1u) {
      n = (n & 1u) != 0u ? 3u * n + 1u : n >> 1;
      peak = max(peak, n);
      if (++steps == 500u)
         break;
   }
   outp.data[2u * g] = steps;
   outp.data[2u * g + 1u] = peak;
}
