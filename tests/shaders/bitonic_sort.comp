#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint keys[64];
void main() {
   uint l = gl_LocalInvocationID.x;
   keys[l] = inp.data[gl_GlobalInvocationID.x];
   barrier();
   for (uint size = 2u; size <= 64u; size <<= 1) {
      for (uint stride = size >> 1; stride > 0u; stride >>= 1) {
         uint partner = l ^ stride;
         uint a = keys[l], b = keys[partner];
         bool up = (l & size) == 0u;
         bool keep_min = (l < partner) == up;
         barrier();
         keys[l] = keep_min ? min(a, b) : max(a, b);
         barrier();
      }
   }
   outp.data[gl_GlobalInvocationID.x] = keys[l];
}
