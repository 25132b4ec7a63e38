#version 450
// interpolateAtOffset by a constant offset and by one that changes from
// pixel to pixel (from gl_FragCoord, the pixel centre at per-pixel
// shading), of a linear input: the locations in pixels, over 16.  Every
// offset is a multiple of 1/16 in [-0.5, 0.4375], what
// subPixelInterpolationOffsetBits 4 represents exactly.
layout(location = 0) in vec2 v_pos;
layout(location = 1) noperspective in vec2 v_lin;
layout(location = 0) out vec4 o_color;

void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   vec2 off = vec2((p.x & 3) - 2, (p.y & 3) - 1) * vec2(0.125, 0.125);
   o_color = vec4(interpolateAtOffset(v_pos, vec2(-0.375, 0.25)) / 16.0,
                  interpolateAtOffset(v_lin, off) / 16.0);
}
