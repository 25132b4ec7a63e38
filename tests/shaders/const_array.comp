#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
const uint table[8] = uint[8](3u, 1u, 4u, 1u, 5u, 9u, 2u, 6u);
void main() {
   uint i = gl_GlobalInvocationID.x;
   outp.data[i] = table[inp.data[i] & 7u] * 1000u + table[i & 7u];
}
