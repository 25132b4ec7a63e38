#version 450
// Fine derivatives of a function of the pixel position that is not
// linear (so each 2x2 quad's differences show which neighbour was used),
// and of the helper flag: a helper invocation (a quad pixel outside the
// triangle) must exist and compute, yet never write.  All values are
// small integers: exact.
layout(location = 0) out vec4 o_derivs;

void main()
{
   vec2 p = gl_FragCoord.xy - 0.5;
   float f = p.x * p.x + 3.0 * p.x * p.y + 2.0 * p.y * p.y;
   float h = gl_HelperInvocation ? 1.0 : 0.0;
   o_derivs = vec4(dFdxFine(f), dFdyFine(f), dFdxFine(h), dFdyFine(h));
}
