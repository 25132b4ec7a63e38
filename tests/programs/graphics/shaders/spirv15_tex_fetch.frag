#version 450
// target-env: vulkan1.2
// (SPIR-V 1.5 of tex_fetch.frag: every global in the entry point's interface)
// texelFetch from an unsigned integer 2D array (layer and level from the
// quad) and a 3D texture (slice from the quad): no filtering, exact.
layout(binding = 8) uniform usampler2DArray arr;
layout(binding = 9) uniform usampler3D vol;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out uvec4 o_texel;

void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy) % 8;
   int level = int(v_tc.z) & 1, layer = int(v_tc.z) >> 1;
   uvec4 a = texelFetch(arr, ivec3(p >> level, layer), level);
   uvec4 b = texelFetch(vol, ivec3(p.x & 3, p.y & 3, layer), 0);
   o_texel = gl_FragCoord.x < 16.0 ? a : b;
}
