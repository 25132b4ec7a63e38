#version 450
// Four samplers of one texture with different address modes and border
// colours; the quad's third coordinate (0..3) says which one is shown.
// All four are sampled in uniform control flow (implicit derivatives).
layout(binding = 8) uniform sampler2D t0;
layout(binding = 9) uniform sampler2D t1;
layout(binding = 10) uniform sampler2D t2;
layout(binding = 11) uniform sampler2D t3;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   vec4 c[4] = vec4[4](texture(t0, v_tc.xy), texture(t1, v_tc.xy), texture(t2, v_tc.xy),
                       texture(t3, v_tc.xy));
   int i = clamp(int(v_tc.z + 0.5), 0, 3);
   o_color = c[i];
}
