#version 450
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 out_color;
layout(push_constant) uniform Push { vec4 offset; vec4 tint; } pc;
void main()
{
    out_color = v_color * pc.tint;
}
