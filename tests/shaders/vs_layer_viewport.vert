#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Layered rendering from the vertex shader (cube-map faces in one pass).
layout(push_constant) uniform Push { mat4 face_vp[6]; } pc;
layout(location = 0) in vec3 pos;
layout(location = 0) out vec3 dir;
void main() {
   int face = gl_InstanceIndex % 6;
   gl_Layer = face;
   gl_ViewportIndex = face & 1;
   dir = pos;
   gl_Position = pc.face_vp[face] * vec4(pos, 1.0);
}
