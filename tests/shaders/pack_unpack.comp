#version 450
// GLSL packing functions: unorm/snorm 4x8 and 2x16, and half 2x16, each
// unpacked and packed again.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, w = inp.data[g];
   outp.data[6u * g] = packUnorm4x8(unpackUnorm4x8(w));
   outp.data[6u * g + 1u] = packSnorm4x8(unpackSnorm4x8(w));
   outp.data[6u * g + 2u] = packUnorm2x16(unpackUnorm2x16(w));
   outp.data[6u * g + 3u] = packSnorm2x16(unpackSnorm2x16(w));
   outp.data[6u * g + 4u] = packHalf2x16(unpackHalf2x16(w & 0x3fff3fffu));
   outp.data[6u * g + 5u] = packUnorm4x8(vec4(0.0, 0.25, 0.5, 1.0)) ^ floatBitsToUint(unpackHalf2x16(w & 0x3fff3fffu).y);
}
