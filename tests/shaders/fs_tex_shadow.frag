#version 450
// Depth-comparison sampling: 2D, 2D array and cube shadow maps, with a
// projective variant and a PCF kernel of offsets.
layout(set = 0, binding = 0) uniform sampler2DShadow shadow_map;
layout(set = 0, binding = 1) uniform sampler2DArrayShadow cascades;
layout(set = 0, binding = 2) uniform samplerCubeShadow point_shadow;
layout(location = 0) in vec4 light_pos;
layout(location = 1) in vec3 light_dir;
layout(location = 2) flat in int cascade;
layout(location = 0) out vec4 color;
void main() {
   float s = 0.0;
   for (int y = -1; y <= 1; y++)
      for (int x = -1; x <= 1; x++)
         s += texture(shadow_map, vec3(light_pos.xy + vec2(x, y) / 1024.0, light_pos.z));
   s /= 9.0;
   float p = textureProj(shadow_map, light_pos);
   float o = textureOffset(shadow_map, light_pos.xyz, ivec2(1, 1));
   float l = textureLod(shadow_map, light_pos.xyz, 0.0);
   float c = texture(cascades, vec4(light_pos.xy, float(cascade), light_pos.z));
   float q = texture(point_shadow, vec4(light_dir, 0.5));
   color = vec4(s, p * o, l * c, q);
}
