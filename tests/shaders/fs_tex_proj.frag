#version 450
// Projective texturing (shadow-map style lookups without comparison).
layout(set = 0, binding = 0) uniform sampler2D projector;
layout(set = 0, binding = 1) uniform sampler1D ramp;
layout(location = 0) in vec4 proj_coord;
layout(location = 1) in vec2 ramp_coord;
layout(location = 0) out vec4 color;
void main() {
   vec4 p = textureProj(projector, proj_coord);
   vec4 q = textureProj(projector, proj_coord.xyw);
   vec4 r = textureProjLod(projector, proj_coord, 0.0);
   vec4 s = textureProjOffset(projector, proj_coord, ivec2(1, 0));
   vec4 t = textureProj(ramp, ramp_coord);
   color = (p + q + r + s) * 0.25 * t;
}
