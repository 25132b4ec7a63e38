#version 460
// A texture sample and push constants in the fragment stage
// (3DSTATE_CONSTANT_PS, sampler and binding table pointers).
layout(location = 0) in vec4 v_color;
layout(location = 1) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(push_constant) uniform Push { vec4 offset; vec4 tint; } pc;
void main()
{
    o_color = v_color * pc.tint * texture(tex, v_uv);
}
