#version 450
// Nested do-while loops with continue in the inner loop (the continue
// target holds the loop condition).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, x = inp.data[g], acc = 0u, i = 0u;
   do {
      uint j = 0u;
      do {
         j++;
         if (((x >> j) & 1u) == 0u)
            continue;
         acc += i * j + (x & 0xffu);
      } while (j < (x & 7u) + 1u);
      x = x * 1664525u + 1013904223u;
      i++;
   } while (i < 6u && acc < 50000u);
   outp.data[g] = acc;
}
