#include <errno.h>
#include <string.h>

#include <xf86drm.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_sync.h"

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateFence(VkDevice _device, const VkFenceCreateInfo *pCreateInfo,
                const VkAllocationCallbacks *pAllocator, VkFence *pFence)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_fence *fence =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*fence),
                        VK_OBJECT_TYPE_FENCE, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!fence)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   uint32_t flags = (pCreateInfo->flags & VK_FENCE_CREATE_SIGNALED_BIT) ?
                    DRM_SYNCOBJ_CREATE_SIGNALED : 0;
   if (drmSyncobjCreate(device->fd, flags, &fence->syncobj)) {
      gvk_object_destroy(&fence->base);
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateFence: DRM_IOCTL_SYNCOBJ_CREATE failed: %s",
                      strerror(errno));
   }
   *pFence = gvk_fence_to_handle(fence);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyFence(VkDevice _device, VkFence _fence,
                 const VkAllocationCallbacks *pAllocator)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_fence *fence = gvk_fence_from_handle(_fence);
   if (!fence)
      return;
   drmSyncobjDestroy(device->fd, fence->syncobj);
   gvk_object_destroy(&fence->base);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_ResetFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   for (uint32_t i = 0; i < fenceCount; i++) {
      struct gvk_fence *fence = gvk_fence_from_handle(pFences[i]);
      /* Replaces the syncobj's fence by none: unsignalled (Vulkan: the
       * fence must not be pending, so no submission is lost). */
      if (drmSyncobjReset(device->fd, &fence->syncobj, 1))
         return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                         "vkResetFences: DRM_IOCTL_SYNCOBJ_RESET failed: %s",
                         strerror(errno));
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetFenceStatus(VkDevice _device, VkFence _fence)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_fence *fence = gvk_fence_from_handle(_fence);
   const struct gvk_sync_point point = { .syncobj = fence->syncobj };
   VkResult result = gvk_sync_wait(device, &point, 1, true, 0);
   return result == VK_TIMEOUT ? VK_NOT_READY : result;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_WaitForFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences,
                  VkBool32 waitAll, uint64_t timeout)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_sync_point *points =
      gvk_zalloc(&device->base.alloc, fenceCount * sizeof(*points),
                 VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!points)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   for (uint32_t i = 0; i < fenceCount; i++)
      points[i].syncobj = gvk_fence_from_handle(pFences[i])->syncobj;
   VkResult result = gvk_sync_wait(device, points, fenceCount, waitAll,
                                   timeout);
   gvk_free(&device->base.alloc, points);
   return result;
}
