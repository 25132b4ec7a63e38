#version 450
layout(location = 0) flat in uvec4 v_ids;
layout(location = 1) flat in uint v_draw;
layout(location = 0) out uvec4 o_ids;
layout(location = 1) out uint o_draw;

void main()
{
   o_ids = v_ids;
   o_draw = v_draw;
}
