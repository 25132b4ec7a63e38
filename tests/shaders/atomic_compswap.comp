#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
// Every invocation owns its slots, so the result does not depend on the
// order in which invocations run.
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint first = atomicCompSwap(outp.data[i], 0u, i + 1u);
   uint second = atomicCompSwap(outp.data[i], 0u, 1000u);
   outp.data[256 + i] = first + second * 3u;
   atomicExchange(outp.data[600 + (i & 3u)], 5u);
}
