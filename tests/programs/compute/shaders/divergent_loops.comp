#version 450
// Per-lane control flow: a Collatz walk (data-dependent trip count) with
// break and continue, nested ifs and a switch, so lanes of one thread
// leave loops at different iterations and take different branches.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint n = (inp.data[i] & 0x3ffu) + 1u;
   uint steps = 0u, odd = 0u, acc = 0u;
   while (n != 1u) {
      steps++;
      if (steps > 500u)
         break;
      if ((n & 1u) == 0u) {
         n >>= 1;
         if ((n & 7u) == 3u)
            continue;
         acc += n;
      } else {
         n = 3u * n + 1u;
         odd++;
      }
      switch (n % 5u) {
      case 0u: acc ^= steps; break;
      case 3u: acc += 7u; // falls through
      case 4u: acc = acc * 3u; break;
      default: break;
      }
   }
   outp.data[i * 3u] = steps;
   outp.data[i * 3u + 1u] = odd;
   outp.data[i * 3u + 2u] = acc;
}
