#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint i = gl_GlobalInvocationID.x;
   mat3 m = mat3(float(i), 1.0, 2.0, 3.0, float(inp.data[i] & 15u), 5.0, 6.0, 7.0, 0.5);
   vec3 v = vec3(1.0, float(inp.data[i + 1] & 7u), -2.0);
   vec3 r = m * v;
   vec3 s = v * m;
   mat3 mm = m * m * 0.5;
   outp.data[i * 4 + 0] = floatBitsToUint(r.x + r.y + r.z);
   outp.data[i * 4 + 1] = floatBitsToUint(s.x - s.z);
   outp.data[i * 4 + 2] = floatBitsToUint(mm[1][2]);
   outp.data[i * 4 + 3] = floatBitsToUint(mm[2].x);
}
