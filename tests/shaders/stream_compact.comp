#version 450
// Stream compaction within a workgroup: a Hillis-Steele scan of keep-flags
// in shared memory gives each kept element its output slot.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 3) buffer Count { uint n[]; } count;
shared uint scan[2][64];
void main() {
   uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
   uint v = inp.data[g];
   uint keep = (v % 3u == 0u) ? 1u : 0u;
   scan[0][l] = keep;
   barrier();
   uint src = 0u;
   for (uint off = 1u; off < 64u; off <<= 1) {
      uint s = scan[src][l];
      if (l >= off)
         s += scan[src][l - off];
      scan[1u - src][l] = s;
      src = 1u - src;
      barrier();
   }
   uint slot = scan[src][l] - keep;
   if (keep != 0u)
      outp.data[gl_WorkGroupID.x * 64u + slot] = v;
   if (l == 63u)
      count.n[gl_WorkGroupID.x] = scan[src][l];
}
