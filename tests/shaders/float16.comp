#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
#extension GL_EXT_shader_explicit_arithmetic_types : require
void main() {
   uint i = gl_GlobalInvocationID.x;
   float16_t a = float16_t(float(inp.data[i] & 1023u) * 0.125);
   float16_t b = float16_t(float(inp.data[i + 1] & 255u) + 1.0);
   float16_t c = a * b + float16_t(0.5);
   outp.data[i] = floatBitsToUint(float(c)) ^ floatBitsToUint(float(a / b));
}
