#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   float x = float(inp.data[i] & 0xffffu) * 0.125 - 1000.0;
   float y = float(inp.data[i + 7] & 0xfffu) * 0.25 + 0.5;
   outp.data[i * 4 + 0] = floatBitsToUint(x + y);
   outp.data[i * 4 + 1] = floatBitsToUint(x * y - y);
   outp.data[i * 4 + 2] = floatBitsToUint(x / y);
   outp.data[i * 4 + 3] = floatBitsToUint(-x);
}
