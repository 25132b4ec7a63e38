#version 450
// Hair/fur strands as isolines: line count and segment count per patch.
layout(vertices = 2) out;
layout(set = 0, binding = 0) uniform Strands { float density; float segments; } s;
layout(location = 0) in vec4 in_tangent[];
layout(location = 0) out vec4 out_tangent[];
void main() {
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   gl_out[gl_InvocationID].gl_PointSize = 1.0;
   out_tangent[gl_InvocationID] = in_tangent[gl_InvocationID];
   gl_TessLevelOuter[0] = s.density;
   gl_TessLevelOuter[1] = s.segments;
}
