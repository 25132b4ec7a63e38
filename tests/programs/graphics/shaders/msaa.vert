#version 450
// Positions in pixels of a 16x16 target (pos / 8 - 1, exact in float:
// multiples of 1/16), depth from z (0 for two-component positions), one
// colour per vertex passed flat: every sample a fragment covers gets the
// same exact colour, whatever the sample positions.
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 color;
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = vec4(pos.xy / 8.0 - 1.0, pos.z, 1.0);
   v_color = color;
}
