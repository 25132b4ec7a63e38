#version 450
// Image arrays, 3D images, multisampled storage images (per-sample loads)
// and 1D images; sizes and sample counts queried.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba16f) uniform readonly image2DArray layers;
layout(set = 0, binding = 1, rgba16f) uniform readonly image2DMS msaa;
layout(set = 0, binding = 2, r32f) uniform image3D volume;
layout(set = 0, binding = 3, rgba8) uniform writeonly image1D line;
void main() {
   ivec2 g = ivec2(gl_GlobalInvocationID.xy);
   ivec3 ls = imageSize(layers);
   vec4 sum = vec4(0.0);
   for (int l = 0; l < ls.z; l++)
      sum += imageLoad(layers, ivec3(g, l));
   vec4 resolved = vec4(0.0);
   int n = imageSamples(msaa);
   for (int s = 0; s < n; s++)
      resolved += imageLoad(msaa, g, s);
   ivec3 vs = imageSize(volume);
   float d = imageLoad(volume, ivec3(g, g.x % vs.z)).x;
   imageStore(volume, ivec3(g, 0), vec4(d + sum.x));
   imageStore(line, g.x + g.y * 8, resolved / float(n));
}
