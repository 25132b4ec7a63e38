#version 450
// A sampler with unnormalized coordinates (texel units; explicit LOD 0,
// as Vulkan requires of such samplers).
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = textureLod(tex, v_tc.xy, 0.0);
}
