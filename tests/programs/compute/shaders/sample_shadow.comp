#version 450
#extension GL_GOOGLE_include_directive : require
// Depth compares (the sampler's compare op) through a shadow sampler:
// textureLod, textureLodOffset, textureGrad, textureGather and
// textureGatherOffset with a reference that is either the texel's own
// depth (read through binding 2, the same texels without compare: equal
// on purpose) or a value on a grid of 1/16.  Binding 2 must hold the same
// texels as binding 0.
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2DShadow shadow;
layout(binding = 2) uniform sampler2D depth;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec2 uv = vec2(sample_coord(h), sample_coord(g));
   // the texel nearest-filtered at uv on level 0, or a grid value
   float own = textureLod(depth, uv, 0.0).x;
   float ref = (h >> 28 & 1u) != 0u ? own : float(g >> 28) / 16.0;
   vec2 size = vec2(textureSize(shadow, 0));
   o[3 * i] = vec4(textureLod(shadow, vec3(uv, ref), 0.0),
                   textureLodOffset(shadow, vec3(uv, ref), 0.0, ivec2(-2, 1)),
                   textureGrad(shadow, vec3(uv, ref), vec2(1.0, 0.0) / size,
                               vec2(0.0, 1.0) / size),
                   ref);
   o[3 * i + 1] = textureGather(shadow, uv, ref);
   o[3 * i + 2] = textureGatherOffset(shadow, uv, ref, ivec2(1, -3));
}
