#version 450
// Bitwise CRC-32 (reflected polynomial 0xEDB88320) of eight input words
// per invocation.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint crc = 0xffffffffu;
   for (uint w = 0u; w < 8u; w++) {
      uint word = inp.data[(g * 8u + w) & 4095u];
      for (uint byte = 0u; byte < 4u; byte++) {
         crc ^= (word >> (8u * byte)) & 0xffu;
         for (int bit = 0; bit < 8; bit++)
            crc = (crc & 1u) != 0u ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
      }
   }
   outp.data[g] = ~crc;
}
