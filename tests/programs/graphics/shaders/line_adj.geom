#version 450
// Lines with adjacency: the line between vertices 1 and 2, coloured by the
// adjacent vertices 0 and 3 (red from one, green from the other).
layout(lines_adjacency) in;
layout(line_strip, max_vertices = 2) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;

void main()
{
   for (int i = 1; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      g_color = vec4(v_color[0].r, v_color[3].g, v_color[i].b, 1.0);
      EmitVertex();
   }
   EndPrimitive();
}
