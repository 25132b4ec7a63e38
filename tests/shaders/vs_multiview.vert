#version 450
#extension GL_EXT_multiview : require
// Multiview: per-view matrices selected by ViewIndex.
layout(set = 0, binding = 0) uniform Views { mat4 view_proj[2]; } views;
layout(location = 0) in vec3 pos;
void main() {
   gl_Position = views.view_proj[gl_ViewIndex] * vec4(pos, 1.0);
}
