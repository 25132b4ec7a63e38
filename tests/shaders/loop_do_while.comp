#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i], n = 0u;
   do {
      x = x * 1103515245u + 12345u;
      n += x >> 28;
   } while ((x & 7u) != 0u && n < 1000u);
   outp.data[i] = n;
}
