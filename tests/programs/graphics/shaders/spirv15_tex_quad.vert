#version 450
// target-env: vulkan1.2
// (SPIR-V 1.5 of tex_quad.vert: every global in the entry point's interface)
// Positions in pixels of a 32x32 target, a texture coordinate per vertex
// (smooth; perspective-correct: the fourth component q is the clip w, so
// a quad with different q at its ends is a slanted plane).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 tc;
layout(location = 0) out vec4 v_tc;

void main()
{
   float q = tc.w == 0.0 ? 1.0 : tc.w;
   gl_Position = vec4((pos / 16.0 - 1.0) * q, 0.0, q);
   v_tc = vec4(tc.xyz, 1.0);
}
