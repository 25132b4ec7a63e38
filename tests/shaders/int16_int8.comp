#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
#extension GL_EXT_shader_explicit_arithmetic_types : require
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint16_t a = uint16_t(inp.data[i]);
   int8_t b = int8_t(inp.data[i + 1]);
   uint16_t c = a * uint16_t(3) + uint16_t(b);
   int16_t d = int16_t(b) * int16_t(-5);
   outp.data[i] = uint(c) | uint(uint16_t(d)) << 16;
}
