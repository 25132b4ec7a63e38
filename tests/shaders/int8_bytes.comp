#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
// 8-bit storage and arithmetic: saturating byte add done by widening, and
// byte-wise reversal of each input word.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint8_t b[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint8_t b[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   for (uint i = 0u; i < 4u; i++) {
      uint8_t x = inp.b[g * 8u + i], y = inp.b[g * 8u + 4u + i];
      uint s = uint(x) + uint(y);
      outp.b[g * 8u + i] = uint8_t(min(s, 255u));
      outp.b[g * 8u + 7u - i] = x ^ uint8_t(i * 37u);
   }
}
