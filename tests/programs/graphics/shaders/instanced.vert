#version 450
// Per-vertex position, per-instance offset (binding 1) and colour
// (binding 2, stepping every "divisor" instances).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec2 offset;
layout(location = 2) in vec4 color;
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = vec4((pos + offset) / 16.0 - 1.0, 0.0, 1.0);
   v_color = color;
}
