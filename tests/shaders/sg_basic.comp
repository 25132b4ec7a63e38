#version 450
#extension GL_KHR_shader_subgroup_basic : require
// Subgroup built-ins and elect, with a subgroup barrier.
layout(local_size_x = 64) in;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   subgroupBarrier();
   subgroupMemoryBarrier();
   outp.data[g] = uvec4(gl_SubgroupSize, gl_SubgroupInvocationID, gl_NumSubgroups,
                        gl_SubgroupID + (subgroupElect() ? 0x100u : 0u));
}
