#version 450
// gbe_gs_test.c: pulled inputs at run-time vertex indices, PrimitiveIDIn,
// EndPrimitive under control flow (cut bits) and a vertex count that
// differs between channels.
layout(triangles) in;
layout(triangle_strip, max_vertices = 5) out;
layout(location = 0) in vec4 v_color[];
layout(location = 1) out vec4 g_data;
layout(location = 3) flat out uint g_id;
void main()
{
   int n = gl_PrimitiveIDIn % 3;
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position * 2.0;
      g_data = v_color[(i + gl_PrimitiveIDIn) % 3];
      g_id = uint(gl_PrimitiveIDIn * 10 + i);
      EmitVertex();
      if (i == n)
         EndPrimitive();
   }
   if (gl_PrimitiveIDIn >= 4) {
      gl_Position = vec4(7.0);
      g_data = vec4(1.0);
      g_id = 99u;
      EmitVertex();
   }
}
