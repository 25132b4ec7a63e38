#version 450
// Four invocations per triangle, each reading an input colour (the VS's
// location 0, a VUE slot after the position): invocation i draws a 3x3
// square on vertex i % 3, 4 pixels lower per invocation, coloured by
// that vertex with alpha (i + 1) / 4; invocation 3 ends that strip and
// draws a second square on vertex 1, so two invocations of one triangle
// emit different vertex counts.
layout(triangles, invocations = 4) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;

void square(int k)
{
   vec4 base = gl_in[k].gl_Position + vec4(0.0, gl_InvocationID * (4.0 / 16.0), 0.0, 0.0);
   vec4 color = vec4(v_color[k].rgb, 0.25 * float(gl_InvocationID + 1));
   for (int c = 0; c < 4; c++) {
      gl_Position = base + vec4(float(c & 1) * (3.0 / 16.0), float(c >> 1) * (3.0 / 16.0), 0.0, 0.0);
      g_color = color;
      EmitVertex();
   }
   EndPrimitive();
}

void main()
{
   square(gl_InvocationID % 3);
   if (gl_InvocationID == 3)
      square(1);
}
