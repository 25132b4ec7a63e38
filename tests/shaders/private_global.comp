#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
uint counter = 5u;
void main() {
   uint i = gl_GlobalInvocationID.x;
   counter += inp.data[i] & 15u;
   if (i % 3u == 0u)
      counter *= 2u;
   outp.data[i] = counter;
}

