#version 450
// 64-bit atomics on storage buffers (shaderBufferInt64Atomics): every
// operation, on values whose halves carry and compare across the 32-bit
// boundary.  Each invocation chains the operations on a slot of its own,
// so each returns a value known in advance, and stores them all; the
// contended slots keep only final values, which no order changes.
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint64_t q[]; } outp;
layout(set = 0, binding = 1) buffer OutS { int64_t s[]; } outs;
layout(set = 0, binding = 3) buffer Own { uint64_t q[]; } own;
layout(set = 0, binding = 3) buffer OwnS { int64_t s[]; } owns;

uint64_t
input64(uint k)
{
   return uint64_t(inp.data[2u * k]) << 32 | uint64_t(inp.data[2u * k + 1u]);
}

void main() {
   uint i = gl_GlobalInvocationID.x;
   uint64_t v = input64(i), w = input64(i + 1024u);
   uint o = 16u + 12u * i;
   outp.q[o] = atomicExchange(own.q[i], v);
   outp.q[o + 1u] = atomicAdd(own.q[i], w);
   outp.q[o + 2u] = atomicMin(own.q[i], w);
   outp.q[o + 3u] = atomicMax(own.q[i], v);
   outp.q[o + 4u] = atomicAnd(own.q[i], w | 0x00ff00ff00ff00fful);
   outp.q[o + 5u] = atomicOr(own.q[i], 0x8000000100000000ul);
   outp.q[o + 6u] = atomicXor(own.q[i], v);
   outs.s[o + 7u] = atomicMin(owns.s[i], int64_t(w));
   int64_t before = atomicMax(owns.s[i], int64_t(v));
   outs.s[o + 8u] = before;
   // the slot holds max(before, v): the first swap succeeds, the second
   // (same comparand) fails and returns the value swapped in
   uint64_t cur = uint64_t(max(before, int64_t(v)));
   outp.q[o + 9u] = atomicCompSwap(own.q[i], cur, v * 3ul);
   outp.q[o + 10u] = atomicCompSwap(own.q[i], cur, 5ul);
   outp.q[o + 11u] = atomicAdd(own.q[i], 1ul);

   atomicAdd(outp.q[0], v);
   atomicAdd(outp.q[1], 0xffffffff00000001ul);
   atomicMax(outp.q[2], v);
   atomicOr(outp.q[3], v & 0xf0f0f0f0f0f0ul);
   atomicXor(outp.q[4], w);
   atomicMin(outs.s[5], int64_t(v));
   atomicMax(outs.s[6], int64_t(w));
   atomicExchange(outp.q[7], 0x123456789abcdef0ul);
   atomicCompSwap(outp.q[8], 0ul, 0x1111111122222222ul);
}
