#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint tile[8][9];
void main() {
   uvec2 l = gl_LocalInvocationID.xy;
   uint g = gl_WorkGroupID.x;
   tile[l.y][l.x] = inp.data[g * 64u + l.y * 8u + l.x];
   memoryBarrierShared();
   barrier();
   outp.data[g * 64u + l.y * 8u + l.x] = tile[l.x][l.y] + gl_LocalInvocationIndex;
}
