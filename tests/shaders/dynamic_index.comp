#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint arr[8];
   for (uint k = 0u; k < 8u; k++)
      arr[k] = inp.data[i + k] + k;
   uvec4 v = uvec4(1u, 2u, 3u, 4u);
   v[i & 3u] = arr[(i * 5u) & 7u];
   outp.data[i] = arr[i & 7u] + v.x + v.y * 2u + v.z * 3u + v.w * 4u;
}
