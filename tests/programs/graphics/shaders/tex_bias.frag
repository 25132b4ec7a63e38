#version 450
// Implicit LOD with a shader bias (the third texture coordinate, constant
// over each quad), on top of the sampler's own bias and LOD clamps.
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = texture(tex, v_tc.xy, v_tc.z);
}
