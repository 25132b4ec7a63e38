#version 450
// By the third coordinate: textureOffset (a constant texel offset),
// textureGather of red (the four texels of the bilinear footprint, one a
// component) or textureGatherOffset of blue.
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   vec4 offset = textureOffset(tex, v_tc.xy, ivec2(-2, 3));
   vec4 gather = textureGather(tex, v_tc.xy, 0);
   vec4 gather_b = textureGatherOffset(tex, v_tc.xy, ivec2(1, -1), 2);
   o_color = v_tc.z < 0.5 ? offset : v_tc.z < 1.5 ? gather : gather_b;
}
