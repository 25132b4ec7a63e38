#version 450
#extension GL_GOOGLE_include_directive : require
// textureGather of each component, textureGatherOffset and
// textureGatherOffsets (shaderImageGatherExtended) on level 0 of a 2D
// texture, at coordinates inside and outside [0, 1]: exact results (the
// four texels of the bilinear footprint, no filtering).
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };

#include "sample_common.glsl"

const ivec2 offsets[4] = ivec2[4](ivec2(-8, 7), ivec2(0, 0), ivec2(3, -2), ivec2(7, -8));

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec2 uv = vec2(sample_coord(h), sample_coord(g));
   o[7 * i] = textureGather(tex, uv, 0);
   o[7 * i + 1] = textureGather(tex, uv, 1);
   o[7 * i + 2] = textureGather(tex, uv, 2);
   o[7 * i + 3] = textureGather(tex, uv, 3);
   o[7 * i + 4] = textureGatherOffset(tex, uv, ivec2(-8, 7), 1);
   o[7 * i + 5] = textureGatherOffsets(tex, uv, offsets, 0);
   o[7 * i + 6] = textureGatherOffset(tex, uv, ivec2(5, 3), 3);
}
