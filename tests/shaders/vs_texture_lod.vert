#version 450
// Vertex texture fetch: terrain displacement from a height map (explicit
// LOD only, as vertex shaders have no derivatives).
layout(set = 0, binding = 0) uniform sampler2D height;
layout(set = 0, binding = 1) uniform Terrain { mat4 mvp; vec2 size; float amplitude; } t;
layout(location = 0) in vec2 grid;
layout(location = 0) out vec3 normal;
void main() {
   vec2 uv = grid / t.size;
   float h = textureLod(height, uv, 0.0).r;
   float hx = textureLodOffset(height, uv, 0.0, ivec2(1, 0)).r;
   float hy = textureLodOffset(height, uv, 0.0, ivec2(0, 1)).r;
   ivec2 texels = textureSize(height, 0);
   normal = normalize(vec3(h - hx, h - hy, 2.0 / float(texels.x)));
   gl_Position = t.mvp * vec4(grid.x, h * t.amplitude, grid.y, 1.0);
}
