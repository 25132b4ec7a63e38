#version 450
// 128 bytes of push constants (the whole guaranteed range) together with a
// 4 KiB UBO indexed dynamically: both constant paths in one kernel.
layout(local_size_x = 48) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 2, std140) uniform U { uvec4 table[256]; } ub;
layout(push_constant) uniform P { uvec4 k[8]; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   uvec4 t = ub.table[v & 255u];
   uvec4 p = pc.k[i & 7u];
   outp.data[i * 2u] = t.x * p.x + (t.y ^ p.y) + (t.z >> (p.z & 31u)) + t.w;
   outp.data[i * 2u + 1u] = ub.table[i & 255u].y + pc.k[7].w + pc.k[0].x;
}
