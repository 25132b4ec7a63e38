#version 450
// target-env: vulkan1.1spv1.4
// SPIR-V 1.4 (Vulkan 1.2, or 1.1 with VK_KHR_spirv_1_4): glslang makes a
// ternary of structs, arrays and matrices one OpSelect of the composites,
// and lists every global the entry point uses in its interface.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
struct Pair { uint a; vec2 b; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   Pair p = Pair(v, vec2(float(v & 0xffu), 0.5));
   Pair q = Pair(v ^ 0x1234u, vec2(-1.0, float(v >> 24)));
   bool c = (v & 1u) != 0u;
   Pair r = c ? p : q;
   uint arr0[3] = uint[3](v, v + 1u, v * 3u);
   uint arr1[3] = uint[3](7u, v >> 3, v | 0xf0u);
   uint s[3] = (v & 2u) != 0u ? arr0 : arr1;
   mat2 m0 = mat2(float(v & 7u), 1.0, 2.0, 3.0);
   mat2 m1 = mat2(4.0, float(v & 15u), 6.0, 7.0);
   mat2 m = (v & 4u) != 0u ? m0 : m1;
   outp.data[4u * i] = r.a + floatBitsToUint(r.b.x) + floatBitsToUint(r.b.y);
   outp.data[4u * i + 1u] = s[0] + s[1] * 3u + s[2] * 5u;
   outp.data[4u * i + 2u] = floatBitsToUint(m[0][0] + m[1][1] * 2.0 + m[0][1] * 4.0);
   outp.data[4u * i + 3u] = c ? 1u : 0u;
}
