#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
// Subgroup operations under divergent control flow: each sees only the
// invocations that reach it together - both arms of an if, nested ifs, a
// loop whose invocations leave after different iterations (by its
// condition or a break), a switch, and invocations that returned early.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   uvec4 r = uvec4(0u);
   if ((v & 3u) != 0u) {
      r.x = subgroupAdd(v & 0xffu) ^ subgroupBallot(true).x;
      if ((v & 4u) != 0u)
         r.x += subgroupExclusiveAdd(1u) << 16;
   } else {
      r.x = subgroupMax(v) ^ subgroupBroadcastFirst(g);
   }
   for (uint i = 0u; i < (v >> 8 & 7u); i++) {
      r.y += subgroupAdd(i + 1u) * (i + 1u) + subgroupBallotBitCount(subgroupBallot(true));
      if ((v >> 12 & 7u) == i)
         break;
      r.y ^= subgroupShuffle(g, subgroupBallotFindLSB(subgroupBallot(true)));
   }
   switch (v >> 16 & 3u) {
   case 0u: r.z = subgroupMin(g); break;
   case 1u: r.z = subgroupInclusiveAdd(g); // falls through
   case 2u: r.z += subgroupBallot(true).x; break;
   default: r.z = subgroupElect() ? 7u : 3u; break;
   }
   r.w = subgroupBallot(true).x;
   outp.data[g] = r;
   if ((v & 0x300000u) == 0u)
      return;
   outp.data[g].w = subgroupOr(g) ^ subgroupBallot(true).x;
}
