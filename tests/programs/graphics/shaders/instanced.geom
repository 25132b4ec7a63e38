#version 450
// Three invocations per triangle: invocation i draws the triangle moved
// 10 pixels right per invocation, coloured by gl_PrimitiveID (red) and
// gl_InvocationID (green).
layout(triangles, invocations = 3) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) flat out vec4 g_color;

void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position + vec4(gl_InvocationID * (10.0 / 16.0), 0.0, 0.0, 0.0);
      g_color = vec4(0.25 + 0.5 * gl_PrimitiveIDIn, 0.25 * gl_InvocationID, 1.0, 1.0);
      EmitVertex();
   }
}
