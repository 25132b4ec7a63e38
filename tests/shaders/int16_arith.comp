#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_16bit_storage : require
// 16-bit integer arithmetic: wrapping add/mul, signed shifts, division and
// remainder, widening and narrowing through 16-bit storage.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { int16_t s[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint16_t u[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   int16_t a = inp.s[2u * g], b = inp.s[2u * g + 1u];
   // 0 and -1 (INT16_MIN / -1 overflows) are not divisors; GLSL leaves %
   // of negative operands undefined, so the remainder uses magnitudes
   int16_t d = b == int16_t(0) || b == int16_t(-1) ? int16_t(3) : b;
   int16_t q = a / d, r = (a & int16_t(0x7fff)) % ((d & int16_t(0x7fff)) | int16_t(1));
   int16_t sh = a >> int16_t(3);
   uint16_t m = uint16_t(a) * uint16_t(b) + uint16_t(0x1234);
   outp.u[4u * g] = uint16_t(q);
   outp.u[4u * g + 1u] = uint16_t(r);
   outp.u[4u * g + 2u] = uint16_t(sh);
   outp.u[4u * g + 3u] = m ^ uint16_t(int(a) + int(b) >> 16);
}
