#version 450
#extension GL_EXT_spirv_intrinsics : require
// VK_KHR_shader_float_controls: SignedZeroInfNanPreserve and RoundingModeRTE
// on 32-bit floats (the modes lavapipe supports).  With SignedZeroInfNanPreserve
// the compiler may not fold x + 0 or x + (-0) to x, or x - x to 0: infinities,
// NaNs and the sign of zero must come out as IEEE 754 says.  Mesa 22.3's
// lavapipe still folds x * 0 to 0 and 0 - x to -x under the mode (ANV does
// not), so the reference cannot check those two.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4467], 4462, 32);
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;

// one of 0, -0, inf, -inf, a quiet NaN or a finite value, chosen by x
float special(uint x) {
   const uint bits[6] = uint[6](0u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3f800000u);
   uint k = x % 7u;
   return k < 6u ? uintBitsToFloat(bits[k]) : uintBitsToFloat((x >> 3) & 0x3fffffffu | 0x3e000000u);
}

void main() {
   uint i = gl_GlobalInvocationID.x;
   float a = special(inp.data[i]), b = special(inp.data[i + 512u]);
   uint o = i * 8u;
   outp.data[o] = floatBitsToUint(a + 0.0);
   outp.data[o + 1u] = floatBitsToUint(a + -0.0);
   outp.data[o + 2u] = floatBitsToUint(a - a);
   outp.data[o + 3u] = floatBitsToUint(a * b);
   outp.data[o + 4u] = floatBitsToUint(a + b);
   outp.data[o + 5u] = floatBitsToUint(-a * 1.0);
   outp.data[o + 6u] = floatBitsToUint(a * -1.0 + b * 0.5);
   // round to nearest even of a sum that is not representable
   outp.data[o + 7u] = floatBitsToUint(uintBitsToFloat(inp.data[i] & 0x007fffffu | 0x4b000000u) + 0.5);
}
