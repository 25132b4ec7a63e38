#version 450
// Every 32-bit atomic on shared memory, in groups of 96 (three SIMD32 or
// twelve SIMD8 threads); final values are copied out after a barrier.
// Returned values are stored only where they do not depend on lane order.
layout(local_size_x = 96) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint s_add, s_umin, s_umax, s_and, s_or, s_xor, s_count;
shared int s_smin, s_smax;
shared uint s_seen[3];
shared uint s_slot[96];
void main() {
   uint l = gl_LocalInvocationID.x;
   uint v = inp.data[gl_GlobalInvocationID.x];
   if (l == 0u) {
      s_add = 0u; s_umin = 0xffffffffu; s_umax = 0u; s_and = 0xffffffffu;
      s_or = 0u; s_xor = 0u; s_count = 0u; s_smin = 0x7fffffff; s_smax = -0x7fffffff;
      s_seen[0] = 0u; s_seen[1] = 0u; s_seen[2] = 0u;
   }
   s_slot[l] = l * 5u;
   barrier();
   uint ticket = atomicAdd(s_count, 1u);
   atomicOr(s_seen[ticket >> 5], 1u << (ticket & 31u));
   atomicAdd(s_add, v & 0xfffu);
   atomicMin(s_umin, v);
   atomicMax(s_umax, v);
   atomicMin(s_smin, int(v));
   atomicMax(s_smax, int(v));
   atomicAnd(s_and, v | 0x33333333u);
   atomicOr(s_or, v & 0x01010101u);
   atomicXor(s_xor, v);
   uint old = atomicExchange(s_slot[l], v);
   uint hit = atomicCompSwap(s_slot[l], v, v + 1u);
   uint miss = atomicCompSwap(s_slot[l], v, 7u);
   barrier();
   uint base = gl_WorkGroupID.x * 128u;
   outp.data[base + l] = s_slot[l] ^ old ^ (hit == v ? 0x80000000u : 0u) ^
                         (miss == v + 1u ? 0x40000000u : 0u);
   if (l == 0u) {
      outp.data[base + 96u] = s_add;
      outp.data[base + 97u] = s_umin;
      outp.data[base + 98u] = s_umax;
      outp.data[base + 99u] = uint(s_smin);
      outp.data[base + 100u] = uint(s_smax);
      outp.data[base + 101u] = s_and;
      outp.data[base + 102u] = s_or;
      outp.data[base + 103u] = s_xor;
      outp.data[base + 104u] = s_seen[0];
      outp.data[base + 105u] = s_seen[1];
      outp.data[base + 106u] = s_seen[2];
      outp.data[base + 107u] = s_count;
   }
}
