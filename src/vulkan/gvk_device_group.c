/* Vulkan 1.1's device groups and queue queries for a driver whose devices
 * are single GPUs (Vulkan spec "Device Groups"): every physical device is
 * a group of one, device masks can only be 1, and memory is never shared
 * with a peer. */
#include "gvk_device.h"
#include "gvk_instance.h"
#include "gvk_log.h"
#include "gvk_outarray.h"

VKAPI_ATTR VkResult VKAPI_CALL
gvk_EnumeratePhysicalDeviceGroups(VkInstance _instance, uint32_t *pCount,
                                  VkPhysicalDeviceGroupProperties *pProps)
{
   struct gvk_instance *instance = gvk_instance_from_handle(_instance);
   uint32_t count = 0;
   VkResult result = gvk_EnumeratePhysicalDevices(_instance, &count, NULL);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_outarray out = gvk_outarray_init(pProps, sizeof(*pProps), pCount);
   for (uint32_t i = 0; i < instance->physical_device_count; i++) {
      VkPhysicalDeviceGroupProperties *g = gvk_outarray_next(&out);
      if (!g)
         continue;
      g->physicalDeviceCount = 1;
      g->physicalDevices[0] = (VkPhysicalDevice)instance->physical_devices[i];
      /* Allocations are per device anyway in a group of one. */
      g->subsetAllocation = VK_FALSE;
   }
   return gvk_outarray_finish(&out);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetDeviceGroupPeerMemoryFeatures(VkDevice device, uint32_t heapIndex,
                                     uint32_t localDeviceIndex,
                                     uint32_t remoteDeviceIndex,
                                     VkPeerMemoryFeatureFlags *pFeatures)
{
   /* Local and remote are the same device (valid usage: both are 0); the
    * spec requires copy-src/dst and generic access to be reported for a
    * device's own memory. */
   *pFeatures = VK_PEER_MEMORY_FEATURE_COPY_SRC_BIT |
                VK_PEER_MEMORY_FEATURE_COPY_DST_BIT |
                VK_PEER_MEMORY_FEATURE_GENERIC_SRC_BIT |
                VK_PEER_MEMORY_FEATURE_GENERIC_DST_BIT;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetDeviceMask(VkCommandBuffer commandBuffer, uint32_t deviceMask)
{
   /* The only valid mask of a group of one is 1: nothing to record. */
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetDeviceQueue2(VkDevice _device, const VkDeviceQueueInfo2 *pQueueInfo,
                    VkQueue *pQueue)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   /* A queue is only returned for the flags it was created with. */
   if (pQueueInfo->flags != device->queue.flags) {
      *pQueue = VK_NULL_HANDLE;
      return;
   }
   gvk_GetDeviceQueue(_device, pQueueInfo->queueFamilyIndex,
                      pQueueInfo->queueIndex, pQueue);
}
