#version 450
// Every 32-bit atomic on a storage buffer whose words start random.  Only
// order-independent results are stored: final values of commutative
// operations, values returned from slots one invocation owns, and the
// tickets atomicAdd handed out, which must be a permutation of 0..N-1 (each
// one sets its bit in a bitmap).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 3) buffer Acc {
   uint add, sub, umin, umax, and_, or_, xor_;
   int smin, smax;
   uint pad[7];
   uint exch[256];
   uint cas[256];
} acc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   uint ticket = atomicAdd(outp.data[1023], 1u);
   atomicOr(outp.data[512u + (ticket >> 5)], 1u << (ticket & 31u));
   atomicAdd(acc.add, v);
   atomicAdd(acc.sub, uint(-int(v & 0xffffu)));
   atomicMin(acc.umin, v);
   atomicMax(acc.umax, v);
   atomicMin(acc.smin, int(v));
   atomicMax(acc.smax, int(v));
   atomicAnd(acc.and_, v | 0x0f0f0f0fu);
   atomicOr(acc.or_, v & 0x00ff00ffu);
   atomicXor(acc.xor_, v);
   uint mine = acc.cas[i];
   uint old = atomicExchange(acc.exch[i], v);
   uint hit = atomicCompSwap(acc.cas[i], mine, v ^ 1u);
   uint miss = atomicCompSwap(acc.exch[i], ~v, 0u);
   outp.data[i] = old ^ (hit == mine ? 0x80000000u : 0u) ^ (miss == v ? 0x40000000u : 0u);
}
