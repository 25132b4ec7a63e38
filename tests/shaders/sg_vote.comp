#version 450
#extension GL_KHR_shader_subgroup_vote : require
// Subgroup votes: all, any and allEqual on bools, ints and vectors.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x, v = inp.data[g];
   uint r = 0u;
   if (subgroupAll(v > 100u)) r |= 1u;
   if (subgroupAny((v & 1u) == 0u)) r |= 2u;
   if (subgroupAllEqual(v >> 28)) r |= 4u;
   if (subgroupAllEqual(vec2(float(v & 3u), 1.0))) r |= 8u;
   outp.data[g] = r;
}
