#version 450
// A small procedural pattern with a loop and helper functions.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
float hash(vec2 p) { return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453); }
float noise(vec2 p) {
   vec2 i = floor(p), f = fract(p);
   vec2 u = f * f * (3.0 - 2.0 * f);
   return mix(mix(hash(i), hash(i + vec2(1, 0)), u.x),
              mix(hash(i + vec2(0, 1)), hash(i + vec2(1, 1)), u.x), u.y);
}
void main() {
   float v = 0.0, amp = 0.5;
   vec2 p = uv * 4.0;
   for (int o = 0; o < 5; o++) {
      v += amp * noise(p);
      p *= 2.0;
      amp *= 0.5;
   }
   color = vec4(vec3(v), 1.0);
}
