#version 450
// Transform feedback captures gbe_xfb_test checks against layouts worked
// out by hand: the position, point size and five clip distances of
// gl_PerVertex, a float after a gap, a vec2 at component 1, an array of
// vec3 (a location each), an output captured but never written, and one
// written but not captured.
layout(location = 0) in vec4 pos;
layout(location = 0) out vec4 uncaptured;
layout(location = 1, xfb_buffer = 0, xfb_offset = 20, xfb_stride = 64) out float f;
layout(location = 2, component = 1, xfb_buffer = 0, xfb_offset = 24) out vec2 yz;
layout(location = 3, xfb_buffer = 1, xfb_offset = 8, xfb_stride = 40) out vec3 arr[2];
layout(location = 5, xfb_buffer = 1, xfb_offset = 32) out vec2 never_written;
layout(xfb_buffer = 0, xfb_stride = 64) out gl_PerVertex {
   layout(xfb_offset = 0) vec4 gl_Position;
   layout(xfb_offset = 32) float gl_PointSize;
   layout(xfb_offset = 36) float gl_ClipDistance[5];
};

void main()
{
   gl_Position = pos;
   gl_PointSize = 3.0;
   for (int i = 0; i < 5; i++)
      gl_ClipDistance[i] = pos.x + float(i);
   uncaptured = pos.wzyx;
   f = pos.y;
   yz = pos.zw;
   arr[0] = pos.xyz;
   arr[1] = pos.yzw;
}
