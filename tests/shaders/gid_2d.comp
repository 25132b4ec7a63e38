#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uvec2 g = gl_GlobalInvocationID.xy;
   uint w = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
   outp.data[g.y * w + g.x] = inp.data[(g.x * 7u + g.y) & 1023u] + g.x * g.y;
}
