#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
struct Pair { uint a; uint b; };
uint hash(uint x) {
   x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15;
   return x;
}
Pair split(uint v) { Pair p; p.a = v & 0xffffu; p.b = v >> 16; return p; }
uint clampsum(inout uint acc, uint v) {
   if (v > 1000u)
      return acc;
   acc += v;
   return acc * 2u;
}
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint acc = 0u;
   Pair p = split(hash(inp.data[i]));
   uint r = clampsum(acc, p.a) + clampsum(acc, p.b);
   outp.data[i] = r + acc + hash(i);
}
