#version 450
// GLSL.std.450 functions expanded by the front end: faceforward, refract,
// hyperbolic functions, reflect, cross, smoothstep, fma.
layout(location = 0) in vec3 n;
layout(location = 1) in vec3 i;
layout(location = 2) in float eta;
layout(location = 0) out vec4 color;
void main() {
   vec3 f = faceforward(n, i, vec3(0.0, 0.0, 1.0));
   vec3 r = refract(normalize(i), normalize(n), eta);
   vec3 rl = reflect(i, n);
   vec3 h = vec3(sinh(eta), cosh(eta), tanh(eta));
   float s = smoothstep(0.2, 0.8, dot(f, r));
   color = vec4(cross(r, rl) + h * s, fma(eta, 2.0, s));
}
