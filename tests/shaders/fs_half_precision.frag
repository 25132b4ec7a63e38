#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
// 16-bit float arithmetic in a tone-mapping shader with f16 uniforms.
layout(set = 0, binding = 0) uniform Params { f16vec4 tint; float16_t white; } p;
layout(set = 0, binding = 1) uniform sampler2D hdr;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   f16vec3 c = f16vec3(texture(hdr, uv).rgb) * p.tint.rgb;
   f16vec3 mapped = c * (float16_t(1.0) + c / (p.white * p.white)) / (float16_t(1.0) + c);
   color = vec4(vec3(mapped), 1.0);
}
