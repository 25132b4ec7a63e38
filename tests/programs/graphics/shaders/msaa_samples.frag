#version 450
// Every sample of a 4x target side by side: pixel (4x + i, y) of a target
// four times as wide is sample i of pixel (x, y) (texelFetch from a
// sampler2DMS: no filtering, no resolve, exact).
layout(binding = 8) uniform sampler2DMS samples;
layout(location = 0) out vec4 o_color;

void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   o_color = texelFetch(samples, ivec2(p.x >> 2, p.y), p.x & 3);
}
