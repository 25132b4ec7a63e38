#version 450
#extension GL_GOOGLE_include_directive : require
// A sampler with unnormalized coordinates: texel-space coordinates from
// -4 to the size + 4 (clamp to edge or border), level 0 only, no offsets
// (Vulkan spec, VkSamplerCreateInfo unnormalizedCoordinates).
layout(local_size_x = 64) in;
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1, std430) writeonly buffer Out { vec4 o[]; };

#include "sample_common.glsl"

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint h = sample_hash(i), g = sample_hash(i + 0x9e3779b9u);
   // odd multiples of 1/32 texel: never on a texel's edge or centre
   // (sample_common.glsl), exact with 5 sub-texel bits or more
   uvec2 span = uvec2(textureSize(tex, 0) + 8) * 16u;
   vec2 st = (vec2(uvec2(h & 0xffffu, g & 0xffffu) % span) + 0.5) / 16.0 - 4.0;
   o[2 * i] = textureLod(tex, st, 0.0);
   o[2 * i + 1] = vec4(st, 0.0, 0.0);
}
