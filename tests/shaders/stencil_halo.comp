#version 450
// Iterated 1D integer stencil with a shared-memory halo and barriers
// between iterations (a smoothing filter with exact integer weights).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint cells[2][66];
void main() {
   uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
   cells[0][l + 1u] = inp.data[g] & 0xffffu;
   if (l == 0u) {
      cells[0][0] = 0u;
      cells[0][65] = 0u;
      cells[1][0] = 0u;
      cells[1][65] = 0u;
   }
   barrier();
   uint cur = 0u;
   for (int it = 0; it < 4; it++) {
      uint v = cells[cur][l] + 2u * cells[cur][l + 1u] + cells[cur][l + 2u];
      cells[1u - cur][l + 1u] = v >> 2;
      barrier();
      cur = 1u - cur;
   }
   outp.data[g] = cells[cur][l + 1u];
}
