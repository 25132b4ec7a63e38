#version 450
// Depth replacement with a conservative layout, and early fragment tests
// in a separate shader path (fs_early_z).
layout(depth_greater) out float gl_FragDepth;
layout(location = 0) in vec4 c;
layout(location = 0) out vec4 color;
void main() {
   color = c;
   gl_FragDepth = max(gl_FragCoord.z, c.w);
}
