#version 450
// Transform feedback: buffer 0 gets the position in pixels, the vertex
// and instance index of every vertex of every primitive (strips and fans
// written as separate primitives), buffer 1 its colour.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 0) flat out vec4 v_color;
layout(location = 1, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 32) out vec4 x_pos;
layout(location = 2, xfb_buffer = 0, xfb_offset = 16) flat out uvec4 x_ids;
layout(location = 3, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 16) out vec4 x_color;

void main()
{
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   gl_PointSize = 1.0;
   v_color = color;
   x_pos = vec4(pos, float(gl_VertexIndex), 1.0);
   x_ids = uvec4(gl_VertexIndex, gl_InstanceIndex, 0xabcdu, 0u);
   x_color = color;
}
