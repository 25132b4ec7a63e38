/* Render passes (VkRenderPass, both create commands), framebuffers
 * (imageless ones included), render pass instances and dynamic rendering
 * (VK_KHR_dynamic_rendering), all brought down to cmd->rendering
 * (gvk_render_pass.h).  Load ops act at the first subpass that uses an
 * attachment (Vulkan spec "Load Operations"); LOAD_OP_CLEAR is a compute
 * meta fill of the render area (gvk_cmd_clear.c).  Store ops need no work:
 * draws write the attachments' memory directly (no aux surfaces), so
 * STORE and DONT_CARE both leave what the subpasses rendered. */
#include "gvk_render_pass.h"

#include <string.h>

#include "gvk_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "macros.h"

/* An attachment of a render pass and the subpass whose load op clears it
 * (GVK_NO_SUBPASS: none uses it). */
#define GVK_NO_SUBPASS UINT32_MAX

struct gvk_rp_attachment {
   VkFormat format;
   VkAttachmentLoadOp load_op, stencil_load_op;
   uint32_t first_subpass;
   /* Multiview: the views of every subpass using it, all cleared at the
    * first one (spec "Load Operations" with multiview: the views of the
    * first subpass that uses the attachment in each view). */
   uint32_t view_mask;
   VkSampleCountFlagBits samples;
};

struct gvk_subpass {
   uint32_t color_count;
   uint32_t color[GVK_MAX_COLOR_ATTACHMENTS];   /* VK_ATTACHMENT_UNUSED: none */
   uint32_t resolve[GVK_MAX_COLOR_ATTACHMENTS]; /* VK_ATTACHMENT_UNUSED: none */
   uint32_t depth_stencil;
   /* VkSubpassDescriptionDepthStencilResolve: the attachment and each
    * aspect's mode (VK_RESOLVE_MODE_NONE: that aspect is not resolved) */
   uint32_t ds_resolve;
   VkResolveModeFlagBits depth_resolve_mode, stencil_resolve_mode;
   struct gvk_rendering_formats formats;
};

struct gvk_render_pass {
   struct gvk_object base;
   uint32_t attachment_count, subpass_count;
   struct gvk_rp_attachment *attachments;
   struct gvk_subpass *subpasses;
};

struct gvk_framebuffer {
   struct gvk_object base;
   uint32_t width, height, layers;
   uint32_t attachment_count;
   bool imageless;                    /* views come with each begin */
   struct gvk_image_view *views[];    /* attachment_count, unless imageless */
};

GVK_DEFINE_HANDLE_CASTS(gvk_render_pass, VkRenderPass)
GVK_DEFINE_HANDLE_CASTS(gvk_framebuffer, VkFramebuffer)

static bool
format_has_depth(VkFormat format)
{
   const struct isl_vk_format *f = isl_vk_format(format);
   return f && f->depth_format != ISL_DEPTH_NONE;
}

static bool
format_has_stencil(VkFormat format)
{
   const struct isl_vk_format *f = isl_vk_format(format);
   return f && f->stencil;
}

/* ---- render passes ---- */

/* What a create info of either version says of one subpass, and of a
 * depth/stencil resolve (VkSubpassDescriptionDepthStencilResolve). */
struct subpass_desc {
   uint32_t color_count;
   const uint32_t *color;          /* attachment indices */
   const uint32_t *resolve;        /* NULL: no resolves */
   uint32_t depth_stencil;
   uint32_t ds_resolve;            /* VK_ATTACHMENT_UNUSED: none */
   VkResolveModeFlagBits depth_resolve_mode, stencil_resolve_mode;
   uint32_t view_mask;
};

/* Colour, depth and stencil resolves are meta kernels at the end of the
 * subpass (gvk_cmd_resolve.c). */
static VkResult
check_attachments(struct gvk_render_pass *pass, const VkSampleCountFlagBits *samples,
                  const struct subpass_desc *d, uint32_t index)
{
   for (uint32_t a = 0; a < pass->attachment_count; a++)
      pass->attachments[a].samples = samples[a];
   if (d->color_count > GVK_MAX_COLOR_ATTACHMENTS)
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY, "vkCreateRenderPass: subpass %u "
                      "has %u colour attachments (maxColorAttachments %u)", index,
                      d->color_count, GVK_MAX_COLOR_ATTACHMENTS);
   return VK_SUCCESS;
}

static void
use_attachment(struct gvk_render_pass *pass, uint32_t a, uint32_t subpass,
               uint32_t view_mask)
{
   if (a == VK_ATTACHMENT_UNUSED || a >= pass->attachment_count)
      return;
   if (pass->attachments[a].first_subpass == GVK_NO_SUBPASS)
      pass->attachments[a].first_subpass = subpass;
   pass->attachments[a].view_mask |= view_mask;
}

static void
init_subpass(struct gvk_render_pass *pass, uint32_t index, const struct subpass_desc *d)
{
   struct gvk_subpass *sp = &pass->subpasses[index];
   sp->color_count = d->color_count;
   sp->formats.color_count = d->color_count;
   sp->formats.view_mask = d->view_mask;
   for (uint32_t i = 0; i < d->color_count; i++) {
      uint32_t a = d->color[i];
      sp->color[i] = a < pass->attachment_count ? a : VK_ATTACHMENT_UNUSED;
      uint32_t r = d->resolve ? d->resolve[i] : VK_ATTACHMENT_UNUSED;
      sp->resolve[i] = r < pass->attachment_count ? r : VK_ATTACHMENT_UNUSED;
      if (sp->color[i] == VK_ATTACHMENT_UNUSED)
         continue;
      sp->formats.color[i] = pass->attachments[a].format;
      sp->formats.samples = pass->attachments[a].samples;
      use_attachment(pass, a, index, d->view_mask);
   }
   uint32_t ds = d->depth_stencil;
   sp->depth_stencil = ds < pass->attachment_count ? ds : VK_ATTACHMENT_UNUSED;
   if (sp->depth_stencil != VK_ATTACHMENT_UNUSED) {
      VkFormat f = pass->attachments[ds].format;
      sp->formats.depth = format_has_depth(f) ? f : VK_FORMAT_UNDEFINED;
      sp->formats.stencil = format_has_stencil(f) ? f : VK_FORMAT_UNDEFINED;
      sp->formats.samples = pass->attachments[ds].samples;
      use_attachment(pass, ds, index, d->view_mask);
   }
   uint32_t dsr = d->ds_resolve;
   sp->ds_resolve = dsr < pass->attachment_count ? dsr : VK_ATTACHMENT_UNUSED;
   sp->depth_resolve_mode = d->depth_resolve_mode;
   sp->stencil_resolve_mode = d->stencil_resolve_mode;
}

static struct gvk_render_pass *
pass_create(struct gvk_device *device, const VkAllocationCallbacks *alloc,
            uint32_t attachment_count, uint32_t subpass_count)
{
   size_t size = sizeof(struct gvk_render_pass) +
                 attachment_count * sizeof(struct gvk_rp_attachment) +
                 subpass_count * sizeof(struct gvk_subpass);
   struct gvk_render_pass *pass =
      gvk_object_create(&device->base.alloc, alloc, size, VK_OBJECT_TYPE_RENDER_PASS,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pass)
      return NULL;
   pass->attachment_count = attachment_count;
   pass->subpass_count = subpass_count;
   pass->attachments = (struct gvk_rp_attachment *)(pass + 1);
   pass->subpasses = (struct gvk_subpass *)(pass->attachments + attachment_count);
   return pass;
}

/* The attachment indices of a subpass's references (at most
 * GVK_MAX_COLOR_ATTACHMENTS; more are refused by check_attachments). */
struct subpass_refs {
   uint32_t color[GVK_MAX_COLOR_ATTACHMENTS], resolve[GVK_MAX_COLOR_ATTACHMENTS];
};

static void
refs2(const VkAttachmentReference2 *refs, uint32_t count, uint32_t *out)
{
   for (uint32_t i = 0; refs && i < MIN2(count, GVK_MAX_COLOR_ATTACHMENTS); i++)
      out[i] = refs[i].attachment;
}

/* The subpass's VkSubpassDescriptionDepthStencilResolve into d. */
static void
ds_resolve_desc(const VkSubpassDescription2 *sd, struct subpass_desc *d)
{
   d->ds_resolve = VK_ATTACHMENT_UNUSED;
   for (const VkBaseInStructure *s = sd->pNext; s; s = s->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE)
         continue;
      const VkSubpassDescriptionDepthStencilResolve *r =
         (const VkSubpassDescriptionDepthStencilResolve *)s;
      if (!r->pDepthStencilResolveAttachment)
         return;
      d->ds_resolve = r->pDepthStencilResolveAttachment->attachment;
      d->depth_resolve_mode = r->depthResolveMode;
      d->stencil_resolve_mode = r->stencilResolveMode;
   }
}

/* VkRenderPassMultiviewCreateInfo's view mask of subpass i (1.0 passes). */
static uint32_t
multiview_mask(const VkRenderPassCreateInfo *info, uint32_t i)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO)
         continue;
      const VkRenderPassMultiviewCreateInfo *m = (const VkRenderPassMultiviewCreateInfo *)s;
      return i < m->subpassCount ? m->pViewMasks[i] : 0;
   }
   return 0;
}

static VkResult
pass_finish(struct gvk_render_pass *pass, const VkSampleCountFlagBits *samples,
            const struct subpass_desc *descs, VkRenderPass *out)
{
   for (uint32_t i = 0; i < pass->subpass_count; i++) {
      VkResult result = check_attachments(pass, samples, &descs[i], i);
      if (result != VK_SUCCESS) {
         gvk_object_destroy(&pass->base);
         return result;
      }
      init_subpass(pass, i, &descs[i]);
   }
   *out = gvk_render_pass_to_handle(pass);
   return VK_SUCCESS;
}

/* Scratch for the descriptions of a pass: its samples per attachment,
 * its subpasses and their references, freed once the pass is made. */
struct pass_scratch {
   VkSampleCountFlagBits *samples;
   struct subpass_desc *descs;
   struct subpass_refs *refs;
};

static bool
scratch_alloc(const VkAllocationCallbacks *alloc, struct pass_scratch *s,
              uint32_t attachments, uint32_t subpasses)
{
   size_t size = attachments * sizeof(*s->samples) + subpasses * sizeof(*s->descs) +
                 subpasses * sizeof(*s->refs);
   void *mem = gvk_zalloc(alloc, size ? size : 1, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!mem)
      return false;
   s->refs = mem;
   s->descs = (struct subpass_desc *)(s->refs + subpasses);
   s->samples = (VkSampleCountFlagBits *)(s->descs + subpasses);
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateRenderPass2(VkDevice _device, const VkRenderPassCreateInfo2 *info,
                      const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   /* command-scope scratch: the command's allocator when it has one */
   const VkAllocationCallbacks *alloc = gvk_pick_alloc(&device->base.alloc, pAllocator);
   struct pass_scratch sc;
   if (!scratch_alloc(alloc, &sc, info->attachmentCount, info->subpassCount))
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   struct gvk_render_pass *pass =
      pass_create(device, pAllocator, info->attachmentCount, info->subpassCount);
   if (!pass) {
      gvk_free(alloc, sc.refs);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   for (uint32_t a = 0; a < info->attachmentCount; a++) {
      const VkAttachmentDescription2 *ad = &info->pAttachments[a];
      pass->attachments[a] = (struct gvk_rp_attachment){
         ad->format, ad->loadOp, ad->stencilLoadOp, GVK_NO_SUBPASS, 0 };
      sc.samples[a] = ad->samples;
   }
   for (uint32_t i = 0; i < info->subpassCount; i++) {
      const VkSubpassDescription2 *sd = &info->pSubpasses[i];
      refs2(sd->pColorAttachments, sd->colorAttachmentCount, sc.refs[i].color);
      refs2(sd->pResolveAttachments, sd->colorAttachmentCount, sc.refs[i].resolve);
      sc.descs[i] = (struct subpass_desc){
         .color_count = sd->colorAttachmentCount, .color = sc.refs[i].color,
         .resolve = sd->pResolveAttachments ? sc.refs[i].resolve : NULL,
         .depth_stencil = sd->pDepthStencilAttachment ?
                          sd->pDepthStencilAttachment->attachment : VK_ATTACHMENT_UNUSED,
         .view_mask = sd->viewMask,
      };
      ds_resolve_desc(sd, &sc.descs[i]);
   }
   VkResult result = pass_finish(pass, sc.samples, sc.descs, pRenderPass);
   gvk_free(alloc, sc.refs);
   return result;
}

/* A 1.0 pass's description as a VkRenderPassCreateInfo2 (spec
 * "VkRenderPassCreateInfo2": each 1.0 structure has a 2 counterpart with
 * the same members), the multiview masks of VkRenderPassMultiviewCreateInfo
 * moved into the subpasses, so that one builder makes both. */
struct pass2 {
   VkRenderPassCreateInfo2 info;
   VkAttachmentDescription2 *attachments;
   VkSubpassDescription2 *subpasses;
   VkSubpassDependency2 *dependencies;
   VkAttachmentReference2 *refs;
};

static uint32_t
subpass_ref_count(const VkSubpassDescription *sd)
{
   return sd->inputAttachmentCount + 2 * sd->colorAttachmentCount + 1;
}

static const VkAttachmentReference2 *
refs_to2(const VkAttachmentReference *refs, uint32_t count, VkAttachmentReference2 **next)
{
   if (!refs)
      return NULL;
   VkAttachmentReference2 *out = *next;
   for (uint32_t i = 0; i < count; i++)
      out[i] = (VkAttachmentReference2){
         .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
         .attachment = refs[i].attachment, .layout = refs[i].layout };
   *next += count;
   return out;
}

static void
subpass_to2(const VkRenderPassCreateInfo *info, uint32_t i, VkAttachmentReference2 **next,
            VkSubpassDescription2 *out)
{
   const VkSubpassDescription *sd = &info->pSubpasses[i];
   *out = (VkSubpassDescription2){
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2, .flags = sd->flags,
      .pipelineBindPoint = sd->pipelineBindPoint, .viewMask = multiview_mask(info, i),
      .inputAttachmentCount = sd->inputAttachmentCount,
      .pInputAttachments = refs_to2(sd->pInputAttachments, sd->inputAttachmentCount, next),
      .colorAttachmentCount = sd->colorAttachmentCount,
      .pColorAttachments = refs_to2(sd->pColorAttachments, sd->colorAttachmentCount, next),
      .pResolveAttachments = refs_to2(sd->pResolveAttachments, sd->colorAttachmentCount, next),
      .pDepthStencilAttachment = refs_to2(sd->pDepthStencilAttachment, 1, next),
      .preserveAttachmentCount = sd->preserveAttachmentCount,
      .pPreserveAttachments = sd->pPreserveAttachments,
   };
}

static void
dependency_to2(const VkSubpassDependency *d, VkSubpassDependency2 *out)
{
   *out = (VkSubpassDependency2){
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
      .srcSubpass = d->srcSubpass, .dstSubpass = d->dstSubpass,
      .srcStageMask = d->srcStageMask, .dstStageMask = d->dstStageMask,
      .srcAccessMask = d->srcAccessMask, .dstAccessMask = d->dstAccessMask,
      .dependencyFlags = d->dependencyFlags,
   };
}

static void
attachment_to2(const VkAttachmentDescription *ad, VkAttachmentDescription2 *out)
{
   *out = (VkAttachmentDescription2){
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2, .flags = ad->flags,
      .format = ad->format, .samples = ad->samples, .loadOp = ad->loadOp,
      .storeOp = ad->storeOp, .stencilLoadOp = ad->stencilLoadOp,
      .stencilStoreOp = ad->stencilStoreOp, .initialLayout = ad->initialLayout,
      .finalLayout = ad->finalLayout,
   };
}

/* Fills p from info in one allocation (p->attachments), freed by the
 * caller. */
static bool
pass_to2(const VkAllocationCallbacks *alloc, const VkRenderPassCreateInfo *info,
         struct pass2 *p)
{
   uint32_t ref_count = 0;
   for (uint32_t i = 0; i < info->subpassCount; i++)
      ref_count += subpass_ref_count(&info->pSubpasses[i]);
   const size_t size = info->attachmentCount * sizeof(*p->attachments) +
                       info->subpassCount * sizeof(*p->subpasses) +
                       info->dependencyCount * sizeof(*p->dependencies) +
                       ref_count * sizeof(*p->refs);
   void *mem = gvk_zalloc(alloc, size ? size : 1, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!mem)
      return false;
   p->attachments = mem;
   p->subpasses = (VkSubpassDescription2 *)(p->attachments + info->attachmentCount);
   p->dependencies = (VkSubpassDependency2 *)(p->subpasses + info->subpassCount);
   p->refs = (VkAttachmentReference2 *)(p->dependencies + info->dependencyCount);
   for (uint32_t a = 0; a < info->attachmentCount; a++)
      attachment_to2(&info->pAttachments[a], &p->attachments[a]);
   VkAttachmentReference2 *next = p->refs;
   for (uint32_t i = 0; i < info->subpassCount; i++)
      subpass_to2(info, i, &next, &p->subpasses[i]);
   for (uint32_t i = 0; i < info->dependencyCount; i++)
      dependency_to2(&info->pDependencies[i], &p->dependencies[i]);
   p->info = (VkRenderPassCreateInfo2){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2, .flags = info->flags,
      .attachmentCount = info->attachmentCount, .pAttachments = p->attachments,
      .subpassCount = info->subpassCount, .pSubpasses = p->subpasses,
      .dependencyCount = info->dependencyCount, .pDependencies = p->dependencies,
   };
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateRenderPass(VkDevice _device, const VkRenderPassCreateInfo *info,
                     const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   /* command-scope scratch: the command's allocator when it has one */
   const VkAllocationCallbacks *alloc = gvk_pick_alloc(&device->base.alloc, pAllocator);
   struct pass2 p;
   if (!pass_to2(alloc, info, &p))
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = gvk_CreateRenderPass2(_device, &p.info, pAllocator, pRenderPass);
   gvk_free(alloc, p.attachments);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyRenderPass(VkDevice _device, VkRenderPass _pass,
                      const VkAllocationCallbacks *pAllocator)
{
   struct gvk_render_pass *pass = gvk_render_pass_from_handle(_pass);
   if (pass)
      gvk_object_destroy(&pass->base);
}

/* Any pixel may be cleared or rendered alone: no granularity. */
VKAPI_ATTR void VKAPI_CALL
gvk_GetRenderAreaGranularity(VkDevice _device, VkRenderPass renderPass,
                             VkExtent2D *pGranularity)
{
   *pGranularity = (VkExtent2D){ 1, 1 };
}

void
gvk_rendering_formats_for_pipeline(const VkGraphicsPipelineCreateInfo *info,
                                   struct gvk_rendering_formats *out)
{
   memset(out, 0, sizeof(*out));
   const struct gvk_render_pass *pass = gvk_render_pass_from_handle(info->renderPass);
   if (pass) {
      if (info->subpass < pass->subpass_count)
         *out = pass->subpasses[info->subpass].formats;
      return;
   }
   const VkPipelineRenderingCreateInfo *r = NULL;
   for (const VkBaseInStructure *s = info->pNext; s && !r; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO)
         r = (const VkPipelineRenderingCreateInfo *)s;
   }
   if (!r)
      return;
   out->color_count = MIN2(r->colorAttachmentCount, GVK_MAX_COLOR_ATTACHMENTS);
   bool any = false;
   for (uint32_t i = 0; i < out->color_count; i++) {
      out->color[i] = r->pColorAttachmentFormats[i];
      any |= out->color[i] != VK_FORMAT_UNDEFINED;
   }
   out->depth = r->depthAttachmentFormat;
   out->stencil = r->stencilAttachmentFormat;
   out->view_mask = r->viewMask;
   any |= out->depth != VK_FORMAT_UNDEFINED || out->stencil != VK_FORMAT_UNDEFINED;
   /* Dynamic rendering names no sample count: the attachments a draw
    * renders into must have the pipeline's rasterizationSamples (spec
    * "Dynamic Rendering", vkCmdDraw valid usage). */
   if (any)
      out->samples = info->pMultisampleState ?
                     info->pMultisampleState->rasterizationSamples : VK_SAMPLE_COUNT_1_BIT;
}

/* ---- framebuffers ---- */

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateFramebuffer(VkDevice _device, const VkFramebufferCreateInfo *info,
                      const VkAllocationCallbacks *pAllocator, VkFramebuffer *pFramebuffer)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   bool imageless = info->flags & VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT;
   uint32_t views = imageless ? 0 : info->attachmentCount;
   struct gvk_framebuffer *fb =
      gvk_object_create(&device->base.alloc, pAllocator,
                        sizeof(*fb) + views * sizeof(fb->views[0]),
                        VK_OBJECT_TYPE_FRAMEBUFFER, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!fb)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   fb->width = info->width;
   fb->height = info->height;
   fb->layers = info->layers;
   fb->attachment_count = info->attachmentCount;
   fb->imageless = imageless;
   for (uint32_t i = 0; i < views; i++)
      fb->views[i] = gvk_image_view_from_handle(info->pAttachments[i]);
   *pFramebuffer = gvk_framebuffer_to_handle(fb);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyFramebuffer(VkDevice _device, VkFramebuffer _fb,
                       const VkAllocationCallbacks *pAllocator)
{
   struct gvk_framebuffer *fb = gvk_framebuffer_from_handle(_fb);
   if (fb)
      gvk_object_destroy(&fb->base);
}

/* ---- rendering state ---- */

void
gvk_rendering_reset(struct gvk_cmd_buffer *cmd)
{
   if (cmd->rendering.pass_views)
      gvk_free(&cmd->pool->base.alloc, cmd->rendering.pass_views);
   memset(&cmd->rendering, 0, sizeof(cmd->rendering));
}

/* The attachments of a subpass as cmd->rendering shows them to draws. */
static void
set_subpass_attachments(struct gvk_rendering *r, const struct gvk_subpass *sp,
                        struct gvk_image_view *const *views)
{
   memset(r->color, 0, sizeof(r->color));
   memset(&r->depth, 0, sizeof(r->depth));
   memset(&r->stencil, 0, sizeof(r->stencil));
   r->formats = sp->formats;
   r->view_mask = sp->formats.view_mask;
   for (uint32_t i = 0; i < sp->color_count; i++) {
      if (sp->color[i] != VK_ATTACHMENT_UNUSED && views)
         r->color[i].view = views[sp->color[i]];
      if (sp->resolve[i] != VK_ATTACHMENT_UNUSED && views) {
         r->color[i].resolve_view = views[sp->resolve[i]];
         r->color[i].resolve_mode = VK_RESOLVE_MODE_AVERAGE_BIT;
      }
   }
   if (sp->depth_stencil != VK_ATTACHMENT_UNUSED && views) {
      struct gvk_image_view *v = views[sp->depth_stencil];
      if (sp->formats.depth != VK_FORMAT_UNDEFINED)
         r->depth.view = v;
      if (sp->formats.stencil != VK_FORMAT_UNDEFINED)
         r->stencil.view = v;
   }
   if (sp->ds_resolve != VK_ATTACHMENT_UNUSED && views) {
      r->depth.resolve_view = r->stencil.resolve_view = views[sp->ds_resolve];
      r->depth.resolve_mode = sp->depth_resolve_mode;
      r->stencil.resolve_mode = sp->stencil_resolve_mode;
   }
   r->dirty = true;
}

/* The aspects an attachment's load ops clear at its first subpass. */
static VkImageAspectFlags
cleared_aspects(const struct gvk_rp_attachment *a)
{
   VkImageAspectFlags aspects = 0;
   bool depth = format_has_depth(a->format), stencil = format_has_stencil(a->format);
   if (a->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      aspects |= depth ? VK_IMAGE_ASPECT_DEPTH_BIT :
                 stencil ? 0 : VK_IMAGE_ASPECT_COLOR_BIT;
   if (stencil && a->stencil_load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      aspects |= VK_IMAGE_ASPECT_STENCIL_BIT;
   return aspects;
}

/* Load ops of the attachments first used by the current subpass. */
static void
subpass_load_ops(struct gvk_cmd_buffer *cmd)
{
   struct gvk_rendering *r = &cmd->rendering;
   const struct gvk_render_pass *pass = r->pass;
   for (uint32_t a = 0; a < pass->attachment_count; a++) {
      const struct gvk_rp_attachment *att = &pass->attachments[a];
      VkImageAspectFlags aspects = cleared_aspects(att);
      if (att->first_subpass != r->subpass || !aspects || !r->pass_views[a])
         continue;
      gvk_clear_view_area(cmd, r->pass_views[a], aspects, &r->pass_clears[a], &r->area,
                          0, r->layer_count, att->view_mask);
   }
}

/* The views of a render pass instance: the framebuffer's, or an
 * imageless framebuffer's from VkRenderPassAttachmentBeginInfo. */
static const VkImageView *
begin_views(const VkRenderPassBeginInfo *info, const struct gvk_framebuffer *fb)
{
   if (!fb->imageless)
      return NULL;
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO)
         return ((const VkRenderPassAttachmentBeginInfo *)s)->pAttachments;
   }
   return NULL;
}

static bool
pass_state_alloc(struct gvk_cmd_buffer *cmd, const struct gvk_render_pass *pass)
{
   size_t n = pass->attachment_count ? pass->attachment_count : 1;
   void *mem = gvk_zalloc(&cmd->pool->base.alloc,
                          n * (sizeof(struct gvk_image_view *) + sizeof(VkClearValue)),
                          VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem) {
      gvk_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
      return false;
   }
   cmd->rendering.pass_views = mem;
   cmd->rendering.pass_clears = (VkClearValue *)(cmd->rendering.pass_views + n);
   return true;
}

static void
begin_render_pass(struct gvk_cmd_buffer *cmd, const VkRenderPassBeginInfo *info)
{
   struct gvk_render_pass *pass = gvk_render_pass_from_handle(info->renderPass);
   struct gvk_framebuffer *fb = gvk_framebuffer_from_handle(info->framebuffer);
   gvk_rendering_reset(cmd);
   const VkImageView *imageless = begin_views(info, fb);
   if (fb->imageless && !imageless) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBeginRenderPass: an "
                                      "imageless framebuffer without "
                                      "VkRenderPassAttachmentBeginInfo"));
      return;
   }
   if (!pass->subpass_count || !pass_state_alloc(cmd, pass))
      return;
   struct gvk_rendering *r = &cmd->rendering;
   for (uint32_t a = 0; a < pass->attachment_count && a < fb->attachment_count; a++) {
      r->pass_views[a] = imageless ? gvk_image_view_from_handle(imageless[a])
                                   : fb->views[a];
      if (a < info->clearValueCount)
         r->pass_clears[a] = info->pClearValues[a];
   }
   r->active = true;
   r->pass = pass;
   r->subpass = 0;
   r->area = info->renderArea;
   r->layer_count = fb->layers;
   set_subpass_attachments(r, &pass->subpasses[0], r->pass_views);
   subpass_load_ops(cmd);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBeginRenderPass2(VkCommandBuffer commandBuffer,
                        const VkRenderPassBeginInfo *pRenderPassBegin,
                        const VkSubpassBeginInfo *pSubpassBeginInfo)
{
   begin_render_pass(gvk_cmd_buffer_from_handle(commandBuffer), pRenderPassBegin);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBeginRenderPass(VkCommandBuffer commandBuffer,
                       const VkRenderPassBeginInfo *pRenderPassBegin,
                       VkSubpassContents contents)
{
   begin_render_pass(gvk_cmd_buffer_from_handle(commandBuffer), pRenderPassBegin);
}

static void
next_subpass(struct gvk_cmd_buffer *cmd)
{
   struct gvk_rendering *r = &cmd->rendering;
   if (!r->pass || r->subpass + 1 >= r->pass->subpass_count) {
      gvk_fail(VK_ERROR_UNKNOWN, "vkCmdNextSubpass: no later subpass in the "
               "render pass instance");
      return;
   }
   gvk_resolve_attachments(cmd);
   r->subpass++;
   set_subpass_attachments(r, &r->pass->subpasses[r->subpass], r->pass_views);
   subpass_load_ops(cmd);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdNextSubpass2(VkCommandBuffer commandBuffer,
                    const VkSubpassBeginInfo *pSubpassBeginInfo,
                    const VkSubpassEndInfo *pSubpassEndInfo)
{
   next_subpass(gvk_cmd_buffer_from_handle(commandBuffer));
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdNextSubpass(VkCommandBuffer commandBuffer, VkSubpassContents contents)
{
   next_subpass(gvk_cmd_buffer_from_handle(commandBuffer));
}

/* Nothing to store (above); the resolves of the last subpass (or the
 * dynamic rendering's, unless it suspends), then the attachments stop
 * being what draws render into. */
static void
end_rendering(struct gvk_cmd_buffer *cmd)
{
   if (cmd->rendering.active && !cmd->rendering.suspending)
      gvk_resolve_attachments(cmd);
   gvk_rendering_reset(cmd);
   cmd->rendering.dirty = true;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdEndRenderPass2(VkCommandBuffer commandBuffer, const VkSubpassEndInfo *pSubpassEndInfo)
{
   end_rendering(gvk_cmd_buffer_from_handle(commandBuffer));
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdEndRenderPass(VkCommandBuffer commandBuffer)
{
   end_rendering(gvk_cmd_buffer_from_handle(commandBuffer));
}

/* ---- dynamic rendering ---- */

static VkImageAspectFlags
ds_aspect(const VkRenderingAttachmentInfo *a, VkImageAspectFlags aspect)
{
   return a && a->imageView != VK_NULL_HANDLE ? aspect : 0;
}

static void
set_rendering_attachment(struct gvk_rendering_attachment *out, VkFormat *format,
                         const VkRenderingAttachmentInfo *a)
{
   *out = (struct gvk_rendering_attachment){ 0 };
   *format = VK_FORMAT_UNDEFINED;
   if (!a || a->imageView == VK_NULL_HANDLE)
      return;
   out->view = gvk_image_view_from_handle(a->imageView);
   *format = out->view->vk_format;
   if (a->resolveMode != VK_RESOLVE_MODE_NONE && a->resolveImageView != VK_NULL_HANDLE) {
      out->resolve_view = gvk_image_view_from_handle(a->resolveImageView);
      out->resolve_mode = a->resolveMode;
   }
}

static void
rendering_load_op(struct gvk_cmd_buffer *cmd, const VkRenderingAttachmentInfo *a,
                  VkImageAspectFlags aspect)
{
   if (!a || a->imageView == VK_NULL_HANDLE || a->loadOp != VK_ATTACHMENT_LOAD_OP_CLEAR)
      return;
   const struct gvk_rendering *r = &cmd->rendering;
   gvk_clear_view_area(cmd, gvk_image_view_from_handle(a->imageView), aspect,
                       &a->clearValue, &r->area, 0, r->layer_count, r->view_mask);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBeginRendering(VkCommandBuffer commandBuffer, const VkRenderingInfo *info)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   gvk_rendering_reset(cmd);
   struct gvk_rendering *r = &cmd->rendering;
   if (info->colorAttachmentCount > GVK_MAX_COLOR_ATTACHMENTS) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBeginRendering: %u "
                                      "colour attachments (maxColorAttachments %u)",
                                      info->colorAttachmentCount,
                                      GVK_MAX_COLOR_ATTACHMENTS));
      return;
   }
   r->active = true;
   r->area = info->renderArea;
   r->layer_count = info->layerCount;
   r->view_mask = info->viewMask;
   r->formats.view_mask = info->viewMask;
   r->formats.color_count = info->colorAttachmentCount;
   for (uint32_t i = 0; i < info->colorAttachmentCount; i++) {
      set_rendering_attachment(&r->color[i], &r->formats.color[i],
                               &info->pColorAttachments[i]);
   }
   set_rendering_attachment(&r->depth, &r->formats.depth, info->pDepthAttachment);
   set_rendering_attachment(&r->stencil, &r->formats.stencil, info->pStencilAttachment);
   r->suspending = info->flags & VK_RENDERING_SUSPENDING_BIT;
   for (uint32_t i = 0; i < GVK_MAX_COLOR_ATTACHMENTS; i++) {
      if (r->color[i].view)
         r->formats.samples = r->color[i].view->image->samples;
   }
   if (r->depth.view || r->stencil.view)
      r->formats.samples = (r->depth.view ? r->depth.view : r->stencil.view)->image->samples;
   r->dirty = true;
   /* A resumed render pass instance continues a suspended one: its load
    * ops already happened (spec "Dynamic Render Pass Instances"). */
   if (info->flags & VK_RENDERING_RESUMING_BIT)
      return;
   for (uint32_t i = 0; i < info->colorAttachmentCount; i++)
      rendering_load_op(cmd, &info->pColorAttachments[i], VK_IMAGE_ASPECT_COLOR_BIT);
   rendering_load_op(cmd, info->pDepthAttachment,
                     ds_aspect(info->pDepthAttachment, VK_IMAGE_ASPECT_DEPTH_BIT));
   rendering_load_op(cmd, info->pStencilAttachment,
                     ds_aspect(info->pStencilAttachment, VK_IMAGE_ASPECT_STENCIL_BIT));
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdEndRendering(VkCommandBuffer commandBuffer)
{
   end_rendering(gvk_cmd_buffer_from_handle(commandBuffer));
}

/* ---- secondary command buffers ---- */

static void
inherit_rendering_info(struct gvk_rendering *r, const VkCommandBufferInheritanceRenderingInfo *ri)
{
   r->formats.color_count = MIN2(ri->colorAttachmentCount, GVK_MAX_COLOR_ATTACHMENTS);
   for (uint32_t i = 0; i < r->formats.color_count; i++)
      r->formats.color[i] = ri->pColorAttachmentFormats[i];
   r->formats.depth = ri->depthAttachmentFormat;
   r->formats.stencil = ri->stencilAttachmentFormat;
   r->formats.samples = ri->rasterizationSamples;
   r->formats.view_mask = ri->viewMask;
   r->view_mask = ri->viewMask;
}

/* The secondary's draws render into what the primary's render pass
 * instance set up when it executes them: the views are known only when a
 * framebuffer is named, and otherwise the render targets the primary
 * emitted stay (dirty false: nothing to re-emit). */
void
gvk_rendering_inherit(struct gvk_cmd_buffer *cmd, const VkCommandBufferInheritanceInfo *info)
{
   gvk_rendering_reset(cmd);
   struct gvk_rendering *r = &cmd->rendering;
   r->active = true;
   const struct gvk_render_pass *pass = gvk_render_pass_from_handle(info->renderPass);
   if (pass && info->subpass < pass->subpass_count) {
      const struct gvk_framebuffer *fb = gvk_framebuffer_from_handle(info->framebuffer);
      bool views = fb && !fb->imageless && fb->attachment_count >= pass->attachment_count;
      set_subpass_attachments(r, &pass->subpasses[info->subpass],
                              views ? fb->views : NULL);
      r->dirty = views;
      if (fb) {
         r->area = (VkRect2D){ { 0, 0 }, { fb->width, fb->height } };
         r->layer_count = fb->layers;
      }
      return;
   }
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO)
         inherit_rendering_info(r, (const VkCommandBufferInheritanceRenderingInfo *)s);
   }
}
