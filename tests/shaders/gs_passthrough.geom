#version 450
// Pass-through geometry shader for triangles.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec3 in_color[];
layout(location = 0) out vec3 color;
void main() {
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      color = in_color[i];
      EmitVertex();
   }
   EndPrimitive();
}
