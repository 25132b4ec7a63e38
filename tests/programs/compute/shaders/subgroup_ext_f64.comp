#version 450
// target-env: vulkan1.2
// Subgroup operations on 64-bit floats (VK_KHR_shader_subgroup_extended_types
// with shaderFloat64), checked in the shader as in subgroup_ext_types.comp:
// the values are integers well inside double precision, so sums in any
// order are exact.
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
   uint sum = 0u, prefix = 0u, mn = 0xffffffffu, lanes = 0u;
   for (uint k = 0u; fits && k < gl_SubgroupSize; k++) {
      if (used[first + k] == 0u)
         continue;
      uint w = vals[first + k];
      sum += w;
      mn = min(mn, w);
      lanes++;
      if (k < gl_SubgroupInvocationID)
         prefix += w;
   }
   double big = 4294967296.0;   // 2^32: values beyond single precision
   uint ok = fits ? 0u : 0x80000000u;
   ok |= subgroupAdd(double(v) * big) == double(sum) * big ? 1u : 0u;
   ok |= subgroupMin(double(v) - 0.5) == double(mn) - 0.5 ? 2u : 0u;
   ok |= subgroupExclusiveAdd(double(v)) == double(prefix) ? 4u : 0u;
   ok |= subgroupInclusiveAdd(dvec2(v, -double(v))) == dvec2(prefix + v, -double(prefix + v))
         ? 8u : 0u;
   ok |= subgroupAllEqual(double(gl_WorkGroupID.x) + 0.25) ? 16u : 0u;
   ok |= subgroupAllEqual(double(v) + 0.25) == (subgroupMin(v) == subgroupMax(v)) ? 32u : 0u;
   uint src = (gl_SubgroupInvocationID + 1u) % max(lanes, 1u);
   ok |= subgroupShuffle(double(v) * big, src) == double(vals[fits ? first + src : 0u]) * big
         ? 64u : 0u;
   outp.data[gl_GlobalInvocationID.x] = ok;
}
