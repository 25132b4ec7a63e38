#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i], y = inp.data[i + 256] | 1u;
   int sx = int(x), sy = int(y);
   outp.data[i * 4 + 0] = x + y * 3u - (x ^ y);
   outp.data[i * 4 + 1] = x / y + x % y;
   // GLSL leaves % of negative operands undefined (SPIR-V OpSMod defines it,
   // lavapipe computes the remainder's sign from the dividend): keep them >= 0.
   outp.data[i * 4 + 2] = uint(sx / (sy | 1)) + uint((sx & 0x7fffffff) % (sy & 0x7fffffff | 1));
   outp.data[i * 4 + 3] = uint(-sx) + (~x & 0xff00ffu) + uint(abs(sx)) + uint(sign(sx));
}
