#version 460
// gbe_vs_test: an early return inside control flow (the channels that
// return wait at the end of the kernel and write their rows with the
// others); o_v.y is never written.
layout(location = 0) in float a;
layout(location = 3) out vec2 o_v;
void main()
{
    gl_Position = vec4(a, 0.0, 0.0, 1.0);
    if (a > 3.0) {
        o_v.x = 7.0;
        return;
    }
    o_v.x = a * 10.0;
}
