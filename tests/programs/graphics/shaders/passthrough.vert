#version 450
// Positions in pixels to clip space for a later stage (tessellation or
// geometry), colour as it comes.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;

void main()
{
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   v_color = color;
}
