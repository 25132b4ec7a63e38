#version 450
// imageLoad/imageStore on storage texel buffers in the formats Vulkan
// requires for them ("Required Format Support": r32ui/i/f, rgba32ui/f,
// rgba8 unorm/snorm, rgba16f).  Every invocation reads its own texel's
// initial value (reported through binding 9) and overwrites it.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1, r32ui) uniform uimageBuffer b_r32ui;
layout(set = 0, binding = 2, r32i) uniform iimageBuffer b_r32i;
layout(set = 0, binding = 3, r32f) uniform imageBuffer b_r32f;
layout(set = 0, binding = 4, rgba32ui) uniform uimageBuffer b_rgba32ui;
layout(set = 0, binding = 5, rgba32f) uniform imageBuffer b_rgba32f;
layout(set = 0, binding = 6, rgba8) uniform imageBuffer b_rgba8;
layout(set = 0, binding = 7, rgba8_snorm) uniform imageBuffer b_rgba8_snorm;
layout(set = 0, binding = 8, rgba16f) uniform imageBuffer b_rgba16f;
layout(set = 0, binding = 9) buffer Out { uint data[]; } outp;

// exact in float32 and float16: 12-bit integers in steps of 1/8
float exact(uint x) { return float(x & 0xfffu) * 0.125 - 256.0; }

void main() {
   int i = int(gl_GlobalInvocationID.x);
   uint x = inp.data[i], y = inp.data[i + 1024];
   uint o = uint(i) * 8u;

   uint u = imageLoad(b_r32ui, i).x;
   imageStore(b_r32ui, i, uvec4(u * 3u + x));
   int s = imageLoad(b_r32i, i).x;
   imageStore(b_r32i, i, ivec4((s >> 3) - int(x)));
   float f = imageLoad(b_r32f, i).x;
   imageStore(b_r32f, i, vec4(exact(x)));
   uvec4 u4 = imageLoad(b_rgba32ui, i);
   imageStore(b_rgba32ui, i, u4.wzyx + uvec4(x, y, x ^ y, 7u));
   vec4 f4 = imageLoad(b_rgba32f, i);
   imageStore(b_rgba32f, i, vec4(exact(x), exact(x >> 12), exact(y), exact(y >> 12)));
   // normalized loads: within the spec's precision, *255 (*127) rounds back
   // to the stored integer
   uvec4 n8 = uvec4(round(imageLoad(b_rgba8, i) * 255.0));
   imageStore(b_rgba8, i, vec4(uvec4(x, x >> 8, x >> 16, x >> 24) & 0xffu) / 255.0);
   ivec4 s8 = ivec4(round(imageLoad(b_rgba8_snorm, i) * 127.0));
   imageStore(b_rgba8_snorm, i, vec4(ivec4(y << 24, y << 16, y << 8, y) >> 24) / 127.0);
   vec4 h4 = imageLoad(b_rgba16f, i);
   imageStore(b_rgba16f, i, vec4(exact(y), exact(y >> 12), exact(x >> 20), -exact(x)));

   outp.data[o] = u;
   outp.data[o + 1u] = uint(s);
   outp.data[o + 2u] = floatBitsToUint(f + f4.x + f4.y + f4.z + f4.w);
   outp.data[o + 3u] = u4.x ^ u4.y * 3u ^ u4.z * 5u ^ u4.w * 7u;
   outp.data[o + 4u] = n8.x | n8.y << 8 | n8.z << 16 | n8.w << 24;
   outp.data[o + 5u] = uint(s8.x & 0xff | (s8.y & 0xff) << 8 | (s8.z & 0xff) << 16 | s8.w << 24);
   outp.data[o + 6u] = floatBitsToUint(h4.x + h4.y);
   outp.data[o + 7u] = floatBitsToUint(h4.z - h4.w);
}
