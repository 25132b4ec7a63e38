#version 450
// Per-sample shading of a varying: interpolateAt* read the input at the
// centroid, at a given sample and at an offset from the pixel centre.
layout(location = 0) in vec4 color;
layout(location = 1) centroid in vec2 uv;
layout(location = 0) out vec4 frag;

layout(push_constant) uniform Push { vec2 offset; int sample_index; } pc;

void main()
{
    vec4 c = interpolateAtCentroid(color);
    vec4 s = interpolateAtSample(color, pc.sample_index);
    vec2 o = interpolateAtOffset(uv, pc.offset);
    frag = mix(c, s, 0.5) * vec4(o, 1.0, 1.0);
}
