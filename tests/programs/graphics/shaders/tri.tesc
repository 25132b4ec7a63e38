#version 450
// Triangle patches of three control points, tessellation levels from the
// first vertex's colour alpha channel (times 8: 2, 3, 4...).
layout(vertices = 3) out;
layout(location = 0) in vec4 v_color[];
layout(location = 0) out vec4 t_color[];

void main()
{
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   t_color[gl_InvocationID] = v_color[gl_InvocationID];
   if (gl_InvocationID == 0) {
      float level = v_color[0].a * 8.0;
      gl_TessLevelOuter[0] = level;
      gl_TessLevelOuter[1] = level;
      gl_TessLevelOuter[2] = level;
      gl_TessLevelInner[0] = level;
   }
}
