#version 450
#extension GL_EXT_multiview : require
// Red from the view, green from the instance: exact bytes of UNORM8.
layout(location = 0) flat in uint i_instance;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(float(gl_ViewIndex * 60u + 20u) / 255.0,
                  float(i_instance * 50u + 10u) / 255.0, 200.0 / 255.0, 1.0);
}
