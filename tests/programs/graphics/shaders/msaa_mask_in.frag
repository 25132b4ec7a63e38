#version 450
// gl_SampleMaskIn read without sample shading: the samples of the pixel
// the primitive covers, written to red as a number (0..15, exact in a
// float target) on every sample the fragment covers.
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = vec4(float(gl_SampleMaskIn[0]), v_color.gba);
}
