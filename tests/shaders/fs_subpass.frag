#version 450
// Input attachments (deferred shading's G-buffer reads).
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput albedo;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform subpassInput normal;
layout(input_attachment_index = 2, set = 0, binding = 2) uniform subpassInputMS depth;
layout(location = 0) out vec4 color;
void main() {
   vec3 n = normalize(subpassLoad(normal).xyz * 2.0 - 1.0);
   float d = subpassLoad(depth, 0).x + subpassLoad(depth, 1).x;
   float light = max(dot(n, normalize(vec3(0.3, 0.8, 0.5))), 0.0);
   color = vec4(subpassLoad(albedo).rgb * light, d * 0.5);
}
