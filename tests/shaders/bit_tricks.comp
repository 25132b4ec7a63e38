#version 450
// Bit manipulation: bitCount, findLSB/findMSB (signed and unsigned),
// bitfieldReverse, bitfieldExtract/Insert with dynamic offsets.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint x = inp.data[g], y = inp.data[g + 256u];
   int off = int(y & 15u), bits = int((y >> 4) & 15u);
   outp.data[8u * g] = uint(bitCount(x));
   outp.data[8u * g + 1u] = uint(findLSB(x));
   outp.data[8u * g + 2u] = uint(findMSB(x));
   outp.data[8u * g + 3u] = uint(findMSB(int(x)));
   outp.data[8u * g + 4u] = bitfieldReverse(x);
   outp.data[8u * g + 5u] = bitfieldExtract(x, off, bits);
   outp.data[8u * g + 6u] = uint(bitfieldExtract(int(x), off, bits));
   outp.data[8u * g + 7u] = bitfieldInsert(x, y, off, bits);
}
