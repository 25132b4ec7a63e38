#version 450
// Alpha test with discard, gl_FragCoord checkerboard, gl_FrontFacing.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   if (uv.x * uv.y < 0.1)
      discard;
   ivec2 cell = ivec2(gl_FragCoord.xy) / 8;
   bool odd = ((cell.x + cell.y) & 1) != 0;
   color = gl_FrontFacing ? vec4(odd ? 1.0 : 0.2, uv, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);
}
