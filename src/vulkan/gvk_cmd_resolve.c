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
 * Resolve Operations" (AVERAGE or SAMPLE_ZERO).
 *
 * Depth and stencil resolve attachments (VK_KHR_depth_stencil_resolve:
 * VkSubpassDescriptionDepthStencilResolve, and dynamic rendering's depth
 * and stencil resolveImageView) take meta/meta_resolve_ds.comp instead:
 * the source aspect sampled the same way (ld2dms on the interleaved depth
 * or stencil surface), the destination's depth or W-tiled stencil buffer
 * written as raw bytes through a storage buffer (meta_address.glsl), as
 * no typed write reaches D24 or W tiling; modes SAMPLE_ZERO, AVERAGE
 * (depth only), MIN and MAX, each aspect with its own. */
#include <inttypes.h>
#include <string.h>

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

/* ---- depth and stencil resolve attachments ---- */

/* meta_resolve_ds.comp's STORE_*. */
enum ds_store { STORE_UNORM16, STORE_UNORM24, STORE_FLOAT32, STORE_UINT8 };

/* The storage buffer a binding may cover (gvk_meta.c's META_BIND_MAX):
 * bigger destination surfaces are refused. */
#define DS_BIND_MAX (1u << 26)
#define DS_BIND_ALIGN 64u

/* meta_resolve_ds.comp's push constants. */
struct ds_resolve_params {
   uint32_t dst[8];   /* gvk_meta_side of meta_address.glsl */
   int32_t src_origin[4];
   uint32_t extent[4];
   uint32_t store[4];
};

/* How the destination's aspect stores a value, and its bytes. */
static bool
ds_store(const struct gvk_image *image, VkImageAspectFlags aspect, enum ds_store *store,
         uint32_t *bytes)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
      *store = STORE_UINT8;
      *bytes = 1;
      return image->stencil_surf.size_B != 0;
   }
   switch (isl_vk_format(image->vk_format)->depth_format) {
   case ISL_DEPTH_D16_UNORM: *store = STORE_UNORM16; *bytes = 2; return true;
   case ISL_DEPTH_D24_UNORM_X8_UINT: *store = STORE_UNORM24; *bytes = 4; return true;
   case ISL_DEPTH_D32_FLOAT: *store = STORE_FLOAT32; *bytes = 4; return true;
   default: return false;
   }
}

static bool
ds_mode_valid(VkResolveModeFlagBits mode, VkImageAspectFlags aspect)
{
   switch (mode) {
   case VK_RESOLVE_MODE_SAMPLE_ZERO_BIT:
   case VK_RESOLVE_MODE_MIN_BIT:
   case VK_RESOLVE_MODE_MAX_BIT:
      return true;
   case VK_RESOLVE_MODE_AVERAGE_BIT:
      /* Vulkan supportedStencilResolveModes: "AVERAGE must not be
       * included" for stencil */
      return aspect == VK_IMAGE_ASPECT_DEPTH_BIT;
   default:
      return false;
   }
}

/* The destination's aspect surface as one storage buffer: where it is
 * bound and how large. */
static bool
ds_dst_binding(const struct gvk_image *dst, VkImageAspectFlags aspect,
               struct gvk_descriptor *desc, uint32_t *base)
{
   bool stencil = aspect == VK_IMAGE_ASPECT_STENCIL_BIT;
   const struct isl_surf *surf = stencil ? &dst->stencil_surf : &dst->surf;
   uint64_t addr = gvk_address_gpu(dst->address) + (stencil ? dst->stencil_offset : 0);
   uint64_t bound = addr & ~(uint64_t)(DS_BIND_ALIGN - 1);
   uint64_t range = addr - bound + surf->size_B;
   if (range > DS_BIND_MAX) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "resolve: a %" PRIu64 "-byte %s "
               "buffer: genvk resolves into depth and stencil buffers of up to "
               "%u bytes", surf->size_B, stencil ? "stencil" : "depth", DS_BIND_MAX);
      return false;
   }
   *desc = (struct gvk_descriptor){
      .type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .buffer = { .addr = bound, .range = (range + 3) & ~(uint64_t)3 },
   };
   *base = (uint32_t)(addr - bound);
   return true;
}

/* Layer k of the region: one dispatch. */
static void
ds_resolve_layer(struct gvk_cmd_buffer *cmd, const struct resolve_region *r,
                 VkImageAspectFlags aspect, struct gvk_descriptor bindings[2],
                 struct ds_resolve_params *p, uint32_t base, uint32_t k)
{
   const struct isl_surf *surf = aspect == VK_IMAGE_ASPECT_STENCIL_BIT ?
                                 &r->dst->stencil_surf : &r->dst->surf;
   uint32_t x, y;
   isl_surf_image_xy(surf, r->dst_level, r->dst_layer + k, &x, &y);
   uint32_t bytes = p->store[2];
   const uint32_t side[8] = {
      base, surf->row_pitch_B, gvk_meta_tiling(surf->tiling),
      (x + (uint32_t)r->dst_offset.x) * bytes, y + (uint32_t)r->dst_offset.y, 0, 0, 0,
   };
   memcpy(p->dst, side, sizeof(side));
   p->src_origin[2] = (int32_t)k;
   const uint32_t groups[3] = { DIV_ROUND_UP(r->extent.width, 16u),
                                DIV_ROUND_UP(r->extent.height, 4u), 1 };
   gvk_meta_dispatch(cmd, aspect == VK_IMAGE_ASPECT_STENCIL_BIT ?
                     GVK_META_RESOLVE_STENCIL : GVK_META_RESOLVE_DEPTH,
                     bindings, p, sizeof(*p), groups);
}

static bool
ds_region_valid(const struct resolve_region *r, VkImageAspectFlags aspect)
{
   if (!region_valid(r))
      return false;
   if (!ds_mode_valid(r->mode, aspect)) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "resolve: mode 0x%x does not "
               "resolve the %s aspect", (unsigned)r->mode,
               aspect == VK_IMAGE_ASPECT_STENCIL_BIT ? "stencil" : "depth");
      return false;
   }
   return true;
}

/* One aspect of a depth/stencil attachment pair: the source's samples
 * through a multisampled view of the aspect, the destination written as
 * raw bytes (meta_resolve_ds.comp). */
static void
ds_resolve_region(struct gvk_cmd_buffer *cmd, const struct resolve_region *r,
                  VkImageAspectFlags aspect)
{
   enum ds_store store;
   uint32_t bytes, base;
   struct gvk_descriptor bindings[2] = { { 0 } };
   if (!ds_region_valid(r, aspect) || !ds_store(r->dst, aspect, &store, &bytes) ||
       !ds_dst_binding(r->dst, aspect, &bindings[1], &base))
      return;
   VkDevice device = (VkDevice)cmd->device;
   VkImageView src_view = VK_NULL_HANDLE;
   VkSampler sampler = VK_NULL_HANDLE;
   const VkImageSubresourceRange range = { aspect, 0, 1, r->src_layer, r->layers };
   VkResult result = gvk_meta_image_view(device, r->src, VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                                         r->src->vk_format, &range,
                                         VK_IMAGE_USAGE_SAMPLED_BIT, &src_view);
   /* ld2dms reads no sampler state, but the combined image sampler needs
    * one. */
   if (result == VK_SUCCESS)
      result = gvk_meta_sampler(device, VK_FILTER_NEAREST, &sampler);
   if (result == VK_SUCCESS) {
      bindings[0] = (struct gvk_descriptor){
         .type = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .image_view = gvk_image_view_from_handle(src_view),
         .layout = VK_IMAGE_LAYOUT_GENERAL,
         .sampler = gvk_sampler_from_handle(sampler),
      };
      struct ds_resolve_params p = {
         .src_origin = { r->src_offset.x, r->src_offset.y },
         .extent = { r->extent.width, r->extent.height },
         .store = { (uint32_t)r->mode, store, bytes, (uint32_t)r->src->samples },
      };
      for (uint32_t k = 0; k < r->layers; k++)
         ds_resolve_layer(cmd, r, aspect, bindings, &p, base, k);
   } else {
      gvk_cmd_set_error(cmd, result);
   }
   gvk_DestroySampler(device, sampler, NULL);
   gvk_DestroyImageView(device, src_view, NULL);
}

/* A resolve of the attachment, when it has one over a non-empty area. */
static bool
wants_resolve(const struct gvk_rendering *rd, const struct gvk_rendering_attachment *a,
              struct resolve_region *r)
{
   return a->view && a->resolve_view && a->resolve_mode != VK_RESOLVE_MODE_NONE &&
          attachment_region(rd, a, r);
}

/* The draws' colour, depth and stencil writes sit in the render and
 * depth caches, which the sampler does not see: the kernels run between
 * gvk_attachment_meta_begin and _end (gvk_cmd_clear.c), the one home of
 * those flushes, and later draws re-emit their targets. */
void
gvk_resolve_attachments(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_rendering *rd = &cmd->rendering;
   bool any = false;
   struct gvk_meta_saved saved;
   struct resolve_region r;
   for (uint32_t i = 0; i < GVK_MAX_COLOR_ATTACHMENTS + 2; i++) {
      const struct gvk_rendering_attachment *a =
         i < GVK_MAX_COLOR_ATTACHMENTS ? &rd->color[i] :
         i == GVK_MAX_COLOR_ATTACHMENTS ? &rd->depth : &rd->stencil;
      if (!wants_resolve(rd, a, &r))
         continue;
      if (!any)
         gvk_attachment_meta_begin(cmd, &saved);
      any = true;
      if (i < GVK_MAX_COLOR_ATTACHMENTS)
         resolve_region(cmd, &r);
      else
         ds_resolve_region(cmd, &r, a == &rd->depth ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                    : VK_IMAGE_ASPECT_STENCIL_BIT);
   }
   if (any)
      gvk_attachment_meta_end(cmd, &saved);
}
