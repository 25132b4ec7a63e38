#version 450
// formats.vert without a storage buffer (Gen7's hasvk has no
// vertexPipelineStoresAndAtomics): the sixteen values go to the fragment
// shader as flat varyings, and formats_fs.frag writes four of them, the
// page the push constant selects, to four integer targets.  Each page's
// points are drawn 8 pixels lower.
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
layout(push_constant) uniform Push { uint page; } pc;
layout(location = 0) flat out uvec4 v_slots[16];

void main()
{
   v_slots[0] = uvec4(round(unorm8 * 255.0));
   v_slots[1] = uvec4(ivec4(round(snorm8 * 127.0)));
   v_slots[2] = uint8;
   v_slots[3] = uvec4(ivec4(sint16, 0, 0));
   v_slots[4] = uvec4(floatBitsToUint(half2), 0u, 0u);
   v_slots[5] = uvec4(round(rgb10a2 * vec4(1023.0, 1023.0, 1023.0, 3.0)));
   v_slots[6] = uvec4(round(bgra8 * 255.0));
   v_slots[7] = floatBitsToUint(uscaled16);
   v_slots[8] = floatBitsToUint(sscaled8);
   v_slots[9] = uvec4(round(unorm16 * 65535.0));
   v_slots[10] = uvec4(floatBitsToUint(float3), 0u);
   v_slots[11] = uvec4(sint32);
   v_slots[12] = uvec4(round(r8 * 255.0));
   v_slots[13] = uvec4(ivec4(round(snorm16 * 32767.0)));
   v_slots[14] = rgb10a2ui;
   v_slots[15] = uvec4(gl_VertexIndex, 0xc0ffeeu, 0u, 0u);
   gl_Position = vec4((pos + vec2(0.0, 8.0 * float(pc.page))) / 16.0 - 1.0, 0.0, 1.0);
   gl_PointSize = 1.0;
}
