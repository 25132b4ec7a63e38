#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(constant_id = 0) const uint SCALE = 7u;
layout(constant_id = 1) const int BIAS = -3;
const uint SCALE2 = SCALE * 2u + 1u;
void main() {
   uint i = gl_GlobalInvocationID.x;
   outp.data[i] = inp.data[i] * SCALE + uint(BIAS) + SCALE2 + gl_WorkGroupSize.x;
}
