#version 450
#extension GL_GOOGLE_include_directive : require
// textureLod, textureLodOffset and texelFetch on a 1D texture with mip
// levels, and textureSize of every level (asked with a workgroup-uniform
// lod: sample_fetch.comp says why).
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler1D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint lod16; } pc;

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i);
   float u = sample_coord(h);
   float lod = float(pc.lod16) / 16.0 + float(h >> 29) / 2.0;
   int levels = textureQueryLevels(tex);
   int l = int(i) % levels;
   int size = max(textureSize(tex, 0) >> l, 1);
   o[3 * i] = textureLod(tex, u, lod);
   o[3 * i + 1] = textureLodOffset(tex, u, lod, -5);
   o[3 * i + 2] = vec4(texelFetch(tex, int(h >> 8) % size, l).xy,
                       float(textureSize(tex, int(gl_WorkGroupID.x) % levels)), float(levels));
}
