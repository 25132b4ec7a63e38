#version 450
/* Copies a rect (meta_address.glsl) of UNIT_BYTES-byte units: 4 when every
 * row start, pitch and size of both sides is dword aligned and neither is
 * W-tiled, 1 otherwise (byte scattered messages write single bytes, so
 * neighbouring bytes of other rects or texels are never rewritten). */
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
   gvk_meta_side src, dst;
   uint width_units, height;
};

layout(set = 0, binding = 0) readonly buffer src_buf { UNIT src_data[]; };
layout(set = 0, binding = 1) writeonly buffer dst_buf { UNIT dst_data[]; };

void main()
{
   uvec3 id = gl_GlobalInvocationID;
   if (id.x >= width_units || id.y >= height)
      return;
   uint x = id.x * UNIT_BYTES;
   uint s = gvk_meta_address(src, x, id.y, id.z);
   uint d = gvk_meta_address(dst, x, id.y, id.z);
   dst_data[UNIT_INDEX(d)] = src_data[UNIT_INDEX(s)];
}
