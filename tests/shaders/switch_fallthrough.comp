#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint r = 1u;
   switch (int(inp.data[i] & 7u)) {
   case 0: r += 1u;
   case 1: r *= 3u; break;
   case 2: r = 7u;
   case 3:
   case 4: r += inp.data[i + 1] & 255u; break;
   default: r = 0u;
   }
   outp.data[i] = r;
}
