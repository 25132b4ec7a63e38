#version 450
// gbe_fs_test: a flat input array indexed at run time.
layout(location = 0) flat in uvec4 slots[4];
layout(location = 4) in float sel;
layout(location = 0) out uvec4 o;
void main()
{
   o = slots[uint(sel)];
}
