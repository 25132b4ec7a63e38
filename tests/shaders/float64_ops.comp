#version 450
#extension GL_ARB_gpu_shader_int64 : require
// 64-bit float arithmetic (division and square root correctly rounded),
// rounding functions, min/max, ldexp/frexp, compares and conversions, on
// doubles with exponents in [-200, 200] and mantissas random, short, or
// integral; no zeros, denormals, infinities or NaN, whose handling may
// differ between implementations.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 3) buffer Out2 { uint data[]; } outq;

double shaped(uint lo, uint hi, uint sel) {
   uint k = sel & 3u;
   uint e = k == 2u ? 1023u + (hi & 31u) : 823u + (hi >> 20) % 401u;
   lo = k == 1u ? lo & 0xff000000u : k == 2u ? 0u : lo;
   hi = k == 2u ? hi & 0x800f0000u : hi;
   return packDouble2x32(uvec2(lo, (hi & 0x800fffffu) | e << 20));
}

void put(uint o, double v) { uvec2 b = unpackDouble2x32(v); outp.data[o] = b.x; outp.data[o + 1u] = b.y; }
void putq(uint o, double v) { uvec2 b = unpackDouble2x32(v); outq.data[o] = b.x; outq.data[o + 1u] = b.y; }

void main() {
   uint g = gl_GlobalInvocationID.x;
   uint s = inp.data[g + 2048u];
   double a = shaped(inp.data[4u * g], inp.data[4u * g + 1u], s);
   double b = shaped(inp.data[4u * g + 2u], inp.data[4u * g + 3u], s >> 2);
   int e = int(inp.data[g + 3072u] % 401u) - 200;
   uint o = g * 16u;
   put(o + 0u, a / b);
   put(o + 2u, sqrt(abs(a)));
   put(o + 4u, floor(a) + ceil(b));
   put(o + 6u, trunc(a) - roundEven(b));
   put(o + 8u, fract(a) + mod(a, b));
   put(o + 10u, min(a, b) * max(a, b) + abs(b) * sign(a));
   put(o + 12u, ldexp(a, e));
   int fe;
   put(o + 14u, frexp(a * b, fe));
   int64_t i = int64_t(inp.data[g + 1300u]) << (inp.data[g + 1400u] & 31u);
   i = (inp.data[g + 1500u] & 1u) != 0u ? -i : i;
   uint64_t u = uint64_t(inp.data[g + 1600u]) << (inp.data[g + 1700u] & 31u);
   outq.data[o] = uint(fe);
   outq.data[o + 1u] = uint(a < b) | uint(a >= b) << 1 | uint(a == b) << 2 | uint(a != b) << 3 |
                       uint(a > b) << 4 | uint(a <= b) << 5;
   outq.data[o + 2u] = uint(int(a * 1e-52LF)) ^ uint(abs(b) * 1e-51LF);
   outq.data[o + 3u] = floatBitsToUint(float(a * 1e-30LF)) ^ floatBitsToUint(float(i)) ^
                       floatBitsToUint(float(u));
   putq(o + 4u, double(float(b)));
   putq(o + 6u, double(i));
   putq(o + 8u, inversesqrt(abs(b)));
   putq(o + 10u, 1.0LF / a - b / 3.0LF);
   putq(o + 12u, double(uint64_t(abs(a) * 1e-42LF)) + double(int64_t(b * 1e-45LF)));
   putq(o + 14u, double(u) - a + b * 0.1LF);
}
