#version 450
// Arrays of structs with nested arrays and vectors in SSBOs: an integer
// particle update with bouncing and a per-particle history ring.
struct Particle { ivec4 pos; ivec4 vel; uint flags; uint age; uint history[4]; };
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { Particle p[]; } inp;
layout(set = 0, binding = 1) buffer Out { Particle p[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   Particle p = inp.p[g & 127u];
   p.vel = p.vel >> 20;
   for (int step = 0; step < 4; step++) {
      p.pos += p.vel;
      for (int c = 0; c < 3; c++) {
         if (abs(p.pos[c]) > 0x3fffffff) {
            p.vel[c] = -p.vel[c];
            p.flags |= 1u << c;
         }
      }
      p.history[(p.age + uint(step)) & 3u] = uint(p.pos.x ^ p.pos.y);
   }
   p.age += 4u;
   outp.p[g & 127u] = p;
}
