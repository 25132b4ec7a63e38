#version 450
// Quad domain with fractional-odd spacing: bilinear position plus a
// displacement map sampled at explicit LOD.
layout(quads, fractional_odd_spacing, cw) in;
layout(set = 0, binding = 0) uniform sampler2D displacement;
layout(set = 0, binding = 1) uniform Xf { mat4 mvp; float scale; } xf;
layout(location = 0) in vec2 in_uv[];
layout(location = 1) patch in float patch_level;
layout(location = 0) out vec2 uv;
void main() {
   vec2 t = gl_TessCoord.xy;
   vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, t.x);
   vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, t.x);
   vec4 p = mix(a, b, t.y);
   uv = mix(mix(in_uv[0], in_uv[1], t.x), mix(in_uv[3], in_uv[2], t.x), t.y);
   float h = textureLod(displacement, uv, log2(max(patch_level, 1.0))).r;
   gl_Position = xf.mvp * (p + vec4(0.0, h * xf.scale, 0.0, 0.0));
}
