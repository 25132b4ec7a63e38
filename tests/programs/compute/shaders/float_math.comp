#version 450
// Float arithmetic Vulkan states precisions for, one operation per output
// word (the ULP bounds in programs.txt cycle over the 8 words):
// 0 x+y, 1 x*y, 2 x/y, 3 sqrt, 4 inversesqrt, 5 exp2, 6 log2, 7 fma.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   // normal, finite operands: x in [1, 2) * 2^[-8, 8), y in [1, 2)
   float x = uintBitsToFloat((inp.data[i] & 0x007fffffu) | ((119u + (inp.data[i] >> 28)) << 23));
   float y = uintBitsToFloat((inp.data[i + 1u] & 0x007fffffu) | 0x3f800000u);
   float e = float(int(inp.data[i + 2u] & 0xfu)) - 8.0 + y - 1.0;
   outp.data[i * 8u + 0u] = floatBitsToUint(x + y);
   outp.data[i * 8u + 1u] = floatBitsToUint(x * y);
   outp.data[i * 8u + 2u] = floatBitsToUint(x / y);
   outp.data[i * 8u + 3u] = floatBitsToUint(sqrt(x));
   outp.data[i * 8u + 4u] = floatBitsToUint(inversesqrt(x));
   outp.data[i * 8u + 5u] = floatBitsToUint(exp2(e));
   outp.data[i * 8u + 6u] = floatBitsToUint(log2(x));
   outp.data[i * 8u + 7u] = floatBitsToUint(fma(x, y, x));
}
