#version 450
// Colour from gl_PrimitiveID: red its value in eighths, green its lowest
// bit.
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = vec4(float(gl_PrimitiveID) / 8.0, float(gl_PrimitiveID & 1), 0.0, 1.0);
}
