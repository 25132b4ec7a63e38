#version 450
// A 2D array (the layer is the third coordinate, rounded) in the left
// half, a 3D texture in the right half (slice k of four at depth
// (k + 0.5) / 4, k the third coordinate).
layout(binding = 8) uniform sampler2DArray arr;
layout(binding = 9) uniform sampler3D vol;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   vec4 a = texture(arr, v_tc.xyz);
   vec4 b = texture(vol, vec3(v_tc.xy, (v_tc.z + 0.5) / 4.0));
   o_color = gl_FragCoord.x < 16.0 ? a : b;
}
