#version 450
// Normal visualisation: one line per input vertex, output as line strips.
layout(triangles) in;
layout(line_strip, max_vertices = 6) out;
layout(set = 0, binding = 0) uniform P { mat4 proj; float len; } u;
layout(location = 0) in vec3 in_normal[];
void main() {
   for (int i = 0; i < 3; i++) {
      gl_Position = u.proj * gl_in[i].gl_Position;
      EmitVertex();
      gl_Position = u.proj * (gl_in[i].gl_Position + vec4(in_normal[i] * u.len, 0.0));
      EmitVertex();
      EndPrimitive();
   }
}
