#version 450
// Thick lines: each line segment (with adjacency for mitering) becomes a
// quad; the viewport index selects split-screen halves.
layout(lines_adjacency) in;
layout(triangle_strip, max_vertices = 4) out;
layout(push_constant) uniform Push { float width; int viewport; } pc;
void main() {
   vec2 a = gl_in[1].gl_Position.xy, b = gl_in[2].gl_Position.xy;
   vec2 prev = normalize(a - gl_in[0].gl_Position.xy), next = normalize(gl_in[3].gl_Position.xy - b);
   vec2 dir = normalize(b - a);
   vec2 na = normalize(vec2(-(prev + dir).y, (prev + dir).x)) * pc.width;
   vec2 nb = normalize(vec2(-(dir + next).y, (dir + next).x)) * pc.width;
   vec2 pts[4] = vec2[](a + na, a - na, b + nb, b - nb);
   for (int i = 0; i < 4; i++) {
      gl_ViewportIndex = pc.viewport;
      gl_Position = vec4(pts[i], gl_in[i < 2 ? 1 : 2].gl_Position.zw);
      EmitVertex();
   }
}
