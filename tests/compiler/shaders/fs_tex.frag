#version 450
// gbe_fs_test: implicit-LOD sampling (sample, sample_b, sample_c, gather4)
// and where the descriptors' binding table entries start.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DShadow sh;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
void main()
{
   o0 = texture(tex, uv) + texture(tex, uv, 1.0);
   o1 = vec4(texture(sh, vec3(uv, 0.5))) + textureGather(tex, uv);
}
