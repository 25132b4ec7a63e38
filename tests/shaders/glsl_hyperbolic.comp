#version 450
// asinh, acosh, atanh (and sinh, cosh, tanh) on arguments in their domains,
// kept where the log() they inherit their precision from has a relative
// (ULP) bound: its argument outside [0.5, 2], where Vulkan bounds log only
// absolutely (2^-21) and small results may differ by many ULPs.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; } outp;

void main() {
   uint g = gl_GlobalInvocationID.x;
   float u = float(inp.data[g] & 0xffffu) / 65536.0;          // [0, 1)
   float s = (inp.data[g] & 0x10000u) != 0u ? -1.0 : 1.0;
   float x = s * (u * 20.0 + 0.75);                           // +-[0.75, 20.75]
   float y = 1.25 + u * 50.0;                                 // acosh: >= 1.25
   float z = s * (u * 0.6 + 0.34);                            // atanh: |z| in [0.34, 0.94]
   outp.v[g * 2u] = vec4(asinh(x), acosh(y), atanh(z), asinh(vec2(x * 2.0, -y)).y);
   outp.v[g * 2u + 1u] = vec4(sinh(z), cosh(z), tanh(x), 0.0);
}
