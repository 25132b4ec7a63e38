#version 450
// Explicit gradients: dPdx = (z, 0), dPdy = (0, z / 4) in normalized
// coordinates, z constant over each quad (anisotropic footprint, LOD from
// the longer axis).
layout(binding = 8) uniform sampler2D tex;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   o_color = textureGrad(tex, v_tc.xy, vec2(v_tc.z, 0.0), vec2(0.0, v_tc.z * 0.25));
}
