#version 450
#extension GL_KHR_shader_subgroup_quad : require
// Quad operations in compute (2x2 quads of invocations).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   outp.data[g] = uvec4(subgroupQuadBroadcast(v, 0u), subgroupQuadSwapHorizontal(v),
                        subgroupQuadSwapVertical(v), subgroupQuadSwapDiagonal(v));
}
