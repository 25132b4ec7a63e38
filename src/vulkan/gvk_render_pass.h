/* Render passes, framebuffers and dynamic rendering: what a draw renders
 * into.  vkCmdBeginRenderPass(2), vkCmdNextSubpass(2) and
 * vkCmdBeginRendering all come down to one struct gvk_rendering in the
 * command buffer (cmd->rendering): the draw code reads only that, and
 * the pipeline reads only the formats of struct gvk_rendering_formats. */
#ifndef GVK_RENDER_PASS_H
#define GVK_RENDER_PASS_H

#include <stdbool.h>
#include <stdint.h>

#include "gvk_object.h"

#define GVK_MAX_COLOR_ATTACHMENTS 8
/* maxMultiviewViewCount (Mesa's anv reports 16): view masks use bits
 * 0..15 (VUID-VkRenderPassMultiviewCreateInfo-pViewMasks-06697) */
#define GVK_MAX_VIEWS 16

struct gvk_image_view;
struct gvk_cmd_buffer;

/* The attachment formats (and sample count) a graphics pipeline is built
 * for: a subpass of a VkRenderPass, or VkPipelineRenderingCreateInfo
 * (VK_FORMAT_UNDEFINED where there is none). */
struct gvk_rendering_formats {
   uint32_t color_count;
   VkFormat color[GVK_MAX_COLOR_ATTACHMENTS];
   VkFormat depth, stencil;
   VkSampleCountFlagBits samples;   /* 0 when the subpass has no attachment */
   uint32_t view_mask;
};

/* One attachment of the rendering in progress: the view drawn into
 * (NULL: none, VK_ATTACHMENT_UNUSED or a null view), and its resolve
 * target.  The layout is recorded for the transitions the driver makes
 * (none needs work while genvk uses no aux surfaces). */
struct gvk_rendering_attachment {
   struct gvk_image_view *view;
   struct gvk_image_view *resolve_view;
   VkResolveModeFlagBits resolve_mode;
};

/* What draws render into, valid while `active`. */
struct gvk_rendering {
   bool active;
   VkRect2D area;
   uint32_t layer_count;
   uint32_t view_mask;
   struct gvk_rendering_formats formats;
   struct gvk_rendering_attachment color[GVK_MAX_COLOR_ATTACHMENTS];
   struct gvk_rendering_attachment depth, stencil;
   /* Set whenever the attachments change (a begin, a next subpass): the
    * draw code re-emits render target states and the depth/stencil
    * buffer packets, then clears it. */
   bool dirty;
   /* Dynamic rendering begun with VK_RENDERING_SUSPENDING_BIT: its end
    * does not resolve (the resuming instance's end does). */
   bool suspending;
   /* A render pass instance (vkCmdBeginRenderPass; NULL for dynamic
    * rendering and in secondaries): its subpass, and every attachment's
    * view and clear value, which later subpasses' load ops need
    * (gvk_render_pass.c owns them; one allocation, freed at the end of
    * the pass or by gvk_rendering_reset). */
   const struct gvk_render_pass *pass;
   uint32_t subpass;
   struct gvk_image_view **pass_views;
   VkClearValue *pass_clears;
};

/* The formats a pipeline is created against: VkGraphicsPipelineCreateInfo's
 * renderPass and subpass, or (renderPass VK_NULL_HANDLE) its
 * VkPipelineRenderingCreateInfo (none: no attachments). */
void gvk_rendering_formats_for_pipeline(const VkGraphicsPipelineCreateInfo *info,
                                        struct gvk_rendering_formats *out);

/* cmd->rendering back to "no rendering", what a render pass instance
 * allocated freed (command buffer begin, reset and destruction). */
void gvk_rendering_reset(struct gvk_cmd_buffer *cmd);

/* What a secondary command buffer begun with
 * VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT renders into: the
 * subpass of pInheritanceInfo's render pass (and the framebuffer's views
 * when it names one), or its VkCommandBufferInheritanceRenderingInfo. */
void gvk_rendering_inherit(struct gvk_cmd_buffer *cmd,
                           const VkCommandBufferInheritanceInfo *info);

/* gvk_cmd_clear.c: clears `area` of layers [first_layer, first_layer +
 * layer_count) of the view (counted from its base layer; view_mask
 * non-zero: the layers of its bits instead) in the aspects given, with a
 * compute meta fill, synchronised with the draws of the rendering in
 * progress. */
void gvk_clear_view_area(struct gvk_cmd_buffer *cmd, struct gvk_image_view *view,
                         VkImageAspectFlags aspects, const VkClearValue *value,
                         const VkRect2D *area, uint32_t first_layer,
                         uint32_t layer_count, uint32_t view_mask);

/* gvk_cmd_clear.c: the one home of the cache flushes around meta kernels
 * that write (clears) or sample and write (resolves) attachments of the
 * rendering in progress: begin before the first kernel (wraps
 * gvk_meta_begin), end after the last (wraps gvk_meta_end). */
struct gvk_meta_saved;
void gvk_attachment_meta_begin(struct gvk_cmd_buffer *cmd, struct gvk_meta_saved *saved);
void gvk_attachment_meta_end(struct gvk_cmd_buffer *cmd,
                             const struct gvk_meta_saved *saved);

/* gvk_cmd_resolve.c: resolves every colour, depth and stencil attachment
 * of the rendering in progress that has a resolve view (its
 * resolve_mode) over the render area and layers, with meta kernels (the
 * end of a subpass or of dynamic rendering). */
void gvk_resolve_attachments(struct gvk_cmd_buffer *cmd);

#endif
