#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   float x = float(inp.data[i] & 0xffffu) * 0.01 - 300.0;
   float y = float(inp.data[i + 3] & 0xffu) * 0.5 + 1.0;
   outp.data[i * 8 + 0] = floatBitsToUint(floor(x));
   outp.data[i * 8 + 1] = floatBitsToUint(ceil(x));
   outp.data[i * 8 + 2] = floatBitsToUint(fract(x));
   outp.data[i * 8 + 3] = floatBitsToUint(abs(x) + sign(x));
   outp.data[i * 8 + 4] = floatBitsToUint(min(x, y) + max(x, -y));
   outp.data[i * 8 + 5] = floatBitsToUint(clamp(x, -10.0, y));
   outp.data[i * 8 + 6] = floatBitsToUint(sqrt(y));
   outp.data[i * 8 + 7] = floatBitsToUint(trunc(x) + roundEven(x * 0.5));
}
