#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
// Subgroup reductions and inclusive/exclusive scans for every operation
// and type class.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 3) buffer OutF { vec4 f[]; } outf;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   int s = int(v);
   float f = float(v & 0xffu);
   uint r = subgroupAdd(v) ^ subgroupMul(v | 1u) ^ subgroupMin(v) ^ subgroupMax(v);
   r ^= uint(subgroupMin(s) + subgroupMax(s));
   r ^= subgroupAnd(v) ^ subgroupOr(v) ^ subgroupXor(v);
   r ^= subgroupInclusiveAdd(v) + subgroupExclusiveAdd(v) + subgroupInclusiveMax(v);
   r ^= subgroupExclusiveMin(v) + subgroupInclusiveXor(v);
   bool b = subgroupAnd((v & 1u) != 0u) || subgroupOr(v > 7u) || subgroupXor(v == 3u);
   outp.data[g] = r + (b ? 1u : 0u);
   outf.f[g] = vec4(subgroupAdd(f), subgroupMul(f * 0.001), subgroupMin(f), subgroupInclusiveAdd(vec2(f)).y);
}
