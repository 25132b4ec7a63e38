#version 460
// Vertex attributes, Vulkan draw parameters and push constants: what a
// driver feeds through vertex elements, SGVS and 3DSTATE_CONSTANT_VS.
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;
layout(location = 1) out vec2 v_uv;
layout(push_constant) uniform Push { vec4 offset; vec4 tint; } pc;
void main()
{
    float shift = float(gl_BaseVertex + gl_BaseInstance + gl_DrawID) * 0.01;
    gl_Position = vec4(position + pc.offset.xy + vec2(gl_InstanceIndex) * 0.1 + shift,
                       0.25 + 0.1 * float(gl_VertexIndex % 3), 1.0);
    v_color = color;
    v_uv = position * 0.5 + 0.5;
}
