#version 450
#extension GL_ARB_shader_draw_parameters : require
// Vulkan draw parameters: VertexIndex includes the base vertex, InstanceIndex
// the base instance (HARDWARE-NOTES §1).
layout(location = 0) in vec4 pos;
layout(location = 0) flat out uvec4 ids;
void main() {
   ids = uvec4(gl_VertexIndex, gl_InstanceIndex, gl_BaseVertexARB, gl_BaseInstanceARB);
   ids.w += uint(gl_DrawIDARB) << 16;
   gl_Position = pos + vec4(float(gl_InstanceIndex - gl_BaseInstanceARB) * 0.1, 0.0, 0.0, 0.0);
   gl_PointSize = 2.0;
}
