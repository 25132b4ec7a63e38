#version 450
// 8- and 16-bit storage: byte and half-word loads and stores at every
// alignment, with 16/8-bit arithmetic and 16-bit float conversions of
// exactly representable values.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint8_t b[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint16_t h[]; } outp;
layout(set = 0, binding = 3) buffer Out2 { uint8_t b[]; } outb;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint8_t a = inp.b[i];
   uint8_t c = inp.b[i * 3u + 1u];
   uint16_t w = uint16_t(a) * uint16_t(257) + uint16_t(c);
   outp.h[i * 2u] = w;
   float16_t f = float16_t(int8_t(a)) * float16_t(0.5);
   outp.h[i * 2u + 1u] = float16BitsToUint16(f);
   outb.b[i] = a + c;
   outb.b[i + 1024u] = uint8_t(w >> 3);
}
