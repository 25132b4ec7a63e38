#version 450
// Coarse, fine and default derivatives; screen-space normal from positions.
layout(location = 0) in vec3 world_pos;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 debug;
void main() {
   vec3 n = normalize(cross(dFdx(world_pos), dFdy(world_pos)));
   vec2 fine = vec2(dFdxFine(uv.x), dFdyFine(uv.y));
   vec2 coarse = vec2(dFdxCoarse(uv.x), dFdyCoarse(uv.y));
   float w = fwidth(uv.x) + fwidthFine(uv.y) + fwidthCoarse(uv.x);
   color = vec4(n * 0.5 + 0.5, 1.0);
   debug = vec4(fine - coarse, w, 0.0);
}
