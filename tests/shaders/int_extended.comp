#version 450
// umulExtended, imulExtended (high and low halves), uaddCarry and
// usubBorrow on random 32-bit words, with the push constants' edge values
// (0x80000001, small numbers) and all-ones mixed in.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(push_constant) uniform P { uvec4 k; } pc;

void main() {
   uint g = gl_GlobalInvocationID.x;
   uint a = inp.data[g * 2u], b = inp.data[g * 2u + 1u];
   if ((g & 7u) == 1u) b = pc.k.w;
   if ((g & 7u) == 2u) a = 0xffffffffu;
   if ((g & 7u) == 3u) b = pc.k.x;
   uvec2 va = uvec2(a, b ^ 0x80000000u), vb = uvec2(b, pc.k.w);
   uint hi, lo, carry, borrow;
   umulExtended(a, b, hi, lo);
   int shi, slo;
   imulExtended(int(a), int(b), shi, slo);
   uint sum = uaddCarry(a, b, carry);
   uint diff = usubBorrow(a, b, borrow);
   uvec2 vhi, vlo, vc;
   umulExtended(va, vb, vhi, vlo);
   ivec2 vshi, vslo;
   imulExtended(ivec2(va), ivec2(vb), vshi, vslo);
   uvec2 vsum = uaddCarry(va, vb, vc);
   outp.data[g * 16u + 0u] = hi;
   outp.data[g * 16u + 1u] = lo;
   outp.data[g * 16u + 2u] = uint(shi);
   outp.data[g * 16u + 3u] = uint(slo);
   outp.data[g * 16u + 4u] = sum;
   outp.data[g * 16u + 5u] = carry;
   outp.data[g * 16u + 6u] = diff;
   outp.data[g * 16u + 7u] = borrow;
   outp.data[g * 16u + 8u] = vhi.x;
   outp.data[g * 16u + 9u] = vhi.y;
   outp.data[g * 16u + 10u] = vlo.y;
   outp.data[g * 16u + 11u] = uint(vshi.x);
   outp.data[g * 16u + 12u] = uint(vshi.y);
   outp.data[g * 16u + 13u] = uint(vslo.y);
   outp.data[g * 16u + 14u] = vsum.y;
   outp.data[g * 16u + 15u] = vc.x | (vc.y << 1);
}
