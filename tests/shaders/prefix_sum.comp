#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint s[64];
void main() {
   uint l = gl_LocalInvocationID.x;
   s[l] = inp.data[gl_GlobalInvocationID.x] & 0xffu;
   barrier();
   for (uint off = 1u; off < 64u; off <<= 1) {
      uint v = l >= off ? s[l - off] : 0u;
      barrier();
      s[l] += v;
      barrier();
   }
   outp.data[gl_GlobalInvocationID.x] = s[l];
}
