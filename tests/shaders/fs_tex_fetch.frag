#version 450
// Texel fetches: 2D with LOD and offset, 2D array, 3D, buffer textures and
// multisampled textures by sample index.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DArray layers;
layout(set = 0, binding = 2) uniform sampler3D volume;
layout(set = 0, binding = 3) uniform samplerBuffer texels;
layout(set = 0, binding = 4) uniform sampler2DMS msaa;
layout(location = 0) out vec4 color;
void main() {
   ivec2 p = ivec2(gl_FragCoord.xy);
   vec4 sum = texelFetch(tex, p, 0);
   sum += texelFetch(tex, p >> 1, 1);
   sum += texelFetchOffset(tex, p, 0, ivec2(1, -1));
   sum += texelFetch(layers, ivec3(p, 2), 0);
   sum += texelFetch(volume, ivec3(p, p.x & 7), 0);
   sum += texelFetch(texels, p.y * 64 + p.x);
   vec4 resolved = vec4(0.0);
   for (int s = 0; s < 4; s++)
      resolved += texelFetch(msaa, p, s);
   color = sum + resolved * 0.25;
}
