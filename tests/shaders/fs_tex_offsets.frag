#version 450
// Constant texel offsets on implicit, explicit and gradient sampling: a
// 3x3 box filter built from textureOffset taps.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   vec4 sum = vec4(0.0);
   sum += textureOffset(tex, uv, ivec2(-1, -1));
   sum += textureOffset(tex, uv, ivec2(0, -1));
   sum += textureOffset(tex, uv, ivec2(1, -1));
   sum += textureLodOffset(tex, uv, 0.0, ivec2(-1, 0));
   sum += texture(tex, uv);
   sum += textureLodOffset(tex, uv, 0.0, ivec2(1, 0));
   sum += textureGradOffset(tex, uv, dFdx(uv), dFdy(uv), ivec2(-1, 1));
   sum += textureGradOffset(tex, uv, dFdx(uv), dFdy(uv), ivec2(0, 1));
   sum += textureOffset(tex, uv, ivec2(1, 1), 0.5);
   color = sum / 9.0;
}
