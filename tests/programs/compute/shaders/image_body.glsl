// The body of image_{1d,2d,3d,2darray}.comp: imageLoad/imageStore/imageSize
// on storage images in r32ui, r32f, rgba32f, rgba8 and rgba16f (formats
// Vulkan requires for storage images).  The including shader defines IMAGE,
// UIMAGE, COORD, COORD_OF(id), IN_BOUNDS(p, sz), TEXEL_INDEX(p, sz) and
// SIZE_WORD(sz).  The grid covers more than the image: invocations outside
// it (imageSize) do nothing.  Each invocation reads its texel's initial
// value (reported through binding 5) and overwrites it.
layout(set = 0, binding = 0, r32ui) uniform UIMAGE i_r32ui;
layout(set = 0, binding = 1, r32f) uniform IMAGE i_r32f;
layout(set = 0, binding = 2, rgba32f) uniform IMAGE i_rgba32f;
layout(set = 0, binding = 3, rgba8) uniform IMAGE i_rgba8;
layout(set = 0, binding = 4, rgba16f) uniform IMAGE i_rgba16f;
layout(set = 0, binding = 5) buffer Out { uint data[]; } outp;

// exact in float32 and float16: 12-bit integers in steps of 1/8
float exact(uint x) { return float(x & 0xfffu) * 0.125 - 256.0; }

void main() {
   COORD p = COORD_OF(gl_GlobalInvocationID);
   COORD sz = imageSize(i_r32ui);
   if (gl_GlobalInvocationID == uvec3(0))
      outp.data[0] = SIZE_WORD(sz);
   if (!IN_BOUNDS(p, sz))
      return;
   uint k = TEXEL_INDEX(p, sz), o = 1u + k * 5u;
   uint u = imageLoad(i_r32ui, p).x;
   uint x = u * 0x9e3779b9u + k;
   imageStore(i_r32ui, p, uvec4(x));
   float f = imageLoad(i_r32f, p).x;
   imageStore(i_r32f, p, vec4(exact(x)));
   vec4 f4 = imageLoad(i_rgba32f, p);
   imageStore(i_rgba32f, p, vec4(exact(x), exact(x >> 12), exact(x >> 20), f4.x - f4.w));
   // a normalized load is within the spec's precision: *255 rounds back to
   // the stored integer
   uvec4 n8 = uvec4(round(imageLoad(i_rgba8, p) * 255.0));
   imageStore(i_rgba8, p, vec4(uvec4(x, x >> 8, x >> 16, x >> 24) & 0xffu) / 255.0);
   vec4 h4 = imageLoad(i_rgba16f, p);
   imageStore(i_rgba16f, p, vec4(exact(x >> 4), -exact(x), h4.y, h4.x));
   outp.data[o] = u;
   outp.data[o + 1u] = floatBitsToUint(f);
   outp.data[o + 2u] = floatBitsToUint(f4.x + f4.y * 3.0 + f4.z * 5.0 + f4.w * 7.0);
   outp.data[o + 3u] = n8.x | n8.y << 8 | n8.z << 16 | n8.w << 24;
   outp.data[o + 4u] = floatBitsToUint(h4.x + h4.y * 4096.0 - h4.z * 16.0 + h4.w);
}
