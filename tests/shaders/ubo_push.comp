#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 2) uniform U { uvec4 u[4]; } ub;
layout(push_constant) uniform P { uint a, b, c, d; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uvec4 v = ub.u[i & 3u];
   outp.data[i] = v.x * pc.a + v.y * pc.b + (v.z ^ pc.c) + v.w + pc.d;
}
