#version 450
// PN-triangle evaluation: cubic Bezier patch from per-patch control points
// and quadratic normal interpolation; reads the tessellation levels.
layout(triangles, fractional_even_spacing, ccw) in;
layout(location = 0) in vec3 in_normal[];
layout(location = 1) patch in vec3 b[7];
layout(location = 0) out vec3 normal;
layout(location = 1) out float lod;
void main() {
   float u = gl_TessCoord.x, v = gl_TessCoord.y, w = gl_TessCoord.z;
   vec3 p0 = gl_in[0].gl_Position.xyz, p1 = gl_in[1].gl_Position.xyz, p2 = gl_in[2].gl_Position.xyz;
   vec3 p = p0 * w * w * w + p1 * u * u * u + p2 * v * v * v
          + b[0] * 3.0 * w * w * u + b[1] * 3.0 * w * u * u + b[2] * 3.0 * u * u * v
          + b[3] * 3.0 * u * v * v + b[4] * 3.0 * v * v * w + b[5] * 3.0 * v * w * w
          + b[6] * 6.0 * u * v * w;
   normal = normalize(in_normal[0] * w + in_normal[1] * u + in_normal[2] * v);
   lod = gl_TessLevelOuter[0] + gl_TessLevelOuter[1] + gl_TessLevelOuter[2] + gl_TessLevelInner[0];
   gl_Position = vec4(p, 1.0);
}
