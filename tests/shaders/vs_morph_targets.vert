#version 450
// Morph-target blending with a weight loop over a specialisation-constant
// count, then a normal matrix transform.
layout(constant_id = 0) const int NUM_TARGETS = 4;
layout(set = 0, binding = 0) readonly buffer Deltas { vec4 d[]; } deltas;
layout(set = 0, binding = 1) uniform Weights { float w[8]; mat4 mvp; mat3 normal_mat; } u;
layout(location = 0) in vec3 pos;
layout(location = 1) in vec3 normal;
layout(location = 0) out vec3 n;
void main() {
   vec3 p = pos;
   for (int i = 0; i < NUM_TARGETS; i++) {
      if (u.w[i] == 0.0)
         continue;
      p += u.w[i] * deltas.d[gl_VertexIndex * NUM_TARGETS + i].xyz;
   }
   n = normalize(u.normal_mat * normal);
   gl_Position = u.mvp * vec4(p, 1.0);
}
