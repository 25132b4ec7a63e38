#version 450
// A 2D array texture alone (the layer is the third coordinate, rounded).
layout(binding = 8) uniform sampler2DArray arr;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = texture(arr, v_tc.xyz);
}
