#version 450
// Points: centre in pixels, size from the vertex, flat colour.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in float size;
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   gl_PointSize = size;
   v_color = color;
}
