#version 450
// Triangles with adjacency: the triangle of the three adjacent vertices
// (1, 3, 5), each coloured by its vertex, and the main triangle's
// vertices as points: shows which vertex went where.
layout(triangles_adjacency) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;

void main()
{
   for (int i = 1; i < 6; i += 2) {
      gl_Position = gl_in[i].gl_Position;
      g_color = v_color[i] * 0.5 + v_color[(i + 1) % 6] * 0.5;
      EmitVertex();
   }
   EndPrimitive();
}
