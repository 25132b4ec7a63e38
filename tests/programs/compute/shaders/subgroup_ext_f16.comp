#version 450
// target-env: vulkan1.2
// Subgroup operations on 16-bit floats (VK_KHR_shader_subgroup_extended_types
// with shaderFloat16), checked in the shader as in subgroup_ext_types.comp:
// small integers, exact in every order of summation.  Not among the
// cross-check programs: vgpu stops at an instruction of the kernel Mesa's
// Skylake driver builds for it ("undecodable EU instruction"), so it runs
// in tests/compiler (gbe_diff against the interpreter and lavapipe).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_subgroup_extended_types_float16 : require
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
   uint fmax = 0u, fmin = 0xffffu, fsum = 0u, fprefix = 0u, lanes = 0u;
   for (uint k = 0u; fits && k < gl_SubgroupSize; k++) {
      if (used[first + k] == 0u)
         continue;
      uint w = vals[first + k];
      lanes++;
      fmax = max(fmax, w & 0x3ffu);
      fmin = min(fmin, w & 0x3ffu);
      fsum += w & 7u;
      if (k < gl_SubgroupInvocationID)
         fprefix += w & 7u;
   }
   uint ok = fits ? 0u : 0x80000000u;
   ok |= subgroupMax(float16_t(v & 0x3ffu)) == float16_t(fmax) ? 1u : 0u;
   ok |= subgroupMin(float16_t(v & 0x3ffu) - 512.0hf) == float16_t(fmin) - 512.0hf ? 2u : 0u;
   ok |= subgroupAdd(float16_t(v & 7u)) == float16_t(fsum) ? 4u : 0u;
   ok |= subgroupExclusiveAdd(float16_t(v & 7u)) == float16_t(fprefix) ? 8u : 0u;
   f16vec2 inc = subgroupInclusiveAdd(f16vec2(v & 7u, 1.0hf));
   ok |= inc == f16vec2(fprefix + (v & 7u), gl_SubgroupInvocationID + 1u) ? 16u : 0u;
   uint src = (gl_SubgroupInvocationID + 1u) % max(lanes, 1u);
   ok |= subgroupShuffle(float16_t(v & 0x3ffu), src) ==
         float16_t(vals[fits ? first + src : 0u] & 0x3ffu) ? 32u : 0u;
   outp.data[gl_GlobalInvocationID.x] = ok;
}
