#version 450
#extension GL_ARB_shader_stencil_export : require
// gbe_fs_test: the exported stencil reference (its low byte reaches the
// render target write's oS).
layout(location = 0) out vec4 o;
void main()
{
   gl_FragStencilRefARB = int(gl_FragCoord.x) + 3 * int(gl_FragCoord.y) + 200;
   o = vec4(1.0, 2.0, 3.0, 4.0);
}
