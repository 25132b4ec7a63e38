#version 450
// Two user clip distances (half-planes x > 9.25 and y < 22.75 pixels: no
// pixel centre within a quarter pixel of them) and one cull distance
// (pos.x + cull_bias < 0 at every vertex culls the primitive).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in float cull_bias;
layout(location = 0) flat out vec4 v_color;
out float gl_ClipDistance[2];
out float gl_CullDistance[1];

void main()
{
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   gl_ClipDistance[0] = pos.x - 9.25;
   gl_ClipDistance[1] = 22.75 - pos.y;
   gl_CullDistance[0] = pos.x + cull_bias;
   v_color = color;
}
