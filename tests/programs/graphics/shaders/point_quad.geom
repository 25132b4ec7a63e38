#version 450
// Points to squares: each point becomes a 6x6-pixel square (a strip of
// four vertices, always four: the compiler's static vertex count),
// coloured by the point.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;

void main()
{
   const vec2 corner[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
   for (int i = 0; i < 4; i++) {
      // 3 pixels each way: 3 / 16 in clip space.
      gl_Position = gl_in[0].gl_Position + vec4(corner[i] * (3.0 / 16.0), 0.0, 0.0);
      g_color = v_color[0];
      EmitVertex();
   }
}
