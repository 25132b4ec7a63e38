#version 450
// Register pressure beyond the GRF file: 64 separate uvec4 values (256
// 32-bit values per invocation, 256 registers at SIMD8) stay live across a
// loop whose trip count is only known at run time, so the compiler must
// spill them to scratch and fill them back (no arrays: nothing is lowered
// to scratch memory on purpose).  Integer arithmetic only, so the result
// is exact.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uvec4 data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 data[]; } outp;

#define LOAD(a, b) uvec4 v##a##b = inp.data[(i * 7u + uint(a * 8 + b) * 13u) & 1023u];
#define MIX(a, b) acc = (acc ^ v##a##b) * 0x9e3779b1u + r; v##a##b = v##a##b.yzwx + acc;
#define SUM(a, b) sum = sum * 3u + v##a##b;
#define EIGHT(F, a) F(a, 0) F(a, 1) F(a, 2) F(a, 3) F(a, 4) F(a, 5) F(a, 6) F(a, 7)
#define ALL(F) EIGHT(F, 1) EIGHT(F, 2) EIGHT(F, 3) EIGHT(F, 4) EIGHT(F, 5) EIGHT(F, 6) \
               EIGHT(F, 7) EIGHT(F, 8)

void main() {
   uint i = gl_GlobalInvocationID.x;
   ALL(LOAD)
   uvec4 acc = uvec4(i);
   uint rounds = inp.data[i & 1023u].x % 3u + 2u;
   for (uint r = 0u; r < rounds; r++) {
      ALL(MIX)
   }
   uvec4 sum = acc;
   ALL(SUM)
   outp.data[i] = sum;
}
