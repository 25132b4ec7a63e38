#version 450
#extension GL_ARB_gpu_shader_int64 : require
// 64-bit integer arithmetic, logic, shifts by every count, compares,
// min/max, abs/sign, division and conversions, on random values and on
// small, negative, single-dword and power-of-two ones, and conversions
// from f32 (where SPIR-V
// defines the results: no division by zero or of the minimum by -1, no
// remainder of negatives, no conversion out of range); the 64-bit float
// conversions are in float64_ops.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 3) buffer Out2 { uint data[]; } outq;

uint64_t shaped(uint lo, uint hi, uint sel) {
   uint k = sel & 7u;
   hi = k == 1u ? 0u : k == 2u ? ~0u : k == 3u ? hi & 0xffu : k == 4u ? hi >> 31 : hi;
   lo = k == 5u ? 1u << (lo & 31u) : lo;
   return packUint2x32(uvec2(lo, hi));
}

void put(uint o, uint64_t v) { uvec2 b = unpackUint2x32(v); outp.data[o] = b.x; outp.data[o + 1u] = b.y; }
void putq(uint o, uint64_t v) { uvec2 b = unpackUint2x32(v); outq.data[o] = b.x; outq.data[o + 1u] = b.y; }

void main() {
   uint g = gl_GlobalInvocationID.x;
   uint s = inp.data[g + 2048u];
   uint64_t a = shaped(inp.data[4u * g], inp.data[4u * g + 1u], s);
   uint64_t b = shaped(inp.data[4u * g + 2u], inp.data[4u * g + 3u], s >> 3) | 1ul;
   int64_t sa = int64_t(a), sb = int64_t(b);
   sb = sb == -1l ? 3l : sb;
   uint n = inp.data[g + 3072u];
   uint o = g * 16u;
   put(o + 0u, a * b + (a - b));
   put(o + 2u, a / b);
   put(o + 4u, a % b);
   put(o + 6u, uint64_t(sa / sb));
   put(o + 8u, uint64_t(abs(sa) % abs(sb)));
   put(o + 10u, (a << (n & 63u)) ^ (a >> (n >> 6 & 63u)));
   put(o + 12u, uint64_t(sa >> (n >> 12 & 63u)) + uint64_t(min(sa, sb)) - max(a, b));
   put(o + 14u, uint64_t(abs(sa) + sign(sb)) ^ (~a & b | a >> 37));
   uint cmp = uint(a < b) | uint(a <= b) << 1 | uint(a == b) << 2 | uint(a != b) << 3 |
              uint(sa < sb) << 4 | uint(sa >= sb) << 5 | uint(sa > sb) << 6 | uint(a > b) << 7;
   outq.data[o] = cmp;
   outq.data[o + 1u] = floatBitsToUint(float(sa)) ^ floatBitsToUint(float(a));
   putq(o + 2u, uint64_t(sa >> 17) * uint64_t(int(s)));
   putq(o + 4u, (a >> 3) / (b >> 40 | 5ul));
   putq(o + 6u, uint64_t(int64_t(int(n))) + uint64_t(uint(b)));
   float f = float(int(n)) * 1.5e9;
   putq(o + 8u, uint64_t(int64_t(f)));
   putq(o + 10u, uint64_t(abs(f)));
   putq(o + 12u, uint64_t(int64_t(a) / int64_t(-7)));
   putq(o + 14u, uint64_t(uint(a) % 13u) << (n & 31u));
}
