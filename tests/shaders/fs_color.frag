#version 450
// Lambert shading from interpolated inputs.
layout(location = 0) in vec3 normal;
layout(location = 1) in vec2 uv;
layout(location = 2) in float light;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 1, std140) uniform Material { vec4 albedo; vec4 ambient; } mat;
void main() {
   vec3 c = mat.albedo.rgb * (mat.ambient.rgb + light * vec3(0.9));
   c *= 0.75 + 0.25 * fract(uv.x * 8.0);
   color = vec4(c, mat.albedo.a);
}
