#version 450
// texelFetch on uniform texel buffers in formats Vulkan requires for them
// ("Required Format Support"): r32f, rg32f, r32ui, rgba8, rgba8_snorm,
// bgra8, rgb10a2 (unorm), rgba16f, r16f, r8ui.  Each invocation fetches
// texels i and (7i mod N) and writes what it read to binding 10.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerBuffer t_r32f;
layout(set = 0, binding = 1) uniform samplerBuffer t_rg32f;
layout(set = 0, binding = 2) uniform usamplerBuffer t_r32ui;
layout(set = 0, binding = 3) uniform samplerBuffer t_rgba8;
layout(set = 0, binding = 4) uniform samplerBuffer t_rgba8_snorm;
layout(set = 0, binding = 5) uniform samplerBuffer t_bgra8;
layout(set = 0, binding = 6) uniform samplerBuffer t_rgb10a2;
layout(set = 0, binding = 7) uniform samplerBuffer t_rgba16f;
layout(set = 0, binding = 8) uniform samplerBuffer t_r16f;
layout(set = 0, binding = 9) uniform usamplerBuffer t_r8ui;
layout(set = 0, binding = 10) buffer Out { uint data[]; } outp;

// normalized texels: within the spec's precision, *(2^b - 1) rounds back to
// the stored integer
uint unorm8(vec4 v) {
   uvec4 c = uvec4(round(v * 255.0));
   return c.x | c.y << 8 | c.z << 16 | c.w << 24;
}

void main() {
   int i = int(gl_GlobalInvocationID.x);
   int j = (i * 7) % textureSize(t_r32f);
   uint o = uint(i) * 12u;
   outp.data[o] = floatBitsToUint(texelFetch(t_r32f, i).x + texelFetch(t_r32f, j).x);
   vec4 rg = texelFetch(t_rg32f, j);
   outp.data[o + 1u] = floatBitsToUint(rg.x * 2.0 + rg.y + rg.z + rg.w);
   outp.data[o + 2u] = texelFetch(t_r32ui, i).x ^ texelFetch(t_r32ui, j).y ^ texelFetch(t_r32ui, j).w;
   outp.data[o + 3u] = unorm8(texelFetch(t_rgba8, i));
   ivec4 s = ivec4(round(texelFetch(t_rgba8_snorm, j) * 127.0));
   outp.data[o + 4u] = uint(s.x & 0xff | (s.y & 0xff) << 8 | (s.z & 0xff) << 16 | s.w << 24);
   outp.data[o + 5u] = unorm8(texelFetch(t_bgra8, i));
   uvec4 c10 = uvec4(round(texelFetch(t_rgb10a2, j) * vec4(1023.0, 1023.0, 1023.0, 3.0)));
   outp.data[o + 6u] = c10.x | c10.y << 10 | c10.z << 20 | c10.w << 30;
   vec4 h = texelFetch(t_rgba16f, i);
   outp.data[o + 7u] = floatBitsToUint(h.x + h.y * 4096.0);
   outp.data[o + 8u] = floatBitsToUint(h.z - h.w * 4096.0);
   outp.data[o + 9u] = floatBitsToUint(texelFetch(t_r16f, j).x);
   uvec4 b = texelFetch(t_r8ui, i);
   outp.data[o + 10u] = b.x | b.y << 8 | b.z << 16 | b.w << 24;
   outp.data[o + 11u] = uint(textureSize(t_rgba8)) | uint(textureSize(t_r8ui)) << 16;
}
