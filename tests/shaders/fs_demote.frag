#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Alpha testing by demotion: derivatives after the demote stay defined, and
// helperInvocationEXT() sees the demotion.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) buffer Stats { uint visible; } stats;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   vec4 c = texture(tex, uv);
   if (c.a < 0.5)
      demote;
   vec2 d = fwidth(uv);
   if (!helperInvocationEXT())
      atomicAdd(stats.visible, 1u);
   color = vec4(c.rgb, d.x + d.y);
}
