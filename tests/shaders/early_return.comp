#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   outp.data[i] = 7u;
   if ((inp.data[i] & 3u) == 0u)
      return;
   outp.data[i] = inp.data[i] >> 4;
}
