#version 450
// Push constants drive the loop count, a mask and a stride; a vector
// push-constant member is indexed dynamically.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(push_constant) uniform Push { uint count; uint mask; uint stride; uint seed; } pc;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint h = pc.seed ^ g;
   uint n = pc.count & 15u, stride = (pc.stride & 7u) + 1u;
   for (uint i = 0u; i < n; i++)
      h = h * 0x01000193u ^ (inp.data[(g + i * stride) & 4095u] & pc.mask);
   uvec4 pv = uvec4(pc.count, pc.mask, pc.stride, pc.seed);
   outp.data[g] = h + pv[g & 3u];
}
