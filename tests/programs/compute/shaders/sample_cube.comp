#version 450
#extension GL_GOOGLE_include_directive : require
// textureLod on a cube map in directions hitting every face: the major
// axis (x, y or z, either sign) picked per invocation with magnitude 1, the
// other two odd multiples of 1/128 in (-1, 1), so that no two components
// tie (the face is never ambiguous) and the face coordinates on these 8x8
// faces are odd multiples of 1/32 texel (never on a texel's edge or
// centre, as sample_common.glsl explains), while many land within a texel
// of an edge or a corner (seamless filtering reads the neighbouring
// faces).  Also textureSize.  Push constant: the lod in 1/16ths.
layout(local_size_x = 64) in;
layout(binding = 0) uniform samplerCube tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint lod16; } pc;

#include "sample_common.glsl"

vec3 cube_direction(uint h, uint g)
{
   float a = (float(int(h & 0x7fu) - 64) + 0.5) / 64.0;
   float b = (float(int(h >> 7 & 0x7fu) - 64) + 0.5) / 64.0;
   // every other one within a texel of an edge: |a| from 127/128 to 97/128
   if ((g & 1u) != 0u)
      a = (a < 0.0 ? -1.0 : 1.0) * (1.0 - (float(g >> 1 & 0xfu) + 0.5) / 64.0);
   float major = (h >> 14 & 1u) != 0u ? 1.0 : -1.0;
   switch ((h >> 15) % 3u) {
   case 0u: return vec3(major, a, b);
   case 1u: return vec3(a, major, b);
   default: return vec3(a, b, major);
   }
}

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec3 dir = cube_direction(h, g);
   float lod = float(pc.lod16) / 16.0;
   o[3 * i] = textureLod(tex, dir, lod);
   // the same direction scaled by a power of two: the same face coordinates
   o[3 * i + 1] = textureLod(tex, dir * 4.0, lod + 1.0);
   o[3 * i + 2] = vec4(vec2(textureSize(tex, 0)), vec2(textureSize(tex, 1)));
}
