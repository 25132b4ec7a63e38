#version 450
// Integer spacing in point mode: every vertex the tessellator makes is a
// point (their positions are dyadic for levels 2 and 4: exact); the
// colour tells the tessellation coordinate.
layout(quads, equal_spacing, point_mode) in;
layout(location = 0) in vec4 t_color[];
layout(location = 0) flat out vec4 v_color;

void main()
{
   vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
   vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
   gl_Position = mix(a, b, gl_TessCoord.y);
   gl_PointSize = 1.0;
   v_color = vec4(gl_TessCoord.xy, t_color[0].b, 1.0);
}
