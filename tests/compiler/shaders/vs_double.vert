#version 460
// gbe_vs_test: 64-bit attributes: a dvec4 (two rows, as the VF writes
// it), a dvec2 and an array of doubles (a row each), their bits passed
// on whole (no 64-bit arithmetic: Gen11 and Gen12 have none).
layout(location = 0) in dvec4 d4;
layout(location = 2) in dvec2 d2;
layout(location = 3) in double d1[2];
layout(location = 5) in float f;
layout(location = 0) flat out uvec4 o0;
layout(location = 1) flat out uvec4 o1;
layout(location = 2) flat out uvec4 o2;
void main()
{
    gl_Position = vec4(f, 0.0, 0.0, 1.0);
    o0 = uvec4(unpackDouble2x32(d4.x), unpackDouble2x32(d4.w));
    o1 = uvec4(unpackDouble2x32(d4.z), unpackDouble2x32(d2.y));
    o2 = uvec4(unpackDouble2x32(d1[1]), unpackDouble2x32(d2.x));
}
