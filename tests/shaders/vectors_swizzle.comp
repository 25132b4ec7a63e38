#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uvec4 v = uvec4(inp.data[i], inp.data[i + 1], inp.data[i + 2], inp.data[i + 3]);
   uvec4 w = v.wzyx + v.xxyy * 3u;
   uvec3 t = w.xyz ^ v.yzw;
   w.yw = t.xz;
   outp.data[i * 4 + 0] = w.x;
   outp.data[i * 4 + 1] = w.y;
   outp.data[i * 4 + 2] = w.z + t.y;
   outp.data[i * 4 + 3] = w[i & 3u];
}
