#version 450
// Two products added to a third value: one contracts into a mad, the one
// marked precise (SPIR-V NoContraction) must stay a multiply and an add.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { float d[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   float x = float(v & 0x3ffu) * 0.37, y = float(v >> 22) * 1.3, z = float((v >> 10) & 0xfffu);
   precise float kept = x * z + y;
   outp.d[2u * i] = x * y + z;
   outp.d[2u * i + 1u] = kept;
}
