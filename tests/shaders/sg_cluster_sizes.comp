#version 450
#extension GL_KHR_shader_subgroup_clustered : require
// Clustered reductions of every cluster size from 1 to 64 (up to and past
// the subgroup size), floats folded in order, and one inside a divergent
// branch.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
layout(set = 0, binding = 3) buffer OutF { vec4 f[]; } outf;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   float f = float(int(v & 0xfffu) - 2048) * 0.37;
   uvec4 r = uvec4(subgroupClusteredMul(v | 1u, 2u),
                   subgroupClusteredAnd(v, 16u) ^ subgroupClusteredOr(v, 1u),
                   subgroupClusteredMin(int(v), 32u), subgroupClusteredAdd(v, 64u));
   if ((v & 1u) != 0u)
      r.x ^= subgroupClusteredAdd(v, 8u);
   outp.data[g] = r;
   outf.f[g] = vec4(subgroupClusteredAdd(f, 4u), subgroupClusteredMul(f * 0.01, 2u),
                    subgroupClusteredMax(f, 16u), subgroupClusteredAdd(f, 32u));
}
