#version 450
// 7 invocations per group: fewer than one SIMD8 thread, so the dispatch
// mask (not the SIMD width) must decide which lanes run and store.
layout(local_size_x = 7) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   outp.data[i * 2u] = gl_LocalInvocationID.x | gl_WorkGroupID.x << 8 | gl_NumWorkGroups.x << 16;
   outp.data[i * 2u + 1u] = inp.data[i] * (gl_LocalInvocationIndex + 1u);
}
