#version 450
// VK_EXT_sampler_filter_minmax: the same 2x2 image through samplers that
// average, take the minimum and the maximum, bilinear at the centre
// (every texel weighs 1/4).
layout(local_size_x = 1) in;
layout(binding = 0) uniform sampler2D average;
layout(binding = 1) uniform sampler2D minimum;
layout(binding = 2) uniform sampler2D maximum;
layout(std430, binding = 3) buffer Out { vec4 v[3]; } o;
void main()
{
   o.v[0] = textureLod(average, vec2(0.5), 0.0);
   o.v[1] = textureLod(minimum, vec2(0.5), 0.0);
   o.v[2] = textureLod(maximum, vec2(0.5), 0.0);
}
