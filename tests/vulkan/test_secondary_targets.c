/* Secondary command buffers that draw without knowing the attachments
 * (white-box: the driver's entry points called directly, Gen8+ where
 * genvk draws): begun with VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT
 * and an inheritance that names formats only, a
 * VkCommandBufferInheritanceRenderingInfo executed inside vkCmdBeginRendering
 * (VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT), or a render pass
 * with framebuffer VK_NULL_HANDLE executed inside a vkCmdBeginRenderPass.
 *
 * Each secondary is recorded once and executed by two primaries, recorded
 * both before either is submitted, that render into two different 8x8
 * R8G8B8A8_UNORM + D32_SFLOAT targets cleared (load op) to different
 * colours and depth 1.0.  The secondary draws rectangle A (pixels [1, 5) x
 * [1, 5), depth 0.5, colour CA) then rectangle B ([3, 7) x [2, 7), depth
 * 0.75, colour CB) with depth test LESS and depth writes.  So (Vulkan
 * "Depth Test"; rasterization samples at pixel centres) every target
 * holds CA and 0.5 inside A, CB and 0.75 inside B outside A, and its
 * clear colour and 1.0 elsewhere: the render targets, the depth buffer
 * and the drawing rectangle are the executing primary's.
 *
 * Each is run again with a vkCmdClearAttachments between the draws, of
 * colour CC and depth 0.6 over C ([0, 3) x [4, 8)): C then holds CC and
 * 0.6 (Vulkan "Clearing Attachments": the clear replaces what A wrote),
 * and B, drawn after it, is still hidden only by A (B and C do not
 * meet).  And a third time with A and B drawn 400 times each, push
 * constants changed before every draw, so that the secondary's commands
 * and state take several blocks (same picture: the repeated draws fail
 * the depth test against their own depth). */
#include <stdio.h>
#include <string.h>

#include "gvk_cmd_buffer.h"
#include "gvk_test.h"
#include "gvk_test_whitebox.h"

#include "test_secondary_targets.frag.spv.h"
#include "test_secondary_targets.vert.spv.h"

#define W 8
#define H 8
#define MANY_PAIRS 400

enum variant { PLAIN, WITH_CLEAR, MANY_DRAWS };
static const char *const variant_names[] = { "", " with a clear", " with many draws" };

struct push {
   float rect[4];
   float color[4];
   float z;
};

struct rect {
   uint32_t x0, y0, x1, y1;
   float z;
   uint8_t color[4];
};

static const struct rect rect_a = { 1, 1, 5, 5, 0.5f, { 200, 40, 20, 255 } };
static const struct rect rect_b = { 3, 2, 7, 7, 0.75f, { 10, 120, 240, 255 } };
static const struct rect rect_c = { 0, 4, 3, 8, 0.6f, { 30, 220, 130, 255 } };
/* the two primaries' clear colours */
static const uint8_t clear_colors[2][4] = { { 4, 100, 50, 255 }, { 90, 0, 160, 255 } };
static const VkFormat color_format = VK_FORMAT_R8G8B8A8_UNORM;
static const VkFormat depth_format = VK_FORMAT_D32_SFLOAT;

struct ctx {
   const struct gvk_test_gpu *g;
   VkDevice dev;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties mem_props;
   VkPipelineLayout layout;
   VkShaderModule vs, fs;
};

struct target {
   VkImage image[2];
   VkDeviceMemory memory[2];
   VkImageView view[2];      /* colour, depth */
   struct gvk_test_buffer color_out, depth_out;
};

/* ---- objects ---- */

static bool
make_image(const struct ctx *c, VkFormat format, VkImageUsageFlags usage,
           VkImageAspectFlags aspect, struct target *t, unsigned i)
{
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { W, H, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   if (!CHECK(gvk_CreateImage(c->dev, &ici, NULL, &t->image[i]) == VK_SUCCESS))
      return false;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(c->dev, t->image[i], &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits, 0),
   };
   if (!CHECK(gvk_AllocateMemory(c->dev, &mai, NULL, &t->memory[i]) == VK_SUCCESS) ||
       !CHECK(gvk_BindImageMemory(c->dev, t->image[i], t->memory[i], 0) == VK_SUCCESS))
      return false;
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = t->image[i],
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
      .subresourceRange = { aspect, 0, 1, 0, 1 },
   };
   return CHECK(gvk_CreateImageView(c->dev, &ivci, NULL, &t->view[i]) == VK_SUCCESS);
}

static bool
make_target(const struct ctx *c, struct target *t)
{
   memset(t, 0, sizeof(*t));
   return make_image(c, color_format, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                     VK_IMAGE_ASPECT_COLOR_BIT, t, 0) &&
          make_image(c, depth_format, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                     VK_IMAGE_ASPECT_DEPTH_BIT, t, 1) &&
          CHECK(gvk_test_buffer_create(c->g, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                       &t->color_out) == VK_SUCCESS) &&
          CHECK(gvk_test_buffer_create(c->g, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                       &t->depth_out) == VK_SUCCESS);
}

static void
free_target(const struct ctx *c, struct target *t)
{
   gvk_test_buffer_destroy(c->g, &t->color_out);
   gvk_test_buffer_destroy(c->g, &t->depth_out);
   for (unsigned i = 0; i < 2; i++) {
      gvk_DestroyImageView(c->dev, t->view[i], NULL);
      gvk_DestroyImage(c->dev, t->image[i], NULL);
      gvk_FreeMemory(c->dev, t->memory[i], NULL);
   }
}

static VkClearValue
clear_color(unsigned p)
{
   const uint8_t *v = clear_colors[p];
   return (VkClearValue){ .color.float32 = { v[0] / 255.0f, v[1] / 255.0f, v[2] / 255.0f,
                                             v[3] / 255.0f } };
}

static VkRenderPass
make_pass(const struct ctx *c)
{
   VkAttachmentDescription atts[2];
   for (unsigned i = 0; i < 2; i++) {
      atts[i] = (VkAttachmentDescription){
         .format = i ? depth_format : color_format, .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
      };
   }
   const VkAttachmentReference color = { 0, VK_IMAGE_LAYOUT_GENERAL };
   const VkAttachmentReference depth = { 1, VK_IMAGE_LAYOUT_GENERAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &color, .pDepthStencilAttachment = &depth,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 2,
      .pAttachments = atts, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
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
      .flags = inherit ? VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT |
                         VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT : 0,
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

static void
draw_rect(const struct ctx *c, VkCommandBuffer cmd, const struct rect *r)
{
   struct push p = {
      .rect = { (float)r->x0, (float)r->y0, (float)r->x1, (float)r->y1 }, .z = r->z,
   };
   for (unsigned i = 0; i < 4; i++)
      p.color[i] = r->color[i] / 255.0f;
   gvk_CmdPushConstants(cmd, c->layout, VK_SHADER_STAGE_VERTEX_BIT |
                        VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(p), &p);
   gvk_CmdDraw(cmd, 6, 1, 0, 0);
}

/* Colour attachment 0 and depth over rect_c. */
static void
clear_rect_c(VkCommandBuffer cmd)
{
   VkClearAttachment atts[2] = {
      { .aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0 },
      { .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT,
        .clearValue = { .depthStencil = { rect_c.z, 0 } } },
   };
   for (unsigned i = 0; i < 4; i++)
      atts[0].clearValue.color.float32[i] = rect_c.color[i] / 255.0f;
   const VkClearRect rect = {
      { { (int32_t)rect_c.x0, (int32_t)rect_c.y0 },
        { rect_c.x1 - rect_c.x0, rect_c.y1 - rect_c.y0 } }, 0, 1,
   };
   gvk_CmdClearAttachments(cmd, 2, atts, 1, &rect);
}

static VkCommandBuffer
record_secondary(const struct ctx *c, const VkCommandBufferInheritanceInfo *inherit,
                 VkPipeline pipeline, enum variant v)
{
   VkCommandBuffer sec = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_SECONDARY, inherit);
   if (!sec)
      return VK_NULL_HANDLE;
   gvk_CmdBindPipeline(sec, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   draw_rect(c, sec, &rect_a);
   if (v == WITH_CLEAR)
      clear_rect_c(sec);
   draw_rect(c, sec, &rect_b);
   for (uint32_t i = 1; v == MANY_DRAWS && i < MANY_PAIRS; i++) {
      draw_rect(c, sec, &rect_a);
      draw_rect(c, sec, &rect_b);
   }
   /* the case is what it says: more than one state block */
   if (v == MANY_DRAWS)
      CHECK(gvk_cmd_buffer_from_handle(sec)->deferred_rts.sba_count > 1);
   if (!CHECK(gvk_EndCommandBuffer(sec) == VK_SUCCESS)) {
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &sec);
      return VK_NULL_HANDLE;
   }
   return sec;
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
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .imageExtent = { W, H, 1 },
   };
   gvk_CmdCopyImageToBuffer(cmd, t->image[0], VK_IMAGE_LAYOUT_GENERAL, t->color_out.buffer,
                            1, &region);
   region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   gvk_CmdCopyImageToBuffer(cmd, t->image[1], VK_IMAGE_LAYOUT_GENERAL, t->depth_out.buffer,
                            1, &region);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

/* ---- the expected pictures ---- */

static bool
inside(const struct rect *r, uint32_t x, uint32_t y)
{
   return x >= r->x0 && x < r->x1 && y >= r->y0 && y < r->y1;
}

static void
check_target(const struct target *t, unsigned p, enum variant v, const char *how)
{
   const uint8_t *color = t->color_out.map;
   const float *depth = t->depth_out.map;
   for (uint32_t y = 0; y < H; y++) {
      for (uint32_t x = 0; x < W; x++) {
         const struct rect *r = v == WITH_CLEAR && inside(&rect_c, x, y) ? &rect_c :
                                inside(&rect_a, x, y) ? &rect_a :
                                inside(&rect_b, x, y) ? &rect_b : NULL;
         const uint8_t *want = r ? r->color : clear_colors[p];
         const float want_z = r ? r->z : 1.0f;
         const uint32_t i = y * W + x;
         const uint8_t *got = color + 4 * i;
         const char *what = variant_names[v];
         CHECKF(memcmp(got, want, 4) == 0, "%s%s, primary %u: (%u, %u) colour %u %u %u "
                "%u, expected %u %u %u %u", how, what, p, x, y, got[0], got[1], got[2],
                got[3], want[0], want[1], want[2], want[3]);
         CHECKF(depth[i] == want_z, "%s%s, primary %u: (%u, %u) depth %g, expected %g",
                how, what, p, x, y, depth[i], want_z);
      }
   }
}

/* Both primaries recorded (each executing the secondary) before either
 * runs (gvk_test_submit_wait ends them). */
static void
run_primaries(const struct ctx *c, VkCommandBuffer cmds[2], struct target t[2],
              enum variant v, const char *how)
{
   for (unsigned p = 0; p < 2; p++) {
      gvk_test_submit_wait(c->g->queue, cmds[p]);
      check_target(&t[p], p, v, how);
   }
}

/* ---- a render pass without a framebuffer in the inheritance ---- */

static void
test_render_pass(const struct ctx *c, enum variant v)
{
   struct target t[2];
   VkFramebuffer fb[2] = { VK_NULL_HANDLE, VK_NULL_HANDLE };
   VkCommandBuffer cmds[2] = { VK_NULL_HANDLE, VK_NULL_HANDLE };
   VkRenderPass pass = make_pass(c);
   bool ok = make_target(c, &t[0]) && make_target(c, &t[1]) && pass;
   for (unsigned p = 0; p < 2 && ok; p++) {
      const VkFramebufferCreateInfo fci = {
         .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
         .attachmentCount = 2, .pAttachments = t[p].view, .width = W, .height = H,
         .layers = 1,
      };
      ok = CHECK(gvk_CreateFramebuffer(c->dev, &fci, NULL, &fb[p]) == VK_SUCCESS);
   }
   VkPipeline pipeline = ok ? make_pipeline(c, pass, NULL) : VK_NULL_HANDLE;
   const VkCommandBufferInheritanceInfo inherit = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .renderPass = pass,
      .framebuffer = VK_NULL_HANDLE,
   };
   VkCommandBuffer sec = pipeline ? record_secondary(c, &inherit, pipeline, v)
                                  : VK_NULL_HANDLE;
   for (unsigned p = 0; p < 2 && sec; p++) {
      cmds[p] = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL);
      if (!cmds[p])
         break;
      const VkClearValue clears[2] = { clear_color(p), { .depthStencil = { 1.0f, 0 } } };
      const VkRenderPassBeginInfo rpbi = {
         .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
         .framebuffer = fb[p], .renderArea = { { 0, 0 }, { W, H } },
         .clearValueCount = 2, .pClearValues = clears,
      };
      gvk_CmdBeginRenderPass(cmds[p], &rpbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
      gvk_CmdExecuteCommands(cmds[p], 1, &sec);
      gvk_CmdEndRenderPass(cmds[p]);
      readback(cmds[p], &t[p]);
   }
   if (cmds[0] && cmds[1])
      run_primaries(c, cmds, t, v, "render pass, no framebuffer inherited");
   for (unsigned p = 0; p < 2; p++) {
      if (cmds[p])
         gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmds[p]);
      gvk_DestroyFramebuffer(c->dev, fb[p], NULL);
      free_target(c, &t[p]);
   }
   if (sec)
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &sec);
   gvk_DestroyPipeline(c->dev, pipeline, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
}

/* ---- dynamic rendering ---- */

static void
test_dynamic_rendering(const struct ctx *c, enum variant v)
{
   struct target t[2];
   VkCommandBuffer cmds[2] = { VK_NULL_HANDLE, VK_NULL_HANDLE };
   const VkPipelineRenderingCreateInfo prci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = &color_format,
      .depthAttachmentFormat = depth_format,
   };
   const bool ok = make_target(c, &t[0]) && make_target(c, &t[1]);
   VkPipeline pipeline = ok ? make_pipeline(c, VK_NULL_HANDLE, &prci) : VK_NULL_HANDLE;
   const VkCommandBufferInheritanceRenderingInfo rendering = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = &color_format,
      .depthAttachmentFormat = depth_format,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkCommandBufferInheritanceInfo inherit = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .pNext = &rendering,
   };
   VkCommandBuffer sec = pipeline ? record_secondary(c, &inherit, pipeline, v)
                                  : VK_NULL_HANDLE;
   for (unsigned p = 0; p < 2 && sec; p++) {
      cmds[p] = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL);
      if (!cmds[p])
         break;
      const VkRenderingAttachmentInfo color = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t[p].view[0],
         .imageLayout = VK_IMAGE_LAYOUT_GENERAL, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE, .clearValue = clear_color(p),
      };
      const VkRenderingAttachmentInfo depth = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t[p].view[1],
         .imageLayout = VK_IMAGE_LAYOUT_GENERAL, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .clearValue = { .depthStencil = { 1.0f, 0 } },
      };
      const VkRenderingInfo ri = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
         .flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
         .renderArea = { { 0, 0 }, { W, H } }, .layerCount = 1,
         .colorAttachmentCount = 1, .pColorAttachments = &color, .pDepthAttachment = &depth,
      };
      gvk_CmdBeginRendering(cmds[p], &ri);
      gvk_CmdExecuteCommands(cmds[p], 1, &sec);
      gvk_CmdEndRendering(cmds[p]);
      readback(cmds[p], &t[p]);
   }
   if (cmds[0] && cmds[1])
      run_primaries(c, cmds, t, v, "dynamic rendering");
   for (unsigned p = 0; p < 2; p++) {
      if (cmds[p])
         gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmds[p]);
      free_target(c, &t[p]);
   }
   if (sec)
      gvk_FreeCommandBuffers(c->dev, c->pool, 1, &sec);
   gvk_DestroyPipeline(c->dev, pipeline, NULL);
}

/* ---- setup ---- */

static void
run(const struct gvk_test_gpu *g)
{
   struct ctx c = { .g = g, .dev = g->device };
   gvk_GetPhysicalDeviceMemoryProperties(g->pdev, &c.mem_props);
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
   };
   const VkPushConstantRange range = {
      VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct push),
   };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1, .pPushConstantRanges = &range,
   };
   if (CHECK(gvk_CreateCommandPool(c.dev, &cpci, NULL, &c.pool) == VK_SUCCESS) &&
       CHECK(gvk_CreatePipelineLayout(c.dev, &plci, NULL, &c.layout) == VK_SUCCESS)) {
      c.vs = gvk_test_module(c.dev, test_secondary_targets_vert_spv,
                             sizeof(test_secondary_targets_vert_spv));
      c.fs = gvk_test_module(c.dev, test_secondary_targets_frag_spv,
                             sizeof(test_secondary_targets_frag_spv));
      for (enum variant v = PLAIN; v <= MANY_DRAWS; v++) {
         test_render_pass(&c, v);
         test_dynamic_rendering(&c, v);
      }
   }
   gvk_DestroyShaderModule(c.dev, c.vs, NULL);
   gvk_DestroyShaderModule(c.dev, c.fs, NULL);
   gvk_DestroyPipelineLayout(c.dev, c.layout, NULL);
   gvk_DestroyCommandPool(c.dev, c.pool, NULL);
}

/* The device with dynamic rendering enabled; SKIP where it is not
 * reported (Gen7: no graphics). */
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
   VkPhysicalDeviceDynamicRenderingFeatures dr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
   };
   VkPhysicalDeviceFeatures2 f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &dr };
   gvk_GetPhysicalDeviceFeatures2(g.pdev, &f);
   if (!dr.dynamicRendering) {
      gvk_test_destroy(&g, NULL, NULL);
      printf("SKIP: dynamic rendering is not reported (genvk draws from Gen8 on)\n");
      return GVK_TEST_SKIP;
   }
   const VkPhysicalDeviceDynamicRenderingFeatures enable = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
      .dynamicRendering = VK_TRUE,
   };
   const char *const ext[] = { "VK_KHR_dynamic_rendering" };
   r = gvk_test_create_device(&g, &enable, 1, ext, NULL);
   if (r != VK_SUCCESS) {
      fprintf(stderr, "FAIL: %s returned %d\n", g.failed, (int)r);
      gvk_test_destroy(&g, NULL, NULL);
      return 1;
   }
   run(&g);
   gvk_test_destroy(&g, NULL, NULL);
   return gvk_test_result("secondary-targets: all checks passed");
}
