#version 450
// A large constant buffer with dynamic indexing (D3D cbuffer-style
// vec4 array indexed by computed registers) and row-of-matrices math.
layout(set = 0, binding = 0, std140) uniform CB0 { vec4 r[256]; } cb0;
layout(set = 0, binding = 1, std140) uniform CB1 { ivec4 bones; vec4 scale; } cb1;
layout(location = 0) in vec4 pos;
layout(location = 1) in uvec4 bone_idx;
layout(location = 2) in vec4 bone_w;
layout(location = 0) out vec4 o;
void main() {
   vec4 p = vec4(0.0);
   for (int i = 0; i < 4; i++) {
      int base = int(bone_idx[i]) * 3 + cb1.bones.x;
      vec4 r0 = cb0.r[base], r1 = cb0.r[base + 1], r2 = cb0.r[base + 2];
      p += bone_w[i] * vec4(dot(r0, pos), dot(r1, pos), dot(r2, pos), 1.0);
   }
   o = cb0.r[cb1.bones.y] * cb1.scale;
   gl_Position = vec4(p.xyz * cb1.scale.xyz, 1.0);
}
