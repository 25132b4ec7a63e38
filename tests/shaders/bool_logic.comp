#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   bvec4 b = bvec4((x & 1u) != 0u, (x & 2u) != 0u, (x & 4u) != 0u, (x & 8u) != 0u);
   bool any4 = any(b), all4 = all(b);
   bvec4 n = not(b);
   uint r = (any4 ? 1u : 0u) | (all4 ? 2u : 0u) | (n.y ? 4u : 0u) | (b.x == b.w ? 8u : 0u);
   outp.data[i] = r;
}
