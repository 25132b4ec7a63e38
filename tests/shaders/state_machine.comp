#version 450
// A tokenizer-like state machine: switch inside a loop with continue,
// break out of the loop from a case, and fallthrough.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint state = 0u, count = 0u, acc = 0u;
   for (uint i = 0u; i < 32u; i++) {
      uint c = (inp.data[(g * 32u + i) & 4095u] >> 7) & 7u;
      bool stop = false;
      switch (state) {
      case 0u:
         if (c < 2u) { state = 1u; continue; }
         acc += c;
         break;
      case 1u:
         count++;
      case 2u:
         state = c == 7u ? 3u : 2u;
         acc ^= c << (i & 15u);
         break;
      case 3u:
         stop = c == 0u;
         state = 0u;
         break;
      default:
         state = 0u;
      }
      if (stop)
         break;
   }
   outp.data[g] = acc + (count << 24) + (state << 30);
}
