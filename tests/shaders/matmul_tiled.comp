#version 450
// Tiled integer matrix multiply (32x32 = 32x32 * 32x32, wrapping uint
// arithmetic) with 8x8 shared-memory tiles.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) readonly buffer In { uint m[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint m[]; } outp;
shared uint ta[8][8];
shared uint tb[8][8];
void main() {
   uvec2 l = gl_LocalInvocationID.xy, g = gl_GlobalInvocationID.xy;
   uint acc = 0u;
   for (uint t = 0u; t < 4u; t++) {
      ta[l.y][l.x] = inp.m[g.y * 32u + t * 8u + l.x];
      tb[l.y][l.x] = inp.m[1024u + (t * 8u + l.y) * 32u + g.x];
      barrier();
      for (uint k = 0u; k < 8u; k++)
         acc += ta[l.y][k] * tb[k][l.x];
      barrier();
   }
   outp.m[g.y * 32u + g.x] = acc;
}
