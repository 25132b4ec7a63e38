#version 450
// Push constants read by both stages: an offset in pixels (vertex) and a
// colour (fragment, push.frag), changed between draws.
layout(push_constant) uniform Push {
   vec2 offset;
   vec2 scale;
   vec4 color;
} pc;
layout(location = 0) in vec2 pos;

void main()
{
   gl_Position = vec4((pos * pc.scale + pc.offset) / 16.0 - 1.0, 0.0, 1.0);
}
