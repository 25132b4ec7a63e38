#version 450
#extension GL_ARB_shader_draw_parameters : require
// Records the draw parameters each vertex sees at slot VertexIndex +
// 16 * InstanceIndex (test_draw.c); TAG_FROM_PUSH false makes a VS
// without push constants (another push-constant allocation).
layout(constant_id = 0) const bool TAG_FROM_PUSH = true;
layout(set = 0, binding = 0, std430) buffer Out { uvec4 v[]; } o;
layout(push_constant) uniform Push { uint tag; } pc;
void main()
{
   uint slot = uint(gl_VertexIndex) + 16u * uint(gl_InstanceIndex);
   uint tag = TAG_FROM_PUSH ? pc.tag : 0x55u;
   o.v[slot] = uvec4(uint(gl_BaseVertexARB), uint(gl_BaseInstanceARB), uint(gl_DrawIDARB), tag);
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
