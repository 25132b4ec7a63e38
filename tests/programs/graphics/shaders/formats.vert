#version 450
// Vertex fetch of many formats: every fetched value is stored, as exact
// integers, into a storage buffer at the vertex's slot (normalized values
// times 255/127/65535/1023 rounded: exact whatever rounding the float
// conversion had, Vulkan "Fixed-Point Data Conversions"), and the vertex
// is drawn as a point.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 unorm8;       // r8g8b8a8_unorm
layout(location = 2) in vec4 snorm8;       // r8g8b8a8_snorm
layout(location = 3) in uvec4 uint8;       // r8g8b8a8_uint
layout(location = 4) in ivec2 sint16;      // r16g16_sint
layout(location = 5) in vec2 half2;        // r16g16_sfloat
layout(location = 6) in vec4 rgb10a2;      // a2b10g10r10_unorm_pack32
layout(location = 7) in vec4 bgra8;        // b8g8r8a8_unorm
layout(location = 8) in vec4 uscaled16;    // r16g16_uscaled: (x, y, 0, 1)
layout(location = 9) in vec4 sscaled8;     // r8g8b8a8_sscaled
layout(location = 10) in vec4 unorm16;     // r16g16b16a16_unorm
layout(location = 11) in vec3 float3;      // r32g32b32_sfloat
layout(location = 12) in ivec4 sint32;     // r32g32b32a32_sint
layout(location = 13) in vec4 r8;          // r8_unorm: (r, 0, 0, 1)
layout(location = 14) in vec4 snorm16;     // r16g16_snorm: (x, y, 0, 1)
layout(location = 15) in uvec4 rgb10a2ui;  // a2b10g10r10_uint_pack32
layout(std430, binding = 0) buffer Out { uvec4 slots[]; } o;
layout(location = 0) flat out vec4 v_color;

void main()
{
   uint base = uint(gl_VertexIndex) * 16u;
   o.slots[base + 0u] = uvec4(round(unorm8 * 255.0));
   o.slots[base + 1u] = uvec4(ivec4(round(snorm8 * 127.0)));
   o.slots[base + 2u] = uint8;
   o.slots[base + 3u] = uvec4(ivec4(sint16, 0, 0));
   o.slots[base + 4u] = uvec4(floatBitsToUint(half2), 0u, 0u);
   o.slots[base + 5u] = uvec4(round(rgb10a2 * vec4(1023.0, 1023.0, 1023.0, 3.0)));
   o.slots[base + 6u] = uvec4(round(bgra8 * 255.0));
   o.slots[base + 7u] = floatBitsToUint(uscaled16);
   o.slots[base + 8u] = floatBitsToUint(sscaled8);
   o.slots[base + 9u] = uvec4(round(unorm16 * 65535.0));
   o.slots[base + 10u] = uvec4(floatBitsToUint(float3), 0u);
   o.slots[base + 11u] = uvec4(sint32);
   o.slots[base + 12u] = uvec4(round(r8 * 255.0));
   o.slots[base + 13u] = uvec4(ivec4(round(snorm16 * 32767.0)));
   o.slots[base + 14u] = rgb10a2ui;
   o.slots[base + 15u] = uvec4(gl_VertexIndex, 0xc0ffeeu, 0u, 0u);
   gl_Position = vec4(pos / 16.0 - 1.0, 0.0, 1.0);
   gl_PointSize = 1.0;
   v_color = unorm8;
}
