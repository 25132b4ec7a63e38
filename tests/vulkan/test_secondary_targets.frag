#version 450
// The push constant colour (exact UNORM8 values).
layout(push_constant) uniform P { vec4 rect; vec4 color; float z; } p;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = p.color;
}
