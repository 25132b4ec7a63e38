#version 450
#extension GL_GOOGLE_include_directive : require
// textureLod and textureLodOffset on a 3D texture at coordinates inside
// and outside [0, 1] (the w address mode too), and textureSize.
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler3D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint lod16; } pc;

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec3 uvw = vec3(sample_coord(h), sample_coord(g), sample_coord(h >> 16 ^ g >> 20));
   float lod = float(pc.lod16) / 16.0;
   o[3 * i] = textureLod(tex, uvw, lod);
   o[3 * i + 1] = textureLodOffset(tex, uvw, lod, ivec3(1, -2, 3));
   o[3 * i + 2] = vec4(textureSize(tex, 0), float(textureQueryLevels(tex)));
}
