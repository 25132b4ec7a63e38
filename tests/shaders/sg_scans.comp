#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_vote : require
// Scans of every kind on floats (an exclusive sum starts from +0.0, a
// -0.0 summed from the identity becomes +0.0, products in order) and on
// integers; inverse ballot and bit extraction; constant quad broadcasts
// and shuffleXor; votes and ballots inside a divergent branch.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
layout(set = 0, binding = 3) buffer OutF { vec4 f[]; } outf;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   float f = float(int(v & 0xfffu) - 2048) * 0.37;
   float z = (v & 3u) != 0u ? -0.0 : f;
   float p = 1.0 + float(v & 7u) * 0.125;
   outf.f[g] = vec4(subgroupExclusiveAdd(f) + subgroupInclusiveAdd(z), subgroupInclusiveMul(p),
                    subgroupMin(f), subgroupExclusiveMax(-f));
   uvec4 m = uvec4(v, v * 3u, v ^ 0x55u, ~v);
   uvec4 um = uvec4(subgroupBroadcastFirst(v), subgroupBroadcast(v, 1u), 0u, 0u);
   uint bits = (subgroupInverseBallot(um) ? 1u : 0u) |
               (subgroupBallotBitExtract(m, (v >> 5) & (gl_SubgroupSize - 1u)) ? 2u : 0u);
   uint q = subgroupQuadBroadcast(v, 2u) ^ subgroupShuffleXor(v, 5u) ^ subgroupShuffleXor(v, 2u);
   uint e = 0u;
   if ((v & 1u) != 0u) {
      e = subgroupElect() ? 1u : 0u;
      e |= subgroupBallotFindMSB(subgroupBallot(true)) << 4;
      e |= subgroupBallotExclusiveBitCount(subgroupBallot((v & 2u) != 0u)) << 12;
      e |= subgroupAll((v & 4u) != 0u) ? 0x10000u : 0u;
      e |= subgroupAllEqual(f > 0.0) ? 0x20000u : 0u;
   }
   uint s = subgroupExclusiveMin(v) ^ subgroupInclusiveAnd(v | 0x1000u);
   s ^= subgroupExclusiveOr(v & 0xffu) ^ uint(subgroupInclusiveMax(int(v)));
   outp.data[g] = uvec4(bits, q, e, s);
}
