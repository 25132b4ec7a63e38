/* Multisampled rendering and its resolves (white-box: the driver's entry
 * points called directly, Gen8+ where genvk draws).
 *
 * A 4x R8G8B8A8_UNORM attachment is cleared by its render pass to C0;
 * a rectangle over the left half of the pixels (x < W/2: its edge lies on
 * a pixel boundary, so each pixel is wholly in or out) is drawn in C1 by a
 * pipeline whose pSampleMask keeps sample 0 alone.  The subpass resolves
 * the attachment into a linear image (pResolveAttachments), and
 * vkCmdResolveImage then resolves a region of it at an offset into a
 * second linear image.
 *
 * Expected values are worked out here from the spec: a resolve averages
 * the samples (VK_RESOLVE_MODE_AVERAGE_BIT, vkCmdResolveImage for a
 * normalized format), so a pixel of the rectangle is (C1 + 3 C0) / 4 and
 * the rest C0; the bytes chosen make every average an exact integer, so
 * the float-to-unorm conversion has no tie to break (exact compare).
 * vkCmdResolveImage writes its region only: the rest of its destination
 * keeps the bytes the test put there.  The same drawing under dynamic
 * rendering with VK_RESOLVE_MODE_SAMPLE_ZERO_BIT resolves to sample 0
 * alone: C1 inside the rectangle.
 *
 * Depth/stencil resolves (VK_KHR_depth_stencil_resolve): for every 4x
 * depth/stencil format genvk renders, four draws each write one sample
 * (pSampleMask 1 << k) of every pixel with depth Z[k] (the viewport's
 * minDepth = maxDepth, the vertex z being 0) and stencil S[k] (REPLACE
 * with that reference), over a cleared attachment; the draw of sample 2
 * covers the left half only, so on the right sample 2 keeps the clear.
 * Each depth mode (SAMPLE_ZERO, AVERAGE, MIN, MAX) with a stencil mode
 * (SAMPLE_ZERO, MIN, MAX) resolves through a render pass 2
 * (VkSubpassDescriptionDepthStencilResolve) and through dynamic
 * rendering (resolveMode on the depth and stencil attachments); the
 * single-sampled results, copied to buffers, are compared with the mode
 * applied to the sample values as the format stores them (Vulkan
 * "Render Pass Resolve Operations"): exact for stencil, D32 and the
 * modes that pick a sample, within one unit of the format for the
 * averages of UNORM depth (the spec leaves their rounding open). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_test.h"
#include "gvk_test_whitebox.h"

#include "test_msaa.frag.spv.h"
#include "test_msaa.vert.spv.h"

#define W 8
#define H 8
#define UNTOUCHED 0x5a   /* bytes vkCmdResolveImage must leave */

static const uint8_t c0[4] = { 4, 100, 200, 255 };   /* the clear */
static const uint8_t c1[4] = { 200, 40, 8, 255 };    /* the rectangle */

struct ctx {
   const struct gvk_test_gpu *g;
   VkDevice dev;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties mem_props;
};

struct timg {
   VkImage image;
   VkDeviceMemory memory;
   uint8_t *map;            /* linear images */
   VkImageView view;
};

struct push {
   float color[4];
   float x1;
};

static bool
make_image(const struct ctx *c, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
           struct timg *t)
{
   memset(t, 0, sizeof(*t));
   bool linear = samples == VK_SAMPLE_COUNT_1_BIT;
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { W, H, 1 }, .mipLevels = 1,
      .arrayLayers = 1, .samples = samples,
      .tiling = linear ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL,
      .usage = usage, .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   if (!CHECK(gvk_CreateImage(c->dev, &ici, NULL, &t->image) == VK_SUCCESS))
      return false;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(c->dev, t->image, &req);
   uint32_t type = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits,
                                        linear ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                 VK_MEMORY_PROPERTY_HOST_COHERENT_BIT : 0);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size, .memoryTypeIndex = type,
   };
   if (!CHECK(type != UINT32_MAX) ||
       !CHECK(gvk_AllocateMemory(c->dev, &mai, NULL, &t->memory) == VK_SUCCESS) ||
       !CHECK(gvk_BindImageMemory(c->dev, t->image, t->memory, 0) == VK_SUCCESS))
      return false;
   if (linear) {
      void *map;
      if (!CHECK(gvk_MapMemory(c->dev, t->memory, 0, VK_WHOLE_SIZE, 0, &map) == VK_SUCCESS))
         return false;
      t->map = map;
      memset(t->map, UNTOUCHED, req.size);
   }
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = t->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
   };
   return !(usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT) ||
          CHECK(gvk_CreateImageView(c->dev, &ivci, NULL, &t->view) == VK_SUCCESS);
}

static void
free_image(const struct ctx *c, struct timg *t)
{
   gvk_DestroyImageView(c->dev, t->view, NULL);
   gvk_DestroyImage(c->dev, t->image, NULL);
   gvk_FreeMemory(c->dev, t->memory, NULL);
}

static const uint8_t *
texel(const struct ctx *c, const struct timg *t, uint32_t x, uint32_t y)
{
   const VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 };
   VkSubresourceLayout l;
   gvk_GetImageSubresourceLayout(c->dev, t->image, &sub, &l);
   return t->map + l.offset + y * l.rowPitch + x * 4;
}

/* The render pass: the 4x attachment, cleared and stored, resolved into
 * attachment 1. */
static VkRenderPass
make_pass(const struct ctx *c)
{
   const VkAttachmentDescription atts[2] = {
      { .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_4_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL },
      { .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_GENERAL },
   };
   const VkAttachmentReference color = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   const VkAttachmentReference resolve = { 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &color, .pResolveAttachments = &resolve,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 2,
      .pAttachments = atts, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   return pass;
}

/* 4x, pSampleMask 0x1: only sample 0 of a covered pixel is written. */
static VkPipeline
make_pipeline(const struct ctx *c, VkRenderPass pass, VkPipelineLayout layout,
              VkShaderModule vs, VkShaderModule fs, const void *next)
{
   static const VkSampleMask mask = 0x1;
   const struct gvk_test_draw_pipeline d = { .vs = vs, .fs = fs, .layout = layout, .pass = pass,
                                        .next = next, .width = W, .height = H,
                                        .samples = VK_SAMPLE_COUNT_4_BIT, .sample_mask = &mask };
   return gvk_test_graphics_pipeline(c->dev, &d);
}

static void
draw_rect(VkCommandBuffer cmd, VkPipelineLayout layout, VkPipeline pipeline)
{
   gvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   const struct push p = { { c1[0] / 255.0f, c1[1] / 255.0f, c1[2] / 255.0f,
                             c1[3] / 255.0f }, 0.0f };
   gvk_CmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                        0, sizeof(p), &p);
   gvk_CmdDraw(cmd, 6, 1, 0, 0);
}

static const VkClearValue clear = { .color.float32 = { c0[0] / 255.0f, c0[1] / 255.0f,
                                                       c0[2] / 255.0f, c0[3] / 255.0f } };

static void
record(const struct ctx *c, VkCommandBuffer cmd, VkRenderPass pass, VkFramebuffer fb,
       VkPipelineLayout layout, VkPipeline pipeline, const struct timg *ms,
       const struct timg *dst)
{
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
      .framebuffer = fb, .renderArea = { { 0, 0 }, { W, H } },
      .clearValueCount = 1, .pClearValues = &clear,
   };
   gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   draw_rect(cmd, layout, pipeline);
   gvk_CmdEndRenderPass(cmd);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_ACCESS_TRANSFER_READ_BIT);
   /* source columns [2, 6) into destination columns [0, 4) */
   const VkImageResolve region = {
      .srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 }, .srcOffset = { 2, 0, 0 },
      .dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 }, .dstOffset = { 0, 0, 0 },
      .extent = { W / 2, H, 1 },
   };
   gvk_CmdResolveImage(cmd, ms->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst->image,
                       VK_IMAGE_LAYOUT_GENERAL, 1, &region);
   gvk_test_barrier(cmd,
                    VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

/* Pixel (x, y) of the 4x attachment resolved: inside the rectangle
 * sample 0 is C1 and samples 1-3 C0. */
static void
resolved(uint32_t x, uint8_t out[4])
{
   for (unsigned k = 0; k < 4; k++)
      out[k] = x < W / 2 ? (uint8_t)((c1[k] + 3 * c0[k]) / 4) : c0[k];
}

/* Dynamic rendering into the same 4x image, its SAMPLE_ZERO resolve into
 * dst at the end of the rendering. */
static void
record_dynamic(VkCommandBuffer cmd, VkPipelineLayout layout, VkPipeline pipeline,
               const struct timg *ms, const struct timg *dst)
{
   const VkRenderingAttachmentInfo att = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = ms->view,
      .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .resolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, .resolveImageView = dst->view,
      .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .clearValue = clear,
   };
   const VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
      .layerCount = 1, .colorAttachmentCount = 1, .pColorAttachments = &att,
   };
   /* vkCmdResolveImage read the image the rendering now clears */
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                    VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT);
   gvk_CmdBeginRendering(cmd, &ri);
   draw_rect(cmd, layout, pipeline);
   gvk_CmdEndRendering(cmd);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
}

static void
check_sample_zero(const struct ctx *c, const struct timg *dst)
{
   for (uint32_t y = 0; y < H; y++) {
      for (uint32_t x = 0; x < W; x++) {
         const uint8_t *want = x < W / 2 ? c1 : c0, *got = texel(c, dst, x, y);
         CHECKF(memcmp(got, want, 4) == 0, "SAMPLE_ZERO resolve (%u, %u): %u %u %u %u, "
                "expected %u %u %u %u", x, y, got[0], got[1], got[2], got[3],
                want[0], want[1], want[2], want[3]);
      }
   }
}

static void
check_images(const struct ctx *c, const struct timg *rp_dst, const struct timg *cmd_dst)
{
   for (uint32_t y = 0; y < H; y++) {
      for (uint32_t x = 0; x < W; x++) {
         uint8_t want[4];
         resolved(x, want);
         const uint8_t *got = texel(c, rp_dst, x, y);
         CHECKF(memcmp(got, want, 4) == 0, "render pass resolve (%u, %u): %u %u %u %u, "
                "expected %u %u %u %u", x, y, got[0], got[1], got[2], got[3],
                want[0], want[1], want[2], want[3]);
         if (x < W / 2)
            resolved(x + 2, want);
         else
            memset(want, UNTOUCHED, 4);
         got = texel(c, cmd_dst, x, y);
         CHECKF(memcmp(got, want, 4) == 0, "vkCmdResolveImage (%u, %u): %u %u %u %u, "
                "expected %u %u %u %u", x, y, got[0], got[1], got[2], got[3],
                want[0], want[1], want[2], want[3]);
      }
   }
}

static void
test_resolves(const struct ctx *c)
{
   VkImageFormatProperties ifp;
   REQUIRE(gvk_GetPhysicalDeviceImageFormatProperties(
              c->g->pdev, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D,
              VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
              VK_IMAGE_USAGE_TRANSFER_SRC_BIT, 0, &ifp) == VK_SUCCESS);
   REQUIRE(CHECK(ifp.sampleCounts & VK_SAMPLE_COUNT_4_BIT));
   struct timg ms = { 0 }, rp_dst = { 0 }, cmd_dst = { 0 }, dyn_dst = { 0 };
   bool ok = make_image(c, VK_SAMPLE_COUNT_4_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                        VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &ms) &&
             make_image(c, VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &rp_dst) &&
             make_image(c, VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_USAGE_TRANSFER_DST_BIT, &cmd_dst) &&
             make_image(c, VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &dyn_dst);
   VkRenderPass pass = make_pass(c);
   const VkImageView views[2] = { ms.view, rp_dst.view };
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
      .attachmentCount = 2, .pAttachments = views, .width = W, .height = H, .layers = 1,
   };
   VkFramebuffer fb = VK_NULL_HANDLE;
   ok = ok && CHECK(gvk_CreateFramebuffer(c->dev, &fci, NULL, &fb) == VK_SUCCESS);
   const VkPushConstantRange range = {
      VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct push) };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1, .pPushConstantRanges = &range,
   };
   VkPipelineLayout layout = VK_NULL_HANDLE;
   ok = ok && CHECK(gvk_CreatePipelineLayout(c->dev, &plci, NULL, &layout) == VK_SUCCESS);
   VkShaderModule vs = gvk_test_module(c->dev, test_msaa_vert_spv, sizeof(test_msaa_vert_spv));
   VkShaderModule fs = gvk_test_module(c->dev, test_msaa_frag_spv, sizeof(test_msaa_frag_spv));
   const VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   const VkPipelineRenderingCreateInfo prci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = &format,
   };
   VkPipeline pipeline = ok ? make_pipeline(c, pass, layout, vs, fs, NULL) : VK_NULL_HANDLE;
   VkPipeline dynamic = ok ? make_pipeline(c, VK_NULL_HANDLE, layout, vs, fs, &prci)
                           : VK_NULL_HANDLE;
   if (pipeline && dynamic) {
      const VkCommandBufferAllocateInfo cbai = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
         .commandPool = c->pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
         .commandBufferCount = 1,
      };
      VkCommandBuffer cmd = VK_NULL_HANDLE;
      const VkCommandBufferBeginInfo cbbi = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      };
      if (CHECK(gvk_AllocateCommandBuffers(c->dev, &cbai, &cmd) == VK_SUCCESS) &&
          CHECK(gvk_BeginCommandBuffer(cmd, &cbbi) == VK_SUCCESS)) {
         record(c, cmd, pass, fb, layout, pipeline, &ms, &cmd_dst);
         record_dynamic(cmd, layout, dynamic, &ms, &dyn_dst);
         gvk_test_submit_wait(c->g->queue, cmd);
         check_images(c, &rp_dst, &cmd_dst);
         check_sample_zero(c, &dyn_dst);
      }
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmd);
   }
   gvk_DestroyPipeline(c->dev, dynamic, NULL);
   gvk_DestroyPipeline(c->dev, pipeline, NULL);
   gvk_DestroyShaderModule(c->dev, vs, NULL);
   gvk_DestroyShaderModule(c->dev, fs, NULL);
   gvk_DestroyPipelineLayout(c->dev, layout, NULL);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &dyn_dst);
   free_image(c, &cmd_dst);
   free_image(c, &rp_dst);
   free_image(c, &ms);
}

/* ---- depth/stencil resolves ---- */

static const float ds_z[4] = { 0.25f, 0.75f, 0.5f, 0.125f };
static const uint8_t ds_s[4] = { 7, 3, 200, 50 };
static const VkClearValue ds_clear = { .depthStencil = { 0.875f, 100 } };

struct ds_case {
   VkFormat format;
   bool depth, stencil;
   uint32_t depth_bytes;               /* per texel in a buffer copy */
   VkResolveModeFlagBits dmode, smode;  /* NONE for an absent aspect */
};

/* The depth the format stores for d, as a float (UNORM: rounded). */
static double
ds_stored(const struct ds_case *t, double d)
{
   if (t->format == VK_FORMAT_D16_UNORM)
      return round(d * 65535.0) / 65535.0;
   if (t->depth_bytes == 4 && t->format != VK_FORMAT_D32_SFLOAT &&
       t->format != VK_FORMAT_D32_SFLOAT_S8_UINT)
      return round(d * 16777215.0) / 16777215.0;
   return d;
}

/* Sample k of pixel column x. */
static double
ds_sample_depth(const struct ds_case *t, uint32_t x, unsigned k)
{
   return ds_stored(t, k == 2 && x >= W / 2 ? ds_clear.depthStencil.depth : ds_z[k]);
}

static uint32_t
ds_sample_stencil(uint32_t x, unsigned k)
{
   return k == 2 && x >= W / 2 ? ds_clear.depthStencil.stencil : ds_s[k];
}

static double
ds_apply(VkResolveModeFlagBits mode, const double v[4])
{
   double r = v[0];
   for (unsigned k = 1; k < 4 && mode != VK_RESOLVE_MODE_SAMPLE_ZERO_BIT; k++) {
      if (mode == VK_RESOLVE_MODE_MIN_BIT)
         r = fmin(r, v[k]);
      else if (mode == VK_RESOLVE_MODE_MAX_BIT)
         r = fmax(r, v[k]);
      else
         r += v[k];
   }
   return mode == VK_RESOLVE_MODE_AVERAGE_BIT ? r / 4.0 : r;
}

/* The depth a buffer copy of the resolved texel holds, as a float. */
static double
ds_read_depth(const struct ds_case *t, const uint8_t *p)
{
   uint32_t bits = 0;
   memcpy(&bits, p, t->depth_bytes);
   if (t->format == VK_FORMAT_D16_UNORM)
      return bits / 65535.0;
   if (t->format == VK_FORMAT_D32_SFLOAT || t->format == VK_FORMAT_D32_SFLOAT_S8_UINT) {
      float f;
      memcpy(&f, &bits, 4);
      return f;
   }
   return (bits & 0xffffffu) / 16777215.0;
}

static void
ds_check(const struct ds_case *t, const char *how, const uint8_t *depth,
         const uint8_t *stencil)
{
   double unit = t->format == VK_FORMAT_D16_UNORM ? 1.0 / 65535.0 :
                 t->depth_bytes == 4 && t->format != VK_FORMAT_D32_SFLOAT &&
                 t->format != VK_FORMAT_D32_SFLOAT_S8_UINT ? 1.0 / 16777215.0 : 0.0;
   double tol = t->dmode == VK_RESOLVE_MODE_AVERAGE_BIT ? unit * 1.01 + 1e-7 : 1e-9;
   for (uint32_t y = 0; y < H; y++) {
      for (uint32_t x = 0; x < W; x++) {
         uint32_t i = y * W + x;
         if (t->depth) {
            double v[4];
            for (unsigned k = 0; k < 4; k++)
               v[k] = ds_sample_depth(t, x, k);
            double want = ds_apply(t->dmode, v);
            double got = ds_read_depth(t, depth + i * t->depth_bytes);
            CHECKF(fabs(got - want) <= tol, "VkFormat %d %s depth resolve mode 0x%x "
                   "(%u, %u): %.9f, expected %.9f", (int)t->format, how,
                   (unsigned)t->dmode, x, y, got, want);
         }
         if (t->stencil) {
            double v[4];
            for (unsigned k = 0; k < 4; k++)
               v[k] = ds_sample_stencil(x, k);
            uint32_t want = (uint32_t)ds_apply(t->smode, v);
            CHECKF(stencil[i] == want, "VkFormat %d %s stencil resolve mode 0x%x "
                   "(%u, %u): %u, expected %u", (int)t->format, how,
                   (unsigned)t->smode, x, y, stencil[i], want);
         }
      }
   }
}

static VkImageAspectFlags
ds_aspects(const struct ds_case *t)
{
   return (t->depth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
          (t->stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
}

static bool
ds_image(const struct ctx *c, const struct ds_case *t, VkSampleCountFlagBits samples,
         struct timg *img)
{
   memset(img, 0, sizeof(*img));
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = t->format, .extent = { W, H, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = samples, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
   };
   if (!CHECK(gvk_CreateImage(c->dev, &ici, NULL, &img->image) == VK_SUCCESS))
      return false;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(c->dev, img->image, &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits, 0),
   };
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = img->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = t->format,
      .subresourceRange = { ds_aspects(t), 0, 1, 0, 1 },
   };
   return CHECK(gvk_AllocateMemory(c->dev, &mai, NULL, &img->memory) == VK_SUCCESS) &&
          CHECK(gvk_BindImageMemory(c->dev, img->image, img->memory, 0) == VK_SUCCESS) &&
          CHECK(gvk_CreateImageView(c->dev, &ivci, NULL, &img->view) == VK_SUCCESS);
}

/* A host-visible buffer for the copies of both resolved images. */
struct ds_readback {
   VkBuffer buffer;
   VkDeviceMemory memory;
   uint8_t *map;
};

#define DS_READBACK_BYTES (2 * 8 * W * H)

static bool
ds_readback(const struct ctx *c, struct ds_readback *rb)
{
   memset(rb, 0, sizeof(*rb));
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = DS_READBACK_BYTES,
      .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   };
   if (!CHECK(gvk_CreateBuffer(c->dev, &bci, NULL, &rb->buffer) == VK_SUCCESS))
      return false;
   VkMemoryRequirements req;
   gvk_GetBufferMemoryRequirements(c->dev, rb->buffer, &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits,
                                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
   };
   void *map = NULL;
   bool ok = CHECK(gvk_AllocateMemory(c->dev, &mai, NULL, &rb->memory) == VK_SUCCESS) &&
             CHECK(gvk_BindBufferMemory(c->dev, rb->buffer, rb->memory, 0) == VK_SUCCESS) &&
             CHECK(gvk_MapMemory(c->dev, rb->memory, 0, VK_WHOLE_SIZE, 0, &map) ==
                   VK_SUCCESS);
   rb->map = map;
   return ok;
}

/* The render pass: the 4x attachment cleared, resolved into attachment 1
 * with the case's modes. */
static VkRenderPass
ds_pass(const struct ctx *c, const struct ds_case *t)
{
   VkAttachmentDescription2 atts[2];
   for (unsigned i = 0; i < 2; i++) {
      atts[i] = (VkAttachmentDescription2){
         .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2, .format = t->format,
         .samples = i ? VK_SAMPLE_COUNT_1_BIT : VK_SAMPLE_COUNT_4_BIT,
         .loadOp = i ? VK_ATTACHMENT_LOAD_OP_DONT_CARE : VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = i ? VK_ATTACHMENT_LOAD_OP_DONT_CARE : VK_ATTACHMENT_LOAD_OP_CLEAR,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
      };
   }
   const VkAttachmentReference2 ds = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
      .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, .aspectMask = ds_aspects(t),
   };
   const VkAttachmentReference2 resolve = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 1,
      .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, .aspectMask = ds_aspects(t),
   };
   const VkSubpassDescriptionDepthStencilResolve dsr = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
      .depthResolveMode = t->dmode, .stencilResolveMode = t->smode,
      .pDepthStencilResolveAttachment = &resolve,
   };
   const VkSubpassDescription2 sp = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2, .pNext = &dsr,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .pDepthStencilAttachment = &ds,
   };
   const VkRenderPassCreateInfo2 rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2, .attachmentCount = 2,
      .pAttachments = atts, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass2(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   return pass;
}

/* 4x, pSampleMask 1 << k; depth always passes and is written, stencil
 * always passes and takes the reference; viewport and reference dynamic. */
static VkPipeline
ds_pipeline(const struct ctx *c, const struct ds_case *t, VkRenderPass pass,
            VkPipelineLayout layout, const VkShaderModule sm[2], unsigned k)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = sm[0], .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = sm[1], .pName = "main" },
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkRect2D scissor = { { 0, 0 }, { W, H } };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .scissorCount = 1, .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1,
   };
   const VkSampleMask mask = 1u << k;
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_4_BIT, .pSampleMask = &mask,
   };
   const VkStencilOpState so = {
      .failOp = VK_STENCIL_OP_KEEP, .passOp = VK_STENCIL_OP_REPLACE,
      .depthFailOp = VK_STENCIL_OP_KEEP, .compareOp = VK_COMPARE_OP_ALWAYS,
      .compareMask = 0xff, .writeMask = 0xff,
   };
   const VkPipelineDepthStencilStateCreateInfo dss = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = t->depth, .depthWriteEnable = t->depth,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS, .stencilTestEnable = t->stencil,
      .front = so, .back = so,
   };
   const VkDynamicState dyn[2] = { VK_DYNAMIC_STATE_VIEWPORT,
                                   VK_DYNAMIC_STATE_STENCIL_REFERENCE };
   const VkPipelineDynamicStateCreateInfo dy = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = 2, .pDynamicStates = dyn,
   };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
   };
   const VkPipelineRenderingCreateInfo prci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .depthAttachmentFormat = t->depth ? t->format : VK_FORMAT_UNDEFINED,
      .stencilAttachmentFormat = t->stencil ? t->format : VK_FORMAT_UNDEFINED,
   };
   const VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = pass ? NULL : &prci, .stageCount = 2, .pStages = stages,
      .pVertexInputState = &vi, .pInputAssemblyState = &ia, .pViewportState = &vp,
      .pRasterizationState = &rs, .pMultisampleState = &ms, .pDepthStencilState = &dss,
      .pColorBlendState = &cb, .pDynamicState = &dy, .layout = layout, .renderPass = pass,
   };
   VkPipeline p = VK_NULL_HANDLE;
   CHECK(gvk_CreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1, &gpci, NULL, &p) ==
         VK_SUCCESS);
   return p;
}

/* Sample k of every pixel (of the left half for k = 2). */
static void
ds_draws(VkCommandBuffer cmd, VkPipelineLayout layout, const VkPipeline p[4])
{
   for (unsigned k = 0; k < 4; k++) {
      gvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p[k]);
      const VkViewport vp = { 0, 0, W, H, ds_z[k], ds_z[k] };
      gvk_CmdSetViewport(cmd, 0, 1, &vp);
      gvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, ds_s[k]);
      const struct push pc = { { 0, 0, 0, 0 }, k == 2 ? 0.0f : 1.0f };
      gvk_CmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT |
                           VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), &pc);
      gvk_CmdDraw(cmd, 6, 1, 0, 0);
   }
}

static void
ds_dynamic(VkCommandBuffer cmd, const struct ds_case *t, VkPipelineLayout layout,
           const VkPipeline p[4], const struct timg *ms, const struct timg *dst)
{
   const VkRenderingAttachmentInfo d = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = ms->view,
      .imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
      .resolveMode = t->dmode, .resolveImageView = dst->view,
      .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .clearValue = ds_clear,
   };
   VkRenderingAttachmentInfo s = d;
   s.resolveMode = t->smode;
   const VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
      .layerCount = 1, .pDepthAttachment = t->depth ? &d : NULL,
      .pStencilAttachment = t->stencil ? &s : NULL,
   };
   gvk_CmdBeginRendering(cmd, &ri);
   ds_draws(cmd, layout, p);
   gvk_CmdEndRendering(cmd);
}

/* Both resolved images' aspects into the readback buffer: render pass
 * depth at 0, stencil at 4 W H; dynamic at 8 W H and 12 W H. */
static void
ds_copy_out(VkCommandBuffer cmd, const struct ds_case *t, const struct timg *dst,
            VkBuffer buffer, VkDeviceSize base)
{
   const VkImageAspectFlags aspects[2] = { VK_IMAGE_ASPECT_DEPTH_BIT,
                                           VK_IMAGE_ASPECT_STENCIL_BIT };
   for (unsigned a = 0; a < 2; a++) {
      if (!(ds_aspects(t) & aspects[a]))
         continue;
      const VkBufferImageCopy r = {
         .bufferOffset = base + a * 4 * W * H,
         .imageSubresource = { aspects[a], 0, 0, 1 }, .imageExtent = { W, H, 1 },
      };
      gvk_CmdCopyImageToBuffer(cmd, dst->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                               buffer, 1, &r);
   }
}

struct ds_objects {
   VkRenderPass pass;
   VkFramebuffer fb;
   VkPipeline rp[4], dyn[4];
};

static void
ds_objects_free(const struct ctx *c, struct ds_objects *o)
{
   for (unsigned k = 0; k < 4; k++) {
      gvk_DestroyPipeline(c->dev, o->rp[k], NULL);
      gvk_DestroyPipeline(c->dev, o->dyn[k], NULL);
   }
   gvk_DestroyFramebuffer(c->dev, o->fb, NULL);
   gvk_DestroyRenderPass(c->dev, o->pass, NULL);
}

static bool
ds_objects(const struct ctx *c, const struct ds_case *t, VkPipelineLayout layout,
           const VkShaderModule sm[2], const struct timg *ms, const struct timg *dst,
           struct ds_objects *o)
{
   memset(o, 0, sizeof(*o));
   o->pass = ds_pass(c, t);
   const VkImageView views[2] = { ms->view, dst->view };
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = o->pass,
      .attachmentCount = 2, .pAttachments = views, .width = W, .height = H, .layers = 1,
   };
   if (!o->pass || !CHECK(gvk_CreateFramebuffer(c->dev, &fci, NULL, &o->fb) == VK_SUCCESS))
      return false;
   for (unsigned k = 0; k < 4; k++) {
      o->rp[k] = ds_pipeline(c, t, o->pass, layout, sm, k);
      o->dyn[k] = ds_pipeline(c, t, VK_NULL_HANDLE, layout, sm, k);
      if (!o->rp[k] || !o->dyn[k])
         return false;
   }
   return true;
}

/* One case: the render pass resolve into rp_dst, the dynamic rendering
 * one into dyn_dst, both read back and checked. */
static void
ds_run_case(const struct ctx *c, const struct ds_case *t, VkPipelineLayout layout,
            const VkShaderModule sm[2], const struct timg img[3],
            const struct ds_readback *rb)
{
   struct ds_objects o;
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   };
   const VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   if (ds_objects(c, t, layout, sm, &img[0], &img[1], &o) &&
       CHECK(gvk_AllocateCommandBuffers(c->dev, &cbai, &cmd) == VK_SUCCESS) &&
       CHECK(gvk_BeginCommandBuffer(cmd, &cbbi) == VK_SUCCESS)) {
      const VkRenderPassBeginInfo rpbi = {
         .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = o.pass,
         .framebuffer = o.fb, .renderArea = { { 0, 0 }, { W, H } },
         .clearValueCount = 1, .pClearValues = &ds_clear,
      };
      const VkSubpassBeginInfo sbi = { .sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
                                       .contents = VK_SUBPASS_CONTENTS_INLINE };
      const VkSubpassEndInfo sei = { .sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO };
      gvk_CmdBeginRenderPass2(cmd, &rpbi, &sbi);
      ds_draws(cmd, layout, o.rp);
      gvk_CmdEndRenderPass2(cmd, &sei);
      /* the 4x image is cleared again by the rendering */
      gvk_test_barrier(cmd, VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
                       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                       VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT,
                       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
      ds_dynamic(cmd, t, layout, o.dyn, &img[0], &img[2]);
      gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                       VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
                       VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                       VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
      ds_copy_out(cmd, t, &img[1], rb->buffer, 0);
      ds_copy_out(cmd, t, &img[2], rb->buffer, 8 * W * H);
      gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
      memset(rb->map, 0xa5, DS_READBACK_BYTES);
      gvk_test_submit_wait(c->g->queue, cmd);
      ds_check(t, "render pass", rb->map, rb->map + 4 * W * H);
      ds_check(t, "dynamic rendering", rb->map + 8 * W * H, rb->map + 12 * W * H);
   }
   gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmd);
   ds_objects_free(c, &o);
}

/* Every mode of each aspect the format has. */
static void
ds_format(const struct ctx *c, struct ds_case t, VkPipelineLayout layout,
          const VkShaderModule sm[2], const struct ds_readback *rb)
{
   VkImageFormatProperties ifp;
   if (gvk_GetPhysicalDeviceImageFormatProperties(
          c->g->pdev, t.format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
          VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
          0, &ifp) != VK_SUCCESS || !(ifp.sampleCounts & VK_SAMPLE_COUNT_4_BIT)) {
      printf("SKIP: VkFormat %d: no 4x depth/stencil attachment on this device\n",
             (int)t.format);
      return;
   }
   static const VkResolveModeFlagBits dmodes[4] = {
      VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_AVERAGE_BIT,
      VK_RESOLVE_MODE_MIN_BIT, VK_RESOLVE_MODE_MAX_BIT };
   static const VkResolveModeFlagBits smodes[4] = {
      VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_MIN_BIT,
      VK_RESOLVE_MODE_MAX_BIT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT };
   struct timg img[3];
   bool ok = ds_image(c, &t, VK_SAMPLE_COUNT_4_BIT, &img[0]) &&
             ds_image(c, &t, VK_SAMPLE_COUNT_1_BIT, &img[1]) &&
             ds_image(c, &t, VK_SAMPLE_COUNT_1_BIT, &img[2]);
   for (unsigned m = 0; ok && m < 4; m++) {
      t.dmode = t.depth ? dmodes[m] : VK_RESOLVE_MODE_NONE;
      t.smode = t.stencil ? smodes[m] : VK_RESOLVE_MODE_NONE;
      if (m == 3 && !t.depth)
         continue;
      ds_run_case(c, &t, layout, sm, img, rb);
   }
   for (unsigned i = 0; i < 3; i++)
      free_image(c, &img[i]);
}

static void
test_ds_resolves(const struct ctx *c)
{
   VkPhysicalDeviceDepthStencilResolveProperties dsr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES,
   };
   VkPhysicalDeviceVulkan12Properties v12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES, .pNext = &dsr,
   };
   VkPhysicalDeviceProperties2 p2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &v12,
   };
   gvk_GetPhysicalDeviceProperties2(c->g->pdev, &p2);
   const VkResolveModeFlags all_depth = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT |
      VK_RESOLVE_MODE_AVERAGE_BIT | VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT;
   CHECK(dsr.supportedDepthResolveModes == all_depth);
   CHECK(dsr.supportedStencilResolveModes == (all_depth & ~VK_RESOLVE_MODE_AVERAGE_BIT));
   CHECK(dsr.independentResolveNone && dsr.independentResolve);
   CHECK(v12.supportedDepthResolveModes == dsr.supportedDepthResolveModes &&
         v12.supportedStencilResolveModes == dsr.supportedStencilResolveModes &&
         v12.independentResolveNone == dsr.independentResolveNone &&
         v12.independentResolve == dsr.independentResolve);
   const VkPushConstantRange range = {
      VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct push) };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1, .pPushConstantRanges = &range,
   };
   VkPipelineLayout layout = VK_NULL_HANDLE;
   struct ds_readback rb = { 0 };
   const VkShaderModule sm[2] = {
      gvk_test_module(c->dev, test_msaa_vert_spv, sizeof(test_msaa_vert_spv)),
      gvk_test_module(c->dev, test_msaa_frag_spv, sizeof(test_msaa_frag_spv)),
   };
   static const struct ds_case formats[] = {
      { VK_FORMAT_D16_UNORM, true, false, 2 },
      { VK_FORMAT_X8_D24_UNORM_PACK32, true, false, 4 },
      { VK_FORMAT_D32_SFLOAT, true, false, 4 },
      { VK_FORMAT_S8_UINT, false, true, 0 },
      { VK_FORMAT_D24_UNORM_S8_UINT, true, true, 4 },
      { VK_FORMAT_D32_SFLOAT_S8_UINT, true, true, 4 },
   };
   if (CHECK(gvk_CreatePipelineLayout(c->dev, &plci, NULL, &layout) == VK_SUCCESS) &&
       ds_readback(c, &rb)) {
      for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++)
         ds_format(c, formats[f], layout, sm, &rb);
   }
   gvk_DestroyBuffer(c->dev, rb.buffer, NULL);
   gvk_FreeMemory(c->dev, rb.memory, NULL);
   gvk_DestroyShaderModule(c->dev, sm[0], NULL);
   gvk_DestroyShaderModule(c->dev, sm[1], NULL);
   gvk_DestroyPipelineLayout(c->dev, layout, NULL);
}

static void
run(const struct gvk_test_gpu *g)
{
   struct ctx c = { .g = g, .dev = g->device };
   if (gvk_device_from_handle(g->device)->pdev->info.verx10 < 80) {
      printf("SKIP: genvk draws from Gen8 on\n");
      return;
   }
   gvk_GetPhysicalDeviceMemoryProperties(g->pdev, &c.mem_props);
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
   };
   REQUIRE(gvk_CreateCommandPool(g->device, &cpci, NULL, &c.pool) == VK_SUCCESS);
   test_resolves(&c);
   test_ds_resolves(&c);
   gvk_DestroyCommandPool(g->device, c.pool, NULL);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run, "msaa: all checks passed");
}
