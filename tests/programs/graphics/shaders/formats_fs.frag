#version 450
// The page of formats_fs.vert's values the push constant selects.
layout(push_constant) uniform Push { uint page; } pc;
layout(location = 0) flat in uvec4 v_slots[16];
layout(location = 0) out uvec4 o0;
layout(location = 1) out uvec4 o1;
layout(location = 2) out uvec4 o2;
layout(location = 3) out uvec4 o3;

void main()
{
   o0 = v_slots[pc.page * 4u];
   o1 = v_slots[pc.page * 4u + 1u];
   o2 = v_slots[pc.page * 4u + 2u];
   o3 = v_slots[pc.page * 4u + 3u];
}
