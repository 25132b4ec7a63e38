#version 450
// Discards a pattern of pixels (every third column, and the pixels whose
// colour's red channel is above one half).
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o_color;

void main()
{
   if (int(gl_FragCoord.x) % 3 == 1 || (v_color.r > 0.5 && int(gl_FragCoord.y) % 2 == 0))
      discard;
   o_color = v_color;
}
