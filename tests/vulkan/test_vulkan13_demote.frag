#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Pixels of even x are demoted: they write nothing, but go on as helper
// invocations, so the fine derivatives of their odd neighbours (each 2x2
// quad pairs x = 2k and 2k+1) use the values they compute.
layout(location = 0) out vec4 color;
void main()
{
   float x = gl_FragCoord.x;
   if ((int(x) & 1) == 0)
      demote;
   float helper = helperInvocationEXT() ? 1.0 : 0.0;
   color = vec4(dFdxFine(x * x), helper, dFdxFine(helper), 1.0);
}
