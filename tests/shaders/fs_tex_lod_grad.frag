#version 450
// Explicit LOD and explicit gradients (textureLod, textureGrad).
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 1) in float level;
layout(location = 0) out vec4 color;
void main() {
   vec4 a = textureLod(tex, uv, level);
   vec2 dx = vec2(1.0 / 256.0, 0.0), dy = vec2(0.0, 1.0 / 256.0);
   vec4 b = textureGrad(tex, uv, dx * level, dy * level);
   color = a * 0.5 + b * 0.5;
}
