#version 450
// FragCoord, FrontFacing, PrimitiveID, Layer, ViewportIndex, PointCoord.
layout(location = 0) out vec4 color;
void main() {
   vec2 p = gl_FragCoord.xy / 512.0;
   float facing = gl_FrontFacing ? 1.0 : -1.0;
   float prim = float(gl_PrimitiveID & 255) / 255.0;
   float layer = float(gl_Layer + gl_ViewportIndex);
   color = vec4(p * facing, prim + gl_FragCoord.z, layer + gl_PointCoord.x + 1.0 / gl_FragCoord.w);
}
