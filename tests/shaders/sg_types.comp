#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
// Subgroup operations on 64-bit and 16-bit values: shuffles, broadcasts
// and quad swaps move both dwords of a 64-bit value, allEqual compares
// them, and 16-bit reductions keep the values' sign and width.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   uint id = gl_SubgroupInvocationID;
   uint64_t w = uint64_t(v) << 20 | uint64_t(g);
   uint64_t down = subgroupShuffleDown(w, 1u);
   if (id + 1u == gl_SubgroupSize)
      down = 0ul;   /* past the last invocation: undefined */
   uint64_t a = subgroupShuffle(w, id ^ 3u) ^ subgroupBroadcastFirst(w) ^ down;
   a ^= subgroupQuadSwapDiagonal(w) ^ subgroupBroadcast(w, 1u);
   int16_t h = int16_t(v);
   uint16_t u = uint16_t(v >> 16);
   int r16 = int(subgroupMin(h)) ^ int(subgroupMax(h)) ^ int(subgroupAdd(h));
   r16 ^= int(subgroupInclusiveMin(h));
   uint r16u = uint(subgroupExclusiveAdd(u)) ^ uint(subgroupMax(u)) << 16 ^ uint(subgroupMul(u));
   bool eq = subgroupAllEqual(w >> 40) && subgroupAllEqual(h >> 15);
   outp.data[g] = uvec4(uint(a), uint(a >> 32), uint(r16) ^ r16u, eq ? 1u : 0u);
}
