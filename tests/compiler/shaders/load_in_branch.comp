#version 450
// A value that one arm of an if/else computes and the other loads, and a
// loop that loads in some iterations only: a message's reply fills whole
// registers, the channels of the other arm or of earlier iterations
// included, so it must not land in the register they meet in.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;

void main() {
   uint g = gl_GlobalInvocationID.x;
   uint x;
   if ((g & 1u) == 0u) {
      x = g * g + 3u;
      x ^= x >> 3;
      x = x * 7u + (x << 4);
      x ^= 0x1234u;
   } else {
      x = inp.data[g];
   }
   uint y = 0u;
   for (uint k = 0u; k < (g & 7u); k++) {
      if (((g >> 3) + k) % 3u == 0u)
         y = inp.data[(g * 5u + k) & 1023u];
      else
         y += k;
   }
   outp.data[g] = x;
   outp.data[g + 256u] = y;
}
