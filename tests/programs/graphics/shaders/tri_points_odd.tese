#version 450
// tri_points.tese with fractional odd spacing and clockwise winding: the
// same modes tri_modes.tesc declares on the control stage, here on the
// evaluation stage (tess_tes_modes mirrors tess_tcs_modes).
layout(triangles, fractional_odd_spacing, cw, point_mode) in;
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
