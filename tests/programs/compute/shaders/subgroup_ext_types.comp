#version 450
// target-env: vulkan1.2
// Subgroup operations on 8-, 16- and 64-bit integers
// (VK_KHR_shader_subgroup_extended_types, required by Vulkan 1.2; 16-bit
// floats are subgroup_ext_f16.comp, 64-bit ones subgroup_ext_f64.comp), built
// as SPIR-V 1.5: the broadcast lane is a dynamically uniform value
// (subgroupBroadcastDynamicId).  As in subgroup_ops.comp each result is
// checked in the shader against the same reduction over the lanes kept in
// shared memory, so the stored flags do not depend on the subgroup size;
// every value is small enough that the sums are exact in each type.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
#define SLOTS 1024u
shared uint vals[SLOTS];
shared uint used[SLOTS];

int sext8(uint w) { return int(w << 24) >> 24; }

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
   uint sum = 0u, prefix = 0u, lanes = 0u, xr = 0u;
   int smax8 = -128, smin16 = 32767;
   int64_t smax64 = -(1l << 40);
   for (uint k = 0u; fits && k < gl_SubgroupSize; k++) {
      if (used[first + k] == 0u)
         continue;
      uint w = vals[first + k];
      sum += w;
      xr ^= w;
      lanes++;
      smax8 = max(smax8, sext8(w));
      smin16 = min(smin16, int(w) - 32768);
      smax64 = max(smax64, int64_t(w) - 40000l);
      if (k < gl_SubgroupInvocationID)
         prefix += w;
   }
   uint ok = fits ? 0u : 0x80000000u;
   // 8-bit integers: wrapping sums, signed maxima, movement
   ok |= subgroupAdd(uint8_t(v)) == uint8_t(sum) ? 1u : 0u;
   ok |= int(subgroupMax(int8_t(sext8(v)))) == smax8 ? 2u : 0u;
   ok |= subgroupExclusiveAdd(uint8_t(v)) == uint8_t(prefix) ? 4u : 0u;
   // 16-bit integers and vectors of them
   ok |= int(subgroupMin(int16_t(int(v) - 32768))) == smin16 ? 8u : 0u;
   u16vec2 s16 = subgroupInclusiveAdd(u16vec2(v, v ^ 0xffu));
   ok |= s16.x == uint16_t(prefix + v) ? 16u : 0u;
   ok |= subgroupXor(uint16_t(v)) == uint16_t(xr) ? 32u : 0u;
   // 64-bit integers: values past 32 bits
   ok |= subgroupAdd(uint64_t(v) << 24) == uint64_t(sum) << 24 ? 64u : 0u;
   ok |= subgroupMax(int64_t(v) - 40000l) == smax64 ? 128u : 0u;
   ok |= subgroupExclusiveAdd(uint64_t(v) << 30) == uint64_t(prefix) << 30 ? 256u : 0u;
   ok |= subgroupInclusiveAdd(int64_t(v) - (1l << 36)) ==
         int64_t(prefix + v) - int64_t(gl_SubgroupInvocationID + 1u) * (1l << 36) ? 0x200u : 0u;
   ok |= subgroupAllEqual(uint64_t(gl_WorkGroupID.x) << 33) ? 0x400u : 0u;
   uint src = (gl_SubgroupInvocationID + 1u) % max(lanes, 1u);
   uint64_t shuffled = subgroupShuffle(uint64_t(v) << 32 | uint64_t(v ^ 0x5555u), src);
   uint sv = vals[fits ? first + src : 0u];
   ok |= shuffled == (uint64_t(sv) << 32 | uint64_t(sv ^ 0x5555u)) ? 0x800u : 0u;
   // a broadcast from a lane chosen at run time (uniform in the subgroup)
   uint lane = gl_WorkGroupID.x % max(lanes, 1u);
   ok |= subgroupBroadcast(uint16_t(v), lane) == uint16_t(vals[fits ? first + lane : 0u])
         ? 0x1000u : 0u;
   outp.data[gl_GlobalInvocationID.x] = ok;
}
