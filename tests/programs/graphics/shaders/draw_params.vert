#version 460
// Every draw parameter a vertex sees, passed flat to an integer target:
// gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex, gl_BaseInstance,
// gl_DrawID; each instance moves the primitive 8 pixels right.
layout(location = 0) in vec2 pos;
layout(location = 0) flat out uvec4 v_ids;
layout(location = 1) flat out uint v_draw;

void main()
{
   vec2 p = pos + vec2(8.0 * float(gl_InstanceIndex - gl_BaseInstance), 0.0);
   gl_Position = vec4(p / 16.0 - 1.0, 0.0, 1.0);
   v_ids = uvec4(gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex, gl_BaseInstance);
   v_draw = gl_DrawID;
}
