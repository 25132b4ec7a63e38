#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(set = 0, binding = 2, std140) uniform U { mat4 m; vec4 bias; } ub;
void main() {
   uint i = gl_GlobalInvocationID.x;
   vec4 v = vec4(float(i & 7u), float((i >> 3) & 7u), 1.0, 0.5);
   vec4 r = ub.m * v + ub.bias;
   // the UBO holds random bits: compare the bits of exactly rounded products
   outp.data[i * 2 + 0] = floatBitsToUint(r.x) ^ floatBitsToUint(r.w);
   outp.data[i * 2 + 1] = floatBitsToUint(ub.m[2].y * 2.0);
}
