#version 450
// Component-wise selection with boolean vectors (mix with bvec), any/all,
// and vector comparisons of signed and unsigned values.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uvec4 v[]; } inp;
layout(set = 0, binding = 1) buffer Out { uvec4 v[]; } outp;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uvec4 a = inp.v[g], b = inp.v[g + 256u];
   bvec4 lt = lessThan(a, b), slt = lessThan(ivec4(a), ivec4(b));
   uvec4 m = mix(a, b, lt);
   uvec4 s = mix(a ^ b, a & b, slt);
   uint flags = (any(lt) ? 1u : 0u) | (all(slt) ? 2u : 0u) | (any(equal(a, b)) ? 4u : 0u);
   outp.v[g] = m + s + uvec4(flags);
}
