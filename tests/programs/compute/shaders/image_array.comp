#version 450
// Arrays of storage images indexed by constants and by push constants
// (dynamically uniform indices: the binding table entry is chosen at run
// time): loads, stores, an atomic and a size query; texel buffer arrays
// take descriptor indexing, which lavapipe lacks, so the texel buffers
// are plain bindings.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D imgs[3];
layout(set = 0, binding = 1, rgba8) uniform image2D colors[2];
layout(set = 0, binding = 2, r32f) uniform imageBuffer tbs;
layout(set = 0, binding = 3) buffer Out { uint data[]; } outp;
layout(push_constant) uniform Push { uint which; uint other; } pc;

void main() {
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   uint k = gl_GlobalInvocationID.y * 16u + gl_GlobalInvocationID.x;
   uint w = pc.which % 3u;
   uint a = imageLoad(imgs[w], p).x;
   uint b = imageLoad(imgs[0], p).x;
   imageAtomicAdd(imgs[(w + 1u) % 3u], p, a ^ b);
   ivec2 sz = imageSize(imgs[w]);
   vec4 c = imageLoad(colors[pc.other & 1u], p);
   imageStore(colors[(pc.other + 1u) & 1u], p, c.wzyx);
   float t = imageLoad(tbs, int(k)).x;
   imageStore(tbs, int(k) + 256, vec4(t * 2.0));
   outp.data[k] = a + b * 3u + uint(sz.x) + uint(sz.y) * 100u + uint(round(c.x * 255.0));
}
