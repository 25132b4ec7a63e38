#version 450
// Separable box blur on storage images with a shared-memory tile and halo.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;
shared vec4 tile[16][24];
void main() {
   ivec2 g = ivec2(gl_GlobalInvocationID.xy), l = ivec2(gl_LocalInvocationID.xy);
   ivec2 size = imageSize(src);
   tile[l.y][l.x + 4] = imageLoad(src, clamp(g, ivec2(0), size - 1));
   if (l.x < 4) {
      tile[l.y][l.x] = imageLoad(src, clamp(g - ivec2(4, 0), ivec2(0), size - 1));
      tile[l.y][l.x + 20] = imageLoad(src, clamp(g + ivec2(16, 0), ivec2(0), size - 1));
   }
   barrier();
   vec4 s = vec4(0.0);
   for (int k = -4; k <= 4; k++)
      s += tile[l.y][l.x + 4 + k];
   if (all(lessThan(g, size)))
      imageStore(dst, g, s / 9.0);
}
