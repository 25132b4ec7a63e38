#version 450
// Functions with inout/out parameters, multiple returns and struct
// arguments, all inlined by the front end.
struct Acc { uint sum; uint xor_; uint count; };
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
bool add(inout Acc a, uint v) {
   if (v == 0u)
      return false;
   a.sum += v;
   a.xor_ ^= v;
   a.count++;
   return a.count < 5u;
}
void split(uint v, out uint hi, out uint lo) { hi = v >> 16; lo = v & 0xffffu; }
uint finish(Acc a) { return a.count == 0u ? 0u : a.sum / a.count + a.xor_; }
void main() {
   uint g = gl_GlobalInvocationID.x;
   Acc a = Acc(0u, 0u, 0u);
   for (uint i = 0u; i < 8u; i++) {
      uint hi, lo;
      split(inp.data[(g * 8u + i) & 4095u], hi, lo);
      if (!add(a, hi % 7u == 0u ? 0u : lo))
         break;
   }
   outp.data[g] = finish(a);
}
