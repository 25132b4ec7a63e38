#version 450
// Push constants indexed by run-time values: the back end reads the CURBE
// registers through a0 (register-indirect addressing).  Indices uniform
// over the workgroup and differing between invocations, whole vectors and
// single components, in a loop whose trip count differs per invocation
// and under divergent control flow.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
layout(push_constant) uniform P { uvec2 p[2]; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   uint v = inp.data[i];
   uvec2 a = pc.p[v & 1u];
   uint b = pc.p[gl_WorkGroupID.x & 1u][(v >> 1) & 1u];
   uint s = 0u;
   for (uint k = 0u; k < (v & 7u); k++)
      s = s * 3u + pc.p[(k + i) & 1u][k & 1u];
   uint c = 7u;
   if ((v & 16u) != 0u)
      c = pc.p[(v >> 8) & 1u].y ^ pc.p[0][(v >> 9) & 1u];
   outp.data[i * 4u] = a.x * 5u + a.y;
   outp.data[i * 4u + 1u] = b;
   outp.data[i * 4u + 2u] = s;
   outp.data[i * 4u + 3u] = c;
}
