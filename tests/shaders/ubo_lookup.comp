#version 450
// Table lookups in a uniform buffer by data-dependent index (S-box style),
// with vector and scalar members.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 2) uniform Table { uvec4 rows[12]; uint scalars[4]; } t;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint x = inp.data[g];
   for (int round = 0; round < 4; round++) {
      uvec4 row = t.rows[x % 12u];
      x = (x >> 3) ^ row[x & 3u] ^ t.scalars[round];
   }
   outp.data[g] = x;
}
