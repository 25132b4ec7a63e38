#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   float x = float(inp.data[i] & 0xffffu) / 65536.0 * 6.0 - 3.0;
   outp.data[i * 6 + 0] = floatBitsToUint(sin(x));
   outp.data[i * 6 + 1] = floatBitsToUint(cos(x));
   outp.data[i * 6 + 2] = floatBitsToUint(exp2(x));
   outp.data[i * 6 + 3] = floatBitsToUint(log2(abs(x) + 1.0));
   outp.data[i * 6 + 4] = floatBitsToUint(inversesqrt(abs(x) + 0.5));
   outp.data[i * 6 + 5] = floatBitsToUint(pow(abs(x) + 1.0, 1.5));
}
