#version 450
// A physically based shading loop over a light array in a large uniform
// struct, with normal mapping and an environment lookup.
struct Light { vec4 pos_radius; vec4 color_intensity; vec4 dir_angle; ivec4 type_shadow; };
layout(set = 0, binding = 0, std140) uniform Scene {
   mat4 view_proj; mat4 inv_view; vec4 camera; vec4 ambient;
   Light lights[16]; int num_lights; float exposure; float gamma; float time;
} scene;
layout(set = 1, binding = 0) uniform sampler2D base_color;
layout(set = 1, binding = 1) uniform sampler2D normal_map;
layout(set = 1, binding = 2) uniform sampler2D metal_rough;
layout(set = 1, binding = 3) uniform samplerCube irradiance;
layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 nrm;
layout(location = 2) in vec4 tangent;
layout(location = 3) in vec2 uv;
layout(location = 0) out vec4 color;
const float PI = 3.14159265;
float distribution(float nh, float r) { float a = r * r; float d = nh * nh * (a * a - 1.0) + 1.0; return a * a / (PI * d * d); }
float geometry(float nv, float nl, float r) { float k = (r + 1.0) * (r + 1.0) / 8.0; return nv / (nv * (1.0 - k) + k) * nl / (nl * (1.0 - k) + k); }
void main() {
   vec3 t = normalize(tangent.xyz), n0 = normalize(nrm);
   mat3 tbn = mat3(t, cross(n0, t) * tangent.w, n0);
   vec3 n = normalize(tbn * (texture(normal_map, uv).xyz * 2.0 - 1.0));
   vec3 albedo = pow(texture(base_color, uv).rgb, vec3(2.2));
   vec2 mr = texture(metal_rough, uv).bg;
   vec3 v = normalize(scene.camera.xyz - pos);
   vec3 f0 = mix(vec3(0.04), albedo, mr.x);
   vec3 lo = vec3(0.0);
   for (int i = 0; i < scene.num_lights; i++) {
      Light li = scene.lights[i];
      vec3 l = li.type_shadow.x == 0 ? -li.dir_angle.xyz : li.pos_radius.xyz - pos;
      float dist = length(l);
      l /= dist;
      if (li.type_shadow.x != 0 && dist > li.pos_radius.w)
         continue;
      vec3 h = normalize(v + l);
      float nl = max(dot(n, l), 0.0), nv = max(dot(n, v), 1e-4);
      vec3 f = f0 + (1.0 - f0) * pow(1.0 - max(dot(h, v), 0.0), 5.0);
      vec3 spec = distribution(max(dot(n, h), 0.0), mr.y) * geometry(nv, nl, mr.y) * f / (4.0 * nv * nl + 1e-4);
      vec3 kd = (1.0 - f) * (1.0 - mr.x);
      float atten = li.type_shadow.x == 0 ? 1.0 : 1.0 / (dist * dist + 1.0);
      lo += (kd * albedo / PI + spec) * li.color_intensity.rgb * li.color_intensity.w * nl * atten;
   }
   vec3 c = lo + texture(irradiance, n).rgb * albedo * scene.ambient.rgb;
   c = vec3(1.0) - exp(-c * scene.exposure);
   color = vec4(pow(c, vec3(1.0 / scene.gamma)), 1.0);
}
