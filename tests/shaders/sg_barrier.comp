#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
// Subgroup barriers where only part of the workgroup (and of a subgroup)
// goes: invocations pass values through shared memory and a buffer to
// the others of their subgroup that took the same arm or the same loop
// iteration, ordered by subgroupBarrier and subgroupMemoryBarrier*; then
// a workgroup barrier for the whole group.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;
layout(set = 0, binding = 3) buffer Scratch { uint data[]; } scratch;
shared uint slots[64];
void main() {
   uint l = gl_LocalInvocationIndex, g = gl_GlobalInvocationID.x, v = inp.data[g];
   uvec4 r = uvec4(0u);
   if ((v & 3u) != 0u) {
      slots[l] = v ^ g;
      subgroupBarrier();
      r.x = slots[subgroupBroadcastFirst(l)];
   } else {
      scratch.data[g] = v + g;
      subgroupMemoryBarrierBuffer();
      subgroupBarrier();
      r.x = scratch.data[subgroupBroadcastFirst(g)];
   }
   for (uint i = 0u; i < (v >> 4 & 7u); i++) {
      slots[l] = i * 0x100u + l;
      subgroupMemoryBarrierShared();
      subgroupBarrier();
      r.y += slots[subgroupBroadcastFirst(l)] ^ subgroupBallot(true).x;
      subgroupBarrier();
      if ((v >> 8 & 7u) == i)
         break;
   }
   barrier();
   slots[l] = r.x + r.y;
   barrier();
   r.z = slots[63u - l];
   r.w = subgroupBallot(true).x;
   outp.data[g] = r;
}
