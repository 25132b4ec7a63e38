#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   atomicAdd(outp.data[0], v & 0xffu);
   atomicMax(outp.data[1], v);
   atomicMin(outp.data[2], v | 0x80000000u);
   atomicOr(outp.data[3], 1u << (v & 31u));
   atomicXor(outp.data[4], v);
   atomicAnd(outp.data[5], ~(1u << (i & 31u)));
   atomicMax(outp.data[6], uint(int(v)) );
   outp.data[16 + i] = atomicAdd(outp.data[7], 0u) >= 0u ? 1u : 0u;
}
