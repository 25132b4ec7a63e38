#version 450
// Texel buffers: uniform texel buffer fetches and storage texel buffer
// loads/stores with format conversion, plus their sizes.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerBuffer coeffs;
layout(set = 0, binding = 1, rgba32ui) uniform readonly uimageBuffer src;
layout(set = 0, binding = 2, r32f) uniform writeonly imageBuffer dst;
void main() {
   int i = int(gl_GlobalInvocationID.x);
   if (i >= imageSize(src))
      return;
   uvec4 v = imageLoad(src, i);
   vec4 c = texelFetch(coeffs, i % textureSize(coeffs));
   imageStore(dst, i, vec4(dot(vec4(v), c)));
}
