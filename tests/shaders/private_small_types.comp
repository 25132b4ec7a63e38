#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
// Private arrays of 8, 16 and 64-bit elements: small ones in registers
// (sub-dword elements read-modify-written in their dword, 64-bit ones as
// dword pairs), ones of more than 64 dwords in scratch; constant and
// run-time indices, unaligned byte offsets, vectors, half floats, and
// writes under divergent control flow.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;

void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   uint w = inp.data[(i + 17u) & 4095u];

   uint8_t b[13];
   int16_t h[9];
   float16_t f[6];
   uint64_t q[5];
   i8vec2 bv[7];
   for (uint k = 0u; k < 13u; k++)
      b[k] = uint8_t(v >> (k & 7u)) + uint8_t(k);
   for (uint k = 0u; k < 9u; k++)
      h[k] = int16_t(w >> k) - int16_t(k * 300u);
   for (uint k = 0u; k < 6u; k++)
      f[k] = float16_t(float(k) * 0.75 + 0.125 - float(v & 7u));
   for (uint k = 0u; k < 5u; k++)
      q[k] = (uint64_t(v) << (k * 7u)) ^ uint64_t(w + k);
   for (uint k = 0u; k < 7u; k++)
      bv[k] = i8vec2(int8_t(v >> k), int8_t(-int(k)));
   b[v % 13u] += uint8_t(w);
   if ((v & 1u) != 0u) {
      h[w % 9u] = int16_t(-7);
      q[(v >> 3) % 5u] += 0x100000001ul;
   }
   f[(w >> 2) % 6u] *= float16_t(2.0);
   bv[(v >> 5) % 7u].y = int8_t(w >> 9);

   uint8_t bs[300];
   int16_t hs[150];
   uint64_t qs[40];
   for (uint k = 0u; k < 300u; k++)
      bs[k] = uint8_t(k * 7u + v);
   for (uint k = 0u; k < 150u; k++)
      hs[k] = int16_t(k * 1000u) ^ int16_t(w);
   for (uint k = 0u; k < 40u; k++)
      qs[k] = uint64_t(k) * 0x0123456789abul + uint64_t(v);
   bs[(v >> 2) % 300u] = uint8_t(0xa5u);
   if ((w & 2u) != 0u)
      hs[(w >> 4) % 150u] += int16_t(v);
   qs[w % 40u] ^= uint64_t(w) << 32;

   uint sb = 0u;
   for (uint k = 0u; k < 13u; k++)
      sb = sb * 31u + uint(b[(k + v) % 13u]);
   int sh = 0;
   for (uint k = 0u; k < 9u; k++)
      sh = sh * 7 + int(h[(k * 5u + w) % 9u]);
   outp.data[i * 8u] = sb;
   outp.data[i * 8u + 1u] = uint(sh);
   outp.data[i * 8u + 2u] = packHalf2x16(vec2(f[v % 6u], f[(v + 1u) % 6u]));
   uint64_t x = q[w % 5u] + q[0] * 3ul;
   outp.data[i * 8u + 3u] = uint(x) ^ uint(x >> 32);
   i8vec2 p = bv[(w >> 3) % 7u];
   outp.data[i * 8u + 4u] = uint(int(p.x) * 1000 + int(p.y));
   outp.data[i * 8u + 5u] = uint(bs[(w >> 1) % 300u]) | uint(bs[299]) << 8 |
                            uint(bs[(v >> 2) % 300u]) << 16;
   outp.data[i * 8u + 6u] = uint(uint16_t(hs[(v >> 1) % 150u])) | uint(uint16_t(hs[w % 150u])) << 16;
   uint64_t y = qs[(v >> 3) % 40u] - qs[w % 40u];
   outp.data[i * 8u + 7u] = uint(y) + uint(y >> 32) * 3u;
}
