#version 450
// Transform feedback outputs.
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 captured;
layout(location = 1, xfb_buffer = 0, xfb_offset = 16) out float weight;
void main()
{
   vec4 p = vec4(float(gl_VertexIndex), 1.0, 0.5, 1.0);
   captured = p * 3.0;
   weight = p.x * p.x;
   gl_Position = p;
}
