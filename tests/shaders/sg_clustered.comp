#version 450
#extension GL_KHR_shader_subgroup_clustered : require
// Clustered reductions of 2, 4 and 8 lanes (e.g. 2x2 or 4x2 tiles).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   outp.data[g] = uvec4(subgroupClusteredAdd(v, 4u), subgroupClusteredMax(v, 8u),
                        subgroupClusteredXor(v, 2u),
                        uint(subgroupClusteredMin(float(v & 255u), 4u)));
}
