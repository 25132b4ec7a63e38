#version 450
// One triangle over the whole framebuffer at depth 0.75 (the pipeline's
// scissor keeps its left half): test_vulkan12's depth/stencil draw.
void main() {
   vec2 p = vec2(gl_VertexIndex == 1 ? 3.0 : -1.0, gl_VertexIndex == 2 ? 3.0 : -1.0);
   gl_Position = vec4(p, 0.75, 1.0);
}
