#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint s = 0u;
   for (uint k = 0u; k < 40u; k++) {
      if ((k & 3u) == 1u)
         continue;
      if (k > 10u + (i & 15u))
         break;
      s += inp.data[k + i] ^ k;
   }
   outp.data[i] = s;
}
