#version 450
// vkCmdDispatchBase / vkCmdDispatchIndirect: every invocation records its
// built-in ids at a place fixed by its workgroup id (groups below 8 in each
// dimension), so a wrong base or group count shows as misplaced or missing
// records.
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; } outp;

void main() {
   uvec3 w = gl_WorkGroupID, l = gl_LocalInvocationID, g = gl_GlobalInvocationID;
   uint slot = ((w.z * 8u + w.y) * 8u + w.x) * 16u + gl_LocalInvocationIndex;
   outp.data[slot * 4u] = w.x | w.y << 8 | w.z << 16 | 0x80000000u;
   outp.data[slot * 4u + 1u] = g.x | g.y << 8 | g.z << 16;
   outp.data[slot * 4u + 2u] = gl_NumWorkGroups.x | gl_NumWorkGroups.y << 8 | gl_NumWorkGroups.z << 16;
   outp.data[slot * 4u + 3u] = l.x | l.y << 4 | l.z << 8;
}
