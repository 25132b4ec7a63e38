#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
uint calls = 0u;
bool check(uint v) { calls++; return (v & 1u) != 0u; }
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   bool a = (x > 100u) && check(x);
   bool b = (x < 50u) || check(x >> 1);
   outp.data[i] = (a ? 1u : 0u) + (b ? 2u : 0u) + calls * 4u;
}
