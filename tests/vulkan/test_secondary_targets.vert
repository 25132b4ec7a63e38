#version 450
// The rectangle p.rect (pixel edges x0, y0, x1, y1 of the 8x8 target) at
// depth p.z: two triangles from gl_VertexIndex (corners (0,0) (1,0)
// (0,1), (1,0) (1,1) (0,1)).
layout(push_constant) uniform P { vec4 rect; vec4 color; float z; } p;
void main()
{
   int i = gl_VertexIndex % 6;
   float u = (i == 1 || i == 3 || i == 4) ? 1.0 : 0.0;
   float v = (i == 2 || i == 4 || i == 5) ? 1.0 : 0.0;
   float x = mix(p.rect.x, p.rect.z, u);
   float y = mix(p.rect.y, p.rect.w, v);
   gl_Position = vec4(x / 4.0 - 1.0, y / 4.0 - 1.0, p.z, 1.0);
}
