#version 450
#extension GL_GOOGLE_include_directive : require
// textureLod, textureLodOffset, texelFetch and textureGather on a 2D array
// texture: the layer is rounded to nearest (even on ties: Vulkan spec,
// "(u,v,w,a) to (i,j,k,l,n) Transformation", RNE) and clamped to the
// layers, with layers below 0, past the last and at x.5 on purpose.
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2DArray tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint lod16; } pc;

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   ivec3 size = textureSize(tex, 0);
   float layer = float(int(g >> 20) % (4 * size.z + 12)) / 4.0 - 1.5;
   vec3 uvl = vec3(sample_coord(h), sample_coord(g), layer);
   float lod = float(pc.lod16) / 16.0;
   o[4 * i] = textureLod(tex, uvl, lod);
   o[4 * i + 1] = textureLodOffset(tex, uvl, lod, ivec2(4, -1));
   o[4 * i + 2] = texelFetch(tex, ivec3(int(h) & (size.x - 1), int(g) & (size.y - 1),
                                        int(h >> 20) % size.z), 0);
   o[4 * i + 3] = textureGather(tex, uvl, 2);
}
