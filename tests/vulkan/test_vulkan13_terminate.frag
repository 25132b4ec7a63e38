#version 450
#extension GL_EXT_terminate_invocation : require
// Pixels of even x end with OpTerminateInvocation: they write nothing.
layout(location = 0) out vec4 color;
void main()
{
   if ((int(gl_FragCoord.x) & 1) == 0)
      terminateInvocation;
   color = vec4(1.0, 2.0, 3.0, 4.0);
}
