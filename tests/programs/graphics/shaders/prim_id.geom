#version 450
// Passes triangles through and writes gl_PrimitiveID for the fragment
// shader: twice the input's gl_PrimitiveIDIn plus one, so that the value
// the fragments see must come from the geometry shader.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;

void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      gl_PrimitiveID = gl_PrimitiveIDIn * 2 + 1;
      EmitVertex();
   }
}
