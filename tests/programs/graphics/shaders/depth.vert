#version 450
// Positions in pixels with a depth, flat colour.
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 color;
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = vec4(pos.xy / 16.0 - 1.0, pos.z, 1.0);
   v_color = color;
}
