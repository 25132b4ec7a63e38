#version 450
// Integer spacing, triangles: the patch is covered whatever triangulation
// the tessellator chooses; the colour is the patch's (gl_PrimitiveID), so
// the picture does not depend on the triangulation.
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec4 t_color[];
layout(location = 0) flat out vec4 v_color;

void main()
{
   vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
   vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
   gl_Position = mix(a, b, gl_TessCoord.y);
   v_color = vec4(t_color[0].rgb, float(gl_PrimitiveID + 1) / 4.0);
}
