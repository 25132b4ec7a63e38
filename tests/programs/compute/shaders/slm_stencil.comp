#version 450
// Shared memory ping-pong: eight rounds of a 3-point stencil over a tile of
// 256 words, a barrier between every read and write phase.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint tile[2][256];
void main() {
   uint l = gl_LocalInvocationID.x;
   uint base = gl_WorkGroupID.x * 256u;
   tile[0][l] = inp.data[base + l];
   tile[0][l + 128u] = inp.data[base + l + 128u];
   barrier();
   for (uint r = 0u; r < 8u; r++) {
      uint src = r & 1u;
      for (uint k = l; k < 256u; k += 128u) {
         uint left = tile[src][(k + 255u) & 255u], right = tile[src][(k + 1u) & 255u];
         tile[src ^ 1u][k] = (left >> 1) + tile[src][k] + (right << 1) + r;
      }
      barrier();
   }
   outp.data[base + l] = tile[0][l];
   outp.data[base + l + 128u] = tile[0][l + 128u];
}
