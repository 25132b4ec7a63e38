#version 460
// gbe_vs_test: a matrix attribute (a location per column), an attribute
// and outputs at a component other than x, a struct varying (a location
// per member) and two varyings sharing a location.
layout(location = 0) in mat2 m;
layout(location = 2, component = 1) in float f;
struct S { vec2 x; float y; };
layout(location = 1) out S s;
layout(location = 3, component = 2) out vec2 zw;
layout(location = 3) out float xo;
void main()
{
    gl_Position = vec4(m[0], m[1]);
    s.x = m[1] * 2.0;
    s.y = f;
    zw = vec2(f, f + 1.0);
    xo = m[0].x;
}
