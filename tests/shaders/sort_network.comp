#version 450
// Sorting network (odd-even transposition) over a private array with
// dynamic indexing, per invocation.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint v[8];
   for (uint i = 0u; i < 8u; i++)
      v[i] = inp.data[g * 8u + i] >> 20;
   for (uint pass = 0u; pass < 8u; pass++) {
      for (uint i = pass & 1u; i + 1u < 8u; i += 2u) {
         if (v[i] > v[i + 1u]) {
            uint t = v[i];
            v[i] = v[i + 1u];
            v[i + 1u] = t;
         }
      }
   }
   for (uint i = 0u; i < 8u; i++)
      outp.data[g * 8u + i] = v[i];
}
