#version 450
#extension GL_GOOGLE_include_directive : require
// Integer textures (unsigned at binding 0, signed at binding 2): nearest
// textureLod at coordinates inside and outside [0, 1] (integer border
// colours), textureLodOffset, texelFetch and textureGather.  Exact.
layout(local_size_x = 64) in;
layout(binding = 0) uniform usampler2D utex;
layout(binding = 2) uniform isampler2D itex;
layout(binding = 1, std430) writeonly buffer Out { uvec4 o[]; };

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec2 uv = vec2(sample_coord(h), sample_coord(g));
   o[6 * i] = textureLod(utex, uv, 0.0);
   o[6 * i + 1] = uvec4(textureLod(itex, uv, 0.0));
   o[6 * i + 2] = textureLodOffset(utex, uv, 0.0, ivec2(2, -5));
   o[6 * i + 3] = uvec4(texelFetch(itex, ivec2(h & 7u, g & 7u), 0));
   o[6 * i + 4] = textureGather(utex, uv, 3);
   o[6 * i + 5] = uvec4(textureGather(itex, uv, 0));
}
