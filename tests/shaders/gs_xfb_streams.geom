#version 450
// Geometry streams with transform feedback: each output keeps its stream
// and its capture (ir_xfb_test).
layout(points) in;
layout(points, max_vertices = 2) out;
layout(location = 0, stream = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 8) out vec2 a;
layout(location = 1, stream = 1, xfb_buffer = 1, xfb_offset = 4, xfb_stride = 12) out vec2 b;
void main()
{
   a = vec2(1.0);
   EmitStreamVertex(0);
   b = vec2(2.0);
   EmitStreamVertex(1);
}
