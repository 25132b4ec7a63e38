#version 450
// determinant() and inverse() of 2x2, 3x3 and 4x4 matrices built as L * U:
// L unit lower triangular, U upper triangular with diagonal entries from
// {1, -1, 2, -2}, all other entries small integers.  The determinant is then
// a power of two and every cofactor a small integer, so each step is exact in
// f32 whatever order or formula an implementation uses.  A general integer
// matrix checks determinant() alone.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; } outp;
layout(set = 0, binding = 3) buffer Out2 { float d[]; } outd;

float small(uint k) { return float(inp.data[k & 4095u] % 5u) - 2.0; }
float pivot(uint k) { uint x = inp.data[k & 4095u]; return ((x & 1u) != 0u ? -1.0 : 1.0) * float(1u + ((x >> 1) & 1u)); }

mat4 lu4(uint base) {
   mat4 l = mat4(1.0), u = mat4(0.0);
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++) {
         uint k = base + uint(c * 4 + r);
         if (r > c) l[c][r] = small(k);
         if (r < c) u[c][r] = small(k + 16u);
         if (r == c) u[c][r] = pivot(k + 16u);
      }
   return l * u;
}

// zero entries of the inverse: +0 or -0 depending on the formula, both right
vec4 unsigned_zero(vec4 v) { return mix(v, vec4(0.0), equal(v, vec4(0.0))); }

void main() {
   uint g = gl_GlobalInvocationID.x;
   mat4 m4 = lu4(g * 40u);
   mat3 m3 = mat3(lu4(g * 40u + 7u));
   mat2 m2 = mat2(lu4(g * 40u + 13u));
   // mat3(m) of an L*U is L3*U3 (the leading block), so it keeps the structure
   mat4 i4 = inverse(m4);
   mat3 i3 = inverse(m3);
   mat2 i2 = inverse(m2);
   for (int c = 0; c < 4; c++)
      outp.v[g * 12u + uint(c)] = unsigned_zero(i4[c]);
   for (int c = 0; c < 3; c++)
      outp.v[g * 12u + 4u + uint(c)] = unsigned_zero(vec4(i3[c], 0.0));
   outp.v[g * 12u + 7u] = unsigned_zero(vec4(i2[0], i2[1]));
   mat4 gen;
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         gen[c][r] = float(inp.data[(g * 16u + uint(c * 4 + r) + 2048u) & 4095u] & 15u) - 7.0;
   outd.d[g * 8u + 0u] = determinant(m4);
   outd.d[g * 8u + 1u] = determinant(m3);
   outd.d[g * 8u + 2u] = determinant(m2);
   outd.d[g * 8u + 3u] = determinant(gen);
   outd.d[g * 8u + 4u] = determinant(mat3(gen));
   outd.d[g * 8u + 5u] = determinant(mat2(gen));
   outd.d[g * 8u + 6u] = determinant(mat3(gen[1].xyz, gen[2].yzw, gen[3].xzw));
   outd.d[g * 8u + 7u] = determinant(mat2(gen[2].zw, gen[3].xy));
}
