#version 450
// frexp() and modf() on f32 and f64 values of many magnitudes and both
// signs, zero included.  Denormal inputs are avoided: Vulkan lets an
// implementation flush them, so lavapipe need not agree.  Negative zero goes
// to frexp only: without SignedZeroInfNanPreserve the sign of a zero result
// is the implementation's (lavapipe's modf(-0.0) is +0.0).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 3) buffer Out2 { uint data[]; } outq;

float value(uint x, bool neg_zero) {
   // sign, exponent in [-100, 100], 23 random mantissa bits; every 16th is 0
   if ((x & 15u) == 0u) return neg_zero && (x & 16u) != 0u ? -0.0 : 0.0;
   int e = int((x >> 8) % 201u) - 100;
   float m = 1.0 + float(x >> 9 & 0x7fffffu) / 8388608.0;
   return ldexp((x & 32u) != 0u ? -m : m, e);
}

void main() {
   uint g = gl_GlobalInvocationID.x;
   float x = value(inp.data[g], true), xm = value(inp.data[g], false);
   vec2 v = vec2(value(inp.data[g + 256u], false), value(inp.data[g + 512u], false) * 1000.0);
   int e;
   ivec2 ev;
   float s = frexp(x, e);
   vec2 sv = frexp(v, ev);
   float whole;
   vec2 wv;
   float f = modf(xm, whole);
   vec2 fv = modf(v, wv);
   outp.data[g * 8u + 0u] = floatBitsToUint(s);
   outp.data[g * 8u + 1u] = uint(e);
   outp.data[g * 8u + 2u] = floatBitsToUint(sv.x);
   outp.data[g * 8u + 3u] = floatBitsToUint(sv.y);
   outp.data[g * 8u + 4u] = uint(ev.x) ^ (uint(ev.y) << 16);
   outp.data[g * 8u + 5u] = floatBitsToUint(f);
   outp.data[g * 8u + 6u] = floatBitsToUint(whole);
   outp.data[g * 8u + 7u] = floatBitsToUint(fv.x);
   outp.data[g * 2u + 2048u] = floatBitsToUint(fv.y);
   outp.data[g * 2u + 2049u] = floatBitsToUint(wv.x) ^ floatBitsToUint(wv.y);
   // f64: values up to 2^+-600, beyond the f32 range
   double d = double(xm) * ldexp(1.0LF, int(inp.data[g + 768u] % 1001u) - 500);
   int de;
   double ds = frexp(d, de);
   double dw;
   double df = modf(d * 3.0LF, dw);
   uvec2 b0 = unpackDouble2x32(ds), b1 = unpackDouble2x32(df), b2 = unpackDouble2x32(dw);
   outq.data[g * 8u + 0u] = b0.x;
   outq.data[g * 8u + 1u] = b0.y;
   outq.data[g * 8u + 2u] = uint(de);
   outq.data[g * 8u + 3u] = b1.x;
   outq.data[g * 8u + 4u] = b1.y;
   outq.data[g * 8u + 5u] = b2.x;
   outq.data[g * 8u + 6u] = b2.y;
   outq.data[g * 8u + 7u] = 0u;
}
