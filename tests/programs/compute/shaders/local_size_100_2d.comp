#version 450
// A 10x10 group (100 invocations, not a multiple of 8, 16 or 32) in a 3x2
// grid: the 2D local and global ids and the linear index.
layout(local_size_x = 10, local_size_y = 10) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uvec2 g = gl_GlobalInvocationID.xy;
   uint width = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
   uint i = g.y * width + g.x;
   outp.data[i * 2u] = gl_LocalInvocationIndex | gl_WorkGroupID.x << 8 | gl_WorkGroupID.y << 12;
   outp.data[i * 2u + 1u] = inp.data[i] + g.x * 1000u + g.y;
}
