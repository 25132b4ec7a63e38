#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Bindless: runtime-sized descriptor arrays indexed by per-draw and
// per-fragment (non-uniform) indices, including buffers.
layout(set = 0, binding = 0) uniform texture2D textures[];
layout(set = 0, binding = 1) uniform sampler samplers[8];
layout(set = 1, binding = 0) readonly buffer Materials { vec4 tint; uint tex; uint smp; } materials[];
layout(push_constant) uniform Push { uint material; } pc;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint extra;
layout(location = 0) out vec4 color;
void main() {
   uint t = materials[pc.material].tex;
   uint s = materials[pc.material].smp & 7u;
   vec4 base = texture(sampler2D(textures[nonuniformEXT(t)], samplers[s]), uv);
   vec4 detail = texture(sampler2D(textures[nonuniformEXT(extra)], samplers[0]), uv * 8.0);
   color = base * materials[nonuniformEXT(extra)].tint + detail * 0.1;
}
