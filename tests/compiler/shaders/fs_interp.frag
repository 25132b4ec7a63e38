#version 450
// gbe_fs_test: interpolateAtOffset by a constant and by a run-time offset
// (n = c / 8 in channel c: (c - 8, -c) sixteenths, the y clamped to -8),
// interpolateAtSample at a constant and at a run-time sample (c & 3) and
// of a flat input, through the test's pixel interpolator, which encodes
// each request in the barycentrics it returns.
layout(location = 0) in vec2 v;
layout(location = 1) noperspective in float n;
layout(location = 2) flat in float f;
layout(location = 0) out vec4 o;
void main()
{
   vec2 off = vec2(n - 1.0, -n) * 0.5;
   int s = int(n * 8.0) & 3;
   o = vec4(interpolateAtOffset(v, vec2(0.25, -0.125)).y,
            interpolateAtOffset(v, off).y,
            interpolateAtSample(n, 2),
            interpolateAtSample(v, s).y + interpolateAtSample(f, s));
}
