#version 450
#extension GL_GOOGLE_include_directive : require
// textureLod on a cube map array (imageCubeArray): sample_cube's
// directions on every cube, the cube index rounded and clamped (indices
// below 0 and past the last one on purpose), and textureSize (the cube
// count is also a push constant, so that the sampling is judged apart from
// the query).  Push constants: the lod in 1/16ths, the number of cubes.
layout(local_size_x = 64) in;
layout(binding = 0) uniform samplerCubeArray tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint lod16; uint cubes; } pc;

#include "sample_common.glsl"

vec3 cube_direction(uint h)
{
   float a = (float(int(h & 0x7fu) - 64) + 0.5) / 64.0;
   float b = (float(int(h >> 7 & 0x7fu) - 64) + 0.5) / 64.0;
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
   int cubes = int(pc.cubes);
   // cube index from -1.25 to cubes + 0.75 in steps of 0.25 (never x.5)
   float layer = float(int(g % uint(4 * cubes + 9))) / 4.0 - 1.25;
   layer = fract(layer) == 0.5 ? layer + 0.25 : layer;
   float lod = float(pc.lod16) / 16.0;
   o[2 * i] = textureLod(tex, vec4(cube_direction(h), layer), lod);
   o[2 * i + 1] = vec4(textureSize(tex, 0), float(textureSize(tex, 1).z));
}
