#version 450
// Triangle domain, integer spacing, point mode: every vertex the
// tessellator makes is a 1-pixel point coloured by its tessellation
// coordinate.
layout(triangles, equal_spacing, point_mode) in;
layout(location = 0) in vec4 t_color[];
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +
                 gl_TessCoord.y * gl_in[1].gl_Position +
                 gl_TessCoord.z * gl_in[2].gl_Position;
   gl_PointSize = 1.0;
   v_color = vec4(gl_TessCoord, 1.0);
}
