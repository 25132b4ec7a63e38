#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint s = 0u;
   for (uint a = 0u; a < 6u; a++) {
      for (uint b = 0u; b < a + (i & 3u); b++) {
         if (((a * b + i) & 7u) == 5u)
            break;
         s += a * 10u + b + inp.data[(a * 6u + b + i) & 1023u];
      }
   }
   outp.data[i] = s;
}
