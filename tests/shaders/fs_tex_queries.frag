#version 450
// Size, level-count, sample-count and LOD queries.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform samplerCubeArray cubes;
layout(set = 0, binding = 2) uniform sampler2DMS msaa;
layout(set = 0, binding = 3) uniform samplerBuffer texels;
layout(set = 0, binding = 4, rgba8) uniform readonly image2D img;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   ivec2 s0 = textureSize(tex, 0);
   ivec2 s2 = textureSize(tex, 2);
   ivec3 sc = textureSize(cubes, 0);
   int levels = textureQueryLevels(tex);
   int samples = textureSamples(msaa);
   int n = textureSize(texels);
   ivec2 is = imageSize(img);
   vec2 lod = textureQueryLod(tex, uv);
   color = vec4(float(s0.x + s2.y + sc.z), float(levels * samples), float(n + is.x), lod.x + lod.y);
}
