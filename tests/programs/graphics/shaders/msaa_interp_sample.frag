#version 450
// interpolateAtSample at constant samples of a perspective and of a
// linear input, at per-sample shading (the spec's sample_shading): the
// locations in pixels of those samples, over 16, whichever sample the
// invocation shades.
layout(location = 0) in vec2 v_pos;
layout(location = 1) noperspective in vec2 v_lin;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = vec4(interpolateAtSample(v_pos, 3), interpolateAtSample(v_lin, 1)) / 16.0;
}
