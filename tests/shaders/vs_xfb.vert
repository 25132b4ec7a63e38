#version 450
// Transform feedback decorations the front end keeps on the IR's output
// variables (ir_xfb_test checks each against the qualifiers here): a
// variable with its own buffer, offset and stride, one not captured, and
// gl_PerVertex members under the block's buffer and stride with a member
// offset (gl_PointSize has none, so it is not captured).
layout(location = 0) in vec4 pos;
layout(location = 0, xfb_buffer = 1, xfb_offset = 16, xfb_stride = 32) out vec4 color;
layout(location = 1) out vec2 uncaptured;
layout(xfb_buffer = 0, xfb_stride = 20) out gl_PerVertex {
   layout(xfb_offset = 4) vec4 gl_Position;
   float gl_PointSize;
};
void main()
{
   gl_Position = pos;
   gl_PointSize = 2.0;
   color = pos * 2.0;
   uncaptured = pos.xy;
}
