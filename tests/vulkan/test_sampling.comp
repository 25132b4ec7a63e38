#version 450
// test_sampling: invocation i < 16 samples texel (i % 4, i / 4) of a 4x4
// image at its centre, invocation 16 a coordinate left of the image (the
// border colour), through a combined image sampler and through a separate
// texture and (immutable) sampler.
layout(local_size_x = 17) in;
layout(set = 0, binding = 0) uniform sampler2D combined;
layout(set = 0, binding = 1) uniform texture2D tex;
layout(set = 0, binding = 2) uniform sampler black;
layout(set = 0, binding = 3) buffer Out { vec4 v[]; } o;

void main()
{
   uint i = gl_LocalInvocationIndex;
   vec2 uv = i < 16u ? (vec2(i % 4u, i / 4u) + 0.5) / 4.0 : vec2(-0.5, 0.5);
   o.v[i] = textureLod(combined, uv, 0.0);
   o.v[17u + i] = textureLod(sampler2D(tex, black), uv, 0.0);
}
