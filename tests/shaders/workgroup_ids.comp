#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uvec3 g = gl_GlobalInvocationID, l = gl_LocalInvocationID, w = gl_WorkGroupID, n = gl_NumWorkGroups;
   uint idx = g.x + g.y * 16u + g.z * 64u;   // distinct per invocation
   outp.data[idx] = (l.x | l.y << 4 | l.z << 8) + (w.x << 12) + (n.x << 20) + (gl_LocalInvocationIndex << 24);
}
