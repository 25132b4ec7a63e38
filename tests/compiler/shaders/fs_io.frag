#version 450
// gbe_fs_test: smooth, noperspective and flat inputs, two render targets
// with a gap between them, FragCoord.xy, FrontFacing, a discard.
layout(location = 0) in vec4 color;
layout(location = 1) noperspective in float np;
layout(location = 2) flat in ivec2 fi;
layout(location = 0) out vec4 o0;
layout(location = 2) out vec4 o2;
void main()
{
   o0 = color + vec4(np);
   o2 = vec4(gl_FragCoord.xy, float(fi.x + fi.y), gl_FrontFacing ? 1.0 : -1.0);
   if (np > 6.0)
      discard;
}
