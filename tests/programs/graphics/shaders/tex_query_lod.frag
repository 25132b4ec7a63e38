#version 450
// textureQueryLod: the level the sampler would use (x) and the LOD it
// computed relative to the base level (y), with implicit derivatives,
// rounded to 1/64: the LOD of a power-of-two footprint is an integer up
// to float rounding and the sampler's fixed-point precision.
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_lod;

void main()
{
   vec2 lod = textureQueryLod(tex, v_tc.xy);
   o_lod = vec4(round(lod * 64.0) / 64.0, v_tc.z, 1.0);
}
