#version 450
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_basic : require
// Quad operations in a fragment shader: manual derivatives by quad swaps.
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   float h = subgroupQuadSwapHorizontal(uv.x) - uv.x;
   float v = subgroupQuadSwapVertical(uv.y) - uv.y;
   float d = subgroupQuadSwapDiagonal(uv.x + uv.y);
   float b = subgroupQuadBroadcast(uv.x, 2);
   color = vec4(abs(h), abs(v), d, b + float(subgroupElect()));
}
