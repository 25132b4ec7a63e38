#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   double a = double(inp.data[i]) * 0.001LF;
   double b = double(inp.data[i + 1] & 0xfffu) + 1.0LF;
   double r = a / b + a * b;
   uvec2 bits = unpackDouble2x32(r);
   outp.data[i * 3 + 0] = bits.x;
   outp.data[i * 3 + 1] = bits.y;
   outp.data[i * 3 + 2] = uint(sqrt(b) * 1000.0LF);
}
