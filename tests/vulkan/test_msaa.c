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
 * alone: C1 inside the rectangle. */
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

static VkShaderModule
make_module(const struct ctx *c, const uint32_t *code, size_t size)
{
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = code,
   };
   VkShaderModule m = VK_NULL_HANDLE;
   CHECK(gvk_CreateShaderModule(c->dev, &smci, NULL, &m) == VK_SUCCESS);
   return m;
}

/* 4x, pSampleMask 0x1: only sample 0 of a covered pixel is written. */
static VkPipeline
make_pipeline(const struct ctx *c, VkRenderPass pass, VkPipelineLayout layout,
              VkShaderModule vs, VkShaderModule fs, const void *next)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" },
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkViewport viewport = { 0, 0, W, H, 0, 1 };
   const VkRect2D scissor = { { 0, 0 }, { W, H } };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1,
   };
   const VkSampleMask mask = 0x1;
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_4_BIT, .pSampleMask = &mask,
   };
   const VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &att,
   };
   const VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = next,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi,
      .pInputAssemblyState = &ia, .pViewportState = &vp, .pRasterizationState = &rs,
      .pMultisampleState = &ms, .pColorBlendState = &cb, .layout = layout,
      .renderPass = pass,
   };
   VkPipeline p = VK_NULL_HANDLE;
   CHECK(gvk_CreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1, &gpci, NULL, &p) ==
         VK_SUCCESS);
   return p;
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
   VkShaderModule vs = make_module(c, test_msaa_vert_spv, sizeof(test_msaa_vert_spv));
   VkShaderModule fs = make_module(c, test_msaa_frag_spv, sizeof(test_msaa_frag_spv));
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
   gvk_DestroyCommandPool(g->device, c.pool, NULL);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run, "msaa: all checks passed");
}
