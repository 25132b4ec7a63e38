#version 450
// Sampling from compute: explicit LOD, gradients, gathers and fetches (no
// implicit derivatives in compute).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler3D vol;
layout(set = 0, binding = 2, rgba32f) uniform writeonly image2D dst;
layout(push_constant) uniform Push { vec2 inv_size; float lod; } pc;
void main() {
   ivec2 g = ivec2(gl_GlobalInvocationID.xy);
   vec2 uv = (vec2(g) + 0.5) * pc.inv_size;
   vec4 a = textureLod(tex, uv, pc.lod);
   vec4 b = textureGrad(tex, uv, vec2(pc.inv_size.x, 0.0), vec2(0.0, pc.inv_size.y));
   vec4 c = textureGather(tex, uv, 1);
   vec4 d = texelFetch(tex, g, 0);
   vec4 e = textureLod(vol, vec3(uv, 0.5), 0.0);
   imageStore(dst, g, a + b + c + d + e);
}
