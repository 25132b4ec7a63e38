#version 450
/* Fills a rect (meta_address.glsl) with a repeated texel of texel_bytes
 * bytes (1 to 16, the pattern's bytes in memory order), in UNIT_BYTES-byte
 * units: 4 when the texel and every row start, pitch and size are dword
 * multiples and the side is not W-tiled, 1 otherwise. */
#extension GL_GOOGLE_include_directive : require
#if UNIT_BYTES == 1
#extension GL_EXT_shader_8bit_storage : require
#define UNIT uint8_t
#define UNIT_INDEX(a) (a)
#else
#define UNIT uint
#define UNIT_INDEX(a) ((a) >> 2)
#endif
#include "meta_address.glsl"

layout(local_size_x = 16, local_size_y = 4, local_size_z = 1) in;

layout(push_constant) uniform params {
   gvk_meta_side dst;
   uint width_units, height;
   uint texel_bytes, pad;
   uvec4 pattern;
};

layout(set = 0, binding = 1) writeonly buffer dst_buf { UNIT dst_data[]; };

/* The pattern's dword k: push constants take no varying index. */
uint pattern_dword(uint k)
{
   return k == 0u ? pattern.x : k == 1u ? pattern.y : k == 2u ? pattern.z : pattern.w;
}

void main()
{
   uvec3 id = gl_GlobalInvocationID;
   if (id.x >= width_units || id.y >= height)
      return;
   uint x = id.x * UNIT_BYTES;
   uint byte_in_texel = x % texel_bytes;
   uint value = pattern_dword(byte_in_texel >> 2);
#if UNIT_BYTES == 1
   dst_data[gvk_meta_address(dst, x, id.y, id.z)] =
      uint8_t(value >> ((byte_in_texel & 3u) * 8u));
#else
   dst_data[UNIT_INDEX(gvk_meta_address(dst, x, id.y, id.z))] = value;
#endif
}
