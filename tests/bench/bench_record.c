/* CPU cost of recording draws, the cases vkoverhead calls draw, draw with
 * a vertex-buffer change, with a UBO descriptor change, with a combined
 * image sampler change, and render-pass begin/end, through whatever
 * driver the loader picks (scripts/bench-driver runs genvk and Mesa's
 * driver side by side on vgpu):
 *
 *   bench_record [--ms N] [--measure NAME]
 *
 * (--measure: only the measure of that name, "draws/s" etc., for a
 * profiler.)
 * One render pass on a 64x64 R8G8B8A8_UNORM target, one graphics pipeline
 * (bench_record.vert/.frag: a vec2 attribute, a UBO in set 0, a combined
 * image sampler in set 1).  Each measure records command buffers of 1000
 * commands (vkBegin/EndCommandBuffer and the reset included) for about N
 * milliseconds (default 300) and prints its rate, one line each:
 *   draws/s                vkCmdDraw with nothing changed in between
 *   draws_vertex_buffer/s  vkCmdBindVertexBuffers (two buffers in turn) + draw
 *   draws_ubo/s            vkCmdBindDescriptorSets of set 0 (two UBO sets in
 *                          turn) + draw
 *   draws_sampler/s        vkCmdBindDescriptorSets of set 1 (two combined
 *                          image sampler sets in turn) + draw
 *   render_passes/s        vkCmdBeginRenderPass + vkCmdEndRenderPass
 * Each command buffer is submitted once at the end of a measure, so that
 * what was recorded is also valid to execute.  Asserts nothing but that
 * each Vulkan call succeeds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>

#include "vk_program.h"
/* After vk_program.h: the generated SPIR-V arrays need <stdint.h>. */
#include "bench_record.vert.spv.h"
#include "bench_record.frag.spv.h"

#define COMMANDS_PER_CMD 1000
#define SIZE 64
#define FORMAT VK_FORMAT_R8G8B8A8_UNORM

struct bench {
   struct vk_program_device vk;
   VkDeviceMemory memory[4];
   unsigned num_memory;
   VkBuffer vertex[2], ubo[2];
   VkImage target, texture;
   VkImageView target_view, texture_view;
   VkSampler sampler;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkDescriptorSetLayout set_layouts[2];
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet ubo_sets[2], tex_sets[2];
   VkCommandPool cmd_pool;
   VkCommandBuffer cmd;
};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
bind(struct bench *b, VkMemoryRequirements req, VkMemoryPropertyFlags want,
     VkBuffer buffer, VkImage image)
{
   VkDeviceMemory *mem = &b->memory[b->num_memory++];
   VK(vkAllocateMemory(b->vk.dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(b->vk.pd, req.memoryTypeBits, want) },
      NULL, mem));
   if (buffer)
      VK(vkBindBufferMemory(b->vk.dev, buffer, *mem, 0));
   else
      VK(vkBindImageMemory(b->vk.dev, image, *mem, 0));
}

/* Two buffers of each kind in one allocation each: their contents do not
 * matter to recording. */
static void
create_buffers(struct bench *b, VkBuffer *out, VkBufferUsageFlags usage)
{
   for (int i = 0; i < 2; i++)
      VK(vkCreateBuffer(b->vk.dev, &(VkBufferCreateInfo){
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 256, .usage = usage },
         NULL, &out[i]));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(b->vk.dev, out[0], &req);
   VkMemoryRequirements two = req;
   two.size = 2 * ((req.size + req.alignment - 1) / req.alignment * req.alignment);
   bind(b, two, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, out[0], VK_NULL_HANDLE);
   VK(vkBindBufferMemory(b->vk.dev, out[1], b->memory[b->num_memory - 1], two.size / 2));
}

static void
create_image(struct bench *b, VkImageUsageFlags usage, VkImage *image, VkImageView *view)
{
   VK(vkCreateImage(b->vk.dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = FORMAT, .extent = { SIZE, SIZE, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage },
      NULL, image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(b->vk.dev, *image, &req);
   bind(b, req, 0, VK_NULL_HANDLE, *image);
   VK(vkCreateImageView(b->vk.dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = *image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = FORMAT,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } }, NULL, view));
}

static void
create_pass(struct bench *b)
{
   VkAttachmentDescription att = {
      .format = FORMAT, .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
   };
   VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   VkSubpassDescription sub = { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                .colorAttachmentCount = 1, .pColorAttachments = &ref };
   VK(vkCreateRenderPass(b->vk.dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 1,
      .pAttachments = &att, .subpassCount = 1, .pSubpasses = &sub }, NULL, &b->pass));
   VK(vkCreateFramebuffer(b->vk.dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = b->pass,
      .attachmentCount = 1, .pAttachments = &b->target_view, .width = SIZE, .height = SIZE,
      .layers = 1 }, NULL, &b->fb));
}

static void
create_descriptors(struct bench *b)
{
   VkDescriptorSetLayoutBinding ubo = { 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1,
                                        VK_SHADER_STAGE_VERTEX_BIT, NULL };
   VkDescriptorSetLayoutBinding tex = { 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                        VK_SHADER_STAGE_FRAGMENT_BIT, NULL };
   const VkDescriptorSetLayoutBinding *bindings[2] = { &ubo, &tex };
   for (int i = 0; i < 2; i++)
      VK(vkCreateDescriptorSetLayout(b->vk.dev, &(VkDescriptorSetLayoutCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
         .pBindings = bindings[i] }, NULL, &b->set_layouts[i]));
   VK(vkCreatePipelineLayout(b->vk.dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 2,
      .pSetLayouts = b->set_layouts }, NULL, &b->layout));
   VkDescriptorPoolSize sizes[2] = { { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2 },
                                     { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 } };
   VK(vkCreateDescriptorPool(b->vk.dev, &(VkDescriptorPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 4,
      .poolSizeCount = 2, .pPoolSizes = sizes }, NULL, &b->pool));
   VK(vkCreateSampler(b->vk.dev, &(VkSamplerCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = VK_FILTER_LINEAR,
      .minFilter = VK_FILTER_LINEAR, .maxLod = 1 }, NULL, &b->sampler));
   for (int i = 0; i < 2; i++) {
      VkDescriptorSetAllocateInfo ai = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = b->pool,
         .descriptorSetCount = 1, .pSetLayouts = &b->set_layouts[0] };
      VK(vkAllocateDescriptorSets(b->vk.dev, &ai, &b->ubo_sets[i]));
      ai.pSetLayouts = &b->set_layouts[1];
      VK(vkAllocateDescriptorSets(b->vk.dev, &ai, &b->tex_sets[i]));
      VkDescriptorBufferInfo bi = { b->ubo[i], 0, 16 };
      VkDescriptorImageInfo ii = { b->sampler, b->texture_view,
                                   VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
      VkWriteDescriptorSet w[2] = {
         { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = b->ubo_sets[i],
           .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
           .pBufferInfo = &bi },
         { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = b->tex_sets[i],
           .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
           .pImageInfo = &ii },
      };
      vkUpdateDescriptorSets(b->vk.dev, 2, w, 0, NULL);
   }
}

static VkShaderModule
module(struct bench *b, const uint32_t *code, size_t size)
{
   VkShaderModule m;
   VK(vkCreateShaderModule(b->vk.dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = code },
      NULL, &m));
   return m;
}

static void
create_pipeline(struct bench *b)
{
   VkShaderModule vs = module(b, bench_record_vert_spv, sizeof(bench_record_vert_spv));
   VkShaderModule fs = module(b, bench_record_frag_spv, sizeof(bench_record_frag_spv));
   VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" },
   };
   VkVertexInputBindingDescription vb = { 0, 8, VK_VERTEX_INPUT_RATE_VERTEX };
   VkVertexInputAttributeDescription va = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &vb,
      .vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &va };
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
   VkViewport viewport = { 0, 0, SIZE, SIZE, 0, 1 };
   VkRect2D scissor = { { 0, 0 }, { SIZE, SIZE } };
   VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1,
      .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor };
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1 };
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT };
   VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &att };
   VK(vkCreateGraphicsPipelines(b->vk.dev, VK_NULL_HANDLE, 1, &(VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 2,
      .pStages = stages, .pVertexInputState = &vi, .pInputAssemblyState = &ia,
      .pViewportState = &vp, .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pColorBlendState = &cb, .layout = b->layout, .renderPass = b->pass },
      NULL, &b->pipeline));
   vkDestroyShaderModule(b->vk.dev, vs, NULL);
   vkDestroyShaderModule(b->vk.dev, fs, NULL);
}

/* The layouts the render pass and the descriptors expect, once. */
static void
transition_images(struct bench *b)
{
   VK(vkBeginCommandBuffer(b->cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }));
   VkImageMemoryBarrier barriers[2] = {
      { .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = b->target,
        .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } },
      { .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = b->texture,
        .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } },
   };
   vkCmdPipelineBarrier(b->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                        VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0, 0, NULL, 0, NULL, 2,
                        barriers);
   VK(vkEndCommandBuffer(b->cmd));
   VK(vkQueueSubmit(b->vk.queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &b->cmd }, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(b->vk.queue));
}

static void
setup(struct bench *b)
{
   vk_program_open_device("bench_record", VK_QUEUE_GRAPHICS_BIT, &b->vk);
   create_buffers(b, b->vertex, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   create_buffers(b, b->ubo, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
   create_image(b, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &b->target, &b->target_view);
   create_image(b, VK_IMAGE_USAGE_SAMPLED_BIT, &b->texture, &b->texture_view);
   create_pass(b);
   create_descriptors(b);
   create_pipeline(b);
   VK(vkCreateCommandPool(b->vk.dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
      .queueFamilyIndex = b->vk.family }, NULL, &b->cmd_pool));
   VK(vkAllocateCommandBuffers(b->vk.dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = b->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &b->cmd));
   transition_images(b);
}

enum measure { DRAWS, DRAWS_VERTEX_BUFFER, DRAWS_UBO, DRAWS_SAMPLER, RENDER_PASSES };
static const char *const measure_names[] = {
   "draws/s", "draws_vertex_buffer/s", "draws_ubo/s", "draws_sampler/s", "render_passes/s",
};

static void
begin_pass(struct bench *b)
{
   vkCmdBeginRenderPass(b->cmd, &(VkRenderPassBeginInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = b->pass,
      .framebuffer = b->fb, .renderArea = { { 0, 0 }, { SIZE, SIZE } } },
      VK_SUBPASS_CONTENTS_INLINE);
}

/* One command buffer of COMMANDS_PER_CMD commands of measure m. */
static void
record(struct bench *b, enum measure m)
{
   VK(vkResetCommandBuffer(b->cmd, 0));
   VK(vkBeginCommandBuffer(b->cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }));
   if (m == RENDER_PASSES) {
      for (unsigned i = 0; i < COMMANDS_PER_CMD; i++) {
         begin_pass(b);
         vkCmdEndRenderPass(b->cmd);
      }
      VK(vkEndCommandBuffer(b->cmd));
      return;
   }
   begin_pass(b);
   vkCmdBindPipeline(b->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b->pipeline);
   VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(b->cmd, 0, 1, &b->vertex[0], &zero);
   VkDescriptorSet sets[2] = { b->ubo_sets[0], b->tex_sets[0] };
   vkCmdBindDescriptorSets(b->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b->layout, 0, 2, sets,
                           0, NULL);
   for (unsigned i = 0; i < COMMANDS_PER_CMD; i++) {
      if (m == DRAWS_VERTEX_BUFFER)
         vkCmdBindVertexBuffers(b->cmd, 0, 1, &b->vertex[i & 1], &zero);
      else if (m == DRAWS_UBO)
         vkCmdBindDescriptorSets(b->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b->layout, 0, 1,
                                 &b->ubo_sets[i & 1], 0, NULL);
      else if (m == DRAWS_SAMPLER)
         vkCmdBindDescriptorSets(b->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b->layout, 1, 1,
                                 &b->tex_sets[i & 1], 0, NULL);
      vkCmdDraw(b->cmd, 3, 1, 0, 0);
   }
   vkCmdEndRenderPass(b->cmd);
   VK(vkEndCommandBuffer(b->cmd));
}

static double
measure(struct bench *b, enum measure m, double seconds)
{
   unsigned cmds = 0;
   double start = now(), t;
   do {
      record(b, m);
      cmds++;
      t = now() - start;
   } while (t < seconds);
   VK(vkQueueSubmit(b->vk.queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &b->cmd }, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(b->vk.queue));
   return cmds * (double)COMMANDS_PER_CMD / t;
}

int
main(int argc, char **argv)
{
   double ms = 300;
   const char *only = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--ms") && i + 1 < argc) {
         ms = atof(argv[++i]);
      } else if (!strcmp(argv[i], "--measure") && i + 1 < argc) {
         only = argv[++i];
      } else {
         fprintf(stderr, "usage: %s [--ms N] [--measure NAME]\n", argv[0]);
         return 2;
      }
   }
   struct bench b = { 0 };
   setup(&b);
   for (enum measure m = DRAWS; m <= RENDER_PASSES; m++)
      if (!only || !strcmp(only, measure_names[m]))
         printf("%s %.0f\n", measure_names[m], measure(&b, m, ms / 1000));
   return 0;
}
