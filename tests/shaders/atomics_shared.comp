#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint hist[16];
shared int smin;
void main() {
   uint l = gl_LocalInvocationID.x;
   if (l < 16u)
      hist[l] = 0u;
   if (l == 0u)
      smin = 0x7fffffff;
   barrier();
   uint v = inp.data[gl_GlobalInvocationID.x];
   atomicAdd(hist[v & 15u], 1u);
   atomicMin(smin, int(v >> 1));
   barrier();
   if (l < 16u)
      outp.data[gl_WorkGroupID.x * 17u + l] = hist[l];
   if (l == 0u)
      outp.data[gl_WorkGroupID.x * 17u + 16u] = uint(smin);
}
