#version 450
// Positions in pixels of a 16x16 target (pos / 8 - 1, w = 1), passed on
// as they are, perspective and linear: interpolated anywhere, the
// attribute is that location in pixels, so that where interpolateAt*
// evaluates shows in the value.
layout(location = 0) in vec2 pos;
layout(location = 0) out vec2 v_pos;
layout(location = 1) noperspective out vec2 v_lin;
layout(location = 2) flat out vec2 v_flat;

void main()
{
   gl_Position = vec4(pos / 8.0 - 1.0, 0.0, 1.0);
   v_pos = pos;
   v_lin = pos;
   v_flat = pos;
}
