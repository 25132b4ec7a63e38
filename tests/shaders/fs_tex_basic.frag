#version 450
// Implicit-LOD sampling of a combined image sampler, with and without bias.
layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   vec4 a = texture(albedo, uv);
   vec4 b = texture(albedo, uv * 2.0, 1.5);
   color = mix(a, b, 0.25);
}
