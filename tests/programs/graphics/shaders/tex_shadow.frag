#version 450
// Depth comparison (sampler2DShadow) in the fragment stage: the reference
// is the third coordinate; nearest filtering gives 0 or 1 per texel.  The
// second texture is D16 with the opposite compare op.
layout(binding = 8) uniform sampler2DShadow s32;
layout(binding = 9) uniform sampler2DShadow s16;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   float a = texture(s32, v_tc.xyz);
   float b = texture(s16, v_tc.xyz);
   float c = textureLod(s32, vec3(v_tc.x, v_tc.y, 0.5), 0.0);
   o_color = vec4(a, b, c, 1.0);
}
