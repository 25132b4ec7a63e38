#version 450
// 64-bit atomics on a descriptor array of storage buffers, whose element
// addresses the kernel reads from its constants (src/compiler/gbe.h,
// gbe_binding.address_offset): a constant element, a push-constant one
// and a per-invocation one (each channel's own address).  The buffers
// start random; every returned value is stored.
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Acc { uint64_t q[]; } acc[3];
layout(set = 0, binding = 1) buffer AccS { int64_t s[]; } accs[3];
layout(set = 0, binding = 2) buffer Out { uint64_t q[]; } outp;
layout(push_constant) uniform Push { uint which; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint64_t v = uint64_t(inp.data[2u * i]) << 32 | uint64_t(inp.data[2u * i + 1u]);
   uint k = nonuniformEXT(i % 3u);
   uint o = 8u * i;
   outp.q[o] = atomicAdd(acc[k].q[i], v);
   outp.q[o + 1u] = atomicCompSwap(acc[k].q[i], v, ~v);
   outp.q[o + 2u] = uint64_t(atomicMin(accs[nonuniformEXT((i + 1u) % 3u)].s[i], int64_t(v)));
   outp.q[o + 3u] = atomicXor(acc[pc.which].q[i + 256u], v);
   outp.q[o + 4u] = atomicMax(acc[2].q[i + 512u], v);
   outp.q[o + 5u] = atomicExchange(acc[0].q[i + 768u], v);
   outp.q[o + 6u] = uint64_t(atomicMax(accs[pc.which].s[i + 1024u], int64_t(v)));
   outp.q[o + 7u] = atomicAnd(acc[1].q[i + 1280u], v);
}
