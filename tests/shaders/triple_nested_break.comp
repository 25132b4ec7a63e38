#version 450
// Three nested loops with breaks and continues at every level, and an
// early exit flag propagated outwards.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, sum = 0u;
   bool done = false;
   for (uint i = 0u; i < 8u && !done; i++) {
      if (((inp.data[g] >> i) & 3u) == 0u)
         continue;
      for (uint j = 0u; j < 8u; j++) {
         uint v = inp.data[(g + i * 8u + j) & 4095u];
         if ((v & 31u) == 0u) {
            done = true;
            break;
         }
         for (uint k = 0u; k < 4u; k++) {
            if (((v >> (k * 8u)) & 255u) > 200u)
               break;
            if ((k & 1u) == 1u)
               continue;
            sum += (v >> (k * 8u)) & 255u;
         }
         if (sum > 100000u)
            break;
      }
   }
   outp.data[g] = sum | (done ? 0x80000000u : 0u);
}
