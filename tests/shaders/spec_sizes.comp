#version 450
// Specialisation constants size the workgroup and an array, and select a
// code path (defaults are used here).
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint TAPS = 5u;
layout(constant_id = 2) const bool WRAP = true;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint weights[TAPS];
   for (uint i = 0u; i < TAPS; i++)
      weights[i] = i + 1u;
   uint s = 0u;
   for (uint i = 0u; i < TAPS; i++) {
      uint idx = g + i;
      idx = WRAP ? idx & 1023u : min(idx, 1023u);
      s += weights[i] * (inp.data[idx] & 0xfffu);
   }
   outp.data[g] = s;
}
