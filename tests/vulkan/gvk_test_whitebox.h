/* What the white-box tests (linked with the driver, calling its entry
 * points directly) share beyond gvk_test.h, which names no genvk symbol. */
#ifndef GVK_TEST_WHITEBOX_H
#define GVK_TEST_WHITEBOX_H

#include <string.h>

#include "gvk_entrypoints.h"
#include "gvk_test.h"

/* The shader module of SPIR-V code (size in bytes). */
static inline VkShaderModule
gvk_test_module(VkDevice device, const uint32_t *code, size_t size)
{
   const VkShaderModuleCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = code,
   };
   VkShaderModule m = VK_NULL_HANDLE;
   CHECK(gvk_CreateShaderModule(device, &info, NULL, &m) == VK_SUCCESS);
   return m;
}

/* Whether the physical device exposes the device extension name. */
static inline bool
gvk_test_has_extension(VkPhysicalDevice pdev, const char *name)
{
   VkExtensionProperties props[256];
   uint32_t count = 256;
   gvk_EnumerateDeviceExtensionProperties(pdev, NULL, &count, props);
   for (uint32_t i = 0; i < count; i++) {
      if (!strcmp(props[i].extensionName, name))
         return true;
   }
   return false;
}

/* One global memory barrier. */
static inline void
gvk_test_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stages, VkAccessFlags src,
                 VkPipelineStageFlags dst_stages, VkAccessFlags dst)
{
   const VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = src, .dstAccessMask = dst };
   gvk_CmdPipelineBarrier(cmd, src_stages, dst_stages, 0, 1, &mb, 0, NULL, 0, NULL);
}

/* Ends cmd, submits it alone to queue and waits for the queue to idle. */
static inline void
gvk_test_submit_wait(VkQueue queue, VkCommandBuffer cmd)
{
   CHECK(gvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
   };
   VkResult r = gvk_QueueSubmit(queue, 1, &si, VK_NULL_HANDLE);
   CHECK((r ? r : gvk_QueueWaitIdle(queue)) == VK_SUCCESS);
}

/* A graphics pipeline of the white-box draw tests: vertex and fragment
 * shaders, no vertex input, triangle lists filling a width x height
 * viewport, no culling, one colour attachment written unblended; depth
 * test LESS with writes when depth_test, samples (0: 1) with sample_mask
 * (NULL: all).  pass NULL: dynamic rendering, next naming the formats. */
struct gvk_test_draw_pipeline {
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   VkRenderPass pass;
   const void *next;
   uint32_t width, height;
   bool depth_test;
   VkSampleCountFlagBits samples;
   const VkSampleMask *sample_mask;
};

static inline VkPipeline
gvk_test_graphics_pipeline(VkDevice device, const struct gvk_test_draw_pipeline *d)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = d->vs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = d->fs, .pName = "main" },
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkViewport viewport = { 0, 0, (float)d->width, (float)d->height, 0, 1 };
   const VkRect2D scissor = { { 0, 0 }, { d->width, d->height } };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = d->samples ? d->samples : VK_SAMPLE_COUNT_1_BIT,
      .pSampleMask = d->sample_mask,
   };
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_LESS,
   };
   const VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &att,
   };
   const VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = d->next,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi,
      .pInputAssemblyState = &ia, .pViewportState = &vp, .pRasterizationState = &rs,
      .pMultisampleState = &ms, .pDepthStencilState = d->depth_test ? &ds : NULL,
      .pColorBlendState = &cb, .layout = d->layout, .renderPass = d->pass,
   };
   VkPipeline p = VK_NULL_HANDLE;
   CHECK(gvk_CreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &gpci, NULL, &p) ==
         VK_SUCCESS);
   return p;
}

#endif
