#version 450
// Texture sampling, discard, derivatives, interpolation.
layout(set = 0, binding = 2) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 frag;
void main()
{
   vec4 t = texture(tex, uv) + textureLod(tex, uv * 0.5, 1.0);
   if (t.a < 0.1)
      discard;
   float d = length(vec2(dFdx(uv.x), dFdy(uv.y)));
   frag = t * color + vec4(d) + texelFetch(tex, ivec2(uv * 8.0), 0);
}
