#version 450
// The interpolated texture coordinate as a colour (no sampling): what the
// first pass of a render-to-texture program draws.
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = vec4(v_tc.xy, v_tc.z, 1.0);
}
