#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i], y = inp.data[i + 1];
   int a = int(x), b = int(y);
   uint r = 0u;
   r |= (x < y) ? 1u : 0u;
   r |= (x >= y) ? 2u : 0u;
   r |= (a < b) ? 4u : 0u;
   r |= (a > b) ? 8u : 0u;
   r |= (a <= b && x != y) ? 16u : 0u;
   r |= (x == y || a == 0) ? 32u : 0u;
   r |= (!(a >= 0) ^^ (b >= 0)) ? 64u : 0u;
   outp.data[i] = r + min(x, y) + uint(max(a, b));
}
