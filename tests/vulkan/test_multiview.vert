#version 450
#extension GL_EXT_multiview : require
// View v draws the rectangle x in [0, 2 (v + 1)) pixels of the 8x8
// target; instance i covers rows [2 i, 2 i + 2).  Six vertices a
// rectangle from gl_VertexIndex (0-5: corners (0,0) (1,0) (0,1), (1,0)
// (1,1) (0,1)); the instance index goes to the fragment shader.
layout(location = 0) flat out uint o_instance;
void main()
{
   int i = gl_VertexIndex % 6;
   float u = (i == 1 || i == 3 || i == 4) ? 1.0 : 0.0;
   float v = (i == 2 || i == 4 || i == 5) ? 1.0 : 0.0;
   float x = u * 2.0 * float(gl_ViewIndex + 1);
   float y = 2.0 * float(gl_InstanceIndex) + 2.0 * v;
   gl_Position = vec4(x / 4.0 - 1.0, y / 4.0 - 1.0, 0.5, 1.0);
   o_instance = uint(gl_InstanceIndex);
}
