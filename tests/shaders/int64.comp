#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
#extension GL_ARB_gpu_shader_int64 : require
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint64_t a = uint64_t(inp.data[i]) << 20 | uint64_t(inp.data[i + 1]);
   int64_t b = int64_t(a) - 0x123456789L;
   uint64_t m = a * uint64_t(inp.data[i + 2] | 1u);
   outp.data[i * 4 + 0] = uint(m);
   outp.data[i * 4 + 1] = uint(m >> 32);
   outp.data[i * 4 + 2] = uint(b / 7);
   outp.data[i * 4 + 3] = uint(uint64_t(b) >> 33);
}
