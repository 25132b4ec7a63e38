#version 450
// Push constants of every element size indexed by run-time values: the
// back end reads the CURBE registers through a0, qwords as dword pairs,
// 8/16-bit elements zero-extended and half floats converted.  128 bytes,
// so that the indirect reads cross the cross-thread constant registers.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(push_constant) uniform P {
   uvec4 v[2];
   float f[4];
   uint64_t q[4];
   uint16_t h[8];
   float16_t hf[4];
   uint8_t b[8];
   uint tail[4];
} pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   uvec4 a = pc.v[x & 1u];
   uint c = pc.v[1][x >> 30];
   float f = pc.f[(x >> 3) & 3u];
   uint64_t q = pc.q[(x >> 5) & 3u];
   uint h = uint(pc.h[(x >> 7) & 7u]);
   float hf = float(pc.hf[(x >> 10) & 3u]);
   uint b = uint(pc.b[(x >> 12) & 7u]);
   uint acc = pc.tail[i & 3u];
   for (uint k = 0u; k < (x & 7u); k++)
      acc = acc * 3u + pc.tail[(k + x) & 3u];
   if ((x & 0x100u) != 0u)
      acc ^= uint(pc.h[(x >> 16) & 7u]) + uint(pc.q[(x >> 20) & 3u] >> 40);
   outp.data[i * 8u] = a.x + a.y * 3u + a.z * 5u + a.w * 7u;
   outp.data[i * 8u + 1u] = c;
   outp.data[i * 8u + 2u] = floatBitsToUint(f * 2.0);
   outp.data[i * 8u + 3u] = uint(q);
   outp.data[i * 8u + 4u] = uint(q >> 32);
   outp.data[i * 8u + 5u] = h | (b << 16);
   outp.data[i * 8u + 6u] = floatBitsToUint(hf);
   outp.data[i * 8u + 7u] = acc;
}
