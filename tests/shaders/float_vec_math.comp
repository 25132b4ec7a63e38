#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   vec3 a = vec3(float(inp.data[i] & 255u), float(inp.data[i + 1] & 255u), float(inp.data[i + 2] & 255u)) * 0.5;
   vec3 b = vec3(float(inp.data[i + 3] & 255u), 2.0, float(i));
   outp.data[i * 5 + 0] = floatBitsToUint(dot(a, b));
   vec3 c = cross(a, b);
   outp.data[i * 5 + 1] = floatBitsToUint(c.x);
   outp.data[i * 5 + 2] = floatBitsToUint(c.y + c.z);
   outp.data[i * 5 + 3] = floatBitsToUint(length(a));
   outp.data[i * 5 + 4] = floatBitsToUint(mix(a.x, b.x, 0.25));
}
