#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   uint r;
   if (x < 0x40000000u) {
      r = x + 1u;
   } else if (x < 0x80000000u) {
      if ((x & 1u) != 0u)
         r = x * 3u;
      else
         r = x / 3u;
   } else if (x < 0xc0000000u) {
      r = ~x;
   } else {
      r = x ^ 0x5a5a5a5au;
   }
   outp.data[i] = r;
}
