#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint r = 0u;
   switch (inp.data[i] % 7u) {
   case 0u: r = 10u; break;
   case 1u: r = 20u; break;
   case 2u:
   case 3u: r = 30u + inp.data[i + 1]; break;
   case 5u: r = inp.data[i] * 2u; break;
   default: r = 99u; break;
   }
   outp.data[i] = r;
}
