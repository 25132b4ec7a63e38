#version 450
// Single-pass wireframe: distance of each vertex to the opposite edge in
// screen space, computed from the triangle's three positions.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0) uniform Viewport { vec2 size; } vp;
layout(location = 0) noperspective out vec3 edge_dist;
void main() {
   vec2 p[3];
   for (int i = 0; i < 3; i++)
      p[i] = vp.size * gl_in[i].gl_Position.xy / gl_in[i].gl_Position.w;
   vec2 v0 = p[2] - p[1], v1 = p[2] - p[0], v2 = p[1] - p[0];
   float area = abs(v1.x * v2.y - v1.y * v2.x);
   for (int i = 0; i < 3; i++) {
      edge_dist = vec3(0.0);
      edge_dist[i] = area / length(i == 0 ? v0 : i == 1 ? v1 : v2);
      gl_Position = gl_in[i].gl_Position;
      gl_PrimitiveID = gl_PrimitiveIDIn;
      EmitVertex();
   }
   EndPrimitive();
}
