#version 450
// Storage images from a fragment shader: read-modify-write with atomics
// (order-independent counting) and plain loads and stores.
layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D counters;
layout(set = 0, binding = 1, rgba16f) uniform image2D accum;
layout(set = 0, binding = 2, r32i) uniform iimage2D minmax;
layout(location = 0) in vec4 c;
layout(location = 0) out vec4 color;
void main() {
   ivec2 p = ivec2(gl_FragCoord.xy);
   uint n = imageAtomicAdd(counters, p, 1u);
   imageAtomicMin(minmax, p, int(c.x * 1000.0));
   imageAtomicMax(minmax, p + ivec2(1, 0), int(c.y * 1000.0));
   uint old = imageAtomicCompSwap(counters, p + ivec2(0, 1), 0u, n);
   vec4 a = imageLoad(accum, p);
   imageStore(accum, p, a + c);
   color = vec4(float(n), float(old), 0.0, 1.0);
}
