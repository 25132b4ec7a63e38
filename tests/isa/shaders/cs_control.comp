#version 450
// Shared memory, barriers, atomics, loops with break/continue, branches,
// integer and float math: the instruction mix of a compute kernel.
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) buffer Data { float fvalues[64]; uint values[]; } data;
layout(std430, set = 0, binding = 1) buffer Counters { uint hits; int total; } counters;
shared uint tile[32];

void main()
{
   uint i = gl_LocalInvocationID.x;
   tile[i] = data.values[gl_GlobalInvocationID.x];
   barrier();
   uint acc = 0u;
   for (uint k = 0u; k < 32u; k++) {
      uint v = tile[(i + k) & 31u];
      if (v == 0xdeadu)
         break;
      if ((v & 1u) != 0u)
         continue;
      acc += bitfieldExtract(v, 2, 5) + bitCount(v) + uint(findMSB(v | 1u));
   }
   if (acc > 100u)
      atomicAdd(counters.hits, 1u);
   else
      atomicMax(counters.total, int(acc) / 3);
   float f = data.fvalues[i];
   f = sqrt(abs(f)) + sin(f) * exp2(f) + pow(max(f, 0.5), 1.7);
   f = fma(f, 0.25, clamp(f, -1.0, 1.0)) + mix(f, 2.0, 0.3);
   data.fvalues[i] = f / (1.0 + float(acc % 7u));
   // A loop whose trip count is only known at run time (WHILE, BREAK,
   // CONT) and bit operations with run-time operands (BFE, BFI1/BFI2,
   // BFREV, FBL).
   uint n = data.values[0], x = data.values[1];
   int guard = 0;
   while (guard < int(n)) {
      guard++;
      if ((x & 3u) == 1u) {
         x = x * 3u + 1u;
         continue;
      }
      if (x > 1000000u)
         break;
      x = bitfieldExtract(x, int(n & 7u), int(i & 15u)) + bitfieldReverse(x) +
          uint(findLSB(x | 2u));
   }
   data.values[gl_GlobalInvocationID.x] =
      bitfieldInsert(acc, i, int(n & 7u), int(x & 7u)) ^ (acc >> 3u) ^ x;
}
