#version 450
// After tessellation: each triangle the tessellator made, as it is and a
// copy 16 pixels to the right (1.0 in clip space) with its colour's green
// set, so that the picture shows the domain shader's triangles reached
// the geometry shader.
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) flat in vec4 v_color[];
layout(location = 0) flat out vec4 g_color;

void main()
{
   for (int copy = 0; copy < 2; copy++) {
      for (int i = 0; i < 3; i++) {
         gl_Position = gl_in[i].gl_Position + vec4(float(copy), 0.0, 0.0, 0.0);
         g_color = v_color[i] + vec4(0.0, float(copy), 0.0, 0.0);
         EmitVertex();
      }
      EndPrimitive();
   }
}
