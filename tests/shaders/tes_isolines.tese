#version 450
// Isoline evaluation: a Catmull-Rom curve per line, swaying with time.
layout(isolines, equal_spacing) in;
layout(push_constant) uniform Push { float time; } pc;
layout(location = 0) in vec4 in_tangent[];
layout(location = 0) out float along;
void main() {
   float t = gl_TessCoord.x, line = gl_TessCoord.y;
   vec4 p0 = gl_in[0].gl_Position, p1 = gl_in[1].gl_Position;
   vec4 m0 = in_tangent[0], m1 = in_tangent[1];
   float t2 = t * t, t3 = t2 * t;
   vec4 p = (2.0 * t3 - 3.0 * t2 + 1.0) * p0 + (t3 - 2.0 * t2 + t) * m0
          + (-2.0 * t3 + 3.0 * t2) * p1 + (t3 - t2) * m1;
   p.x += sin(pc.time + line * 6.28) * 0.05 * t;
   along = t;
   gl_Position = p;
}
