#version 450
// Dual-source blending: a second colour for the SRC1 factors.
layout(location = 0) flat in vec4 v_color;
layout(location = 0, index = 0) out vec4 o_color;
layout(location = 0, index = 1) out vec4 o_factor;

void main()
{
   o_color = v_color;
   o_factor = v_color.argb;
}
