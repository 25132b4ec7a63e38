#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   float x = uintBitsToFloat(inp.data[i] & 0x807fffffu | 0x3f800000u);
   float y = (i % 5u == 0u) ? uintBitsToFloat(0x7fc00000u) : float(i & 3u) * 0.5;
   uint r = 0u;
   r |= x < y ? 1u : 0u;
   r |= x <= y ? 2u : 0u;
   r |= x > y ? 4u : 0u;
   r |= x >= y ? 8u : 0u;
   r |= x == y ? 16u : 0u;
   r |= x != y ? 32u : 0u;
   r |= isnan(y) ? 64u : 0u;
   r |= !(x < y) ? 128u : 0u;
   outp.data[i] = r;
}
