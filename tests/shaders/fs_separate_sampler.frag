#version 450
// Separate images and samplers combined at the use (DXVK/VKD3D style).
layout(set = 0, binding = 0) uniform texture2D images[4];
layout(set = 0, binding = 1) uniform sampler linear_clamp;
layout(set = 0, binding = 2) uniform sampler point_wrap;
layout(set = 0, binding = 3) uniform texture2DArray layered;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   vec4 a = texture(sampler2D(images[0], linear_clamp), uv);
   vec4 b = texture(sampler2D(images[3], point_wrap), uv + 0.5);
   vec4 c = textureLod(sampler2DArray(layered, linear_clamp), vec3(uv, 1.0), 2.0);
   ivec2 sz = textureSize(sampler2D(images[1], point_wrap), 0);
   color = a + b + c + vec4(sz, 0.0, 0.0) * 1e-3;
}
