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

#endif
