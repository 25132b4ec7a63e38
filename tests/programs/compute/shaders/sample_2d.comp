#version 450
#extension GL_GOOGLE_include_directive : require
// textureLod and textureLodOffset on a 2D texture at coordinates inside
// and outside [0, 1]: the sampler (filters, address modes, border colours,
// lod bias and clamps) and the format decide the results.  Push constants:
// the lod in 1/16ths, then a second lod in 1/16ths.
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint lod16; uint lod16b; } pc;

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec2 uv = vec2(sample_coord(h), sample_coord(g));
   float lod = float(pc.lod16) / 16.0, lodb = float(pc.lod16b) / 16.0;
   o[4 * i] = textureLod(tex, uv, lod);
   o[4 * i + 1] = textureLodOffset(tex, uv, lod, ivec2(-3, 2));
   o[4 * i + 2] = textureLod(tex, uv, lodb);
   o[4 * i + 3] = textureLodOffset(tex, uv.yx, lodb, ivec2(7, -8));
}
