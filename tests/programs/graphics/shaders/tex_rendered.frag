#version 450
// Samples the texture the program's first render pass rendered.
layout(binding = 8) uniform sampler2D rendered;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = texture(rendered, v_tc.xy);
}
