#version 460
// Vertex attributes, draw parameters and push constants in one vertex
// shader: what a driver feeds through vertex elements and CONSTANT packets.
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;
layout(push_constant) uniform Push { vec4 offset; vec4 tint; } pc;
void main()
{
    float shift = float(gl_BaseVertex + gl_BaseInstance + gl_DrawID) * 0.01;
    gl_Position = vec4(position + pc.offset.xy + vec2(gl_InstanceIndex) * 0.1 + shift,
                       0.0, 1.0);
    v_color = color * float(gl_VertexIndex + 1) * 0.25;
}
