#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint x = inp.data[i];
   uint s = inp.data[i + 64] & 31u;
   outp.data[i * 3 + 0] = x << s;
   outp.data[i * 3 + 1] = x >> s;
   outp.data[i * 3 + 2] = uint(int(x) >> int(s));
}
