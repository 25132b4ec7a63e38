#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_ARB_gpu_shader_int64 : require
// 64-bit atomics through a device address (A64 int64 atomics), on memory
// that starts random, as unsigned and signed cells of the same memory;
// every returned value is stored.
layout(buffer_reference, std430) buffer Cells { uint64_t q[]; };
layout(buffer_reference, std430) buffer SignedCells { int64_t s[]; };
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) uniform Ptr { Cells cells; SignedCells scells; } ptr;
layout(set = 0, binding = 2) buffer Out { uint64_t q[]; } outp;
layout(local_size_x = 64) in;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint64_t v = uint64_t(inp.data[2u * i]) << 32 | uint64_t(inp.data[2u * i + 1u]);
   Cells c = ptr.cells;
   SignedCells s = ptr.scells;
   uint o = 6u * i;
   outp.q[o] = atomicAdd(c.q[i], v);
   outp.q[o + 1u] = atomicCompSwap(c.q[i], outp.q[o] + v, ~v);
   outp.q[o + 2u] = uint64_t(atomicMin(s.s[i + 128u], int64_t(v)));
   outp.q[o + 3u] = atomicOr(c.q[i + 256u], v);
   outp.q[o + 4u] = atomicExchange(c.q[i + 384u], v);
   outp.q[o + 5u] = atomicMax(c.q[i + 384u], ~v);
   atomicXor(c.q[512], v);
}
