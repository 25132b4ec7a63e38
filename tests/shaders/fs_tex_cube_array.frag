#version 450
// Cube maps and arrays: reflection lookup with roughness-driven LOD.
layout(set = 0, binding = 0) uniform samplerCube env;
layout(set = 0, binding = 1) uniform samplerCubeArray probes;
layout(set = 0, binding = 2) uniform sampler2DArray atlas;
layout(location = 0) in vec3 normal;
layout(location = 1) in vec3 view;
layout(location = 2) flat in int probe;
layout(location = 3) in vec3 uvw;
layout(location = 0) out vec4 color;
void main() {
   vec3 r = reflect(normalize(view), normalize(normal));
   float roughness = clamp(uvw.z, 0.0, 1.0);
   vec4 e = textureLod(env, r, roughness * 6.0);
   vec4 p = texture(probes, vec4(r, float(probe)));
   vec4 a = texture(atlas, vec3(uvw.xy, floor(uvw.z * 8.0)));
   color = e * 0.5 + p * 0.3 + a * 0.2;
}
