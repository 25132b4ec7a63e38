#version 450
// Flat triangle domain evaluation by barycentric interpolation.
layout(triangles, equal_spacing, ccw) in;
layout(location = 0) in vec3 in_normal[];
layout(location = 0) out vec3 normal;
void main() {
   vec3 t = gl_TessCoord;
   gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;
   normal = normalize(t.x * in_normal[0] + t.y * in_normal[1] + t.z * in_normal[2]);
}
