#version 450
// Programmable vertex pulling: no vertex attributes, positions and colours
// read from SSBOs by VertexIndex through an index buffer of 16-bit indices.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(set = 0, binding = 0) readonly buffer Positions { float xyz[]; } positions;
layout(set = 0, binding = 1) readonly buffer Colors { uint rgba8[]; } colors;
layout(set = 0, binding = 2) readonly buffer Remap { uint16_t idx[]; } remap;
layout(location = 0) out vec4 color;
void main() {
   uint v = uint(remap.idx[gl_VertexIndex]);
   vec3 p = vec3(positions.xyz[3 * v], positions.xyz[3 * v + 1], positions.xyz[3 * v + 2]);
   uint c = colors.rgba8[v];
   color = vec4(c & 0xffu, (c >> 8) & 0xffu, (c >> 16) & 0xffu, c >> 24) / 255.0;
   gl_Position = vec4(p, 1.0);
}
