/* Clears of attachments: the load ops of render pass instances and
 * dynamic rendering (gvk_render_pass.c), vkCmdClearAttachments, and
 * vkCmdClearDepthStencilImage.  Every one is a compute meta fill
 * (gvk_meta.h) of the texel gvk_clear_texel packs, writing the surface
 * through the data port. */
#include "gvk_render_pass.h"

#include "gvk_cmd_buffer.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_meta.h"
#include "macros.h"

/* A meta fill or resolve of an attachment inside a rendering goes
 * through the data port and the sampler while draws write through the
 * render and depth caches, which are not coherent with them (PRM Vol 7
 * "Cache Coherency": the render target and depth caches are flushed by
 * PIPE_CONTROL, not snooped).  Before the kernels: what draws left in
 * those caches reaches memory (their flushes, which also drop their
 * lines, and a CS stall so the draws are done) and the texture cache
 * holds no older lines of an attachment a resolve samples (HARDWARE-NOTES
 * texture-cache-coherency); after them: the data port's writes leave the
 * HDC (DC flush, CS stall) and no later reader sees stale lines (texture
 * cache invalidation for sampling; a render target and depth flush again
 * empties those caches of lines a draw could have fetched meanwhile). */
void
gvk_attachment_meta_begin(struct gvk_cmd_buffer *cmd, struct gvk_meta_saved *saved)
{
   cmd->pending_pipe_bits |= GVK_PIPE_RENDER_TARGET_FLUSH | GVK_PIPE_DEPTH_FLUSH |
                             GVK_PIPE_CS_STALL | GVK_PIPE_TEXTURE_INVALIDATE;
   gvk_meta_begin(cmd, saved);
}

void
gvk_attachment_meta_end(struct gvk_cmd_buffer *cmd, const struct gvk_meta_saved *saved)
{
   gvk_meta_end(cmd, saved);
   cmd->pending_pipe_bits |= GVK_PIPE_DATA_FLUSH | GVK_PIPE_CS_STALL |
                             GVK_PIPE_TEXTURE_INVALIDATE |
                             GVK_PIPE_RENDER_TARGET_FLUSH | GVK_PIPE_DEPTH_FLUSH;
   /* The compute dispatches changed the pipeline: draws re-emit what
    * they render into. */
   cmd->rendering.dirty = cmd->rendering.active;
}

/* The area within the view's base level. */
static bool
clamp_area(const struct gvk_image_view *view, const VkRect2D *area, VkRect2D *out)
{
   int64_t x0 = MAX2(area->offset.x, 0), y0 = MAX2(area->offset.y, 0);
   int64_t x1 = MIN2((int64_t)area->offset.x + area->extent.width,
                     (int64_t)view->extent.width);
   int64_t y1 = MIN2((int64_t)area->offset.y + area->extent.height,
                     (int64_t)view->extent.height);
   if (x1 <= x0 || y1 <= y0)
      return false;
   *out = (VkRect2D){ { (int32_t)x0, (int32_t)y0 },
                      { (uint32_t)(x1 - x0), (uint32_t)(y1 - y0) } };
   return true;
}

/* One aspect of the view over its layers: those of view_mask's bits, or
 * [first_layer, first_layer + layer_count). */
static void
fill_view_aspect(struct gvk_cmd_buffer *cmd, const struct gvk_image_view *view,
                 VkImageAspectFlags aspect, const VkClearValue *value,
                 const VkRect2D *rect, uint32_t first_layer, uint32_t layer_count,
                 uint32_t view_mask)
{
   VkFormat format = aspect == VK_IMAGE_ASPECT_COLOR_BIT ? view->vk_format
                                                         : view->image->vk_format;
   uint32_t texel[4], bytes;
   if (!gvk_clear_texel(format, aspect, value, texel, &bytes)) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "attachment clear: cannot pack a "
               "clear value of aspect 0x%x of VkFormat %d", aspect, (int)format);
      return;
   }
   uint32_t base = view->range.baseArrayLayer, layers = view->range.layerCount;
   uint32_t level = view->range.baseMipLevel;
   if (view_mask) {
      for (uint32_t v = 0; v < 32 && v < layers; v++) {
         if (view_mask & (1u << v))
            gvk_clear_image_rect(cmd, view->image, aspect, level, base + v, 1, rect,
                                 texel, bytes);
      }
      return;
   }
   if (first_layer >= layers)
      return;
   gvk_clear_image_rect(cmd, view->image, aspect, level, base + first_layer,
                        MIN2(layer_count, layers - first_layer), rect, texel, bytes);
}

void
gvk_clear_view_area(struct gvk_cmd_buffer *cmd, struct gvk_image_view *view,
                    VkImageAspectFlags aspects, const VkClearValue *value,
                    const VkRect2D *area, uint32_t first_layer, uint32_t layer_count,
                    uint32_t view_mask)
{
   VkRect2D rect;
   if (!view->image->address.bo) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "attachment clear: the image has "
               "no memory bound");
      return;
   }
   aspects &= view->aspects;
   if (!aspects || !clamp_area(view, area, &rect))
      return;
   struct gvk_meta_saved saved;
   gvk_attachment_meta_begin(cmd, &saved);
   while (aspects) {
      VkImageAspectFlags aspect = aspects & -aspects;
      aspects &= ~aspect;
      fill_view_aspect(cmd, view, aspect, value, &rect, first_layer, layer_count,
                       view_mask);
   }
   gvk_attachment_meta_end(cmd, &saved);
}

/* format: what the rendering says the attachment is (VK_FORMAT_UNDEFINED:
 * none, or VK_ATTACHMENT_UNUSED, which the clear leaves alone). */
static void
clear_attachment_rects(struct gvk_cmd_buffer *cmd, struct gvk_image_view *view,
                       VkFormat format, VkImageAspectFlags aspect,
                       const VkClearValue *value, uint32_t rect_count,
                       const VkClearRect *rects)
{
   const struct gvk_rendering *r = &cmd->rendering;
   if (!view) {
      /* The fill needs the image's address when it is recorded (a
       * secondary without its attachments defers the whole command:
       * gvk_CmdClearAttachments). */
      if (format != VK_FORMAT_UNDEFINED)
         gvk_fail(VK_ERROR_FEATURE_NOT_PRESENT, "vkCmdClearAttachments: the "
                  "attachment's image view is unknown (a secondary command "
                  "buffer inheriting no framebuffer): not cleared");
      return;
   }
   for (uint32_t i = 0; i < rect_count; i++) {
      /* Multiview: the rect's layers are views of the view mask
       * (VUID-vkCmdClearAttachments-baseArrayLayer-00018: layer 0 only). */
      gvk_clear_view_area(cmd, view, aspect, value, &rects[i].rect,
                          rects[i].baseArrayLayer, rects[i].layerCount, r->view_mask);
   }
}

/* The attachments of the current subpass or dynamic rendering; depth and
 * stencil each from the view that holds it there (dynamic rendering may
 * name two). */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
                        const VkClearAttachment *pAttachments, uint32_t rectCount,
                        const VkClearRect *pRects)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const struct gvk_rendering *r = &cmd->rendering;
   if (!r->active) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "vkCmdClearAttachments: no render "
               "pass instance or dynamic rendering in progress");
      return;
   }
   /* A secondary that does not know its attachments: the primary that
    * executes it clears its own (gvk_cmd_buffer.h gvk_deferred_clear). */
   if (cmd->deferred_rts.unknown_attachments) {
      gvk_cmd_defer_clear(cmd, attachmentCount, pAttachments, rectCount, pRects);
      return;
   }
   for (uint32_t i = 0; i < attachmentCount; i++) {
      const VkClearAttachment *a = &pAttachments[i];
      const VkClearValue *value = &a->clearValue;
      uint32_t c = a->colorAttachment;
      if ((a->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) && c < GVK_MAX_COLOR_ATTACHMENTS)
         clear_attachment_rects(cmd, r->color[c].view, r->formats.color[c],
                                VK_IMAGE_ASPECT_COLOR_BIT, value, rectCount, pRects);
      if (a->aspectMask & VK_IMAGE_ASPECT_DEPTH_BIT)
         clear_attachment_rects(cmd, r->depth.view, r->formats.depth,
                                VK_IMAGE_ASPECT_DEPTH_BIT, value, rectCount, pRects);
      if (a->aspectMask & VK_IMAGE_ASPECT_STENCIL_BIT)
         clear_attachment_rects(cmd, r->stencil.view, r->formats.stencil,
                                VK_IMAGE_ASPECT_STENCIL_BIT, value, rectCount, pRects);
   }
}

/* Depth in the depth buffer and stencil in the separate stencil buffer
 * (gvk_image.c), each aspect of the ranges on its own. */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdClearDepthStencilImage(VkCommandBuffer commandBuffer, VkImage _image,
                              VkImageLayout imageLayout,
                              const VkClearDepthStencilValue *pDepthStencil,
                              uint32_t rangeCount, const VkImageSubresourceRange *pRanges)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_image *image = gvk_image_from_handle(_image);
   if (!image->address.bo) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "vkCmdClearDepthStencilImage: "
               "image has no memory bound");
      return;
   }
   const VkClearValue value = { .depthStencil = *pDepthStencil };
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   for (uint32_t i = 0; i < rangeCount; i++) {
      VkImageAspectFlags aspects = pRanges[i].aspectMask &
                                   (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT);
      while (aspects) {
         VkImageAspectFlags aspect = aspects & -aspects;
         aspects &= ~aspect;
         uint32_t texel[4], bytes;
         if (!gvk_clear_texel(image->vk_format, aspect, &value, texel, &bytes)) {
            gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED, "vkCmdClearDepthStencilImage: "
                     "VkFormat %d has no aspect 0x%x", (int)image->vk_format, aspect);
            continue;
         }
         gvk_clear_image_range(cmd, image, aspect, texel, bytes, &pRanges[i]);
      }
   }
   gvk_meta_end(cmd, &saved);
}
