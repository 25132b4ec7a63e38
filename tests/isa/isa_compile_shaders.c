/* Creates pipelines (and nothing else) so that a driver compiles a fixed
 * set of shaders: compute with shared memory, atomics, loops and branches;
 * vertex + fragment with texture sampling, discard and derivatives; a
 * geometry shader; transform feedback.  Used with Mesa's INTEL_DEBUG
 * printout by isa_vs_mesa.py; works on any Vulkan driver. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#include "cs_control.spv.h"
#include "fs_texture.spv.h"
#include "gs_expand.spv.h"
#include "vs_basic.spv.h"
#include "vs_xfb.spv.h"

#define CHECK(call)                                                          \
   do {                                                                      \
      VkResult r_ = (call);                                                  \
      if (r_ != VK_SUCCESS) {                                                \
         fprintf(stderr, "%s failed: %d\n", #call, r_);                      \
         exit(1);                                                            \
      }                                                                      \
   } while (0)

static VkDevice dev;
/* Kept alive until the end: their kernels must still be in the driver's
 * instruction memory when the final submission is captured. */
static VkPipeline pipelines[8];
static unsigned npipelines;

static VkShaderModule
module(const uint32_t *code, size_t size)
{
   VkShaderModule m;
   VkShaderModuleCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = size, .pCode = code,
   };
   CHECK(vkCreateShaderModule(dev, &info, NULL, &m));
   return m;
}
#define MODULE(name) module(name, sizeof(name))

static VkPipelineShaderStageCreateInfo
stage(VkShaderStageFlagBits s, VkShaderModule m)
{
   return (VkPipelineShaderStageCreateInfo) {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = s, .module = m, .pName = "main",
   };
}

static void
graphics(VkPipelineLayout layout, VkRenderPass pass,
         const VkPipelineShaderStageCreateInfo *stages, unsigned n,
         bool discard)
{
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO };
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
   VkViewport vp = { 0, 0, 16, 16, 0, 1 };
   VkRect2D sc = { { 0, 0 }, { 16, 16 } };
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .pViewports = &vp, .scissorCount = 1,
      .pScissors = &sc };
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = discard, .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1.0f };
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT };
   VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &att };
   VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = n, .pStages = stages, .pVertexInputState = &vi,
      .pInputAssemblyState = &ia, .pViewportState = &vps,
      .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pColorBlendState = &cb, .layout = layout, .renderPass = pass,
   };
   CHECK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &info, NULL,
                                   &pipelines[npipelines++]));
}

/* One empty submission: a capturing vgpu then records every buffer the
 * driver keeps resident, the instruction memory among them. */
static void
submit_empty(void)
{
   VkQueue q;
   vkGetDeviceQueue(dev, 0, 0, &q);
   VkCommandPoolCreateInfo cpi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   VkCommandPool pool;
   CHECK(vkCreateCommandPool(dev, &cpi, NULL, &pool));
   VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1 };
   VkCommandBuffer cmd;
   CHECK(vkAllocateCommandBuffers(dev, &ai, &cmd));
   VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   CHECK(vkBeginCommandBuffer(cmd, &bi));
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines[0]);
   CHECK(vkEndCommandBuffer(cmd));
   VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                       .commandBufferCount = 1, .pCommandBuffers = &cmd };
   CHECK(vkQueueSubmit(q, 1, &si, VK_NULL_HANDLE));
   CHECK(vkQueueWaitIdle(q));
   vkDestroyCommandPool(dev, pool, NULL);
}

static bool
has_extension(VkPhysicalDevice pd, const char *name)
{
   uint32_t n = 0;
   vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL);
   VkExtensionProperties *e = calloc(n, sizeof(*e));
   vkEnumerateDeviceExtensionProperties(pd, NULL, &n, e);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= !strcmp(e[i].extensionName, name);
   free(e);
   return found;
}

int
main(void)
{
   VkInstance inst;
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_0 };
   VkInstanceCreateInfo ii = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                               .pApplicationInfo = &app };
   CHECK(vkCreateInstance(&ii, NULL, &inst));
   uint32_t npd = 1;
   VkPhysicalDevice pd;
   if (vkEnumeratePhysicalDevices(inst, &npd, &pd) < 0 || npd == 0) {
      fprintf(stderr, "no Vulkan device\n");
      return 1;
   }
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(pd, &have);
   VkPhysicalDeviceFeatures want = { .geometryShader = have.geometryShader };
   bool xfb = has_extension(pd, "VK_EXT_transform_feedback");
   const char *exts[] = { "VK_EXT_transform_feedback" };
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb_features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE };
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qi = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = 1, .pQueuePriorities = &prio };
   VkDeviceCreateInfo di = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = xfb ? &xfb_features : NULL,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qi,
      .enabledExtensionCount = xfb ? 1 : 0, .ppEnabledExtensionNames = exts,
      .pEnabledFeatures = &want };
   CHECK(vkCreateDevice(pd, &di, NULL, &dev));

   VkDescriptorSetLayoutBinding b[4] = {
      { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_ALL, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_ALL, NULL },
      { 2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_ALL, NULL },
      { 3, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_ALL, NULL },
   };
   VkDescriptorSetLayoutCreateInfo dsli = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 4, .pBindings = b };
   VkDescriptorSetLayout dsl;
   CHECK(vkCreateDescriptorSetLayout(dev, &dsli, NULL, &dsl));
   VkPipelineLayoutCreateInfo pli = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1, .pSetLayouts = &dsl };
   VkPipelineLayout layout;
   CHECK(vkCreatePipelineLayout(dev, &pli, NULL, &layout));

   VkAttachmentDescription ad = {
      .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1, .pColorAttachments = &ref };
   VkRenderPassCreateInfo rpi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &ad, .subpassCount = 1,
      .pSubpasses = &sp };
   VkRenderPass pass;
   CHECK(vkCreateRenderPass(dev, &rpi, NULL, &pass));

   VkComputePipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = stage(VK_SHADER_STAGE_COMPUTE_BIT, MODULE(cs_control_spv)),
      .layout = layout };
   CHECK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &ci, NULL,
                                  &pipelines[npipelines++]));

   VkShaderModule vs = MODULE(vs_basic_spv), fs = MODULE(fs_texture_spv);
   VkPipelineShaderStageCreateInfo vf[3] = {
      stage(VK_SHADER_STAGE_VERTEX_BIT, vs),
      stage(VK_SHADER_STAGE_FRAGMENT_BIT, fs),
   };
   graphics(layout, pass, vf, 2, false);
   unsigned done = 2;
   if (have.geometryShader) {
      vf[2] = stage(VK_SHADER_STAGE_GEOMETRY_BIT, MODULE(gs_expand_spv));
      graphics(layout, pass, vf, 3, false);
      done++;
   }
   if (xfb) {
      VkPipelineShaderStageCreateInfo x = stage(VK_SHADER_STAGE_VERTEX_BIT,
                                                MODULE(vs_xfb_spv));
      graphics(layout, pass, &x, 1, true);
      done++;
   }
   printf("pipelines created: %u (geometry %s, transform feedback %s)\n",
          done + 1, have.geometryShader ? "yes" : "no", xfb ? "yes" : "no");
   submit_empty();
   for (unsigned i = 0; i < npipelines; i++)
      vkDestroyPipeline(dev, pipelines[i], NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(inst, NULL);
   return 0;
}
