#version 450
// 64-bit atomics on a storage buffer (shaderBufferInt64Atomics), with
// values that carry across the 32-bit halves; the buffer starts random so
// min and max move.
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint64_t q[]; } outp;
layout(set = 0, binding = 1) buffer OutS { int64_t i[]; } outs;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint64_t v = uint64_t(inp.data[i]) << 32 | uint64_t(inp.data[i + 1u]);
   atomicAdd(outp.q[0], v);
   atomicMax(outp.q[1], v);
   atomicOr(outp.q[2], v & 0xf0f0f0f0f0ul);
   atomicAnd(outp.q[5], v | 0x0f0f0f0f0f0f0f0ful);
   atomicXor(outp.q[3], v);
   atomicMin(outp.q[4], v);
   atomicMin(outs.i[6], int64_t(v));
   atomicMax(outs.i[7], int64_t(v));
   uint64_t old = atomicExchange(outp.q[16u + i], v);
   outp.q[512u + i] = old + atomicCompSwap(outp.q[16u + i], v, v * 3ul);
}
