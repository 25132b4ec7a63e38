/* Multisample resolves: vkCmdResolveImage(2), and the colour resolve
 * attachments of render passes (pResolveAttachments, at the end of each
 * subpass) and dynamic rendering (resolveImageView, at the end of the
 * rendering).  Each region is one dispatch of meta/meta_resolve.comp,
 * which fetches the samples of a 2D-array view of the source (ld2dms:
 * genvk's multisampled images have no MCS) and writes a storage view of
 * the destination with typed writes, as vkCmdBlitImage does
 * (gvk_cmd_blit.c): the views and the sampler are the driver's own, made
 * for the command and destroyed once the dispatch has copied their
 * states.  Vulkan "Copying Data Between Images" (vkCmdResolveImage: the
 * average for float formats, sample 0 for integer ones) and "Render Pass
 * Resolve Operations" (AVERAGE or SAMPLE_ZERO). */
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_meta.h"
#include "gvk_physical_device.h"
#include "gvk_render_pass.h"
#include "macros.h"

/* meta_resolve.comp's GVK_META_RESOLVE_* flags. */
#define RESOLVE_SAMPLE_ZERO 1u
#define RESOLVE_SRGB 2u

/* meta_resolve.comp's push constants. */
struct resolve_params {
   int32_t src_origin[4];
   int32_t dst_origin[4];
   uint32_t extent[4];
   uint32_t samples[4];
};

/* One resolve: the source's layers [src_layer, + layers) of a
 * multisampled image into a single-sampled image's level and layers. */
struct resolve_region {
   const struct gvk_image *src, *dst;
   VkFormat src_format, dst_format;   /* the formats the views read and
                                       * write the texels in */
   uint32_t src_layer, dst_level, dst_layer, layers;
   VkOffset2D src_offset, dst_offset;
   VkExtent2D extent;
   VkResolveModeFlagBits mode;
};

static VkResult
make_view(VkDevice device, const struct gvk_image *image, VkFormat format,
          uint32_t level, uint32_t layer, uint32_t layers, VkImageUsageFlags usage,
          VkImageView *out)
{
   const VkImageSubresourceRange range = { VK_IMAGE_ASPECT_COLOR_BIT, level, 1, layer, layers };
   return gvk_meta_image_view(device, image, VK_IMAGE_VIEW_TYPE_2D_ARRAY, format, &range,
                              usage, out);
}

/* The kernel's constants; false when the region cannot be resolved. */
static bool
region_params(const struct devinfo *dev, const struct resolve_region *r,
              struct resolve_params *p, VkFormat *write_format)
{
   bool srgb;
   *write_format = gvk_meta_blit_write_format(dev, r->dst_format, &srgb);
   if (*write_format == VK_FORMAT_UNDEFINED) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "resolve: genvk cannot write "
               "VkFormat %d with typed writes", (int)r->dst_format);
      return false;
   }
   bool integer = gvk_meta_value_type(r->src_format) != GVK_META_FLOAT;
   if (r->mode != VK_RESOLVE_MODE_AVERAGE_BIT && r->mode != VK_RESOLVE_MODE_SAMPLE_ZERO_BIT) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "resolve: mode 0x%x: genvk "
               "resolves colour with AVERAGE and SAMPLE_ZERO only",
               (unsigned)r->mode);
      return false;
   }
   *p = (struct resolve_params){
      .src_origin = { r->src_offset.x, r->src_offset.y },
      .dst_origin = { r->dst_offset.x, r->dst_offset.y },
      .extent = { r->extent.width, r->extent.height, r->layers,
                  (integer || r->mode == VK_RESOLVE_MODE_SAMPLE_ZERO_BIT ?
                   RESOLVE_SAMPLE_ZERO : 0) | (srgb ? RESOLVE_SRGB : 0) },
      .samples = { (uint32_t)r->src->samples },
   };
   return true;
}

static bool
region_valid(const struct resolve_region *r)
{
   if (!r->src->address.bo || !r->dst->address.bo) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "resolve: an image has no "
               "memory bound");
      return false;
   }
   if (r->src->samples <= VK_SAMPLE_COUNT_1_BIT || r->dst->samples != VK_SAMPLE_COUNT_1_BIT) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "resolve: from %u samples to %u: "
               "a resolve goes from a multisampled image to a single-sampled one",
               (unsigned)r->src->samples, (unsigned)r->dst->samples);
      return false;
   }
   if (r->dst->type != VK_IMAGE_TYPE_2D) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "resolve: genvk resolves into "
               "2D images only");
      return false;
   }
   return true;
}

/* One region: one dispatch (inside gvk_meta_begin/gvk_meta_end). */
static void
resolve_region(struct gvk_cmd_buffer *cmd, const struct resolve_region *r)
{
   struct resolve_params p;
   VkFormat write_format;
   if (!region_valid(r) || !region_params(&cmd->device->pdev->info, r, &p, &write_format))
      return;
   if (!p.extent[0] || !p.extent[1] || !p.extent[2])
      return;
   VkDevice device = (VkDevice)cmd->device;
   VkImageView src_view = VK_NULL_HANDLE, dst_view = VK_NULL_HANDLE;
   VkSampler sampler = VK_NULL_HANDLE;
   VkResult result = make_view(device, r->src, r->src_format, 0, r->src_layer, r->layers,
                               VK_IMAGE_USAGE_SAMPLED_BIT, &src_view);
   if (result == VK_SUCCESS)
      result = make_view(device, r->dst, write_format, r->dst_level, r->dst_layer,
                         r->layers, VK_IMAGE_USAGE_STORAGE_BIT, &dst_view);
   /* ld2dms reads no sampler state, but the kernel's combined image
    * sampler needs one. */
   if (result == VK_SUCCESS)
      result = gvk_meta_sampler(device, VK_FILTER_NEAREST, &sampler);
   if (result == VK_SUCCESS) {
      gvk_meta_dispatch_image(cmd, GVK_META_RESOLVE + gvk_meta_value_type(r->src_format),
                              src_view, sampler, dst_view, &p, sizeof(p), p.extent);
   } else {
      gvk_cmd_set_error(cmd, result);
   }
   gvk_DestroySampler(device, sampler, NULL);
   gvk_DestroyImageView(device, dst_view, NULL);
   gvk_DestroyImageView(device, src_view, NULL);
}

/* ---- vkCmdResolveImage ---- */

static void
resolve_image(VkCommandBuffer commandBuffer, VkImage src, VkImage dst, uint32_t count,
              const VkImageResolve2 *regions2, const VkImageResolve *regions1)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const struct gvk_image *s = gvk_image_from_handle(src), *d = gvk_image_from_handle(dst);
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   for (uint32_t i = 0; i < count; i++) {
      const VkImageSubresourceLayers *ss = regions2 ? &regions2[i].srcSubresource
                                                    : &regions1[i].srcSubresource;
      const VkImageSubresourceLayers *ds = regions2 ? &regions2[i].dstSubresource
                                                    : &regions1[i].dstSubresource;
      VkOffset3D so = regions2 ? regions2[i].srcOffset : regions1[i].srcOffset;
      VkOffset3D dof = regions2 ? regions2[i].dstOffset : regions1[i].dstOffset;
      VkExtent3D e = regions2 ? regions2[i].extent : regions1[i].extent;
      const struct resolve_region r = {
         .src = s, .dst = d, .src_format = s->vk_format, .dst_format = d->vk_format,
         .src_layer = ss->baseArrayLayer, .dst_level = ds->mipLevel,
         .dst_layer = ds->baseArrayLayer, .layers = gvk_meta_layer_count(s, ss),
         .src_offset = { so.x, so.y }, .dst_offset = { dof.x, dof.y },
         .extent = { e.width, e.height },
         .mode = VK_RESOLVE_MODE_AVERAGE_BIT,
      };
      resolve_region(cmd, &r);
   }
   gvk_meta_end(cmd, &saved);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdResolveImage2(VkCommandBuffer commandBuffer, const VkResolveImageInfo2 *info)
{
   resolve_image(commandBuffer, info->srcImage, info->dstImage, info->regionCount,
                 info->pRegions, NULL);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdResolveImage(VkCommandBuffer commandBuffer, VkImage srcImage,
                    VkImageLayout srcImageLayout, VkImage dstImage,
                    VkImageLayout dstImageLayout, uint32_t regionCount,
                    const VkImageResolve *pRegions)
{
   resolve_image(commandBuffer, srcImage, dstImage, regionCount, NULL, pRegions);
}

/* ---- resolve attachments ---- */

/* The render area of one attachment pair, within both views. */
static bool
attachment_region(const struct gvk_rendering *rd, const struct gvk_rendering_attachment *a,
                  struct resolve_region *r)
{
   const struct gvk_image_view *s = a->view, *d = a->resolve_view;
   int64_t x0 = MAX2(rd->area.offset.x, 0), y0 = MAX2(rd->area.offset.y, 0);
   int64_t x1 = MIN2(MIN2((int64_t)rd->area.offset.x + rd->area.extent.width,
                          (int64_t)s->extent.width), (int64_t)d->extent.width);
   int64_t y1 = MIN2(MIN2((int64_t)rd->area.offset.y + rd->area.extent.height,
                          (int64_t)s->extent.height), (int64_t)d->extent.height);
   if (x1 <= x0 || y1 <= y0)
      return false;
   /* multiview: the layers of the view mask's highest view and below */
   uint32_t layers = rd->view_mask ? 32u - (uint32_t)__builtin_clz(rd->view_mask)
                                   : MAX2(rd->layer_count, 1u);
   *r = (struct resolve_region){
      .src = s->image, .dst = d->image, .src_format = s->vk_format,
      .dst_format = d->vk_format, .src_layer = s->range.baseArrayLayer,
      .dst_level = d->range.baseMipLevel, .dst_layer = d->range.baseArrayLayer,
      .layers = MIN2(MIN2(layers, s->range.layerCount), d->range.layerCount),
      .src_offset = { (int32_t)x0, (int32_t)y0 }, .dst_offset = { (int32_t)x0, (int32_t)y0 },
      .extent = { (uint32_t)(x1 - x0), (uint32_t)(y1 - y0) },
      .mode = a->resolve_mode,
   };
   return true;
}

/* The draws' colour writes sit in the render cache, which the sampler
 * does not see: flushed (and the draws done: CS stall) before the
 * kernels sample, the texture cache invalidated so that it holds no
 * older lines of the attachment (HARDWARE-NOTES texture-cache-coherency);
 * after them the data port's writes leave the HDC, as the attachment
 * clears do (gvk_cmd_clear.c), and later draws re-emit their targets. */
void
gvk_resolve_attachments(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_rendering *rd = &cmd->rendering;
   bool any = false;
   struct gvk_meta_saved saved;
   for (uint32_t i = 0; i < GVK_MAX_COLOR_ATTACHMENTS; i++) {
      const struct gvk_rendering_attachment *a = &rd->color[i];
      struct resolve_region r;
      if (!a->view || !a->resolve_view || a->resolve_mode == VK_RESOLVE_MODE_NONE ||
          !attachment_region(rd, a, &r))
         continue;
      if (!any) {
         cmd->pending_pipe_bits |= GVK_PIPE_RENDER_TARGET_FLUSH | GVK_PIPE_CS_STALL |
                                   GVK_PIPE_TEXTURE_INVALIDATE;
         gvk_meta_begin(cmd, &saved);
         any = true;
      }
      resolve_region(cmd, &r);
   }
   if (!any)
      return;
   gvk_meta_end(cmd, &saved);
   cmd->pending_pipe_bits |= GVK_PIPE_DATA_FLUSH | GVK_PIPE_CS_STALL |
                             GVK_PIPE_TEXTURE_INVALIDATE | GVK_PIPE_RENDER_TARGET_FLUSH;
   cmd->rendering.dirty = cmd->rendering.active;
}
