#version 450
// Per-sample shading inputs and gl_HelperInvocation.
layout(location = 0) in vec4 c;
layout(location = 0) out vec4 color;
void main() {
   vec4 v = c;
   if (gl_HelperInvocation)
      v = vec4(0.0);
   v.x += float(gl_SampleID) * 0.25 + gl_SamplePosition.x;
   color = v;
}
