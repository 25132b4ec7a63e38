#version 450
// Material selection by switch with fallthrough and a default, inside a
// layer loop with an early break.
layout(set = 0, binding = 0) uniform sampler2D tex[4];
layout(location = 0) in vec2 uv;
layout(location = 1) flat in ivec4 kinds;
layout(location = 0) out vec4 color;
void main() {
   vec4 acc = vec4(0.0);
   for (int layer = 0; layer < 4; layer++) {
      vec4 c;
      switch (kinds[layer]) {
      case 0: c = texture(tex[0], uv); break;
      case 1: c = texture(tex[1], uv) * 0.5;
      case 2: c = texture(tex[2], uv * 2.0); break;
      case 3: c = vec4(uv, 0.0, 1.0); break;
      default: c = vec4(0.0);
      }
      acc = mix(acc, c, c.a);
      if (acc.a > 0.99)
         break;
   }
   color = acc;
}
