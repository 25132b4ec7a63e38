#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   int off = int(i % 16u), bits = int(i % 13u) + 1;
   outp.data[i * 6 + 0] = bitfieldExtract(x, off, bits);
   outp.data[i * 6 + 1] = uint(bitfieldExtract(int(x), off, bits));
   outp.data[i * 6 + 2] = bitfieldInsert(x, inp.data[i + 100], off, bits);
   outp.data[i * 6 + 3] = bitfieldReverse(x);
   outp.data[i * 6 + 4] = uint(bitCount(x)) + uint(findLSB(x)) * 100u;
   outp.data[i * 6 + 5] = uint(findMSB(x)) + uint(findMSB(int(x))) * 100u;
}
