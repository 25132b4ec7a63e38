#version 450
// interpolateAtSample with a sample index that changes from pixel to
// pixel (no gl_SampleID) and interpolateAtOffset of a flat input (its
// value, wherever): the locations in pixels, over 16.
layout(location = 0) in vec2 v_pos;
layout(location = 2) flat in vec2 v_flat;
layout(location = 0) out vec4 o_color;

void main()
{
   int s = int(gl_FragCoord.x + gl_FragCoord.y) & 3;
   vec2 at = interpolateAtSample(v_pos, s);
   o_color = vec4(at, interpolateAtOffset(v_flat, vec2(0.25, -0.25))) / 16.0;
}
