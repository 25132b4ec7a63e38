#version 450
// bench_record's vertex shader: a vertex attribute and a uniform buffer,
// so that vertex-buffer and UBO changes between draws matter to a driver.
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0) uniform Transform { vec4 offset_scale; } t;
layout(location = 0) out vec2 uv;
void main()
{
   uv = pos;
   gl_Position = vec4(pos * t.offset_scale.zw + t.offset_scale.xy, 0.0, 1.0);
}
