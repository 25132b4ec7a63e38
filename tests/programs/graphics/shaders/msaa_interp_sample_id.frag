#version 450
// interpolateAtSample at gl_SampleID (a sample number that differs from
// channel to channel of one thread under per-sample shading) and, in a
// loop whose trip count is gl_SampleID + 1, at every sample up to it:
// locations in pixels, over 16, and their sum.
layout(location = 0) in vec2 v_pos;
layout(location = 1) noperspective in vec2 v_lin;
layout(location = 0) out vec4 o_color;

void main()
{
   vec2 own = interpolateAtSample(v_pos, gl_SampleID);
   vec2 sum = vec2(0.0);
   for (int i = 0; i <= gl_SampleID; i++)
      sum += interpolateAtSample(v_lin, i);
   o_color = vec4(own, sum) / 16.0;
}
