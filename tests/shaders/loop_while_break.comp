#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i] | 1u, n = 0u;
   while (x != 1u) {
      x = (x & 1u) != 0u ? 3u * x + 1u : x / 2u;
      n++;
      if (n > 500u)
         break;
   }
   outp.data[i] = n;
}
