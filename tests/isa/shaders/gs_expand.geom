#version 450
// A geometry shader: URB reads and writes, EmitVertex/EndPrimitive.
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) in vec2 uv_in[];
layout(location = 1) in vec4 color_in[];
layout(location = 0) out vec2 uv;
layout(location = 1) out vec4 color;
void main()
{
   for (int copy = 0; copy < 2; copy++) {
      for (int v = 0; v < 3; v++) {
         gl_Position = gl_in[v].gl_Position + vec4(float(copy) * 0.1, 0.0, 0.0, 0.0);
         uv = uv_in[v];
         color = color_in[v];
         EmitVertex();
      }
      EndPrimitive();
   }
}
