#version 450
// bench_record's fragment shader: one combined image sampler.
layout(set = 1, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main()
{
   color = texture(tex, uv);
}
