#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Euclid's algorithm and a 64-bit least common multiple.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint64_t data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint a = inp.data[2u * g] | 1u, b = inp.data[2u * g + 1u] | 1u;
   uint x = a, y = b;
   while (y != 0u) {
      uint t = x % y;
      x = y;
      y = t;
   }
   outp.data[g] = uint64_t(a / x) * uint64_t(b);
}
