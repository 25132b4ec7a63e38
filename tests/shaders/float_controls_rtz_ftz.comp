#version 450
#extension GL_EXT_spirv_intrinsics : require
// Float controls the back end sets cr0 for: DenormFlushToZero and
// RoundingModeRTZ on 32-bit floats (SPIR-V 3.6 execution modes 4460 and
// 4463).  Denormal sources and results of float operations become zeros of
// their sign, and every inexact result is rounded toward zero.  lavapipe
// has neither mode; the compiler suite compares the kernels with the IR
// interpreter, which models both.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4465], 4460, 32);
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4468], 4463, 32);
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;

void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i], y = inp.data[i + 7u];
   float d = uintBitsToFloat(x & 0x807fffffu);              // a denormal or zero
   float a = uintBitsToFloat(x & 0x3fffffffu | 0x3f000000u); // in [0.5, 2^65)
   float b = uintBitsToFloat(y & 0x3fffffffu | 0x3f000000u);
   float tiny = uintBitsToFloat(y & 0x807fffffu | 0x00800000u); // smallest normals
   uint o = i * 12u;
   outp.data[o] = floatBitsToUint(d + 0.0);
   outp.data[o + 1u] = floatBitsToUint(d * 1048576.0);
   outp.data[o + 2u] = floatBitsToUint(tiny * 0.25);
   outp.data[o + 3u] = floatBitsToUint(a + b * 0.001);
   outp.data[o + 4u] = floatBitsToUint(a * b);
   outp.data[o + 5u] = floatBitsToUint(a - b);
   outp.data[o + 6u] = floatBitsToUint(float(x));
   outp.data[o + 7u] = floatBitsToUint(float(int(y)));
   outp.data[o + 8u] = d > 0.0 || d < 0.0 ? 1u : 0u;
   outp.data[o + 9u] = floatBitsToUint(min(d, tiny) + max(-d, 0.0));
   outp.data[o + 10u] = floatBitsToUint(floor(d) + sign(d));
   outp.data[o + 11u] = floatBitsToUint(-d * 2.0);
}
