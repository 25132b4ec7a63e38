#version 450
// Many interpolated inputs with flat/noperspective/centroid/sample
// qualifiers and several render targets (VKD3D-style varyings).
layout(location = 0) in vec4 v0;
layout(location = 1) in vec4 v1;
layout(location = 2) centroid in vec4 v2;
layout(location = 3) noperspective in vec4 v3;
layout(location = 4) flat in ivec4 v4;
layout(location = 5) flat in uvec4 v5;
layout(location = 6) in vec2 v6;
layout(location = 6, component = 2) in vec2 v6b;
layout(location = 7) sample in vec4 v7;
layout(location = 8) in vec4 v8[4];
layout(location = 12) in vec4 v12;
layout(location = 13) in vec4 v13;
layout(location = 14) in vec4 v14;
layout(location = 15) in vec4 v15;
layout(location = 0) out vec4 o0;
layout(location = 1) out ivec4 o1;
layout(location = 2) out uvec4 o2;
layout(location = 3) out vec4 o3;
void main() {
   vec4 s = v0 + v1 + v2 + v3 + v7 + v12 + v13 + v14 + v15;
   for (int i = 0; i < 4; i++)
      s += v8[i] * float(i + 1);
   o0 = s;
   o1 = v4 + ivec4(v6, v6b);
   o2 = v5 ^ uvec4(0xff);
   o3 = vec4(v6 * v6b, length(s), 1.0);
}
