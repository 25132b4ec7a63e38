#version 450
// Point sprites: one camera-facing quad per input point.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(set = 0, binding = 0) uniform Proj { mat4 proj; float size; } u;
layout(location = 0) in vec4 in_color[];
layout(location = 0) out vec2 uv;
layout(location = 1) out vec4 color;
void main() {
   const vec2 corners[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
   for (int i = 0; i < 4; i++) {
      vec4 p = gl_in[0].gl_Position + vec4(corners[i] * u.size * gl_in[0].gl_PointSize, 0.0, 0.0);
      gl_Position = u.proj * p;
      uv = corners[i] * 0.5 + 0.5;
      color = in_color[0];
      EmitVertex();
   }
}
