#version 450
// Private arrays too large for registers (more than 64 dwords) live in
// scratch memory: filled and read in loops, read-modify-written at
// indices that differ between invocations, written under divergent
// control flow and in loops of differing trip counts, arrays of vectors,
// structs and bools, one at global scope and one in a called function.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;

struct S { uint key; float w; uvec2 pair; };
uint g[72];

uint scramble(uint seed) {
   uint h[96];
   for (uint k = 0u; k < 96u; k++)
      h[k] = seed * (k + 1u);
   for (uint k = 0u; k < 40u; k++) {
      seed ^= seed << 13;
      seed ^= seed >> 17;
      seed ^= seed << 5;
      h[seed % 96u] ^= h[(seed >> 8) % 96u] + k;
   }
   return h[seed % 96u] + h[95];
}

void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   uint a[130];
   for (uint k = 0u; k < 130u; k++)
      a[k] = inp.data[(i * 7u + k) & 4095u];
   for (uint k = 0u; k < 48u; k++)
      a[(v >> (k & 15u)) % 130u] += k;
   if ((v & 1u) != 0u)
      a[v % 130u] = 0xdeadu;
   for (uint k = 0u; k < (v & 15u); k++)
      a[(k * 9u) % 130u] = k;
   uvec4 q[40];
   for (uint k = 0u; k < 40u; k++)
      q[k] = uvec4(k, a[k], a[k + 40u], i);
   q[v % 40u].z = 77u;
   uvec4 r = q[(v >> 4) % 40u];
   S st[36];
   for (uint k = 0u; k < 36u; k++)
      st[k] = S(a[k + 60u], float(k) * 0.5, uvec2(k, a[k + 90u]));
   S pick = st[(v >> 7) % 36u];
   bool flags[80];
   for (uint k = 0u; k < 80u; k++)
      flags[k] = ((a[k] >> (k & 31u)) & 1u) != 0u;
   for (uint k = 0u; k < 72u; k++)
      g[k] = a[k + 1u] ^ k;
   g[(v >> 3) % 72u] = r.w;
   uint f = 0u;
   for (uint k = 0u; k < 80u; k += 1u + (a[k] & 3u))
      f = f * 2u + (flags[(k + v) % 80u] ? 1u : 0u);
   outp.data[i * 8u] = a[(v >> 2) % 130u] + a[129];
   outp.data[i * 8u + 1u] = r.x + r.y * 3u + r.z * 5u + r.w * 7u;
   outp.data[i * 8u + 2u] = pick.key ^ floatBitsToUint(pick.w);
   outp.data[i * 8u + 3u] = pick.pair.x * 11u + pick.pair.y;
   outp.data[i * 8u + 4u] = f;
   outp.data[i * 8u + 5u] = g[v % 72u] + g[71];
   outp.data[i * 8u + 6u] = scramble(v);
   outp.data[i * 8u + 7u] = (i & 1u) != 0u ? scramble(i) : a[i % 130u];
}
