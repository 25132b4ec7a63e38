#version 450
// Implicit LOD: the derivatives of the texture coordinate select the level.
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = texture(tex, v_tc.xy);
}
