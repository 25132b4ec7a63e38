#version 450
// Matrix transform and varyings (Gen7 hasvk compiles this with the
// Align16 vec4 back end).
layout(set = 0, binding = 3) uniform Ubo { mat4 mvp; vec4 tint; } ubo;
layout(location = 0) out vec2 uv;
layout(location = 1) out vec4 color;
void main()
{
   vec2 pos = vec2(float(gl_VertexIndex & 1), float(gl_VertexIndex >> 1));
   uv = pos;
   color = ubo.tint * dot(pos, pos) + vec4(dot(ubo.tint, ubo.mvp[1]));
   gl_Position = ubo.mvp * vec4(pos * 2.0 - 1.0, 0.0, 1.0);
}
