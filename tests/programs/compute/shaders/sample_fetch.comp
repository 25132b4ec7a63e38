#version 450
#extension GL_GOOGLE_include_directive : require
// texelFetch and texelFetchOffset at every level (in bounds only: out of
// bounds needs robustImageAccess), textureSize of every level and
// textureQueryLevels.  Exact results.  textureSize is asked with a lod the
// same across the workgroup: lavapipe 22.3 answers a non-uniform lod with
// the first lane's level for all of them (the fetches' level sizes are
// derived from level 0 here for that reason).
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i);
   int levels = textureQueryLevels(tex);
   int lod = int(h >> 28) % levels;
   ivec2 size = max(textureSize(tex, 0) >> lod, ivec2(1));
   ivec2 at = ivec2(int(h & 0xfffu) % size.x, int(h >> 12 & 0xfffu) % size.y);
   o[4 * i] = texelFetch(tex, at, lod);
   // the offset lands on `at` again: in bounds
   o[4 * i + 1] = all(greaterThanEqual(at, ivec2(1, 2)))
                     ? texelFetchOffset(tex, at - ivec2(1, 2), lod, ivec2(1, 2)) : vec4(-1.0);
   ivec2 s = textureSize(tex, int(gl_WorkGroupID.x) % levels);
   o[4 * i + 2] = vec4(float(s.x), float(s.y), float(levels), float(lod));
   o[4 * i + 3] = texelFetch(tex, size - ivec2(1), lod);
}
