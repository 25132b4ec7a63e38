#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint acc = 0u;
   for (uint k = 0u; k < 24u; k++) {
      uint v = inp.data[(i + k) & 1023u];
      switch (v & 3u) {
      case 0u: acc += v >> 24; break;
      case 1u: if ((v & 16u) != 0u) continue; acc ^= v; break;
      case 2u: acc = acc * 5u + 1u; break;
      default: if (acc > 0x40000000u) k = 100u; break;
      }
      acc += 1u;
   }
   outp.data[i] = acc;
}
