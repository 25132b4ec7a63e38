#version 450
// Per-sample shading: gl_SampleID and gl_SamplePosition (which make the
// invocation run per sample, Vulkan "Sample Shading") and gl_FragCoord,
// the sample's location then; all multiples of 1/8 at 4x (the standard
// sample locations), exact in float16.
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = vec4(gl_SamplePosition, float(gl_SampleID) + fract(gl_FragCoord.x),
                  fract(gl_FragCoord.y));
}
