#version 450
#extension GL_GOOGLE_include_directive : require
// textureGrad and textureGradOffset on a 2D texture with mip levels: the
// level comes from the gradients (axis-aligned, power-of-two lengths, so
// that the level of detail is an exact integer however the implementation
// approximates the scale factor), plus the sampler's bias and clamps.
// Push constant: 1 makes both gradients the same length (isotropic),
// 0 makes dPdy up to 8 times longer than dPdx.
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };
layout(push_constant) uniform Push { uint isotropic; } pc;

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   vec2 uv = vec2(sample_coord(h), sample_coord(g));
   vec2 size = vec2(textureSize(tex, 0));
   // texel-space lengths 2^-2 .. 2^6: levels of detail -2 .. 6
   float dx = exp2(float(int(h >> 24) % 9 - 2));
   float dy = pc.isotropic != 0u ? dx : dx * exp2(float((g >> 24) % 4u));
   vec2 dPdx = vec2(dx, 0.0) / size, dPdy = vec2(0.0, dy) / size;
   o[2 * i] = textureGrad(tex, uv, dPdx, dPdy);
   o[2 * i + 1] = textureGradOffset(tex, uv, dPdy.yx, dPdx.yx, ivec2(1, -1));
}
