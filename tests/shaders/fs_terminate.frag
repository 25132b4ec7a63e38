#version 450
#extension GL_EXT_terminate_invocation : require
// terminateInvocation ends the invocation (OpTerminateInvocation).
layout(location = 0) in vec4 c;
layout(location = 0) out vec4 color;
void main() {
   if (c.w < 0.0)
      terminateInvocation;
   color = c * 2.0;
}
