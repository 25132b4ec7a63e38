#version 450
// A 64-bit output captured by transform feedback: the back end has
// neither 64-bit outputs nor their stream output declarations, so
// gbe_xfb_test expects a refusal naming the output.
layout(location = 0) in vec4 pos;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out dvec2 d;

void main()
{
   gl_Position = pos;
   d = dvec2(pos.xy);
}
