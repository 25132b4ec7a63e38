#version 450
// Image atomics of every kind on 32-bit integer images (a splatting pass
// with depth test by atomicMin and a counter per texel).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Points { uvec4 p[]; } pts;
layout(set = 0, binding = 1, r32ui) uniform uimage2D depth;
layout(set = 0, binding = 2, r32i) uniform iimage2D accum;
layout(set = 0, binding = 3, r32ui) uniform uimage2DArray counts;
void main() {
   uvec4 p = pts.p[gl_GlobalInvocationID.x];
   ivec2 xy = ivec2(p.xy & 255u);
   imageAtomicMin(depth, xy, p.z);
   imageAtomicMax(depth, xy + ivec2(256, 0), p.z);
   imageAtomicAdd(accum, xy, int(p.w));
   imageAtomicAnd(accum, xy + 1, int(p.w));
   imageAtomicOr(accum, xy + 2, int(p.w));
   imageAtomicXor(accum, xy + 3, int(p.w));
   imageAtomicExchange(counts, ivec3(xy, 1), p.w);
   imageAtomicCompSwap(counts, ivec3(xy, 0), 0u, p.z);
   imageAtomicAdd(counts, ivec3(xy, 2), 1u);
}
