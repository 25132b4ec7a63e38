#version 450
// Point-mode tessellation for particle scattering over a triangle, writing
// point size and the primitive id.
layout(triangles, equal_spacing, point_mode) in;
layout(location = 0) out flat int prim;
void main() {
   vec3 t = gl_TessCoord;
   gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;
   gl_PointSize = 1.0 + 3.0 * t.x * t.y * t.z;
   prim = gl_PrimitiveID;
}
