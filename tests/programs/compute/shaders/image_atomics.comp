#version 450
// Every image atomic on r32ui and r32i storage images (2D) and on an r32ui
// storage texel buffer.  The commutative operations hit 16 shared texels
// from every invocation, so only their final values are deterministic; the
// exchanges work on one texel per invocation and also report what they
// returned (binding 3).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D u;
layout(set = 0, binding = 1, r32i) uniform iimage2D s;
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer tb;
layout(set = 0, binding = 3) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 4) readonly buffer In { uint data[]; } inp;

void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   int sx = int(x) >> 8;
   // rows 0-5: one operation a row, column i mod 16 shared by 16 invocations
   ivec2 c = ivec2(i % 16u, 0);
   imageAtomicAdd(u, c, x);
   imageAtomicMin(u, c + ivec2(0, 1), x);
   imageAtomicMax(u, c + ivec2(0, 2), x);
   imageAtomicAnd(u, c + ivec2(0, 3), x | 0x0f0f0000u);
   imageAtomicOr(u, c + ivec2(0, 4), x & 0x8421u);
   imageAtomicXor(u, c + ivec2(0, 5), x);
   imageAtomicAdd(s, c, sx);
   imageAtomicMin(s, c + ivec2(0, 1), sx);
   imageAtomicMax(s, c + ivec2(0, 2), sx);
   imageAtomicAnd(s, c + ivec2(0, 3), sx);
   imageAtomicOr(s, c + ivec2(0, 4), sx & 0x1248);
   imageAtomicXor(s, c + ivec2(0, 5), sx);
   // rows 6-21: one texel per invocation
   ivec2 own = ivec2(i % 16u, 6u + i / 16u);
   uint old = imageAtomicExchange(u, own, x);
   uint cmp = imageAtomicCompSwap(u, own, (x & 1u) != 0u ? x : ~x, i);
   int sold = imageAtomicExchange(s, own, -sx);
   int scmp = imageAtomicCompSwap(s, own, (x & 2u) != 0u ? -sx : sx, int(i) - 100);
   uint t = imageAtomicAdd(tb, int(i), x);
   imageAtomicMin(tb, int(i % 7u) + 256, x);
   imageAtomicMax(tb, int(i % 5u) + 264, x);
   uint tc = imageAtomicCompSwap(tb, int(i) + 272, (x & 4u) != 0u ? i * 3u : 0u, x);
   outp.data[i * 6u] = old;
   outp.data[i * 6u + 1u] = cmp;
   outp.data[i * 6u + 2u] = uint(sold);
   outp.data[i * 6u + 3u] = uint(scmp);
   outp.data[i * 6u + 4u] = t;
   outp.data[i * 6u + 5u] = tc;
}
