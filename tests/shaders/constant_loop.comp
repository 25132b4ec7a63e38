#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   uint crc = 0xffffffffu;
   for (int b = 0; b < 32; b++) {
      uint bit = (x >> b) & 1u;
      uint top = crc >> 31;
      crc <<= 1;
      if ((bit ^ top) != 0u)
         crc ^= 0x04c11db7u;
   }
   outp.data[i] = ~crc;
}
