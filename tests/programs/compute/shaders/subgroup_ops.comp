#version 450
// Subgroup operations, written so the stored results do not depend on the
// subgroup size (lavapipe, SIMD8/16/32 Gen kernels differ): each result is
// checked in the shader against the same reduction done through shared
// memory over the lanes gl_SubgroupID/gl_SubgroupInvocationID name, and the
// shader stores the flags of the checks.  A subgroup may have fewer
// active lanes than gl_SubgroupSize (Intel drivers report 32 and may run
// SIMD8 or SIMD16 threads), so the shared arrays have room for
// gl_NumSubgroups * gl_SubgroupSize slots: at most 16 subgroups (SIMD8
// threads for 128 invocations) of 64 lanes, or 128 of 8.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
#define SLOTS 1024u
shared uint vals[SLOTS];
shared uint used[SLOTS];
void main() {
   uint l = gl_LocalInvocationID.x;
   uint v = inp.data[gl_GlobalInvocationID.x] & 0xffffu;
   uint slot = gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID;
   for (uint k = l; k < SLOTS; k += gl_WorkGroupSize.x)
      used[k] = 0u;
   barrier();
   bool fits = gl_NumSubgroups * gl_SubgroupSize <= SLOTS;
   if (fits) {
      vals[slot] = v;
      used[slot] = 1u;
   }
   barrier();
   uint first = gl_SubgroupID * gl_SubgroupSize;
   uint sum = 0u, mx = 0u, prefix = 0u, lanes = 0u, first_v = 0xffffffffu;
   for (uint k = 0u; fits && k < gl_SubgroupSize; k++) {
      if (used[first + k] == 0u)
         continue;
      uint w = vals[first + k];
      sum += w;
      mx = max(mx, w);
      lanes++;
      if (k < gl_SubgroupInvocationID)
         prefix += w;
      if (first_v == 0xffffffffu)
         first_v = w;
   }
   uint ok = fits ? 0u : 0x80000000u;
   ok |= subgroupAdd(v) == sum ? 1u : 0u;
   ok |= subgroupMax(v) == mx ? 2u : 0u;
   ok |= subgroupExclusiveAdd(v) == prefix ? 4u : 0u;
   ok |= subgroupInclusiveAdd(v) == prefix + v ? 8u : 0u;
   ok |= subgroupBallotBitCount(subgroupBallot(true)) == lanes ? 16u : 0u;
   ok |= subgroupBroadcastFirst(v) == first_v ? 32u : 0u;
   ok |= subgroupAll(v <= mx) ? 64u : 0u;
   ok |= subgroupAny(v == mx) ? 128u : 0u;
   ok |= subgroupAllEqual(gl_WorkGroupID.x) ? 256u : 0u;
   uint src = (gl_SubgroupInvocationID + 1u) % max(lanes, 1u);
   ok |= subgroupShuffle(v, src) == vals[fits ? first + src : 0u] ? 512u : 0u;
   ok |= subgroupElect() == (gl_SubgroupInvocationID == 0u) ? 1024u : 0u;
   outp.data[gl_GlobalInvocationID.x] = ok;
}
