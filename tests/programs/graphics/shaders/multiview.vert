#version 450
#extension GL_EXT_multiview : require
// Multiview: view v draws columns [0, 8 (v + 1)) of the 32x32 layer and
// instance i rows [8 i, 8 i + 8); six vertices a rectangle from
// gl_VertexIndex (0-5: corners (0,0) (1,0) (0,1), (1,0) (1,1) (0,1)).
layout(location = 0) flat out uint o_instance;
void main()
{
   int i = gl_VertexIndex % 6;
   float u = (i == 1 || i == 3 || i == 4) ? 1.0 : 0.0;
   float v = (i == 2 || i == 4 || i == 5) ? 1.0 : 0.0;
   float x = u * 8.0 * float(gl_ViewIndex + 1);
   float y = 8.0 * float(gl_InstanceIndex) + 8.0 * v;
   gl_Position = vec4(x / 16.0 - 1.0, y / 16.0 - 1.0, 0.0, 1.0);
   o_instance = uint(gl_InstanceIndex);
}
