#version 450
// Size and level queries (textureSize of the level the quad names,
// textureQueryLevels) and texelFetchOffset, as integers.
layout(binding = 8) uniform usampler2DArray arr;
layout(binding = 9) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out uvec4 o_value;

void main()
{
   int level = int(v_tc.z);
   ivec3 size = textureSize(arr, level);
   ivec2 p = ivec2(gl_FragCoord.xy) % 4;
   uvec4 fetched = texelFetchOffset(arr, ivec3(p, 1), 0, ivec2(2, 1));
   uint levels = uint(textureQueryLevels(tex));
   o_value = gl_FragCoord.x < 16.0 ? uvec4(size, levels) : fetched;
}
