#version 450
// A triangle to separate strips with EndPrimitive: always the square on
// its first vertex (two triangles), then, when the vertex colour's alpha
// is above one half, a second square on the second vertex.  The second
// square is a strip of its own: without the cut between them the strip
// would join them with two more triangles.  The vertex count depends on
// the input, so the kernel writes it (no static vertex count).
layout(triangles) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;

void square(vec4 centre, vec4 color)
{
   const vec2 corner[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
   for (int i = 0; i < 4; i++) {
      gl_Position = centre + vec4(corner[i] * (2.0 / 16.0), 0.0, 0.0);
      g_color = color;
      EmitVertex();
   }
   EndPrimitive();
}

void main()
{
   square(gl_in[0].gl_Position, v_color[0]);
   if (v_color[1].a > 0.5)
      square(gl_in[1].gl_Position, v_color[1]);
}
