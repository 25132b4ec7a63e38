#version 450
layout(location = 0) flat in vec4 g_color;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = g_color;
}
