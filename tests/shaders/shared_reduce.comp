#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint tmp[64];
void main() {
   uint l = gl_LocalInvocationID.x;
   tmp[l] = inp.data[gl_GlobalInvocationID.x] & 0xffffu;
   barrier();
   for (uint s = 32u; s > 0u; s >>= 1) {
      if (l < s)
         tmp[l] += tmp[l + s];
      barrier();
   }
   if (l == 0u)
      outp.data[gl_WorkGroupID.x] = tmp[0];
}
