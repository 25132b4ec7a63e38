#version 450
// A colour and an integer target (the pixel's position) for the clear
// program.
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o_color;
layout(location = 1) out uint o_pos;

void main()
{
   o_color = v_color;
   o_pos = uint(gl_FragCoord.y) * 32u + uint(gl_FragCoord.x);
}
