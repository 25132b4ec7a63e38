#version 450
#extension GL_KHR_shader_subgroup_ballot : require
// Ballots: counting, inverse ballot, bit extraction, find LSB/MSB, masks,
// and broadcasts (dynamic index via subgroupShuffle elsewhere).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   uvec4 ballot = subgroupBallot((v & 3u) == 0u);
   uint total = subgroupBallotBitCount(ballot);
   uint before = subgroupBallotExclusiveBitCount(ballot);
   uint upto = subgroupBallotInclusiveBitCount(ballot);
   uint first = subgroupBallotFindLSB(ballot), last = subgroupBallotFindMSB(ballot);
   bool mine = subgroupBallotBitExtract(ballot, gl_SubgroupInvocationID);
   bool inv = subgroupInverseBallot(gl_SubgroupLtMask | gl_SubgroupEqMask);
   uint b0 = subgroupBroadcastFirst(v), b3 = subgroupBroadcast(v, 3u);
   uvec4 masks = gl_SubgroupGeMask & gl_SubgroupLeMask | gl_SubgroupGtMask;
   outp.data[g] = uvec4(total | (before << 8) | (upto << 16), first | (last << 8),
                        (mine ? 1u : 0u) | (inv ? 2u : 0u) | masks.x, b0 ^ b3);
}
