#version 450
// The rectangle x in [-1, x1] (NDC) over the whole height, two triangles
// from gl_VertexIndex (0-5: (-1,-1) (x1,-1) (-1,1), (x1,-1) (x1,1) (-1,1)).
layout(push_constant) uniform Push { vec4 color; float x1; } pc;
void main()
{
   int i = gl_VertexIndex;
   float x = (i == 1 || i == 3 || i == 4) ? pc.x1 : -1.0;
   float y = (i == 2 || i == 4 || i == 5) ? 1.0 : -1.0;
   gl_Position = vec4(x, y, 0.0, 1.0);
}
