#version 450
// Gathers: each component, a comparison gather, one constant offset and
// four constant offsets (ConstOffsets).
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DShadow depth;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
const ivec2 offs[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(1, 1));
void main() {
   vec4 r = textureGather(tex, uv);
   vec4 g = textureGather(tex, uv, 1);
   vec4 a = textureGather(tex, uv, 3);
   vec4 o = textureGatherOffset(tex, uv, ivec2(-1, 2), 2);
   vec4 m = textureGatherOffsets(tex, uv, offs, 0);
   vec4 d = textureGather(depth, uv, 0.5);
   vec4 e = textureGatherOffset(depth, uv, 0.5, ivec2(1, -1));
   color = r + g * 0.5 + a * 0.25 + o + m + d - e;
}
