#version 450
// 3D local size (4x2x3) and 3D grid (3x4x2): every built-in id a
// compute thread's payload carries.
layout(local_size_x = 4, local_size_y = 2, local_size_z = 3) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uvec3 g = gl_GlobalInvocationID;
   uvec3 size = gl_NumWorkGroups * gl_WorkGroupSize;
   uint i = (g.z * size.y + g.y) * size.x + g.x;
   uvec3 l = gl_LocalInvocationID, w = gl_WorkGroupID;
   outp.data[i * 3u] = l.x | l.y << 4 | l.z << 8 | gl_LocalInvocationIndex << 12;
   outp.data[i * 3u + 1u] = w.x | w.y << 4 | w.z << 8;
   outp.data[i * 3u + 2u] = inp.data[i] ^ (g.x * 7u + g.y * 131u + g.z * 1031u);
}
