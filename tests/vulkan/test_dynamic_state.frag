#version 450
// One colour per draw, from a push constant.
layout(push_constant) uniform Push { vec4 color; } pc;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = pc.color;
}
