#version 450
// gbe_fs_test: fine and coarse derivatives of a value that is not linear
// across the subspan.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 o;
void main()
{
   float v = uv.x * uv.y;
   o = vec4(dFdxFine(v), dFdyFine(v), dFdxCoarse(v), dFdyCoarse(v));
}
