#version 450
#extension GL_ARB_shader_stencil_export : require
// The stencil reference from the shader (VK_EXT_shader_stencil_export):
// green above 0 asks for the constant green * 255, else the pixel's own
// (x + 32 * y) mod 256.  Colour as the vertex gives it.
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 o_color;

void main()
{
   int pixel = (int(gl_FragCoord.x) + 32 * int(gl_FragCoord.y)) & 255;
   gl_FragStencilRefARB = v_color.y > 0.0 ? int(v_color.y * 255.0 + 0.5) : pixel;
   o_color = v_color;
}
