#version 450
/* vkCmdBlitImage (gvk_cmd_blit.c): one invocation per destination texel
 * of a region, sampling the source as the spec's "Image Copies with
 * Scaling" says: the texel centre mapped into the source region (a
 * negative scale mirrors it), the region's filter, CLAMP_TO_EDGE, the
 * source view's one level.  The sampler converts the source format (sRGB
 * decoded, compressed blocks decoded); the typed write converts to the
 * destination's, whose sRGB views are written through their UNORM twin,
 * so the kernel encodes.
 *
 * SRC_DIM: 1 (1D array view), 2 (2D array view), 3 (3D view).  The
 * destination is a 1D array view with a 1D source, else a 2D array or 3D
 * view, both addressed (x, y, slice or layer).  TYPE: f (float, normalized
 * and sRGB formats), u (UINT), i (SINT): Vulkan blits integers only to
 * integers of the same signedness. */
#if TYPE_u
#define VEC uvec4
#define SAMPLER_1D usampler1DArray
#define SAMPLER_2D usampler2DArray
#define SAMPLER_3D usampler3D
#define IMAGE_1D uimage1DArray
#define IMAGE_2D uimage2DArray
#elif TYPE_i
#define VEC ivec4
#define SAMPLER_1D isampler1DArray
#define SAMPLER_2D isampler2DArray
#define SAMPLER_3D isampler3D
#define IMAGE_1D iimage1DArray
#define IMAGE_2D iimage2DArray
#else
#define VEC vec4
#define SAMPLER_1D sampler1DArray
#define SAMPLER_2D sampler2DArray
#define SAMPLER_3D sampler3D
#define IMAGE_1D image1DArray
#define IMAGE_2D image2DArray
#endif

#if SRC_DIM == 1
#define SRC_SAMPLER SAMPLER_1D
#define DST_IMAGE IMAGE_1D
#elif SRC_DIM == 2
#define SRC_SAMPLER SAMPLER_2D
#define DST_IMAGE IMAGE_2D
#else
#define SRC_SAMPLER SAMPLER_3D
#define DST_IMAGE IMAGE_2D
#endif

layout(local_size_x = 16, local_size_y = 4, local_size_z = 1) in;

/* GVK_META_BLIT_SRGB in flags: encode R, G, B to sRGB before the write. */
#define GVK_META_BLIT_SRGB 1u

layout(push_constant) uniform params {
   /* source coordinate = (id * scale + bias) * inv_size, per axis: the
    * source texels one destination texel spans (signed) and the source
    * position of the region's first destination texel centre; z is the
    * layer of an array source (scale 1 or 0, inv_size 1) */
   vec4 scale;
   vec4 bias;
   vec4 inv_size;
   /* destination texel of id 0: x, y, and the z slice of a 3D view (0:
    * layers count from the view's first) */
   ivec4 dst_origin;
   /* destination texels of the region per axis (z: slices or layers);
    * w: GVK_META_BLIT_* flags */
   uvec4 extent;
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
   vec3 c = (vec3(id) * scale.xyz + bias.xyz) * inv_size.xyz;
   ivec3 d = dst_origin.xyz + ivec3(id);
#if SRC_DIM == 1
   VEC value = textureLod(src, c.xz, 0.0);
#else
   VEC value = textureLod(src, c, 0.0);
#endif
#if !(TYPE_u || TYPE_i)
   if ((extent.w & GVK_META_BLIT_SRGB) != 0u)
      value.rgb = srgb_encode(value.rgb);
#endif
#if SRC_DIM == 1
   imageStore(dst, d.xz, value);
#else
   imageStore(dst, d, value);
#endif
}
