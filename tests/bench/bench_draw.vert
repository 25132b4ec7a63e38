#version 450
// Position from the vertex buffer (normalised device coordinates); a flat
// colour of 0 or 1/255 per channel from the triangle's number and the
// instance, so that additive blending sums exact unorm8 steps.
layout(location = 0) in vec2 pos;
layout(location = 0) flat out vec4 colour;

void main()
{
   int key = gl_VertexIndex / 3 + gl_InstanceIndex;
   colour = vec4(float(key & 1), float((key >> 1) & 1), float((key >> 2) & 1), 1.0) / 255.0;
   gl_Position = vec4(pos, 0.0, 1.0);
}
