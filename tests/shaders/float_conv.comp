#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   float f = float(x >> 8);
   float g = float(int(x) >> 8);
   outp.data[i * 4 + 0] = floatBitsToUint(f);
   outp.data[i * 4 + 1] = floatBitsToUint(g);
   outp.data[i * 4 + 2] = uint(f * 0.5);
   outp.data[i * 4 + 3] = uint(int(g * 0.25));
}
