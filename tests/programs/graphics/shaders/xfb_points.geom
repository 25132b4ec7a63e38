#version 450
// Transform feedback from a geometry shader: each triangle's vertices
// become points, captured in buffer 0 as the position in pixels, then
// the triangle's gl_PrimitiveIDIn, the vertex's number in the triangle
// and how many points this invocation emitted before it.  The second
// point of each triangle is emitted only when its colour's alpha is
// above one half, so invocations emit different vertex counts.
layout(triangles) in;
layout(points, max_vertices = 3) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;
layout(location = 1, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 32) out vec4 x_pos;
layout(location = 2, xfb_buffer = 0, xfb_offset = 16) flat out uvec4 x_ids;

void main()
{
   uint emitted = 0u;
   for (int i = 0; i < 3; i++) {
      if (i == 1 && v_color[1].a <= 0.5)
         continue;
      gl_Position = gl_in[i].gl_Position;
      g_color = v_color[i];
      x_pos = vec4((gl_in[i].gl_Position.xy + 1.0) * 16.0, 0.0, 1.0);
      x_ids = uvec4(uint(gl_PrimitiveIDIn), uint(i), emitted, 0xabcdu);
      EmitVertex();
      EndPrimitive();
      emitted++;
   }
}
