#version 450
#extension GL_GOOGLE_include_directive : require
// Depth compares on a 2D array (sampler2DArrayShadow): textureGrad (unit
// texel gradients: level 0), textureGather and textureGatherOffset, the
// layer rounded and clamped, the reference either the texel's own depth
// (read through binding 2, the same texels without compare) or a value on
// a grid of 1/16.
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2DArrayShadow shadow;
layout(binding = 2) uniform sampler2DArray depth;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   ivec3 size = textureSize(shadow, 0);
   // layers from -1.25 to size.z + 0.5 in quarters, never x.5
   float layer = float(int(g >> 20) % (4 * size.z + 7)) / 4.0 - 1.25;
   layer = fract(layer) == 0.5 ? layer + 0.25 : layer;
   vec3 uvl = vec3(sample_coord(h), sample_coord(g), layer);
   float own = textureLod(depth, uvl, 0.0).x;
   float ref = (h >> 28 & 1u) != 0u ? own : float(g >> 28) / 16.0;
   vec2 texel = vec2(1.0) / vec2(size.xy);
   o[3 * i] = vec4(textureGrad(shadow, vec4(uvl, ref), vec2(texel.x, 0.0),
                               vec2(0.0, texel.y)), ref, layer, 0.0);
   o[3 * i + 1] = textureGather(shadow, uvl, ref);
   o[3 * i + 2] = textureGatherOffset(shadow, uvl, ref, ivec2(-1, 2));
}
