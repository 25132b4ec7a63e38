/* vkCmdBlitImage and vkCmdBlitImage2: each region is one dispatch of a
 * blit kernel (meta/meta_blit.comp) that samples a view of the source's
 * level and layers through a sampler with the region's filter and writes
 * a storage view of the destination's with typed writes (Vulkan "Image
 * Copies with Scaling").  The views and the sampler are the driver's own,
 * made for the command: a dispatch copies their states into the command
 * buffer while it is recorded, so they are destroyed before it returns.
 *
 * Depth blits (Vulkan allows them only between images of one
 * depth/stencil format, NEAREST) take the same path where the data port
 * writes the depth buffer's format: D16_UNORM (R16_UNORM) and D32_SFLOAT
 * (R32_FLOAT), Y-tiled surfaces it writes like any other.  D24's
 * R24_UNORM_X8_TYPELESS has no typed write, and stencil lives in a
 * W-tiled buffer typed writes cannot address: those formats report no
 * blit features (gvk_format.c). */
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_meta.h"
#include "gvk_physical_device.h"
#include "macros.h"

/* The local size of meta_blit.comp and meta_resolve.comp. */
#define IMAGE_LOCAL_X 16u
#define IMAGE_LOCAL_Y 4u
/* meta_blit.comp's GVK_META_BLIT_SRGB. */
#define BLIT_SRGB 1u

/* meta_blit.comp's push constants. */
struct blit_params {
   float scale[4], bias[4], inv_size[4];
   int32_t dst_origin[4];
   uint32_t extent[4];
};

/* The UNORM format an sRGB format's texels are written through: typed
 * writes do not encode sRGB (isl lists no sRGB format as typed-writable),
 * so the kernel encodes and writes the same bits as UNORM. */
static VkFormat
srgb_twin(VkFormat format)
{
   switch (format) {
   case VK_FORMAT_R8_SRGB: return VK_FORMAT_R8_UNORM;
   case VK_FORMAT_R8G8_SRGB: return VK_FORMAT_R8G8_UNORM;
   case VK_FORMAT_R8G8B8_SRGB: return VK_FORMAT_R8G8B8_UNORM;
   case VK_FORMAT_B8G8R8_SRGB: return VK_FORMAT_B8G8R8_UNORM;
   case VK_FORMAT_R8G8B8A8_SRGB: return VK_FORMAT_R8G8B8A8_UNORM;
   case VK_FORMAT_B8G8R8A8_SRGB: return VK_FORMAT_B8G8R8A8_UNORM;
   case VK_FORMAT_A8B8G8R8_SRGB_PACK32: return VK_FORMAT_A8B8G8R8_UNORM_PACK32;
   default: return VK_FORMAT_UNDEFINED;
   }
}

VkFormat
gvk_meta_blit_write_format(const struct devinfo *dev, VkFormat format, bool *srgb)
{
   const struct isl_vk_format *f = isl_vk_format(format);
   *srgb = false;
   if (!f || f->stencil || !isl_swizzle_is_identity(f->swizzle))
      return VK_FORMAT_UNDEFINED;
   VkFormat write = format;
   if (isl_format_is_srgb(isl_format_layout((enum isl_format)f->format))) {
      write = srgb_twin(format);
      *srgb = true;
   }
   const struct isl_vk_format *w = isl_vk_format(write);
   if (!w || !isl_swizzle_is_identity(w->swizzle) ||
       !(isl_format_caps(dev, (enum isl_format)w->format) & ISL_CAP_TYPED_WRITE))
      return VK_FORMAT_UNDEFINED;
   return write;
}

enum gvk_meta_value_type
gvk_meta_value_type(VkFormat format)
{
   const struct isl_format_layout *l =
      isl_format_layout((enum isl_format)isl_vk_format(format)->format);
   for (unsigned c = 0; c < ISL_COMPONENTS; c++) {
      if (l->ch[c].type == ISL_UINT)
         return GVK_META_UINT;
      if (l->ch[c].type == ISL_SINT)
         return GVK_META_SINT;
   }
   return GVK_META_FLOAT;
}

uint32_t
gvk_meta_layer_count(const struct gvk_image *image, const VkImageSubresourceLayers *sub)
{
   return sub->layerCount == VK_REMAINING_ARRAY_LAYERS ?
          image->layers - sub->baseArrayLayer : sub->layerCount;
}

VkResult
gvk_meta_image_view(VkDevice device, const struct gvk_image *image, VkImageViewType type,
                    VkFormat format, const VkImageSubresourceRange *range,
                    VkImageUsageFlags usage, VkImageView *out)
{
   const VkImageViewUsageCreateInfo use = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = usage,
   };
   const VkImageViewCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .pNext = &use,
      .image = gvk_image_to_handle((struct gvk_image *)image),
      .viewType = type,
      .format = format,
      .subresourceRange = *range,
   };
   return gvk_CreateImageView(device, &info, NULL, out);
}

/* The spec's sampling for blits: the region's filter, nearest mip (the
 * views have one level), CLAMP_TO_EDGE. */
VkResult
gvk_meta_sampler(VkDevice device, VkFilter filter, VkSampler *out)
{
   const VkSamplerCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = filter,
      .minFilter = filter,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
   };
   return gvk_CreateSampler(device, &info, NULL, out);
}

void
gvk_meta_dispatch_image(struct gvk_cmd_buffer *cmd, enum gvk_meta_kernel kernel,
                        VkImageView src, VkSampler sampler, VkImageView dst,
                        const void *push, size_t push_size, const uint32_t extent[3])
{
   const struct gvk_descriptor bindings[2] = {
      { .type = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        .image_view = gvk_image_view_from_handle(src),
        .layout = VK_IMAGE_LAYOUT_GENERAL,
        .sampler = gvk_sampler_from_handle(sampler) },
      { .type = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
        .image_view = gvk_image_view_from_handle(dst),
        .layout = VK_IMAGE_LAYOUT_GENERAL },
   };
   const uint32_t groups[3] = { DIV_ROUND_UP(extent[0], IMAGE_LOCAL_X),
                                DIV_ROUND_UP(extent[1], IMAGE_LOCAL_Y), extent[2] };
   gvk_meta_dispatch(cmd, kernel, bindings, push, push_size, groups);
}

/* What every region of one command shares. */
struct blit {
   struct gvk_cmd_buffer *cmd;
   const struct gvk_image *src, *dst;
   VkFormat write_format;
   bool srgb;
   enum gvk_meta_value_type type;
   VkSampler sampler;
};

static VkDevice
device_handle(const struct blit *b)
{
   return (VkDevice)b->cmd->device;
}

static VkImageViewType
view_type(const struct gvk_image *image)
{
   switch (image->type) {
   case VK_IMAGE_TYPE_1D: return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
   case VK_IMAGE_TYPE_3D: return VK_IMAGE_VIEW_TYPE_3D;
   default: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
   }
}

/* A view of one level and the region's layers and aspect, for one use
 * (SAMPLED or STORAGE), in format. */
static VkResult
make_view(const struct blit *b, const struct gvk_image *image,
          const VkImageSubresourceLayers *sub, VkFormat format,
          VkImageUsageFlags usage, VkImageView *out)
{
   const bool is_3d = image->type == VK_IMAGE_TYPE_3D;
   const VkImageSubresourceRange range = {
      .aspectMask = sub->aspectMask,
      .baseMipLevel = sub->mipLevel,
      .levelCount = 1,
      .baseArrayLayer = is_3d ? 0 : sub->baseArrayLayer,
      .layerCount = is_3d ? 1 : gvk_meta_layer_count(image, sub),
   };
   return gvk_meta_image_view(device_handle(b), image, view_type(image), format, &range,
                              usage, out);
}

/* One axis of the spec's mapping: destination texel i of [d0, d1) (or
 * (d1, d0], mirrored) samples the source at
 * (i + 1/2 - d0) * (s1 - s0) / (d1 - d0) + s0; the kernel's invocation k
 * is texel min(d0, d1) + k. */
static void
axis(int32_t s0, int32_t s1, int32_t d0, int32_t d1, float *scale, float *bias)
{
   *scale = *bias = 0.0f;
   if (d0 == d1)   /* an empty region: nothing is dispatched */
      return;
   const double sc = (double)(s1 - s0) / (double)(d1 - d0);
   *scale = (float)sc;
   *bias = (float)(((double)MIN2(d0, d1) + 0.5 - d0) * sc + s0);
}

static uint32_t
span(int32_t a, int32_t b)
{
   return (uint32_t)(a < b ? b - a : a - b);
}

/* The kernel's constants for a region (the views count layers from the
 * region's first). */
static void
region_params(const struct blit *b, const VkImageBlit2 *r, struct blit_params *p)
{
   const VkOffset3D *s = r->srcOffsets, *d = r->dstOffsets;
   const uint32_t level = r->srcSubresource.mipLevel;
   const bool src_3d = b->src->type == VK_IMAGE_TYPE_3D;
   const bool dst_3d = b->dst->type == VK_IMAGE_TYPE_3D;
   *p = (struct blit_params){ .inv_size[2] = 1.0f };
   axis(s[0].x, s[1].x, d[0].x, d[1].x, &p->scale[0], &p->bias[0]);
   axis(s[0].y, s[1].y, d[0].y, d[1].y, &p->scale[1], &p->bias[1]);
   p->inv_size[0] = 1.0f / (float)isl_minify(b->src->extent.width, level);
   p->inv_size[1] = 1.0f / (float)isl_minify(b->src->extent.height, level);
   p->dst_origin[0] = MIN2(d[0].x, d[1].x);
   p->dst_origin[1] = MIN2(d[0].y, d[1].y);
   p->extent[0] = span(d[0].x, d[1].x);
   p->extent[1] = span(d[0].y, d[1].y);
   if (src_3d) {
      axis(s[0].z, s[1].z, d[0].z, d[1].z, &p->scale[2], &p->bias[2]);
      p->inv_size[2] = 1.0f / (float)isl_minify(b->src->extent.depth, level);
   } else {
      /* layer k of the destination's reads layer k of the source's; a 3D
       * destination's slices all read the source's one layer */
      p->scale[2] = dst_3d ? 0.0f : 1.0f;
   }
   if (dst_3d) {
      p->dst_origin[2] = MIN2(d[0].z, d[1].z);
      p->extent[2] = span(d[0].z, d[1].z);
   } else {
      p->extent[2] = gvk_meta_layer_count(b->dst, &r->dstSubresource);
   }
   p->extent[3] = b->srgb ? BLIT_SRGB : 0;
}

/* The one aspect the destination's format lets a blit write. */
static VkImageAspectFlags
blit_aspect(const struct gvk_image *image)
{
   return isl_vk_format(image->vk_format)->depth_format != ISL_DEPTH_NONE ?
          VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

static bool
region_valid(const struct blit *b, const VkImageBlit2 *r)
{
   const VkImageAspectFlags aspect = blit_aspect(b->dst);
   if (r->srcSubresource.aspectMask != aspect || r->dstSubresource.aspectMask != aspect) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "vkCmdBlitImage: aspects 0x%x -> 0x%x: "
               "genvk blits the colour or depth aspect only",
               r->srcSubresource.aspectMask, r->dstSubresource.aspectMask);
      return false;
   }
   if ((b->src->type == VK_IMAGE_TYPE_1D) != (b->dst->type == VK_IMAGE_TYPE_1D)) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "vkCmdBlitImage: genvk blits 1D images "
               "only to and from 1D images");
      return false;
   }
   return true;
}

static void
blit_region(struct blit *b, const VkImageBlit2 *r)
{
   if (!region_valid(b, r))
      return;
   struct blit_params p;
   region_params(b, r, &p);
   if (!p.extent[0] || !p.extent[1] || !p.extent[2])
      return;
   VkImageView src_view = VK_NULL_HANDLE, dst_view = VK_NULL_HANDLE;
   VkResult result = make_view(b, b->src, &r->srcSubresource, b->src->vk_format,
                               VK_IMAGE_USAGE_SAMPLED_BIT, &src_view);
   if (result == VK_SUCCESS)
      result = make_view(b, b->dst, &r->dstSubresource, b->write_format,
                         VK_IMAGE_USAGE_STORAGE_BIT, &dst_view);
   if (result == VK_SUCCESS) {
      const unsigned dims = b->src->type == VK_IMAGE_TYPE_1D ? 1 :
                            b->src->type == VK_IMAGE_TYPE_3D ? 3 : 2;
      gvk_meta_dispatch_image(b->cmd, GVK_META_BLIT + 3 * (dims - 1) + b->type, src_view,
                              b->sampler, dst_view, &p, sizeof(p), p.extent);
   } else {
      gvk_cmd_set_error(b->cmd, result);
   }
   gvk_DestroyImageView(device_handle(b), dst_view, NULL);
   gvk_DestroyImageView(device_handle(b), src_view, NULL);
}

static bool
blit_begin(struct blit *b, VkImage src, VkImage dst, VkFilter filter)
{
   b->src = gvk_image_from_handle(src);
   b->dst = gvk_image_from_handle(dst);
   if (!b->src->address.bo || !b->dst->address.bo) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "vkCmdBlitImage: image has no memory bound");
      return false;
   }
   if (filter != VK_FILTER_NEAREST && filter != VK_FILTER_LINEAR) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "vkCmdBlitImage: filter %d: genvk "
               "blits with NEAREST and LINEAR only", (int)filter);
      return false;
   }
   b->write_format = gvk_meta_blit_write_format(&b->cmd->device->pdev->info,
                                                b->dst->vk_format, &b->srgb);
   if (b->write_format == VK_FORMAT_UNDEFINED) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "vkCmdBlitImage: VkFormat %d has no "
               "VK_FORMAT_FEATURE_BLIT_DST_BIT", (int)b->dst->vk_format);
      return false;
   }
   b->type = gvk_meta_value_type(b->dst->vk_format);
   VkResult result = gvk_meta_sampler(device_handle(b), filter, &b->sampler);
   if (result != VK_SUCCESS) {
      gvk_cmd_set_error(b->cmd, result);
      return false;
   }
   return true;
}

static VkImageBlit2
image_blit2(const VkImageBlit *r)
{
   return (VkImageBlit2){
      .sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
      .srcSubresource = r->srcSubresource,
      .srcOffsets = { r->srcOffsets[0], r->srcOffsets[1] },
      .dstSubresource = r->dstSubresource,
      .dstOffsets = { r->dstOffsets[0], r->dstOffsets[1] },
   };
}

/* regions2, or regions1 when it is NULL. */
static void
blit_image(VkCommandBuffer commandBuffer, VkImage src, VkImage dst, uint32_t count,
           const VkImageBlit2 *regions2, const VkImageBlit *regions1, VkFilter filter)
{
   struct blit b = { .cmd = gvk_cmd_buffer_from_handle(commandBuffer) };
   if (!blit_begin(&b, src, dst, filter))
      return;
   struct gvk_meta_saved saved;
   gvk_meta_begin(b.cmd, &saved);
   for (uint32_t i = 0; i < count; i++) {
      VkImageBlit2 r = regions2 ? regions2[i] : image_blit2(&regions1[i]);
      blit_region(&b, &r);
   }
   gvk_meta_end(b.cmd, &saved);
   gvk_DestroySampler(device_handle(&b), b.sampler, NULL);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBlitImage2(VkCommandBuffer commandBuffer, const VkBlitImageInfo2 *info)
{
   blit_image(commandBuffer, info->srcImage, info->dstImage, info->regionCount,
              info->pRegions, NULL, info->filter);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBlitImage(VkCommandBuffer commandBuffer, VkImage srcImage,
                 VkImageLayout srcImageLayout, VkImage dstImage,
                 VkImageLayout dstImageLayout, uint32_t regionCount,
                 const VkImageBlit *pRegions, VkFilter filter)
{
   blit_image(commandBuffer, srcImage, dstImage, regionCount, NULL, pRegions, filter);
}
