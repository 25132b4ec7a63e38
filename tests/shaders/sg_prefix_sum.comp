#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
// Workgroup prefix sum in two levels: subgroup inclusive scans, then a scan
// of subgroup totals in shared memory.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint totals[128];
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g] & 0xffffu;
   uint scan = subgroupInclusiveAdd(v);
   if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u)
      totals[gl_SubgroupID] = scan;
   barrier();
   if (gl_SubgroupID == 0u) {
      uint t = gl_SubgroupInvocationID < gl_NumSubgroups ? totals[gl_SubgroupInvocationID] : 0u;
      totals[gl_SubgroupInvocationID] = subgroupExclusiveAdd(t);
   }
   barrier();
   outp.data[g] = scan + totals[gl_SubgroupID];
}
