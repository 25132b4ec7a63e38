#version 450
/* Depth and stencil resolves (gvk_cmd_resolve.c): the resolve attachments
 * of VkSubpassDescriptionDepthStencilResolve and of dynamic rendering's
 * depth and stencil attachments.  One invocation per destination texel of
 * one layer: the samples of the source pixel fetched (texelFetch of a
 * multisampled depth or stencil view: ld2dms on the interleaved surface)
 * and combined as the resolve mode says (Vulkan "Render Pass Resolve
 * Operations": SAMPLE_ZERO, AVERAGE, MIN, MAX), then stored as the depth
 * or stencil buffer holds it, byte by byte through a storage buffer laid
 * over the destination's surface (meta_address.glsl): typed writes reach
 * neither D24's R24_UNORM_X8_TYPELESS nor the W-tiled stencil buffer,
 * and byte scattered writes rewrite no neighbouring texel.
 *
 * STENCIL: 1 reads R8_UINT stencil, 0 reads a depth format's value. */
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_8bit_storage : require
#include "meta_address.glsl"

#if STENCIL
#define SRC_SAMPLER usampler2DMSArray
#define VALUE uint
#else
#define SRC_SAMPLER sampler2DMSArray
#define VALUE float
#endif

layout(local_size_x = 16, local_size_y = 4, local_size_z = 1) in;

/* mode.x: VkResolveModeFlagBits as the driver passes it */
#define MODE_SAMPLE_ZERO 1u
#define MODE_AVERAGE 2u
#define MODE_MIN 4u
#define MODE_MAX 8u

/* store.y: how a value is stored (3DSTATE_DEPTH_BUFFER Surface Format,
 * 3DSTATE_STENCIL_BUFFER's R8_UINT) */
#define STORE_UNORM16 0u
#define STORE_UNORM24 1u
#define STORE_FLOAT32 2u
#define STORE_UINT8 3u

layout(push_constant) uniform params {
   /* the destination layer's surface, x0 and y0 at the region's first
    * texel (x0 in bytes) */
   gvk_meta_side dst;
   /* x, y: the region's first pixel in the source; z: its layer in the
    * source view */
   ivec4 src_origin;
   /* x, y: texels of the region */
   uvec4 extent;
   /* x: resolve mode; y: STORE_*; z: bytes per texel; w: sample count */
   uvec4 store;
};

layout(set = 0, binding = 0) uniform SRC_SAMPLER src;
layout(set = 0, binding = 1) writeonly buffer dst_buf { uint8_t dst_data[]; };

VALUE combine(VALUE a, VALUE b)
{
   if (store.x == MODE_MIN)
      return min(a, b);
   if (store.x == MODE_MAX)
      return max(a, b);
   return a + b;
}

VALUE resolve(ivec3 s)
{
   VALUE value = texelFetch(src, s, 0).r;
   if (store.x == MODE_SAMPLE_ZERO)
      return value;
   for (uint i = 1u; i < store.w; i++)
      value = combine(value, texelFetch(src, s, int(i)).r);
#if !STENCIL
   if (store.x == MODE_AVERAGE)
      value /= float(store.w);
#endif
   return value;
}

/* The bits the depth or stencil buffer stores for the value (Vulkan
 * "Depth and Stencil Formats", "Conversion from Floating-Point to
 * Normalized Fixed-Point": round to nearest). */
uint stored(VALUE v)
{
#if STENCIL
   return v;
#else
   if (store.y == STORE_FLOAT32)
      return floatBitsToUint(v);
   float scale = store.y == STORE_UNORM16 ? 65535.0 : 16777215.0;
   return uint(roundEven(clamp(v, 0.0, 1.0) * scale));
#endif
}

void main()
{
   uvec3 id = gl_GlobalInvocationID;
   if (id.x >= extent.x || id.y >= extent.y)
      return;
   uint bits = stored(resolve(ivec3(src_origin.xy + ivec2(id.xy), src_origin.z)));
   for (uint b = 0u; b < store.z; b++)
      dst_data[gvk_meta_address(dst, id.x * store.z + b, id.y, 0u)] =
         uint8_t((bits >> (8u * b)) & 0xffu);
}
