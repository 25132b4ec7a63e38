#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint acc = 0u;
   for (uint k = 0u; k < (i % 17u); k++)
      acc = acc * 31u + inp.data[(i + k) % 1024u];
   outp.data[i] = acc;
}
