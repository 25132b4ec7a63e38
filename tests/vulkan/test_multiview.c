/* Multiview (white-box: the driver's entry points called directly, Gen8+
 * where genvk draws).
 *
 * An 8x8 R8G8B8A8_UNORM colour image and a D32_SFLOAT depth image of four
 * layers are first cleared whole to a sentinel (colour SENTINEL, depth
 * 0.25), then rendered with the view mask 0b1011: views 0, 1 and 3, layer 2
 * outside it.  The attachments' load op clears the views of the mask (C0,
 * depth 1.0).  Three draws then run in each view: vkCmdDraw of instances
 * 0 and 1, vkCmdDrawIndexed of instance 2 (firstInstance 2) and an
 * indirect draw of instance 3 (firstInstance 3).  The vertex shader puts
 * view v's rectangle over columns [0, 2 (v + 1)) and instance i over rows
 * [2 i, 2 i + 2) at depth 0.5; the fragment shader writes red 60 v + 20
 * (gl_ViewIndex), green 50 i + 10, blue 200, alpha 255.
 *
 * So (Vulkan "Multiview": view v renders into layer v; ViewIndex is v in
 * every stage; "Load Operations" apply to the views of the mask) layer v
 * of the mask holds, at (x, y), that colour and depth 0.5 where
 * x < 2 (v + 1), else C0 and depth 1.0, and layer 2 keeps the sentinel.
 * The pass is recorded with a render pass (VkRenderPassMultiviewCreateInfo),
 * inline and with the draws in a secondary command buffer (inheriting the
 * subpass and framebuffer; the indirect draw an indirect count one), with
 * a render pass 2 (VkSubpassDescription2.viewMask) and with dynamic
 * rendering (VkRenderingInfo.viewMask; indirect count).  An occlusion query in the render pass takes three
 * queries (Vulkan "Queries": N consecutive queries, N the views), all
 * available; genvk counts every view's samples (PS_DEPTH_COUNT, exact)
 * in them: 16 + 32 + 64 in all.  A timestamp in the pass makes three
 * queries available too. */
#include <stdio.h>
#include <string.h>

#include "gvk_test.h"
#include "gvk_test_whitebox.h"

#include "test_multiview.frag.spv.h"
#include "test_multiview.vert.spv.h"

#define W 8
#define H 8
#define LAYERS 4
#define VIEW_MASK 0xbu
#define VIEWS 3
#define SENTINEL_DEPTH 0.25f

static const uint8_t c0[4] = { 4, 100, 50, 255 };         /* the load op's clear */
static const uint8_t sentinel[4] = { 77, 66, 55, 44 };    /* before the pass */

struct ctx {
   const struct gvk_test_gpu *g;
   VkDevice dev;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties mem_props;
   VkPipelineLayout layout;
   VkShaderModule vs, fs;
   struct gvk_test_buffer index, indirect, count;
};

struct target {
   VkImage color, depth;
   VkDeviceMemory memory[2];
   VkImageView color_view, depth_view;
   struct gvk_test_buffer color_out, depth_out;
};

static bool
make_image(const struct ctx *c, VkFormat format, VkImageUsageFlags usage,
           VkImageAspectFlags aspect, VkImage *image, VkDeviceMemory *memory,
           VkImageView *view)
{
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { W, H, 1 }, .mipLevels = 1, .arrayLayers = LAYERS,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   if (!CHECK(gvk_CreateImage(c->dev, &ici, NULL, image) == VK_SUCCESS))
      return false;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(c->dev, *image, &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits, 0),
   };
   if (!CHECK(gvk_AllocateMemory(c->dev, &mai, NULL, memory) == VK_SUCCESS) ||
       !CHECK(gvk_BindImageMemory(c->dev, *image, *memory, 0) == VK_SUCCESS))
      return false;
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = *image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY, .format = format,
      .subresourceRange = { aspect, 0, 1, 0, LAYERS },
   };
   return CHECK(gvk_CreateImageView(c->dev, &ivci, NULL, view) == VK_SUCCESS);
}

static bool
make_target(const struct ctx *c, struct target *t)
{
   memset(t, 0, sizeof(*t));
   return make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                     VK_IMAGE_ASPECT_COLOR_BIT, &t->color, &t->memory[0], &t->color_view) &&
          make_image(c, VK_FORMAT_D32_SFLOAT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                     VK_IMAGE_ASPECT_DEPTH_BIT, &t->depth, &t->memory[1], &t->depth_view) &&
          CHECK(gvk_test_buffer_create(c->g, W * H * 4 * LAYERS,
                                       VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                       &t->color_out) == VK_SUCCESS) &&
          CHECK(gvk_test_buffer_create(c->g, W * H * 4 * LAYERS,
                                       VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                       &t->depth_out) == VK_SUCCESS);
}

static void
free_target(const struct ctx *c, struct target *t)
{
   gvk_test_buffer_destroy(c->g, &t->color_out);
   gvk_test_buffer_destroy(c->g, &t->depth_out);
   gvk_DestroyImageView(c->dev, t->color_view, NULL);
   gvk_DestroyImageView(c->dev, t->depth_view, NULL);
   gvk_DestroyImage(c->dev, t->color, NULL);
   gvk_DestroyImage(c->dev, t->depth, NULL);
   gvk_FreeMemory(c->dev, t->memory[0], NULL);
   gvk_FreeMemory(c->dev, t->memory[1], NULL);
}

static const VkClearValue clears[2] = {
   { .color.float32 = { c0[0] / 255.0f, c0[1] / 255.0f, c0[2] / 255.0f, c0[3] / 255.0f } },
   { .depthStencil = { 1.0f, 0 } },
};

/* ---- the render pass and the pipelines ---- */

static VkRenderPass
make_pass(const struct ctx *c)
{
   VkAttachmentDescription atts[2];
   for (unsigned i = 0; i < 2; i++) {
      atts[i] = (VkAttachmentDescription){
         .format = i ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_R8G8B8A8_UNORM,
         .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_GENERAL, .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
      };
   }
   const VkAttachmentReference color = { 0, VK_IMAGE_LAYOUT_GENERAL };
   const VkAttachmentReference depth = { 1, VK_IMAGE_LAYOUT_GENERAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &color, .pDepthStencilAttachment = &depth,
   };
   const uint32_t mask = VIEW_MASK;
   const VkRenderPassMultiviewCreateInfo mv = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
      .subpassCount = 1, .pViewMasks = &mask,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .pNext = &mv,
      .attachmentCount = 2, .pAttachments = atts, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   return pass;
}

/* The same with vkCreateRenderPass2: the view mask in the subpass. */
static VkRenderPass
make_pass2(const struct ctx *c)
{
   VkAttachmentDescription2 atts[2];
   for (unsigned i = 0; i < 2; i++) {
      atts[i] = (VkAttachmentDescription2){
         .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
         .format = i ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_R8G8B8A8_UNORM,
         .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_GENERAL, .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
      };
   }
   const VkAttachmentReference2 color = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
      .layout = VK_IMAGE_LAYOUT_GENERAL, .aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
   };
   const VkAttachmentReference2 depth = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 1,
      .layout = VK_IMAGE_LAYOUT_GENERAL, .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT,
   };
   const VkSubpassDescription2 sp = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .viewMask = VIEW_MASK,
      .colorAttachmentCount = 1, .pColorAttachments = &color,
      .pDepthStencilAttachment = &depth,
   };
   const VkRenderPassCreateInfo2 rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2, .attachmentCount = 2,
      .pAttachments = atts, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass2(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   return pass;
}

static VkPipeline
make_pipeline(const struct ctx *c, VkRenderPass pass, const void *next)
{
   const struct gvk_test_draw_pipeline d = { .vs = c->vs, .fs = c->fs, .layout = c->layout,
                                        .pass = pass, .next = next, .width = W, .height = H,
                                        .depth_test = true };
   return gvk_test_graphics_pipeline(c->dev, &d);
}

/* ---- recording ---- */

static VkCommandBuffer
begin_cmd(const struct ctx *c, VkCommandBufferLevel level,
          const VkCommandBufferInheritanceInfo *inherit)
{
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = level, .commandBufferCount = 1,
   };
   const VkCommandBufferBeginInfo cbbi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = inherit ? VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT : 0,
      .pInheritanceInfo = inherit,
   };
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!CHECK(gvk_AllocateCommandBuffers(c->dev, &cbai, &cmd) == VK_SUCCESS))
      return VK_NULL_HANDLE;
   if (!CHECK(gvk_BeginCommandBuffer(cmd, &cbbi) == VK_SUCCESS)) {
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmd);
      return VK_NULL_HANDLE;
   }
   return cmd;
}

/* Every layer of both images to the sentinel, then ready for the pass. */
static void
prefill(VkCommandBuffer cmd, const struct target *t)
{
   const VkClearColorValue color = { .float32 = {
      sentinel[0] / 255.0f, sentinel[1] / 255.0f, sentinel[2] / 255.0f,
      sentinel[3] / 255.0f } };
   const VkClearDepthStencilValue depth = { SENTINEL_DEPTH, 0 };
   const VkImageSubresourceRange cr = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS };
   const VkImageSubresourceRange dr = { VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, LAYERS };
   gvk_CmdClearColorImage(cmd, t->color, VK_IMAGE_LAYOUT_GENERAL, &color, 1, &cr);
   gvk_CmdClearDepthStencilImage(cmd, t->depth, VK_IMAGE_LAYOUT_GENERAL, &depth, 1, &dr);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                    VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
}

/* Instances 0 and 1, 2 (indexed) and 3 (indirect, or indirect count). */
static void
draws(const struct ctx *c, VkCommandBuffer cmd, VkPipeline pipeline, bool indirect_count)
{
   gvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   gvk_CmdDraw(cmd, 6, 2, 0, 0);
   gvk_CmdBindIndexBuffer(cmd, c->index.buffer, 0, VK_INDEX_TYPE_UINT16);
   gvk_CmdDrawIndexed(cmd, 6, 1, 0, 0, 2);
   if (indirect_count)
      gvk_CmdDrawIndirectCount(cmd, c->indirect.buffer, 0, c->count.buffer, 0, 1,
                               sizeof(VkDrawIndirectCommand));
   else
      gvk_CmdDrawIndirect(cmd, c->indirect.buffer, 0, 1, sizeof(VkDrawIndirectCommand));
}

static void
readback(VkCommandBuffer cmd, const struct target *t)
{
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                    VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                    VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
   VkBufferImageCopy region = {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, LAYERS },
      .imageExtent = { W, H, 1 },
   };
   gvk_CmdCopyImageToBuffer(cmd, t->color, VK_IMAGE_LAYOUT_GENERAL, t->color_out.buffer, 1,
                            &region);
   region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   gvk_CmdCopyImageToBuffer(cmd, t->depth, VK_IMAGE_LAYOUT_GENERAL, t->depth_out.buffer, 1,
                            &region);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

/* ---- the expected pictures ---- */

static void
check_target(const struct target *t, const char *how)
{
   const uint8_t *color = t->color_out.map;
   const float *depth = t->depth_out.map;
   for (uint32_t l = 0; l < LAYERS; l++) {
      for (uint32_t y = 0; y < H; y++) {
         for (uint32_t x = 0; x < W; x++) {
            const uint32_t i = (l * H + y) * W + x;
            const bool in_mask = VIEW_MASK >> l & 1;
            const bool drawn = in_mask && x < 2 * (l + 1);
            const uint8_t shaded[4] = { (uint8_t)(60 * l + 20), (uint8_t)(50 * (y / 2) + 10),
                                        200, 255 };
            const uint8_t *want = drawn ? shaded : in_mask ? c0 : sentinel;
            const float want_z = drawn ? 0.5f : in_mask ? 1.0f : SENTINEL_DEPTH;
            const uint8_t *got = color + 4 * i;
            CHECKF(memcmp(got, want, 4) == 0, "%s: layer %u (%u, %u) colour %u %u %u %u, "
                   "expected %u %u %u %u", how, l, x, y, got[0], got[1], got[2], got[3],
                   want[0], want[1], want[2], want[3]);
            CHECKF(depth[i] == want_z, "%s: layer %u (%u, %u) depth %g, expected %g", how,
                   l, x, y, depth[i], want_z);
         }
      }
   }
}

/* ---- the render pass ---- */

static VkQueryPool
make_query_pool(const struct ctx *c, VkQueryType type)
{
   const VkQueryPoolCreateInfo qpci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = type,
      .queryCount = VIEWS,
   };
   VkQueryPool pool = VK_NULL_HANDLE;
   CHECK(gvk_CreateQueryPool(c->dev, &qpci, NULL, &pool) == VK_SUCCESS);
   return pool;
}

static void
check_queries(const struct ctx *c, VkQueryPool occlusion, VkQueryPool timestamps)
{
   uint64_t r[VIEWS][2];
   const VkQueryResultFlags flags = VK_QUERY_RESULT_64_BIT |
                                    VK_QUERY_RESULT_WITH_AVAILABILITY_BIT;
   REQUIRE(gvk_GetQueryPoolResults(c->dev, occlusion, 0, VIEWS, sizeof(r), r, sizeof(r[0]),
                                   flags) == VK_SUCCESS);
   uint64_t sum = 0;
   for (uint32_t v = 0; v < VIEWS; v++) {
      CHECKF(r[v][1] == 1, "occlusion query %u not available", v);
      sum += r[v][0];
   }
   /* 2 (v + 1) columns of 8 rows in views 0, 1 and 3 */
   CHECKF(sum == 16 + 32 + 64, "occlusion queries: %llu samples in all, expected 112",
          (unsigned long long)sum);
   REQUIRE(gvk_GetQueryPoolResults(c->dev, timestamps, 0, VIEWS, sizeof(r), r, sizeof(r[0]),
                                   flags) == VK_SUCCESS);
   for (uint32_t v = 0; v < VIEWS; v++)
      CHECKF(r[v][1] == 1, "timestamp query %u not available", v);
}

/* The draws in a secondary that inherits the subpass and framebuffer. */
static VkCommandBuffer
record_secondary(const struct ctx *c, VkRenderPass pass, VkFramebuffer fb,
                 VkPipeline pipeline)
{
   const VkCommandBufferInheritanceInfo inherit = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .renderPass = pass,
      .framebuffer = fb,
   };
   VkCommandBuffer sec = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_SECONDARY, &inherit);
   if (!sec)
      return VK_NULL_HANDLE;
   draws(c, sec, pipeline, true);
   CHECK(gvk_EndCommandBuffer(sec) == VK_SUCCESS);
   return sec;
}

/* The draws inline with the queries, or (secondary) in a secondary; the
 * pass made by vkCreateRenderPass, or (pass2) vkCreateRenderPass2. */
static void
test_render_pass(const struct ctx *c, bool secondary, bool pass2)
{
   struct target t;
   VkRenderPass pass = pass2 ? make_pass2(c) : make_pass(c);
   VkFramebuffer fb = VK_NULL_HANDLE;
   VkQueryPool occlusion = make_query_pool(c, VK_QUERY_TYPE_OCCLUSION);
   VkQueryPool timestamps = make_query_pool(c, VK_QUERY_TYPE_TIMESTAMP);
   bool ok = make_target(c, &t) && pass;
   const VkImageView views[2] = { t.color_view, t.depth_view };
   /* multiview: the framebuffer has one layer (VUID-VkFramebufferCreateInfo-renderPass-02531) */
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
      .attachmentCount = 2, .pAttachments = views, .width = W, .height = H, .layers = 1,
   };
   ok = ok && CHECK(gvk_CreateFramebuffer(c->dev, &fci, NULL, &fb) == VK_SUCCESS);
   VkPipeline pipeline = ok ? make_pipeline(c, pass, NULL) : VK_NULL_HANDLE;
   VkCommandBuffer sec = pipeline && secondary ? record_secondary(c, pass, fb, pipeline)
                                               : VK_NULL_HANDLE;
   const bool ready = pipeline && occlusion && timestamps &&
                      (sec != VK_NULL_HANDLE) == secondary;
   VkCommandBuffer cmd = ready ? begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL)
                               : VK_NULL_HANDLE;
   if (cmd) {
      prefill(cmd, &t);
      gvk_CmdResetQueryPool(cmd, occlusion, 0, VIEWS);
      gvk_CmdResetQueryPool(cmd, timestamps, 0, VIEWS);
      const VkRenderPassBeginInfo rpbi = {
         .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
         .framebuffer = fb, .renderArea = { { 0, 0 }, { W, H } },
         .clearValueCount = 2, .pClearValues = clears,
      };
      if (secondary) {
         gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
         gvk_CmdExecuteCommands(cmd, 1, &sec);
      } else {
         gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
         gvk_CmdBeginQuery(cmd, occlusion, 0, 0);
         draws(c, cmd, pipeline, false);
         gvk_CmdEndQuery(cmd, occlusion, 0);
         gvk_CmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, 0);
      }
      gvk_CmdEndRenderPass(cmd);
      readback(cmd, &t);
      gvk_test_submit_wait(c->g->queue, cmd);
      check_target(&t, secondary ? "render pass, secondary" :
                       pass2 ? "render pass 2" : "render pass");
      if (!secondary)
         check_queries(c, occlusion, timestamps);
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmd);
   }
   if (sec)
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &sec);
   gvk_DestroyPipeline(c->dev, pipeline, NULL);
   gvk_DestroyQueryPool(c->dev, occlusion, NULL);
   gvk_DestroyQueryPool(c->dev, timestamps, NULL);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_target(c, &t);
}

/* ---- dynamic rendering ---- */

static const VkFormat color_format = VK_FORMAT_R8G8B8A8_UNORM;

static void
test_dynamic_rendering(const struct ctx *c)
{
   struct target t;
   const VkPipelineRenderingCreateInfo prci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO, .viewMask = VIEW_MASK,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = &color_format,
      .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT,
   };
   VkPipeline pipeline = make_target(c, &t) ? make_pipeline(c, VK_NULL_HANDLE, &prci)
                                            : VK_NULL_HANDLE;
   VkCommandBuffer cmd = pipeline ? begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL)
                                  : VK_NULL_HANDLE;
   if (cmd) {
      prefill(cmd, &t);
      const VkRenderingAttachmentInfo color = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t.color_view,
         .imageLayout = VK_IMAGE_LAYOUT_GENERAL, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE, .clearValue = clears[0],
      };
      const VkRenderingAttachmentInfo depth = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t.depth_view,
         .imageLayout = VK_IMAGE_LAYOUT_GENERAL, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE, .clearValue = clears[1],
      };
      const VkRenderingInfo ri = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
         .renderArea = { { 0, 0 }, { W, H } }, .layerCount = 1, .viewMask = VIEW_MASK,
         .colorAttachmentCount = 1, .pColorAttachments = &color,
         .pDepthAttachment = &depth,
      };
      gvk_CmdBeginRendering(cmd, &ri);
      draws(c, cmd, pipeline, true);
      gvk_CmdEndRendering(cmd);
      readback(cmd, &t);
      gvk_test_submit_wait(c->g->queue, cmd);
      check_target(&t, "dynamic rendering");
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmd);
   }
   gvk_DestroyPipeline(c->dev, pipeline, NULL);
   free_target(c, &t);
}

/* ---- setup ---- */

static bool
make_buffers(struct ctx *c)
{
   if (!CHECK(gvk_test_buffer_create(c->g, 16, VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                                     &c->index) == VK_SUCCESS) ||
       !CHECK(gvk_test_buffer_create(c->g, sizeof(VkDrawIndirectCommand),
                                     VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                     &c->indirect) == VK_SUCCESS) ||
       !CHECK(gvk_test_buffer_create(c->g, 4, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                     &c->count) == VK_SUCCESS))
      return false;
   static const uint16_t indices[6] = { 0, 1, 2, 3, 4, 5 };
   memcpy(c->index.map, indices, sizeof(indices));
   const VkDrawIndirectCommand cmd = { 6, 1, 0, 3 };
   memcpy(c->indirect.map, &cmd, sizeof(cmd));
   *(uint32_t *)c->count.map = 1;
   return true;
}

static void
run(const struct gvk_test_gpu *g)
{
   struct ctx c = { .g = g, .dev = g->device };
   gvk_GetPhysicalDeviceMemoryProperties(g->pdev, &c.mem_props);
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
   };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
   };
   if (CHECK(gvk_CreateCommandPool(c.dev, &cpci, NULL, &c.pool) == VK_SUCCESS) &&
       CHECK(gvk_CreatePipelineLayout(c.dev, &plci, NULL, &c.layout) == VK_SUCCESS) &&
       make_buffers(&c)) {
      c.vs = gvk_test_module(c.dev, test_multiview_vert_spv, sizeof(test_multiview_vert_spv));
      c.fs = gvk_test_module(c.dev, test_multiview_frag_spv, sizeof(test_multiview_frag_spv));
      test_render_pass(&c, false, false);
      test_render_pass(&c, true, false);
      test_render_pass(&c, false, true);
      test_dynamic_rendering(&c);
   }
   gvk_DestroyShaderModule(c.dev, c.vs, NULL);
   gvk_DestroyShaderModule(c.dev, c.fs, NULL);
   gvk_test_buffer_destroy(g, &c.index);
   gvk_test_buffer_destroy(g, &c.indirect);
   gvk_test_buffer_destroy(g, &c.count);
   gvk_DestroyPipelineLayout(c.dev, c.layout, NULL);
   gvk_DestroyCommandPool(c.dev, c.pool, NULL);
}

/* The device with multiview, dynamic rendering and indirect count
 * enabled; SKIP where multiview is not reported (Gen7: no graphics). */
int
main(void)
{
   struct gvk_test_gpu g;
   VkResult r = gvk_test_create_instance(&g, gvk_GetInstanceProcAddr, NULL, NULL);
   if (r == VK_SUCCESS && !g.pdev) {
      gvk_test_destroy(&g, NULL, NULL);
      printf("SKIP: no genvk device (run under scripts/vgpu-run)\n");
      return GVK_TEST_SKIP;
   }
   if (r != VK_SUCCESS) {
      fprintf(stderr, "FAIL: %s returned %d\n", g.failed, (int)r);
      return 1;
   }
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
   };
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12,
   };
   VkPhysicalDeviceFeatures2 f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f11 };
   gvk_GetPhysicalDeviceFeatures2(g.pdev, &f);
   if (!f11.multiview) {
      gvk_test_destroy(&g, NULL, NULL);
      printf("SKIP: multiview is not reported (genvk draws from Gen8 on)\n");
      return GVK_TEST_SKIP;
   }
   const VkPhysicalDeviceDynamicRenderingFeatures dr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
      .dynamicRendering = VK_TRUE,
   };
   const VkPhysicalDeviceVulkan12Features e12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = (void *)&dr,
      .drawIndirectCount = VK_TRUE,
   };
   const VkPhysicalDeviceVulkan11Features e11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = (void *)&e12,
      .multiview = VK_TRUE,
   };
   const char *const ext[] = { "VK_KHR_dynamic_rendering" };
   r = gvk_test_create_device(&g, &e11, 1, ext, NULL);
   if (r != VK_SUCCESS) {
      fprintf(stderr, "FAIL: %s returned %d\n", g.failed, (int)r);
      gvk_test_destroy(&g, NULL, NULL);
      return 1;
   }
   run(&g);
   gvk_test_destroy(&g, NULL, NULL);
   return gvk_test_result("multiview: all checks passed");
}
