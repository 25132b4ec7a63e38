#version 450
// A triangle per draw: 2D positions from a vertex buffer, moved by a
// push-constant offset; a flat colour from a second, per-instance buffer.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(push_constant) uniform Push { vec2 offset; } pc;
layout(location = 0) flat out vec4 v_color;
void main()
{
   gl_Position = vec4(pos + pc.offset, 0.0, 1.0);
   v_color = color;
}
