/* Draws through genvk (white-box: links the driver).
 *
 * - Gen7/7.5: graphics pipeline creation fails cleanly (no vertex stages
 *   are compiled there).
 * - Draw parameters (HARDWARE-NOTES section 1): a vertex shader records
 *   (BaseVertex, BaseInstance, DrawIndex, tag) at slot VertexIndex + 16 *
 *   InstanceIndex of a storage buffer, with rasterization discarded; the
 *   expected records are the Vulkan spec's values for each draw
 *   (firstVertex for non-indexed draws, vertexOffset for indexed ones,
 *   the indirect commands' own values, DrawIndex counting the commands),
 *   and every other slot must stay zero.  Between draws a pipeline whose
 *   vertex shader has no push constants changes the push-constant
 *   allocation; the next draw of the first pipeline, with no new
 *   vkCmdPushConstants, must still read its tag (vgpu's
 *   push-constant-realloc rule, under VGPU_RULES=error, also fails the
 *   run if the constants are not re-sent).
 * - Triangles: two draws of one triangle, the second moved by a push
 *   constant and coloured by a per-instance attribute, into a linear
 *   RGBA8 attachment; each pixel is compared with the triangle coverage
 *   computed here from the vertices (pixel centres strictly inside; a
 *   centre exactly on an edge is left to the rasterization rule and not
 *   checked).
 * - Queries with draws: around the second triangle only, a precise
 *   occlusion query and a pipeline-statistics query of every graphics
 *   counter.  The oracle is the picture itself: the occlusion count and
 *   the fragment-shader invocations must equal the pixels of the second
 *   triangle's colour (it is drawn last, with no depth test, so each of
 *   its fragments is a pixel of that colour), and the input assembly,
 *   vertex and clipping counts those of one unclipped triangle.  Both
 *   readbacks are checked: vkGetQueryPoolResults and
 *   vkCmdCopyQueryPoolResults (the command streamer's MI_MATH path,
 *   where Haswell and Broadwell divide the fragment count the hardware
 *   reports four times over: WaDividePSInvocationCountBy4).
 * A part whose pipeline the back end cannot compile yet prints a SKIP
 * line with the reason and is not counted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_test_whitebox.h"
#include "test_draw.frag.spv.h"
#include "test_draw.vert.spv.h"
#include "test_draw_params.vert.spv.h"

static unsigned parts_run;

struct objs {
   VkDevice device;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkShaderModule vs, fs;
   VkPipeline pipeline[2];
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkCommandPool cmd_pool;
   VkCommandBuffer cmd;
   VkImage image;
   VkImageView view;
   VkDeviceMemory image_memory;
};

static void
destroy(struct objs *o)
{
   for (unsigned i = 0; i < 2; i++)
      gvk_DestroyPipeline(o->device, o->pipeline[i], NULL);
   gvk_DestroyShaderModule(o->device, o->vs, NULL);
   gvk_DestroyShaderModule(o->device, o->fs, NULL);
   gvk_DestroyFramebuffer(o->device, o->fb, NULL);
   gvk_DestroyRenderPass(o->device, o->pass, NULL);
   gvk_DestroyDescriptorPool(o->device, o->pool, NULL);
   gvk_DestroyPipelineLayout(o->device, o->layout, NULL);
   gvk_DestroyDescriptorSetLayout(o->device, o->set_layout, NULL);
   gvk_DestroyCommandPool(o->device, o->cmd_pool, NULL);
   gvk_DestroyImageView(o->device, o->view, NULL);
   gvk_DestroyImage(o->device, o->image, NULL);
   gvk_FreeMemory(o->device, o->image_memory, NULL);
}

/* A render pass of zero or one RGBA8 colour attachment kept as it is
 * (LOAD/STORE), GENERAL throughout, and its framebuffer. */
static void
render_pass(struct objs *o, bool color, uint32_t size)
{
   const VkAttachmentDescription att = {
      .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL, .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
   const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_GENERAL };
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = color, .pColorAttachments = color ? &ref : NULL,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = color, .pAttachments = color ? &att : NULL,
      .subpassCount = 1, .pSubpasses = &sub,
   };
   CHECK(gvk_CreateRenderPass(o->device, &rpci, NULL, &o->pass) == VK_SUCCESS);
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = o->pass,
      .attachmentCount = color, .pAttachments = color ? &o->view : NULL,
      .width = size, .height = size, .layers = 1,
   };
   CHECK(gvk_CreateFramebuffer(o->device, &fci, NULL, &o->fb) == VK_SUCCESS);
}

/* Set 0: one storage buffer for the vertex stage (none when buffers is
 * 0); push_size bytes of vertex push constants. */
static void
layout(struct objs *o, uint32_t buffers, uint32_t push_size)
{
   const VkDescriptorSetLayoutBinding b = {
      .binding = 0, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_VERTEX_BIT,
   };
   const VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = buffers, .pBindings = &b,
   };
   CHECK(gvk_CreateDescriptorSetLayout(o->device, &dslci, NULL, &o->set_layout) == VK_SUCCESS);
   const VkPushConstantRange range = { VK_SHADER_STAGE_VERTEX_BIT, 0, push_size };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1, .pSetLayouts = &o->set_layout,
      .pushConstantRangeCount = 1, .pPushConstantRanges = &range,
   };
   CHECK(gvk_CreatePipelineLayout(o->device, &plci, NULL, &o->layout) == VK_SUCCESS);
}

struct pipeline_desc {
   const VkPipelineVertexInputStateCreateInfo *vi;
   VkPrimitiveTopology topology;
   bool discard;
   const VkSpecializationInfo *spec;
   VkPipelineCache cache;           /* may be VK_NULL_HANDLE */
   VkPipelineCreateFlags flags;
};

static VkResult
pipeline(struct objs *o, const struct pipeline_desc *d, VkPipeline *out)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = o->vs, .pName = "main",
        .pSpecializationInfo = d->spec },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = o->fs, .pName = "main" },
   };
   const VkPipelineVertexInputStateCreateInfo no_input = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = d->topology,
   };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .scissorCount = 1,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = d->discard, .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = d->discard ? 0 : 1, .pAttachments = &att,
   };
   const VkDynamicState dyn[] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR };
   const VkPipelineDynamicStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = 2, .pDynamicStates = dyn,
   };
   const VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .flags = d->flags,
      .stageCount = d->discard ? 1 : 2, .pStages = stages,
      .pVertexInputState = d->vi ? d->vi : &no_input, .pInputAssemblyState = &ia,
      .pViewportState = &vp, .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pColorBlendState = &cb, .pDynamicState = &ds, .layout = o->layout,
      .renderPass = o->pass, .subpass = 0,
   };
   *out = VK_NULL_HANDLE;
   return gvk_CreateGraphicsPipelines(o->device, d->cache, 1, &info, NULL, out);
}

static void
begin(const struct gvk_test_gpu *g, struct objs *o, uint32_t size)
{
   const VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   CHECK(gvk_CreateCommandPool(g->device, &cpci, NULL, &o->cmd_pool) == VK_SUCCESS);
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = o->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   };
   CHECK(gvk_AllocateCommandBuffers(g->device, &cbai, &o->cmd) == VK_SUCCESS);
   const VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   CHECK(gvk_BeginCommandBuffer(o->cmd, &bi) == VK_SUCCESS);
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = o->pass,
      .framebuffer = o->fb, .renderArea = { { 0, 0 }, { size, size } },
   };
   gvk_CmdBeginRenderPass(o->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   const VkViewport vp = { 0, 0, (float)size, (float)size, 0, 1 };
   const VkRect2D sc = { { 0, 0 }, { size, size } };
   gvk_CmdSetViewport(o->cmd, 0, 1, &vp);
   gvk_CmdSetScissor(o->cmd, 0, 1, &sc);
}

/* Ends the render pass (unless the caller did), makes the draws' writes
 * visible to the host and runs the command buffer. */
static void
submit(const struct gvk_test_gpu *g, struct objs *o, VkAccessFlags written, bool end_pass)
{
   if (end_pass)
      gvk_CmdEndRenderPass(o->cmd);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = written,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   gvk_CmdPipelineBarrier(o->cmd, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
                          VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   CHECK(gvk_EndCommandBuffer(o->cmd) == VK_SUCCESS);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &o->cmd,
   };
   CHECK(gvk_QueueSubmit(g->queue, 1, &si, VK_NULL_HANDLE) == VK_SUCCESS);
   CHECK(gvk_QueueWaitIdle(g->queue) == VK_SUCCESS);
}

/* ---- Gen7/7.5 ---- */

static void
test_no_graphics(const struct gvk_test_gpu *g)
{
   struct objs o = { .device = g->device };
   layout(&o, 1, 4);
   render_pass(&o, false, 16);
   o.vs = gvk_test_module(g->device, test_draw_params_vert_spv, sizeof(test_draw_params_vert_spv));
   const struct pipeline_desc d = { .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST, .discard = true };
   CHECK(pipeline(&o, &d, &o.pipeline[0]) != VK_SUCCESS);
   CHECK(o.pipeline[0] == VK_NULL_HANDLE);
   parts_run++;
   destroy(&o);
}

/* ---- draw parameters ---- */

struct record { uint32_t base_vertex, base_instance, draw_id, tag; };

#define SLOTS 256

static void
expect(struct record *want, uint32_t first_vertex, uint32_t vertices, uint32_t first_instance,
       uint32_t instances, struct record r)
{
   for (uint32_t i = first_instance; i < first_instance + instances; i++) {
      for (uint32_t v = first_vertex; v < first_vertex + vertices; v++)
         want[v + 16 * i] = r;
   }
}

static void
push_tag(struct objs *o, uint32_t tag)
{
   gvk_CmdPushConstants(o->cmd, o->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 4, &tag);
}

/* The draws and what each slot must hold after them. */
static void
record_param_draws(struct objs *o, const struct gvk_test_buffer *ib,
                   const struct gvk_test_buffer *indirect, struct record *want)
{
   gvk_CmdBindPipeline(o->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, o->pipeline[0]);
   gvk_CmdBindDescriptorSets(o->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, o->layout, 0, 1,
                             &o->set, 0, NULL);
   push_tag(o, 1);
   gvk_CmdDraw(o->cmd, 3, 2, 5, 7);
   expect(want, 5, 3, 7, 2, (struct record){ 5, 7, 0, 1 });

   /* indices 9, [0, 1, 2], 9 from firstIndex 1, vertexOffset 10 */
   const uint16_t indices[] = { 9, 0, 1, 2, 9 };
   memcpy(ib->map, indices, sizeof(indices));
   gvk_CmdBindIndexBuffer(o->cmd, ib->buffer, 0, VK_INDEX_TYPE_UINT16);
   push_tag(o, 2);
   gvk_CmdDrawIndexed(o->cmd, 3, 1, 1, 10, 2);
   expect(want, 10, 3, 2, 1, (struct record){ 10, 2, 0, 2 });

   /* two commands: DrawIndex 0 and 1, their own firstVertex/firstInstance */
   const VkDrawIndirectCommand cmds[2] = { { 2, 1, 0, 1 }, { 1, 1, 3, 1 } };
   memcpy(indirect->map, cmds, sizeof(cmds));
   push_tag(o, 3);
   gvk_CmdDrawIndirect(o->cmd, indirect->buffer, 0, 2, sizeof(VkDrawIndirectCommand));
   expect(want, 0, 2, 1, 1, (struct record){ 0, 1, 0, 3 });
   expect(want, 3, 1, 1, 1, (struct record){ 3, 1, 1, 3 });

   /* indexed indirect: index 2 + vertexOffset 12 = VertexIndex 14 */
   const VkDrawIndexedIndirectCommand icmd = { 1, 1, 3, 12, 4 };
   memcpy((uint8_t *)indirect->map + 64, &icmd, sizeof(icmd));
   gvk_CmdDrawIndexedIndirect(o->cmd, indirect->buffer, 64, 1, sizeof(icmd));
   expect(want, 14, 1, 4, 1, (struct record){ 12, 4, 0, 3 });

   /* a count draw of at most 3 commands with a count of 2: the third
    * command draws nothing */
   const VkDrawIndirectCommand counted[3] = { { 1, 1, 8, 5 }, { 1, 1, 9, 5 }, { 1, 1, 10, 5 } };
   memcpy((uint8_t *)indirect->map + 128, counted, sizeof(counted));
   const uint32_t count = 2;
   memcpy((uint8_t *)indirect->map + 192, &count, sizeof(count));
   push_tag(o, 5);
   gvk_CmdDrawIndirectCount(o->cmd, indirect->buffer, 128, indirect->buffer, 192, 3,
                            sizeof(VkDrawIndirectCommand));
   expect(want, 8, 1, 5, 1, (struct record){ 8, 5, 0, 5 });
   expect(want, 9, 1, 5, 1, (struct record){ 9, 5, 1, 5 });

   /* push-constant allocation: A (VS constants), B (none), A again */
   push_tag(o, 4);
   gvk_CmdDraw(o->cmd, 1, 1, 4, 3);
   expect(want, 4, 1, 3, 1, (struct record){ 4, 3, 0, 4 });
   gvk_CmdBindPipeline(o->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, o->pipeline[1]);
   gvk_CmdDraw(o->cmd, 1, 1, 5, 3);
   expect(want, 5, 1, 3, 1, (struct record){ 5, 3, 0, 0x55 });
   gvk_CmdBindPipeline(o->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, o->pipeline[0]);
   gvk_CmdDraw(o->cmd, 1, 1, 6, 3);
   expect(want, 6, 1, 3, 1, (struct record){ 6, 3, 0, 4 });
}

static void
check_records(const struct record *got, const struct record *want)
{
   for (uint32_t s = 0; s < SLOTS; s++) {
      CHECKF(!memcmp(&got[s], &want[s], sizeof(got[s])),
             "slot %u (VertexIndex %u, InstanceIndex %u): got (%u, %u, %u, 0x%x), "
             "want (%u, %u, %u, 0x%x)", s, s % 16, s / 16, got[s].base_vertex,
             got[s].base_instance, got[s].draw_id, got[s].tag, want[s].base_vertex,
             want[s].base_instance, want[s].draw_id, want[s].tag);
   }
}

static void
param_set(const struct gvk_test_gpu *g, struct objs *o, VkBuffer out)
{
   const VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 };
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = 1, .pPoolSizes = &ps,
   };
   CHECK(gvk_CreateDescriptorPool(g->device, &dpci, NULL, &o->pool) == VK_SUCCESS);
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = o->pool,
      .descriptorSetCount = 1, .pSetLayouts = &o->set_layout,
   };
   CHECK(gvk_AllocateDescriptorSets(g->device, &dsai, &o->set) == VK_SUCCESS);
   const VkDescriptorBufferInfo bi = { out, 0, VK_WHOLE_SIZE };
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = o->set,
      .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .pBufferInfo = &bi,
   };
   gvk_UpdateDescriptorSets(g->device, 1, &w, 0, NULL);
}

static void
test_draw_params(const struct gvk_test_gpu *g)
{
   struct objs o = { .device = g->device };
   layout(&o, 1, 4);
   render_pass(&o, false, 16);
   o.vs = gvk_test_module(g->device, test_draw_params_vert_spv, sizeof(test_draw_params_vert_spv));
   const VkBool32 no_push = VK_FALSE;
   const VkSpecializationMapEntry entry = { 0, 0, sizeof(VkBool32) };
   const VkSpecializationInfo spec = { 1, &entry, sizeof(no_push), &no_push };
   struct pipeline_desc d = { .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST, .discard = true };
   VkResult r = pipeline(&o, &d, &o.pipeline[0]);
   d.spec = &spec;
   if (r == VK_SUCCESS)
      r = pipeline(&o, &d, &o.pipeline[1]);
   if (r != VK_SUCCESS) {
      printf("SKIP draw parameters: the vertex-only pipeline is not created (%d; the "
             "driver's log says why)\n", r);
      destroy(&o);
      return;
   }
   struct gvk_test_buffer out, ib, indirect;
   CHECK(gvk_test_buffer_create(g, SLOTS * sizeof(struct record),
                                VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out) == VK_SUCCESS);
   CHECK(gvk_test_buffer_create(g, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &ib) == VK_SUCCESS);
   CHECK(gvk_test_buffer_create(g, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                &indirect) == VK_SUCCESS);
   if (gvk_test_failures) {
      gvk_test_buffer_destroy(g, &out);
      gvk_test_buffer_destroy(g, &ib);
      gvk_test_buffer_destroy(g, &indirect);
      destroy(&o);
      return;
   }
   memset(out.map, 0, SLOTS * sizeof(struct record));
   param_set(g, &o, out.buffer);
   static struct record want[SLOTS];
   memset(want, 0, sizeof(want));
   begin(g, &o, 16);
   record_param_draws(&o, &ib, &indirect, want);
   submit(g, &o, VK_ACCESS_SHADER_WRITE_BIT, true);
   check_records(out.map, want);
   parts_run++;
   gvk_test_buffer_destroy(g, &out);
   gvk_test_buffer_destroy(g, &ib);
   gvk_test_buffer_destroy(g, &indirect);
   destroy(&o);
}

/* ---- triangles ---- */

#define SIZE 16

/* Twice the signed area of (a, b, p), in pixels. */
static double
edge(const double a[2], const double b[2], double px, double py)
{
   return (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
}

/* 1: the centre of pixel (x, y) is strictly inside the triangle of screen
 * vertices v; 0: strictly outside; -1: on an edge. */
static int
covered(const double v[3][2], uint32_t x, uint32_t y)
{
   const double px = x + 0.5, py = y + 0.5;
   const double e[3] = { edge(v[0], v[1], px, py), edge(v[1], v[2], px, py),
                         edge(v[2], v[0], px, py) };
   if ((e[0] > 0 && e[1] > 0 && e[2] > 0) || (e[0] < 0 && e[1] < 0 && e[2] < 0))
      return 1;
   if ((e[0] >= 0 && e[1] >= 0 && e[2] >= 0) || (e[0] <= 0 && e[1] <= 0 && e[2] <= 0))
      return -1;
   return 0;
}

static VkResult
color_target(const struct gvk_test_gpu *g, struct objs *o, void **map, VkDeviceSize *pitch)
{
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { SIZE, SIZE, 1 }, .mipLevels = 1,
      .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_LINEAR,
      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, .initialLayout = VK_IMAGE_LAYOUT_PREINITIALIZED,
   };
   VkResult r = gvk_CreateImage(g->device, &ici, NULL, &o->image);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(g->device, o->image, &req);
   VkPhysicalDeviceMemoryProperties props;
   gvk_GetPhysicalDeviceMemoryProperties(g->pdev, &props);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&props, req.memoryTypeBits,
                                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
   };
   if ((r = gvk_AllocateMemory(g->device, &mai, NULL, &o->image_memory)) != VK_SUCCESS ||
       (r = gvk_BindImageMemory(g->device, o->image, o->image_memory, 0)) != VK_SUCCESS ||
       (r = gvk_MapMemory(g->device, o->image_memory, 0, VK_WHOLE_SIZE, 0, map)) != VK_SUCCESS)
      return r;
   const VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 };
   VkSubresourceLayout sl;
   gvk_GetImageSubresourceLayout(g->device, o->image, &sub, &sl);
   *pitch = sl.rowPitch;
   *map = (uint8_t *)*map + sl.offset;
   memset(*map, 0, sl.size);
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = o->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
   };
   return gvk_CreateImageView(g->device, &ivci, NULL, &o->view);
}

/* NDC positions in eighths (exact in float and on the 16-pixel target). */
static const float tri[3][2] = { { -0.875f, -0.75f }, { 0.25f, -0.875f }, { -0.5f, 0.625f } };
static const float shift[2] = { 0.5f, 0.25f };
static const uint8_t colors[2][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 } };

static void
screen(const float off[2], double v[3][2])
{
   for (unsigned i = 0; i < 3; i++) {
      v[i][0] = (tri[i][0] + off[0] + 1.0) * SIZE / 2;
      v[i][1] = (tri[i][1] + off[1] + 1.0) * SIZE / 2;
   }
}

static void
check_pixels(const uint8_t *map, VkDeviceSize pitch)
{
   static const float zero[2] = { 0, 0 };
   double t0[3][2], t1[3][2];
   screen(zero, t0);
   screen(shift, t1);
   for (uint32_t y = 0; y < SIZE; y++) {
      for (uint32_t x = 0; x < SIZE; x++) {
         const int c0 = covered(t0, x, y), c1 = covered(t1, x, y);
         if (c1 < 0 || (c1 == 0 && c0 < 0))
            continue;
         static const uint8_t clear[4] = { 0, 0, 0, 0 };
         const uint8_t *want = c1 ? colors[1] : c0 ? colors[0] : clear;
         const uint8_t *got = map + y * pitch + x * 4;
         CHECKF(!memcmp(got, want, 4), "pixel (%u, %u): got %u %u %u %u, want %u %u %u %u",
                x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
      }
   }
}

/* A pipeline cache made from the data of another, which compiled the
 * pipeline: the kernels and what the driver programs from them (the
 * vertex and fragment payload layouts) come back from the data. */
static VkPipelineCache
cache_from_data(VkDevice device, VkPipelineCache from)
{
   size_t size = 0;
   void *data = NULL;
   VkPipelineCache out = VK_NULL_HANDLE;
   CHECK(gvk_GetPipelineCacheData(device, from, &size, NULL) == VK_SUCCESS);
   if (gvk_test_failures || !(data = malloc(size)))
      return out;
   CHECK(gvk_GetPipelineCacheData(device, from, &size, data) == VK_SUCCESS);
   const VkPipelineCacheCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
      .initialDataSize = size, .pInitialData = data,
   };
   CHECK(gvk_CreatePipelineCache(device, &info, NULL, &out) == VK_SUCCESS);
   free(data);
   return out;
}

/* The graphics pipeline statistics, in the order of their bits (results
 * come in bit order). */
#define GRAPHICS_STATISTICS (VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_CLIPPING_PRIMITIVES_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT | \
   VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT)
#define GRAPHICS_STATISTICS_COUNT 10
/* [0]: the occlusion count; [1..]: the statistics */
#define QUERY_VALUES (1 + GRAPHICS_STATISTICS_COUNT)

struct draw_queries {
   VkQueryPool occlusion, statistics;
   struct gvk_test_buffer copied;     /* vkCmdCopyQueryPoolResults' */
};

static bool
queries_create(const struct gvk_test_gpu *g, struct draw_queries *q)
{
   const VkQueryPoolCreateInfo occ = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_OCCLUSION, .queryCount = 1,
   };
   const VkQueryPoolCreateInfo stats = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS, .queryCount = 1,
      .pipelineStatistics = GRAPHICS_STATISTICS,
   };
   CHECK(gvk_CreateQueryPool(g->device, &occ, NULL, &q->occlusion) == VK_SUCCESS);
   CHECK(gvk_CreateQueryPool(g->device, &stats, NULL, &q->statistics) == VK_SUCCESS);
   CHECK(gvk_test_buffer_create(g, QUERY_VALUES * 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                &q->copied) == VK_SUCCESS);
   if (gvk_test_failures)
      return false;
   gvk_ResetQueryPool(g->device, q->occlusion, 0, 1);
   gvk_ResetQueryPool(g->device, q->statistics, 0, 1);
   return true;
}

static void
queries_destroy(const struct gvk_test_gpu *g, struct draw_queries *q)
{
   gvk_DestroyQueryPool(g->device, q->occlusion, NULL);
   gvk_DestroyQueryPool(g->device, q->statistics, NULL);
   gvk_test_buffer_destroy(g, &q->copied);
}

/* Outside the render pass (after submit's barrier is recorded is too
 * late: the copy is recorded before the command buffer ends). */
static void
queries_copy(struct objs *o, struct draw_queries *q)
{
   const VkQueryResultFlags flags = VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT;
   gvk_CmdCopyQueryPoolResults(o->cmd, q->occlusion, 0, 1, q->copied.buffer, 0, 8, flags);
   gvk_CmdCopyQueryPoolResults(o->cmd, q->statistics, 0, 1, q->copied.buffer, 8,
                               8 * GRAPHICS_STATISTICS_COUNT, flags);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   gvk_CmdPipelineBarrier(o->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                          0, 1, &mb, 0, NULL, 0, NULL);
}

/* The pixels of the second triangle's colour. */
static uint64_t
second_triangle_pixels(const uint8_t *map, VkDeviceSize pitch)
{
   uint64_t n = 0;
   for (uint32_t y = 0; y < SIZE; y++) {
      for (uint32_t x = 0; x < SIZE; x++)
         n += !memcmp(map + y * pitch + x * 4, colors[1], 4);
   }
   return n;
}

static void
queries_check(const struct gvk_test_gpu *g, struct draw_queries *q, const uint8_t *map,
              VkDeviceSize pitch)
{
   static const char *const names[QUERY_VALUES] = {
      "occlusion samples", "input assembly vertices", "input assembly primitives",
      "vertex shader invocations", "geometry shader invocations",
      "geometry shader primitives", "clipping invocations", "clipping primitives",
      "fragment shader invocations", "tessellation control patches",
      "tessellation evaluation invocations",
   };
   const uint64_t pixels = second_triangle_pixels(map, pitch);
   const uint64_t want[QUERY_VALUES] = { pixels, 3, 1, 3, 0, 0, 1, 1, pixels, 0, 0 };
   uint64_t got[QUERY_VALUES] = { 0 };
   const VkQueryResultFlags flags = VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT;
   CHECK(gvk_GetQueryPoolResults(g->device, q->occlusion, 0, 1, 8, got, 8, flags) ==
         VK_SUCCESS);
   CHECK(gvk_GetQueryPoolResults(g->device, q->statistics, 0, 1, sizeof(got) - 8, got + 1,
                                 sizeof(got) - 8, flags) == VK_SUCCESS);
   CHECKF(pixels > 0, "the second triangle covers no pixel");
   const uint64_t *copied = q->copied.map;
   for (unsigned i = 0; i < QUERY_VALUES; i++) {
      CHECKF(got[i] == want[i], "%s (vkGetQueryPoolResults): got %llu, want %llu",
             names[i], (unsigned long long)got[i], (unsigned long long)want[i]);
      CHECKF(copied[i] == want[i], "%s (vkCmdCopyQueryPoolResults): got %llu, want %llu",
             names[i], (unsigned long long)copied[i], (unsigned long long)want[i]);
   }
}

enum triangles_mode { TRIANGLES, TRIANGLES_CACHED, TRIANGLES_QUERIES };

/* Two instanced triangles drawn with a pipeline from a cache loaded
 * from data (cached) or compiled (not cached), with queries around the
 * second (queries). */
static void
draw_triangles(const struct gvk_test_gpu *g, enum triangles_mode mode)
{
   static const char *const names[] = {
      "triangles", "triangles from pipeline cache data", "triangles with queries",
   };
   const char *name = names[mode];
   const bool cached = mode == TRIANGLES_CACHED;
   struct draw_queries q = { 0 };
   if (mode == TRIANGLES_QUERIES && !queries_create(g, &q)) {
      queries_destroy(g, &q);
      return;
   }
   struct objs o = { .device = g->device };
   void *map = NULL;
   VkDeviceSize pitch = 0;
   if (color_target(g, &o, &map, &pitch) != VK_SUCCESS) {
      printf("SKIP %s: no linear RGBA8 colour attachment\n", name);
      destroy(&o);
      return;
   }
   layout(&o, 0, 8);
   render_pass(&o, true, SIZE);
   o.vs = gvk_test_module(g->device, test_draw_vert_spv, sizeof(test_draw_vert_spv));
   o.fs = gvk_test_module(g->device, test_draw_frag_spv, sizeof(test_draw_frag_spv));
   const VkVertexInputBindingDescription bindings[2] = {
      { 0, 2 * sizeof(float), VK_VERTEX_INPUT_RATE_VERTEX },
      { 1, 4, VK_VERTEX_INPUT_RATE_INSTANCE },
   };
   const VkVertexInputAttributeDescription attrs[2] = {
      { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 }, { 1, 1, VK_FORMAT_R8G8B8A8_UNORM, 0 },
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 2, .pVertexBindingDescriptions = bindings,
      .vertexAttributeDescriptionCount = 2, .pVertexAttributeDescriptions = attrs,
   };
   struct pipeline_desc d = { .vi = &vi, .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
   VkPipelineCache compiled = VK_NULL_HANDLE, loaded = VK_NULL_HANDLE;
   VkResult r = VK_SUCCESS;
   if (cached) {
      const VkPipelineCacheCreateInfo pcci = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO };
      CHECK(gvk_CreatePipelineCache(g->device, &pcci, NULL, &compiled) == VK_SUCCESS);
      d.cache = compiled;
      r = pipeline(&o, &d, &o.pipeline[1]);
      loaded = r == VK_SUCCESS ? cache_from_data(g->device, compiled) : VK_NULL_HANDLE;
      /* found in the loaded data, or VK_PIPELINE_COMPILE_REQUIRED */
      d.cache = loaded;
      d.flags = VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT;
   }
   if (r == VK_SUCCESS) {
      r = pipeline(&o, &d, &o.pipeline[0]);
      CHECKF(!cached || r == VK_SUCCESS, "a pipeline from cache data: %d", r);
   }
   gvk_DestroyPipelineCache(g->device, compiled, NULL);
   gvk_DestroyPipelineCache(g->device, loaded, NULL);
   if (r != VK_SUCCESS) {
      printf("SKIP %s: the pipeline is not created (%d; the driver's log says "
             "why)\n", name, r);
      destroy(&o);
      return;
   }
   struct gvk_test_buffer vb, inst;
   CHECK(gvk_test_buffer_create(g, sizeof(tri), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb) ==
         VK_SUCCESS);
   CHECK(gvk_test_buffer_create(g, sizeof(colors), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                &inst) == VK_SUCCESS);
   if (!gvk_test_failures) {
      memcpy(vb.map, tri, sizeof(tri));
      memcpy(inst.map, colors, sizeof(colors));
      begin(g, &o, SIZE);
      gvk_CmdBindPipeline(o.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, o.pipeline[0]);
      const VkBuffer bufs[2] = { vb.buffer, inst.buffer };
      const VkDeviceSize offs[2] = { 0, 0 };
      gvk_CmdBindVertexBuffers(o.cmd, 0, 2, bufs, offs);
      static const float zero[2] = { 0, 0 };
      gvk_CmdPushConstants(o.cmd, o.layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 8, zero);
      gvk_CmdDraw(o.cmd, 3, 1, 0, 0);
      gvk_CmdPushConstants(o.cmd, o.layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 8, shift);
      if (q.occlusion) {
         gvk_CmdBeginQuery(o.cmd, q.occlusion, 0, VK_QUERY_CONTROL_PRECISE_BIT);
         gvk_CmdBeginQuery(o.cmd, q.statistics, 0, 0);
      }
      gvk_CmdDraw(o.cmd, 3, 1, 0, 1);
      if (q.occlusion) {
         gvk_CmdEndQuery(o.cmd, q.statistics, 0);
         gvk_CmdEndQuery(o.cmd, q.occlusion, 0);
         gvk_CmdEndRenderPass(o.cmd);
         queries_copy(&o, &q);
      }
      submit(g, &o, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, !q.occlusion);
      check_pixels(map, pitch);
      if (q.occlusion)
         queries_check(g, &q, map, pitch);
      parts_run++;
   }
   gvk_test_buffer_destroy(g, &vb);
   gvk_test_buffer_destroy(g, &inst);
   if (mode == TRIANGLES_QUERIES)
      queries_destroy(g, &q);
   destroy(&o);
}

static void
run(const struct gvk_test_gpu *g)
{
   const struct gvk_physical_device *pdev = gvk_physical_device_from_handle(g->pdev);
   printf("device: %s\n", pdev->info.name);
   if (pdev->info.verx10 < 80) {
      test_no_graphics(g);
      return;
   }
   test_draw_params(g);
   draw_triangles(g, TRIANGLES);
   draw_triangles(g, TRIANGLES_CACHED);
   draw_triangles(g, TRIANGLES_QUERIES);
}

int
main(void)
{
   struct gvk_test_gpu g;
   int status = gvk_test_open(&g, gvk_GetInstanceProcAddr, NULL);
   if (status)
      return status;
   run(&g);
   gvk_test_destroy(&g, NULL, NULL);
   if (!parts_run && !gvk_test_failures) {
      printf("SKIP: no part of the draw test could run (see the SKIP lines)\n");
      return GVK_TEST_SKIP;
   }
   return gvk_test_result("draw: all checks passed");
}
