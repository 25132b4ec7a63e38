#version 450
// The push constant's colour on every sample the fragment writes.
layout(push_constant) uniform Push { vec4 color; float x1; } pc;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = pc.color;
}
