#version 450
// 2^20 invocations (4096 groups of 256): every lane runs an integer hash
// loop whose trip count depends on its data, so SIMD lanes diverge.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint h = inp.data[i & 4095u] ^ i;
   uint n = 8u + (h & 7u);
   for (uint k = 0u; k < n; k++) {
      h ^= h >> 16;
      h *= 0x7feb352du;
      h ^= h >> 15;
      h = (h << 3) + (h >> 29) + k;
   }
   outp.data[i] = h;
}
