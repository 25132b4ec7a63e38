#version 450
// A cube map array: the direction (xyz) chooses face and texel, the
// fourth coordinate (the quad's number, from gl_FragCoord) the cube.
layout(binding = 8) uniform samplerCubeArray cubes;
layout(location = 0) in vec4 v_tc;
layout(location = 0) out vec4 o_color;

void main()
{
   float cube = gl_FragCoord.y < 16.0 ? 0.0 : 1.0;
   o_color = texture(cubes, vec4(v_tc.xyz, cube));
}
