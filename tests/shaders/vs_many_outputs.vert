#version 450
// Many output locations, including an array and packed components, as
// translation layers emit for D3D's 32 varyings.
layout(location = 0) in vec4 a0;
layout(location = 1) in vec4 a1;
layout(location = 2) in ivec4 a2;
layout(location = 3) in uvec2 a3;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) flat out ivec4 o2;
layout(location = 3) flat out uvec4 o3;
layout(location = 4) out vec2 o4;
layout(location = 4, component = 2) out float o4z;
layout(location = 4, component = 3) out float o4w;
layout(location = 5) out vec4 o5[6];
layout(location = 11) out vec4 o11;
layout(location = 12) out mat2x4 o12;
void main() {
   o0 = a0;
   o1 = a1 * 2.0;
   o2 = a2 + 1;
   o3 = uvec4(a3, a3.x ^ a3.y, 7u);
   o4 = a0.xy;
   o4z = a0.z;
   o4w = a1.w;
   for (int i = 0; i < 6; i++)
      o5[i] = a0 * float(i) + a1;
   o11 = vec4(a2);
   o12 = mat2x4(a0, a1);
   gl_Position = a0;
}
