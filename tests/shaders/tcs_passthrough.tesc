#version 450
// Pass-through control shader with constant tessellation levels.
layout(vertices = 3) out;
layout(location = 0) in vec3 in_normal[];
layout(location = 0) out vec3 out_normal[];
void main() {
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   out_normal[gl_InvocationID] = in_normal[gl_InvocationID];
   if (gl_InvocationID == 0) {
      gl_TessLevelOuter[0] = 4.0;
      gl_TessLevelOuter[1] = 4.0;
      gl_TessLevelOuter[2] = 4.0;
      gl_TessLevelInner[0] = 4.0;
   }
}
