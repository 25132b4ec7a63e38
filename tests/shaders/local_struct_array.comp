#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
struct P { uint key; uint val; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   P ps[4];
   for (uint k = 0u; k < 4u; k++) {
      ps[k].key = inp.data[i + k] >> 28;
      ps[k].val = k;
   }
   P best = ps[0];
   for (uint k = 1u; k < 4u; k++)
      if (ps[k].key > best.key)
         best = ps[k];
   outp.data[i] = best.key * 16u + best.val;
}
