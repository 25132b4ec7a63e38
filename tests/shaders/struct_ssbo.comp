#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
struct Item { uint a; uvec2 b; uint c[3]; };
layout(set = 0, binding = 3, std430) buffer S { Item items[]; } sb;
void main() {
   uint i = gl_GlobalInvocationID.x;
   Item it;
   it.a = inp.data[i];
   it.b = uvec2(i, it.a >> 3);
   it.c[0] = 1u; it.c[1] = it.a & 255u; it.c[2] = i * i;
   sb.items[i] = it;
   Item r = sb.items[i];
   outp.data[i] = r.a + r.b.x + r.b.y + r.c[0] + r.c[1] + r.c[2];
}
