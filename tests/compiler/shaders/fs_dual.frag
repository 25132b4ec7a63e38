#version 450
// gbe_fs_test: dual-source blending, location 0 index 0 and index 1 in
// one SIMD8 dual-source render target write.
layout(location = 0) in vec4 v;
layout(location = 0, index = 0) out vec4 o0;
layout(location = 0, index = 1) out vec4 o1;
void main()
{
   o0 = v;
   o1 = v.wzyx * 2.0;
}
