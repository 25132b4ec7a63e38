#version 450
#extension GL_GOOGLE_include_directive : require
// textureGather of each component on a cube map (level 0), in sample_cube's
// directions: the 2x2 footprint, near edges taken from the neighbouring
// face (seamless cube maps); exact results.
layout(local_size_x = 64) in;
layout(binding = 0) uniform samplerCube tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };

#include "sample_common.glsl"

// sample_cube.comp's directions, without the corners: the third
// component stays more than a texel inside, since at a corner only three
// texels exist and the spec leaves the fourth of a footprint to the
// implementation.
vec3 cube_direction(uint h, uint g)
{
   float a = (float(int(h & 0x7fu) - 64) + 0.5) / 64.0;
   float b = (float(int(h >> 7 & 0x3fu) - 32) + 0.5) / 64.0;
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
   o[4 * i] = textureGather(tex, dir, 0);
   o[4 * i + 1] = textureGather(tex, dir, 1);
   o[4 * i + 2] = textureGather(tex, dir, 2);
   o[4 * i + 3] = textureGather(tex, dir, 3);
}
