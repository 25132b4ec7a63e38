#version 450
// ChaCha-style quarter rounds (add, rotate, xor) on a 16-word state.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
uint rotl(uint x, uint n) { return (x << n) | (x >> (32u - n)); }
void qr(inout uint a, inout uint b, inout uint c, inout uint d) {
   a += b; d = rotl(d ^ a, 16u);
   c += d; b = rotl(b ^ c, 12u);
   a += b; d = rotl(d ^ a, 8u);
   c += d; b = rotl(b ^ c, 7u);
}
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint s[16];
   for (uint i = 0u; i < 16u; i++)
      s[i] = inp.data[(g * 16u + i) & 4095u];
   for (int r = 0; r < 4; r++) {
      qr(s[0], s[4], s[8], s[12]); qr(s[1], s[5], s[9], s[13]);
      qr(s[2], s[6], s[10], s[14]); qr(s[3], s[7], s[11], s[15]);
      qr(s[0], s[5], s[10], s[15]); qr(s[1], s[6], s[11], s[12]);
      qr(s[2], s[7], s[8], s[13]); qr(s[3], s[4], s[9], s[14]);
   }
   for (uint i = 0u; i < 16u; i++)
      outp.data[(g * 16u + i) & 4095u] = s[i];
}
