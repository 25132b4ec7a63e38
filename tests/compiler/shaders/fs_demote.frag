#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// gbe_fs_test: demoted pixels write nothing but still feed their
// neighbours' derivatives; helperInvocationEXT() after the demote.
layout(location = 0) in float a;
layout(location = 0) out vec4 o;
void main()
{
   if (a > 0.5)
      demote;
   float v = a * a;
   o = vec4(dFdxFine(v), dFdyFine(v), helperInvocationEXT() ? 1.0 : 0.0, 2.0);
}
