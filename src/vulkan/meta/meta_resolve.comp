#version 450
/* Multisample resolves (gvk_cmd_resolve.c): vkCmdResolveImage(2) and the
 * resolve attachments of render passes and dynamic rendering.  One
 * invocation per destination texel of a region: the samples of the
 * source pixel fetched (texelFetch of a sampler2DMSArray: the sampler's
 * ld2dms messages, no filtering) and averaged (Vulkan
 * VK_RESOLVE_MODE_AVERAGE_BIT, what vkCmdResolveImage does for
 * float-valued formats), or sample 0 alone (SAMPLE_ZERO, the resolve of
 * integer formats), then written with a typed write, which converts to
 * the destination's format; an sRGB destination is written through its
 * UNORM twin (as meta_blit.comp), so the kernel encodes.
 *
 * TYPE: f (float, normalized and sRGB formats), u (UINT), i (SINT). */
#if TYPE_u
#define VEC uvec4
#define SRC_SAMPLER usampler2DMSArray
#define DST_IMAGE uimage2DArray
#elif TYPE_i
#define VEC ivec4
#define SRC_SAMPLER isampler2DMSArray
#define DST_IMAGE iimage2DArray
#else
#define VEC vec4
#define SRC_SAMPLER sampler2DMSArray
#define DST_IMAGE image2DArray
#endif

layout(local_size_x = 16, local_size_y = 4, local_size_z = 1) in;

/* flags (extent.w) */
#define GVK_META_RESOLVE_SAMPLE_ZERO 1u
#define GVK_META_RESOLVE_SRGB 2u

layout(push_constant) uniform params {
   /* the first texel of the region on each side: x, y (layers count from
    * each view's first) */
   ivec4 src_origin;
   ivec4 dst_origin;
   /* texels per axis, layers in z; w: GVK_META_RESOLVE_* flags */
   uvec4 extent;
   /* the source's sample count */
   uvec4 samples;
};

layout(set = 0, binding = 0) uniform SRC_SAMPLER src;
layout(set = 0, binding = 1) writeonly uniform DST_IMAGE dst;

#if !(TYPE_u || TYPE_i)
/* Vulkan "sRGB transfer functions", the encoding direction. */
vec3 srgb_encode(vec3 c)
{
   vec3 lo = c * 12.92;
   vec3 hi = 1.055 * pow(max(c, vec3(0.0031308)), vec3(1.0 / 2.4)) - 0.055;
   return mix(hi, lo, lessThanEqual(c, vec3(0.0031308)));
}
#endif

void main()
{
   uvec3 id = gl_GlobalInvocationID;
   if (id.x >= extent.x || id.y >= extent.y || id.z >= extent.z)
      return;
   ivec3 s = ivec3(src_origin.xy + ivec2(id.xy), int(id.z));
   ivec3 d = ivec3(dst_origin.xy + ivec2(id.xy), int(id.z));
   VEC value = texelFetch(src, s, 0);
#if !(TYPE_u || TYPE_i)
   if ((extent.w & GVK_META_RESOLVE_SAMPLE_ZERO) == 0u) {
      for (uint i = 1u; i < samples.x; i++)
         value += texelFetch(src, s, int(i));
      value /= float(samples.x);
   }
   if ((extent.w & GVK_META_RESOLVE_SRGB) != 0u)
      value.rgb = srgb_encode(value.rgb);
#endif
   imageStore(dst, d, value);
}
