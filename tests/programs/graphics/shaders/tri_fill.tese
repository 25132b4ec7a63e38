#version 450
// Triangle domain, integer spacing, clockwise: the patch is covered
// whatever triangulation the tessellator chooses; the colour is the
// patch's (gl_PrimitiveID), so the picture does not depend on the
// triangulation, only on the patch's outline and its winding.
layout(triangles, equal_spacing, cw) in;
layout(location = 0) in vec4 t_color[];
layout(location = 0) flat out vec4 v_color;

void main()
{
   gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +
                 gl_TessCoord.y * gl_in[1].gl_Position +
                 gl_TessCoord.z * gl_in[2].gl_Position;
   v_color = vec4(t_color[0].rgb, float(gl_PrimitiveID + 1) / 4.0);
}
