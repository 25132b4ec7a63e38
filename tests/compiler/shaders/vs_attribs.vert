#version 460
// gbe_vs_test: attributes at locations 0, 2 and 5, push constants, a
// point size and two varyings (locations 1 and 4).
layout(location = 0) in vec4 pos;
layout(location = 2) in vec2 uv;
layout(location = 5) in uvec3 ids;
layout(location = 1) out vec2 o_uv;
layout(location = 4) flat out uvec4 o_ids;
layout(push_constant) uniform Push { vec4 scale; vec4 bias; } pc;
void main()
{
    gl_Position = pos * pc.scale + pc.bias;
    o_uv = uv * 2.0;
    o_ids = uvec4(ids, ids.x + ids.z);
    gl_PointSize = uv.x + 1.0;
}
