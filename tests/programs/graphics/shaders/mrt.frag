#version 450
// Four render targets of different formats from one flat colour whose
// channels are k/255 (an r8g8b8a8_unorm attribute): round(c * 255)
// recovers k exactly, so every output below is exact in its format.
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) out uvec4 o2;
layout(location = 3) out vec4 o3;

void main()
{
   vec4 k = round(v_color * 255.0);
   o0 = v_color;
   o1 = k.bgra / 16.0 - 4.0;
   o2 = uvec4(k) * 16u + uvec4(gl_FragCoord.xy, 7u, 9u);
   o3 = v_color.gbra;
}
