#version 450
// texelFetch from an unsigned-integer 2D array alone: level and layer
// from the quad (the third coordinate: level = bit 0, layer = the rest).
layout(binding = 8) uniform usampler2DArray arr;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out uvec4 o_texel;

void main()
{
   int level = int(v_tc.z) & 1, layer = int(v_tc.z) >> 1;
   ivec2 p = (ivec2(gl_FragCoord.xy) % 8) >> level;
   o_texel = texelFetch(arr, ivec3(p, layer), level);
}
