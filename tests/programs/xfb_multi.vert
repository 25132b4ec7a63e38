#version 450
// Two transform feedback buffers with holes: buffer 0 (stride 28) holds a
// at bytes 4-11 and b at 20-23, buffer 1 (stride 24) e at 0-3 (the third
// component of location 1, whose first is b) and c at 8-19; d is not
// captured.  Bytes between and past them are never written.
layout(xfb_buffer = 0, xfb_stride = 28) out;
layout(xfb_buffer = 1, xfb_stride = 24) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 4) out vec2 a;
layout(location = 1, component = 0, xfb_buffer = 0, xfb_offset = 20) out float b;
layout(location = 1, component = 2, xfb_buffer = 1, xfb_offset = 0) out float e;
layout(location = 2, xfb_buffer = 1, xfb_offset = 8) out vec3 c;
layout(location = 3) out vec4 d;
void main()
{
    float i = float(gl_VertexIndex), n = float(gl_InstanceIndex);
    gl_Position = vec4(i * 0.125, n, 0.0, 1.0);
    a = vec2(i, 100.0 + i);
    b = 200.0 + i + 10.0 * n;
    e = 400.0 + i;
    c = vec3(300.0 + i, -i, 0.5 * i);
    d = vec4(i);
}
