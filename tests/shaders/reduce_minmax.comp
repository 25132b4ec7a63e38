#version 450
// Tree reduction in shared memory computing min, max (signed) and xor at
// once over each workgroup.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { int data[]; } inp;
layout(set = 0, binding = 1) buffer Out { int data[]; } outp;
shared ivec3 red[64];
void main() {
   uint l = gl_LocalInvocationID.x;
   int v = inp.data[gl_GlobalInvocationID.x];
   red[l] = ivec3(v);
   barrier();
   for (uint s = 32u; s > 0u; s >>= 1) {
      if (l < s) {
         ivec3 a = red[l], b = red[l + s];
         red[l] = ivec3(min(a.x, b.x), max(a.y, b.y), a.z ^ b.z);
      }
      barrier();
   }
   if (l == 0u) {
      outp.data[gl_WorkGroupID.x * 3u] = red[0].x;
      outp.data[gl_WorkGroupID.x * 3u + 1u] = red[0].y;
      outp.data[gl_WorkGroupID.x * 3u + 2u] = red[0].z;
   }
}
