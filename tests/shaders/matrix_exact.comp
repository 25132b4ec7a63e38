#version 450
// Matrix algebra on small integer-valued floats (exact in f32): products,
// transpose, outer products and matrix-vector in both orders.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   mat4 a, b;
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++) {
         a[c][r] = float(inp.data[(g * 32u + uint(c * 4 + r)) & 4095u] & 7u);
         b[c][r] = float(inp.data[(g * 32u + 16u + uint(c * 4 + r)) & 4095u] & 7u) - 3.0;
      }
   mat4 p = a * transpose(b);
   vec4 x = vec4(1.0, -2.0, 3.0, 0.5);
   mat3 m3 = mat3(a) * mat3(b);
   outp.v[g * 4u] = p * x;
   outp.v[g * 4u + 1u] = x * p;
   outp.v[g * 4u + 2u] = vec4(m3 * x.xyz, 1.0);
   outp.v[g * 4u + 3u] = (outerProduct(x, x.wzyx) * vec4(1.0))  + p[2];
}
