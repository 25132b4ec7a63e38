#version 450
// Positions in pixels of a 32x32 target (exact in float: multiples of 1/16),
// one colour per vertex passed flat (the provoking vertex's).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   gl_PointSize = 1.0;
   v_color = color;
}
