#version 450
// A cube map: the direction (xyz) chooses the face and the texel.
layout(binding = 8) uniform samplerCube cube;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = texture(cube, v_tc.xyz);
}
