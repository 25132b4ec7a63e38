#version 450
// xfb_capture.vert's outputs for a point list, which must write the point
// size: the position and one varying in one buffer.
layout(xfb_buffer = 0, xfb_stride = 32) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 16) out vec4 v_value;
out gl_PerVertex {
    layout(xfb_buffer = 0, xfb_offset = 0) vec4 gl_Position;
    float gl_PointSize;
};
void main()
{
    float x = float(gl_VertexIndex >> 1), y = float(gl_VertexIndex & 1);
    gl_Position = vec4(x * 0.25 - 0.5, y - 0.5, 0.0, 1.0);
    gl_PointSize = 1.0;
    v_value = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), x, y);
}
