#version 450
// Silhouette edges from triangles with adjacency: an edge is emitted when
// the main triangle faces the light and its neighbour does not.
layout(triangles_adjacency) in;
layout(line_strip, max_vertices = 6) out;
layout(set = 0, binding = 0) uniform L { vec4 light; } l;
bool faces_light(vec3 a, vec3 b, vec3 c) { return dot(cross(b - a, c - a), l.light.xyz - a) > 0.0; }
void main() {
   vec3 p[6];
   for (int i = 0; i < 6; i++)
      p[i] = gl_in[i].gl_Position.xyz;
   if (!faces_light(p[0], p[2], p[4]))
      return;
   for (int e = 0; e < 3; e++) {
      int a = 2 * e, b = (2 * e + 2) % 6;
      if (faces_light(p[a], p[2 * e + 1], p[b]))
         continue;
      gl_Position = gl_in[a].gl_Position;
      EmitVertex();
      gl_Position = gl_in[b].gl_Position;
      EmitVertex();
      EndPrimitive();
   }
}
