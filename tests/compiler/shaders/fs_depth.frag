#version 450
// gbe_fs_test: FragCoord.z and .w from the payload's source depth and W,
// and a computed depth.
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(gl_FragCoord.z, gl_FragCoord.w, 0.0, 1.0);
   gl_FragDepth = gl_FragCoord.z * 0.5 + 0.25;
}
