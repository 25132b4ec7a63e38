#version 450
// PN triangles: the control shader computes the cubic Bezier control
// points as per-patch outputs (an array) from positions and normals.
layout(vertices = 3) out;
layout(location = 0) in vec3 in_normal[];
layout(location = 0) out vec3 out_normal[];
layout(location = 1) patch out vec3 b[7];
layout(push_constant) uniform Push { float level; } pc;
vec3 edge(vec3 pi, vec3 pj, vec3 ni) { return (2.0 * pi + pj - dot(pj - pi, ni) * ni) / 3.0; }
void main() {
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   out_normal[gl_InvocationID] = in_normal[gl_InvocationID];
   if (gl_InvocationID == 0) {
      vec3 p0 = gl_in[0].gl_Position.xyz, p1 = gl_in[1].gl_Position.xyz, p2 = gl_in[2].gl_Position.xyz;
      vec3 n0 = in_normal[0], n1 = in_normal[1], n2 = in_normal[2];
      b[0] = edge(p0, p1, n0); b[1] = edge(p1, p0, n1);
      b[2] = edge(p1, p2, n1); b[3] = edge(p2, p1, n2);
      b[4] = edge(p2, p0, n2); b[5] = edge(p0, p2, n0);
      vec3 e = (b[0] + b[1] + b[2] + b[3] + b[4] + b[5]) / 6.0;
      b[6] = e + (e - (p0 + p1 + p2) / 3.0) * 0.5;
      for (int i = 0; i < 3; i++)
         gl_TessLevelOuter[i] = pc.level;
      gl_TessLevelInner[0] = pc.level;
   }
}
