#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uvec4 a = uvec4(inp.data[i], inp.data[i + 1], inp.data[i + 2], inp.data[i + 3]) >> 28;
   uvec4 b = uvec4(inp.data[i + 4], inp.data[i + 5], inp.data[i + 6], inp.data[i + 7]) >> 28;
   bvec4 lt = lessThan(a, b), eq = equal(a, b);
   ivec4 s = ivec4(a) - ivec4(b);
   outp.data[i * 4 + 0] = uint(any(lt)) | uint(all(eq)) << 1 | uint(any(greaterThanEqual(s, ivec4(2)))) << 2;
   outp.data[i * 4 + 1] = dot(vec4(lessThanEqual(a, b)), vec4(1.0, 2.0, 4.0, 8.0)) > 3.0 ? 1u : 0u;
   uvec4 m = max(a, b) - min(a, b);
   outp.data[i * 4 + 2] = m.x + m.y * 16u + m.z * 256u + m.w * 4096u;
   outp.data[i * 4 + 3] = uint(abs(s.x) + abs(s.w));
}
