#version 450
// gl_SampleMask written: pixel (x, y) keeps the samples of the bits of
// (x + 2y) mod 16 (ANDed with the coverage: 0 discards the fragment).
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o_color;

void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   gl_SampleMask[0] = (p.x + 2 * p.y) & 15;
   o_color = v_color;
}
