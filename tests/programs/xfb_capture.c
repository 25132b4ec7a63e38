/* Transform feedback (VK_EXT_transform_feedback): a 5-vertex triangle strip
 * is drawn twice (two instances) with rasterization discarded, and the
 * vertex shader's position and one varying are captured to a buffer with
 * a counter buffer, the second draw resuming from the counter.  Exercises
 * 3DSTATE_STREAMOUT, 3DSTATE_SO_BUFFER, 3DSTATE_SO_DECL_LIST and the
 * SO_WRITE_OFFSET registers.  Success is decided from Vulkan return codes;
 * the captured order (HARDWARE-NOTES.md section 4) is for lavapipe to judge. */
#include <string.h>

#include "vk_program.h"
/* After vk_program.h: the generated SPIR-V arrays need <stdint.h>. */
#include "xfb_capture.vert.spv.h"


int
main(void)
{
   VkInstance instance;
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &(VkApplicationInfo){
         .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_1 },
   }, NULL, &instance));
   uint32_t count = 1;
   VkPhysicalDevice pd;
   VkResult r = vkEnumeratePhysicalDevices(instance, &count, &pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      fprintf(stderr, "no physical device\n");
      return 1;
   }
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT };
   vkGetPhysicalDeviceFeatures2(pd, &(VkPhysicalDeviceFeatures2){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &xfb });
   if (!xfb.transformFeedback) {
      fprintf(stderr, "transformFeedback is not supported\n");
      return 1;
   }
   float prio = 1.0f;
   const char *ext = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
   VkDevice dev;
   VK(vkCreateDevice(pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &(VkPhysicalDeviceTransformFeedbackFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
         .transformFeedback = VK_TRUE },
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
         .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &prio },
      .enabledExtensionCount = 1, .ppEnabledExtensionNames = &ext,
   }, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb = (PFN_vkCmdBindTransformFeedbackBuffersEXT)
      vkGetDeviceProcAddr(dev, "vkCmdBindTransformFeedbackBuffersEXT");
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb = (PFN_vkCmdBeginTransformFeedbackEXT)
      vkGetDeviceProcAddr(dev, "vkCmdBeginTransformFeedbackEXT");
   PFN_vkCmdEndTransformFeedbackEXT end_xfb = (PFN_vkCmdEndTransformFeedbackEXT)
      vkGetDeviceProcAddr(dev, "vkCmdEndTransformFeedbackEXT");
   if (!bind_xfb || !begin_xfb || !end_xfb) {
      fprintf(stderr, "transform feedback entry points missing\n");
      return 1;
   }

   /* One host-visible buffer: captured vertices at 0, the counter at 4096. */
   VkBuffer buf;
   VK(vkCreateBuffer(dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 8192,
      .usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT |
               VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT }, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   const uint32_t type = vk_program_memory_type(pd, req.memoryTypeBits,
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VkDeviceMemory mem;
   VK(vkAllocateMemory(dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = type }, NULL, &mem));
   VK(vkBindBufferMemory(dev, buf, mem, 0));
   float *data;
   VK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&data));
   memset(data, 0, 8192);

   VkRenderPass pass;
   VK(vkCreateRenderPass(dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .subpassCount = 1,
      .pSubpasses = &(VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS } }, NULL, &pass));
   VkFramebuffer fb;
   VK(vkCreateFramebuffer(dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
      .width = 16, .height = 16, .layers = 1 }, NULL, &fb));
   VkPipelineLayout layout;
   VK(vkCreatePipelineLayout(dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO }, NULL, &layout));
   VkShaderModule vs;
   VK(vkCreateShaderModule(dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(xfb_capture_vert_spv), .pCode = xfb_capture_vert_spv }, NULL, &vs));
   VkPipeline pipeline;
   VK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &(VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 1,
      .pStages = &(VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
      .pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO },
      .pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
         .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP },
      .pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
         .rasterizerDiscardEnable = VK_TRUE, .polygonMode = VK_POLYGON_MODE_FILL,
         .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1.0f },
      .layout = layout, .renderPass = pass,
   }, NULL, &pipeline));

   VkCommandPool cpool;
   VK(vkCreateCommandPool(dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0 }, NULL, &cpool));
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = cpool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cmd));
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   vkCmdBeginRenderPass(cmd, &(VkRenderPassBeginInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass, .framebuffer = fb,
      .renderArea = { { 0, 0 }, { 16, 16 } } }, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   const VkDeviceSize offset = 0, size = 4096, counter_offset = 4096;
   bind_xfb(cmd, 0, 1, &buf, &offset, &size);
   begin_xfb(cmd, 0, 0, NULL, NULL);
   vkCmdDraw(cmd, 5, 1, 0, 0);
   end_xfb(cmd, 0, 1, &buf, &counter_offset);
   /* Resume where the first capture ended, from the counter buffer. */
   begin_xfb(cmd, 0, 1, &buf, &counter_offset);
   vkCmdDraw(cmd, 5, 1, 0, 1);
   end_xfb(cmd, 0, 1, &buf, &counter_offset);
   vkCmdEndRenderPass(cmd);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
      VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &(VkMemoryBarrier){
         .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
         .srcAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                          VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
         .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));

   VkFence fence;
   VK(vkCreateFence(dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd },
      fence));
   VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull));
   printf("fence signalled; counter = %u bytes, first value %.1f\n",
          ((uint32_t *)data)[1024], data[4]);

   vkDestroyFence(dev, fence, NULL);
   vkDestroyCommandPool(dev, cpool, NULL);
   vkDestroyPipeline(dev, pipeline, NULL);
   vkDestroyShaderModule(dev, vs, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyFramebuffer(dev, fb, NULL);
   vkDestroyRenderPass(dev, pass, NULL);
   vkUnmapMemory(dev, mem);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyBuffer(dev, buf, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   return 0;
}
