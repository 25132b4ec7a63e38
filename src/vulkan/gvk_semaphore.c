#include <errno.h>
#include <string.h>

#include <xf86drm.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_sync.h"

static const VkSemaphoreTypeCreateInfo *
find_type_info(const VkSemaphoreCreateInfo *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO)
         return (const VkSemaphoreTypeCreateInfo *)s;
   }
   return NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateSemaphore(VkDevice _device, const VkSemaphoreCreateInfo *pCreateInfo,
                    const VkAllocationCallbacks *pAllocator,
                    VkSemaphore *pSemaphore)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   const VkSemaphoreTypeCreateInfo *type = find_type_info(pCreateInfo);
   struct gvk_semaphore *sem =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*sem),
                        VK_OBJECT_TYPE_SEMAPHORE,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!sem)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   sem->type = type ? type->semaphoreType : VK_SEMAPHORE_TYPE_BINARY;
   if (drmSyncobjCreate(device->fd, 0, &sem->syncobj)) {
      gvk_object_destroy(&sem->base);
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateSemaphore: DRM_IOCTL_SYNCOBJ_CREATE failed: %s",
                      strerror(errno));
   }
   /* A timeline starts at initialValue: that point is signalled. */
   uint64_t initial = type ? type->initialValue : 0;
   if (sem->type == VK_SEMAPHORE_TYPE_TIMELINE && initial &&
       drmSyncobjTimelineSignal(device->fd, &sem->syncobj, &initial, 1)) {
      drmSyncobjDestroy(device->fd, sem->syncobj);
      gvk_object_destroy(&sem->base);
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateSemaphore: cannot set the initial value %llu: "
                      "%s", (unsigned long long)initial, strerror(errno));
   }
   *pSemaphore = gvk_semaphore_to_handle(sem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroySemaphore(VkDevice _device, VkSemaphore semaphore,
                     const VkAllocationCallbacks *pAllocator)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_semaphore *sem = gvk_semaphore_from_handle(semaphore);
   if (!sem)
      return;
   drmSyncobjDestroy(device->fd, sem->syncobj);
   gvk_object_destroy(&sem->base);
}

static VkResult
check_timeline(const struct gvk_semaphore *sem, const char *command)
{
   if (sem->type == VK_SEMAPHORE_TYPE_TIMELINE)
      return VK_SUCCESS;
   return gvk_fail(VK_ERROR_UNKNOWN, "%s: semaphore %p is a binary semaphore",
                   command, (const void *)sem);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetSemaphoreCounterValue(VkDevice _device, VkSemaphore semaphore,
                             uint64_t *pValue)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_semaphore *sem = gvk_semaphore_from_handle(semaphore);
   VkResult result = check_timeline(sem, "vkGetSemaphoreCounterValue");
   if (result != VK_SUCCESS)
      return result;
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;
   if (drmSyncobjQuery(device->fd, &sem->syncobj, pValue, 1))
      return gvk_device_set_lost(device, "DRM_IOCTL_SYNCOBJ_QUERY failed");
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_SignalSemaphore(VkDevice _device, const VkSemaphoreSignalInfo *pSignalInfo)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_semaphore *sem = gvk_semaphore_from_handle(pSignalInfo->semaphore);
   VkResult result = check_timeline(sem, "vkSignalSemaphore");
   if (result != VK_SUCCESS)
      return result;
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;
   /* Submissions the queue's submit thread holds for this point wake up. */
   uint64_t value = pSignalInfo->value;
   if (drmSyncobjTimelineSignal(device->fd, &sem->syncobj, &value, 1))
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkSignalSemaphore: DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL "
                      "failed: %s", strerror(errno));
   return VK_SUCCESS;
}

/* The points of pWaitInfo still to wait for: value 0 is reached from the
 * start, so it is left out; with VK_SEMAPHORE_WAIT_ANY_BIT it ends the wait
 * (*satisfied). */
static VkResult
collect_points(const VkSemaphoreWaitInfo *info, struct gvk_sync_point *points,
               uint32_t *count, bool *satisfied)
{
   bool any = info->flags & VK_SEMAPHORE_WAIT_ANY_BIT;
   *count = 0;
   *satisfied = false;
   for (uint32_t i = 0; i < info->semaphoreCount; i++) {
      struct gvk_semaphore *sem =
         gvk_semaphore_from_handle(info->pSemaphores[i]);
      VkResult result = check_timeline(sem, "vkWaitSemaphores");
      if (result != VK_SUCCESS)
         return result;
      if (info->pValues[i] == 0) {
         *satisfied |= any;
         continue;
      }
      points[(*count)++] = (struct gvk_sync_point){ sem->syncobj,
                                                    info->pValues[i] };
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_WaitSemaphores(VkDevice _device, const VkSemaphoreWaitInfo *pWaitInfo,
                   uint64_t timeout)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_sync_point *points =
      gvk_alloc(&device->base.alloc,
                (pWaitInfo->semaphoreCount + 1) * sizeof(*points),
                VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!points)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   uint32_t count;
   bool satisfied;
   VkResult result = collect_points(pWaitInfo, points, &count, &satisfied);
   if (result == VK_SUCCESS && satisfied)
      result = gvk_device_check_status(device);
   else if (result == VK_SUCCESS)
      result = gvk_sync_wait(device, points, count,
                             !(pWaitInfo->flags & VK_SEMAPHORE_WAIT_ANY_BIT),
                             timeout);
   gvk_free(&device->base.alloc, points);
   return result;
}
