/* Format and image format properties, derived from isl's per-generation
 * capabilities and limited to what genvk can do today: attachments from
 * Broadwell on (no vertex input yet), colour and depth blits, sampled
 * images through the sampler messages, texel buffers through the
 * sampler's ld and the typed messages, storage images through the typed messages (with the
 * raw-read lowering of gbe.h where the data port cannot convert),
 * transfers through the driver's compute copies (gvk_meta), which move the
 * bytes of any surface isl lays out. */
#include "gvk_image.h"

#include "gvk_meta.h"
#include "gvk_physical_device.h"

/* The entry a kernel reads texels of `format` from when the data port
 * cannot convert them (gbe.h, struct gbe_binding): R32_UINT with
 * bits/32 dwords per texel, or the UINT format with the same channel bits
 * for smaller texels. */
static enum isl_format
uint_twin(const struct isl_format_layout *l)
{
   for (unsigned i = 0;; i++) {
      const struct isl_format_layout *t = isl_format_layout_at(i);
      if (!t)
         return ISL_FORMAT_UNSUPPORTED;
      if (t->bpb != l->bpb || isl_format_is_compressed(t))
         continue;
      bool same = true;
      for (unsigned c = 0; c < ISL_COMPONENTS && same; c++) {
         if (l->ch[c].type == ISL_VOID)
            same = t->ch[c].type == ISL_VOID;
         else
            same = t->ch[c].type == ISL_UINT && t->ch[c].bits == l->ch[c].bits &&
                   t->ch[c].shift == l->ch[c].shift;
      }
      if (same)
         return (enum isl_format)t->format;
   }
}

enum isl_format
gvk_format_raw_read(const struct devinfo *dev, enum isl_format format,
                    uint32_t *texel_dwords)
{
   const struct isl_format_layout *l = isl_format_layout(format);
   *texel_dwords = 1;
   if (!l || isl_format_is_compressed(l))
      return ISL_FORMAT_UNSUPPORTED;
   if (l->bpb >= 32) {
      if (l->bpb % 32)
         return ISL_FORMAT_UNSUPPORTED;
      *texel_dwords = l->bpb / 32;
      return ISL_FORMAT_R32_UINT;
   }
   enum isl_format twin = uint_twin(l);
   if (twin == ISL_FORMAT_UNSUPPORTED ||
       !(isl_format_caps(dev, twin) & ISL_CAP_TYPED_READ))
      return ISL_FORMAT_UNSUPPORTED;
   return twin;
}

/* A declared-format read of a storage image or texel buffer works when the
 * data port converts the format or the kernel can read its raw bits. */
static bool
storage_readable(const struct devinfo *dev, enum isl_format format, uint32_t caps)
{
   uint32_t dwords;
   return (caps & ISL_CAP_TYPED_READ) ||
          gvk_format_raw_read(dev, format, &dwords) != ISL_FORMAT_UNSUPPORTED;
}

static enum isl_surf_dim
surf_dim(VkImageType type)
{
   switch (type) {
   case VK_IMAGE_TYPE_1D: return ISL_SURF_DIM_1D;
   case VK_IMAGE_TYPE_3D: return ISL_SURF_DIM_3D;
   case VK_IMAGE_TYPE_2D:
   default: return ISL_SURF_DIM_2D;
   }
}

/* Whether isl lays out an image of the format, type and tiling: one
 * texel block, each surface the image has (gvk_image.c: the depth and the
 * separate stencil buffer, or one colour surface).  isl refuses, for
 * example, linear depth and stencil buffers (Y- and W-tiled only),
 * linear ASTC and 1D block-compressed surfaces. */
static bool
isl_lays_out(const struct devinfo *dev, const struct isl_vk_format *f, VkImageType type,
             VkImageTiling tiling)
{
   const struct isl_format_layout *l = isl_format_layout((enum isl_format)f->format);
   if (!l)
      return false;
   struct isl_surf_info si = {
      .dim = surf_dim(type), .format = (enum isl_format)f->format,
      .width = l->bw, .height = type == VK_IMAGE_TYPE_1D ? 1 : l->bh, .depth = 1,
      .levels = 1, .array_len = 1, .usage = ISL_USAGE_STORAGE,
      .tilings = tiling == VK_IMAGE_TILING_LINEAR ? ISL_TILING_BIT(ISL_TILING_LINEAR) : 0,
   };
   struct isl_surf surf;
   if (f->depth_format == ISL_DEPTH_NONE && !f->stencil)
      return isl_surf_init(dev->verx10, &si, &surf);
   if (f->depth_format != ISL_DEPTH_NONE) {
      si.usage = ISL_USAGE_DEPTH;
      if (!isl_surf_init(dev->verx10, &si, &surf))
         return false;
   }
   if (f->stencil) {
      si.format = ISL_FORMAT_R8_UINT;
      si.usage = ISL_USAGE_STENCIL;
      if (!isl_surf_init(dev->verx10, &si, &surf))
         return false;
   }
   return true;
}

/* gvk_meta copies the bytes of texel blocks through storage buffers with
 * the tiling formulas (gvk_meta.h), whatever the format: every image isl
 * lays out is a transfer source and destination (Vulkan "Copying Data
 * Between Buffers and Images": copies move the blocks' bits unchanged). */
static VkFormatFeatureFlags2
transfer_features(const struct devinfo *dev, const struct isl_vk_format *f,
                  VkImageTiling tiling)
{
   if (!isl_lays_out(dev, f, VK_IMAGE_TYPE_2D, tiling))
      return 0;
   return VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT;
}

static bool
is_atomic_format(enum isl_format format)
{
   /* Vulkan's storage atomics are on 32-bit integers (R32_UINT/SINT);
    * float and 64-bit image atomics need extensions genvk lacks. */
   return format == ISL_FORMAT_R32_UINT || format == ISL_FORMAT_R32_SINT;
}

/* Sampling: what isl says the sampler does with the Vulkan format
 * (isl_vk_format_caps: the format's channel selects, which Ivy Bridge
 * lacks, and depth and stencil per generation): reads it, filters it
 * linearly, compares depth.  Linear block-compressed images are not
 * sampled (Mesa's anv offers them no features either). */
static VkFormatFeatureFlags2
sampled_features(const struct isl_vk_format *f, uint32_t caps, VkImageTiling tiling)
{
   const struct isl_format_layout *l = isl_format_layout((enum isl_format)f->format);
   if (!(caps & ISL_CAP_SAMPLE) ||
       (tiling == VK_IMAGE_TILING_LINEAR && isl_format_is_compressed(l)))
      return 0;
   VkFormatFeatureFlags2 out = VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT;
   if (caps & ISL_CAP_FILTER)
      out |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   if ((caps & ISL_CAP_SHADOW) && f->depth_format != ISL_DEPTH_NONE)
      out |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT;
   return out;
}

/* The depth/stencil formats genvk renders into: the depth buffer formats
 * (3DSTATE_DEPTH_BUFFER: D16_UNORM, D24_UNORM_X8_UINT, D32_FLOAT) alone
 * or with the separate R8_UINT stencil buffer, and stencil alone. */
static bool
is_depth_stencil_attachment(VkFormat format)
{
   switch (format) {
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_S8_UINT:
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return true;
   default:
      return false;
   }
}

/* Attachments: render targets where isl says the format renders (and
 * blends), depth/stencil buffers for the formats above.  Draws are
 * recorded from Broadwell on only, so earlier generations have none. */
static VkFormatFeatureFlags2
attachment_features(const struct devinfo *dev, const struct isl_vk_format *f,
                    uint32_t caps)
{
   if (dev->verx10 < 80)
      return 0;
   if (f->depth_format != ISL_DEPTH_NONE || f->stencil)
      return is_depth_stencil_attachment((VkFormat)f->vk_format) ?
             VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT : 0;
   if (!(caps & ISL_CAP_RENDER))
      return 0;
   VkFormatFeatureFlags2 out = VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
   if (caps & ISL_CAP_BLEND)
      out |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
   return out;
}

/* vkCmdBlitImage (gvk_cmd_blit.c) samples sources through the sampler
 * and writes destinations with typed writes, sRGB ones through their
 * UNORM twin.  A depth/stencil image blits only to one of its own format
 * (Vulkan "vkCmdBlitImage" valid usage), so such a format has both
 * features or neither. */
static VkFormatFeatureFlags2
blit_features(const struct devinfo *dev, const struct isl_vk_format *f,
              VkFormatFeatureFlags2 sampled)
{
   bool srgb;
   const bool reads = sampled & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT;
   const bool writes = gvk_meta_blit_write_format(dev, (VkFormat)f->vk_format, &srgb) !=
                       VK_FORMAT_UNDEFINED;
   const VkFormatFeatureFlags2 both =
      VK_FORMAT_FEATURE_2_BLIT_SRC_BIT | VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
   if (f->depth_format != ISL_DEPTH_NONE || f->stencil)
      return reads && writes ? both : 0;
   return (reads ? VK_FORMAT_FEATURE_2_BLIT_SRC_BIT : 0) |
          (writes ? VK_FORMAT_FEATURE_2_BLIT_DST_BIT : 0);
}

/* Features of a format's images with the tiling: the typed messages of
 * storage images and the sampler handle linear and tiled surfaces alike. */
static VkFormatFeatureFlags2
image_features(const struct devinfo *dev, const struct isl_vk_format *f,
               VkImageTiling tiling)
{
   VkFormatFeatureFlags2 out = transfer_features(dev, f, tiling);
   if (!out)
      return 0;
   uint32_t caps = isl_vk_format_caps(dev, f->vk_format);
   const VkFormatFeatureFlags2 sampled = sampled_features(f, caps, tiling);
   out |= sampled | blit_features(dev, f, sampled);
   /* SAMPLER_STATE Reduction Type from Skylake (genX_sampler.c) on what
    * the sampler filters */
   if (dev->verx10 >= 90 && (sampled & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT))
      out |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_MINMAX_BIT;
   out |= attachment_features(dev, f, caps);
   if ((caps & ISL_CAP_TYPED_WRITE) &&
       storage_readable(dev, (enum isl_format)f->format, caps)) {
      out |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
             VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
      if (caps & ISL_CAP_TYPED_READ)
         out |= VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT;
      if ((caps & ISL_CAP_TYPED_ATOMIC) && is_atomic_format(f->format))
         out |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT;
   }
   return out;
}

static VkFormatFeatureFlags2
buffer_features(const struct devinfo *dev, const struct isl_vk_format *f)
{
   if (f->depth_format != ISL_DEPTH_NONE || f->stencil)
      return 0;
   uint32_t caps = isl_vk_format_caps(dev, f->vk_format);
   VkFormatFeatureFlags2 out = 0;
   /* the VF fetches what VERTEX_ELEMENT_STATE can name; draws are
    * recorded from Broadwell on */
   if ((caps & ISL_CAP_VERTEX) && dev->verx10 >= 80)
      out |= VK_FORMAT_FEATURE_2_VERTEX_BUFFER_BIT;
   if (caps & ISL_CAP_UNIFORM_TEXEL)
      out |= VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT;
   if ((caps & ISL_CAP_STORAGE_TEXEL) &&
       storage_readable(dev, (enum isl_format)f->format, caps)) {
      out |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
             VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
      if (caps & ISL_CAP_TYPED_READ)
         out |= VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT;
      if ((caps & ISL_CAP_TYPED_ATOMIC) && is_atomic_format(f->format))
         out |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
   }
   return out;
}

VkFormatFeatureFlags2
gvk_format_features(const struct gvk_physical_device *pdev, VkFormat format,
                    enum gvk_format_use use)
{
   const struct isl_vk_format *f = isl_vk_format(format);
   if (!f)
      return 0;
   switch (use) {
   case GVK_FORMAT_BUFFER: return buffer_features(&pdev->info, f);
   case GVK_FORMAT_IMAGE_LINEAR: return image_features(&pdev->info, f, VK_IMAGE_TILING_LINEAR);
   case GVK_FORMAT_IMAGE:
   default: return image_features(&pdev->info, f, VK_IMAGE_TILING_OPTIMAL);
   }
}

/* The bits VkFormatFeatureFlags can hold; *_WITHOUT_FORMAT exist only in
 * VkFormatFeatureFlags2 (VK_KHR_format_feature_flags2). */
static VkFormatFeatureFlags
features1(VkFormatFeatureFlags2 f)
{
   return (VkFormatFeatureFlags)(f & 0x7fffffffu);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceFormatProperties(VkPhysicalDevice physicalDevice,
                                      VkFormat format,
                                      VkFormatProperties *pProps)
{
   struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   *pProps = (VkFormatProperties){
      .linearTilingFeatures =
         features1(gvk_format_features(pdev, format, GVK_FORMAT_IMAGE_LINEAR)),
      .optimalTilingFeatures = features1(gvk_format_features(pdev, format, GVK_FORMAT_IMAGE)),
      .bufferFeatures = features1(gvk_format_features(pdev, format, GVK_FORMAT_BUFFER)),
   };
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceFormatProperties2(VkPhysicalDevice physicalDevice,
                                       VkFormat format,
                                       VkFormatProperties2 *pProps)
{
   struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   gvk_GetPhysicalDeviceFormatProperties(physicalDevice, format,
                                         &pProps->formatProperties);
   for (VkBaseOutStructure *s = pProps->pNext; s; s = s->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3)
         continue;
      VkFormatProperties3 *p3 = (VkFormatProperties3 *)s;
      p3->linearTilingFeatures = gvk_format_features(pdev, format, GVK_FORMAT_IMAGE_LINEAR);
      p3->optimalTilingFeatures = gvk_format_features(pdev, format, GVK_FORMAT_IMAGE);
      p3->bufferFeatures = gvk_format_features(pdev, format, GVK_FORMAT_BUFFER);
   }
}

/* ---- image format properties ---- */

struct image_query {
   VkFormat format;
   VkImageType type;
   VkImageTiling tiling;
   VkImageUsageFlags usage;
   VkImageCreateFlags flags;
};

/* Usage bits and the feature each needs. */
static VkFormatFeatureFlags2
usage_features(VkImageUsageFlags usage)
{
   VkFormatFeatureFlags2 need = 0;
   if (usage & VK_IMAGE_USAGE_TRANSFER_SRC_BIT)
      need |= VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT;
   if (usage & VK_IMAGE_USAGE_TRANSFER_DST_BIT)
      need |= VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT;
   if (usage & VK_IMAGE_USAGE_STORAGE_BIT)
      need |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT;
   if (usage & (VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT))
      need |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT;
   if (usage & (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT))
      need |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
   if (usage & VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT)
      need |= VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT;
   return need;
}

/* Create flags genvk can honour: no sparse residency, no protected or
 * disjoint (multi-planar) images, no 2D views of 3D images. */
#define SUPPORTED_CREATE_FLAGS                                              \
   (VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT | \
    VK_IMAGE_CREATE_ALIAS_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT |        \
    VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT)

/* Multisampled images (gvk_image.c): optimal-tiled 2D images that are
 * not cube compatible nor storage images (storageImageSampleCounts 1),
 * of formats one renders to, the counts the limits
 * (framebuffer*SampleCounts, sampledImage*SampleCounts) name, on the
 * generations that draw (Gen8+). */
static VkSampleCountFlags
sample_counts(const struct gvk_physical_device *pdev, const struct image_query *q,
              VkFormatFeatureFlags2 have)
{
   if (pdev->info.verx10 < 80 || q->type != VK_IMAGE_TYPE_2D ||
       q->tiling != VK_IMAGE_TILING_OPTIMAL ||
       (q->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) ||
       (q->usage & VK_IMAGE_USAGE_STORAGE_BIT) ||
       !(have & (VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT |
                 VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT)))
      return VK_SAMPLE_COUNT_1_BIT;
   return VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;
}

static VkResult
image_format_properties(const struct gvk_physical_device *pdev,
                        const struct image_query *q, VkImageFormatProperties *out)
{
   *out = (VkImageFormatProperties){ 0 };
   if (q->flags & ~SUPPORTED_CREATE_FLAGS)
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   if (q->tiling != VK_IMAGE_TILING_LINEAR && q->tiling != VK_IMAGE_TILING_OPTIMAL)
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   if ((q->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && q->type != VK_IMAGE_TYPE_2D)
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   const bool linear = q->tiling == VK_IMAGE_TILING_LINEAR;
   VkFormatFeatureFlags2 have = gvk_format_features(
      pdev, q->format, linear ? GVK_FORMAT_IMAGE_LINEAR : GVK_FORMAT_IMAGE);
   if (!have || !isl_lays_out(&pdev->info, isl_vk_format(q->format), q->type, q->tiling))
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   /* EXTENDED_USAGE: the usage may be one only a view format supports. */
   VkFormatFeatureFlags2 need = usage_features(q->usage);
   if (!(q->flags & VK_IMAGE_CREATE_EXTENDED_USAGE_BIT) && (need & ~have))
      return VK_ERROR_FORMAT_NOT_SUPPORTED;

   /* RENDER_SURFACE_STATE limits (isl_surface.c): 16384 texels wide and
    * high, 2048 deep or layers, LODs 0..14. */
   uint32_t dim = pdev->info.max_surface_size;
   switch (q->type) {
   case VK_IMAGE_TYPE_1D:
      out->maxExtent = (VkExtent3D){ 16384, 1, 1 };
      out->maxMipLevels = 15;
      out->maxArrayLayers = 2048;
      break;
   case VK_IMAGE_TYPE_2D:
      out->maxExtent = (VkExtent3D){ dim, dim, 1 };
      out->maxMipLevels = 15;
      out->maxArrayLayers = 2048;
      break;
   case VK_IMAGE_TYPE_3D:
      out->maxExtent = (VkExtent3D){ 2048, 2048, 2048 };
      /* Gen7/8 lay the slices of a 3D LOD side by side (isl
       * ISL_LAYOUT_3D_GEN7), which no VkSubresourceLayout depthPitch
       * describes: linear 3D images keep one level. */
      out->maxMipLevels = q->tiling == VK_IMAGE_TILING_LINEAR ? 1 : 12;
      out->maxArrayLayers = 1;
      break;
   default:
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   }
   out->sampleCounts = sample_counts(pdev, q, have);
   /* Gen7/8 surfaces are at most 2 GiB (isl gen rules); one bound for all. */
   out->maxResourceSize = 1ull << 31;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice physicalDevice,
                                           VkFormat format, VkImageType type,
                                           VkImageTiling tiling,
                                           VkImageUsageFlags usage,
                                           VkImageCreateFlags flags,
                                           VkImageFormatProperties *pProps)
{
   struct image_query q = { format, type, tiling, usage, flags };
   return image_format_properties(gvk_physical_device_from_handle(physicalDevice),
                                  &q, pProps);
}

/* No external memory handle type is supported (the spec: an unsupported
 * handleType makes the query fail with VK_ERROR_FORMAT_NOT_SUPPORTED). */
static bool
wants_external(const VkPhysicalDeviceImageFormatInfo2 *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO &&
          ((const VkPhysicalDeviceExternalImageFormatInfo *)s)->handleType)
         return true;
   }
   return false;
}

static void
fill_output_chain(VkImageFormatProperties2 *props)
{
   for (VkBaseOutStructure *s = props->pNext; s; s = s->pNext) {
      switch (s->sType) {
      case VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES:
         ((VkExternalImageFormatProperties *)s)->externalMemoryProperties =
            (VkExternalMemoryProperties){ 0 };
         break;
      case VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_IMAGE_FORMAT_PROPERTIES:
         ((VkSamplerYcbcrConversionImageFormatProperties *)s)
            ->combinedImageSamplerDescriptorCount = 1;
         break;
      default:
         break;
      }
   }
}

/* VK_EXT_separate_stencil_usage: the stencil aspect's own usage, which
 * the format must support too; a format without stencil has none. */
static VkImageUsageFlags
query_stencil_usage(const VkPhysicalDeviceImageFormatInfo2 *info)
{
   const struct isl_vk_format *f = isl_vk_format(info->format);
   if (!f || !f->stencil)
      return 0;
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO)
         return ((const VkImageStencilUsageCreateInfo *)s)->stencilUsage;
   }
   return 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetPhysicalDeviceImageFormatProperties2(
   VkPhysicalDevice physicalDevice,
   const VkPhysicalDeviceImageFormatInfo2 *pInfo,
   VkImageFormatProperties2 *pProps)
{
   fill_output_chain(pProps);
   struct image_query q = { pInfo->format, pInfo->type, pInfo->tiling,
                            pInfo->usage | query_stencil_usage(pInfo), pInfo->flags };
   VkResult result =
      image_format_properties(gvk_physical_device_from_handle(physicalDevice),
                              &q, &pProps->imageFormatProperties);
   if (result == VK_SUCCESS && wants_external(pInfo)) {
      pProps->imageFormatProperties = (VkImageFormatProperties){ 0 };
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   }
   return result;
}

/* No sparse residency: every query answers with no properties. */
VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceSparseImageFormatProperties(
   VkPhysicalDevice physicalDevice, VkFormat format, VkImageType type,
   VkSampleCountFlagBits samples, VkImageUsageFlags usage,
   VkImageTiling tiling, uint32_t *pCount,
   VkSparseImageFormatProperties *pProps)
{
   *pCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceSparseImageFormatProperties2(
   VkPhysicalDevice physicalDevice,
   const VkPhysicalDeviceSparseImageFormatInfo2 *pInfo, uint32_t *pCount,
   VkSparseImageFormatProperties2 *pProps)
{
   *pCount = 0;
}
