#version 450
// textureLod in the vertex shader (no derivatives there): each point
// reads the texture at its coordinate and LOD and passes the colour on.
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 tc;
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   gl_PointSize = 1.0;
   v_color = textureLod(tex, tc.xy, tc.z);
}
