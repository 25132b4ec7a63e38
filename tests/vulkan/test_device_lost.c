/* A GPU fault on the device's context must turn into VK_ERROR_DEVICE_LOST.
 * White-box: links the driver statically and submits a faulting batch on
 * the VkDevice's own i915 context, as a command buffer would. */
#include <string.h>
#include <sys/mman.h>

#include <i915_drm.h>

#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_physical_device.h"
#include "gvk_test.h"
#include "macros.h"

#define BAD_BATCH_ADDR (2ull << 20)

/* A batch whose first dword is no valid command: the command streamer
 * faults, and the kernel bans the context. */
static int
submit_bad_batch(struct gvk_device *device)
{
   uint32_t handle;
   if (gvk_i915_gem_create(device->fd, 4096, &handle))
      return -1;
   const struct devinfo *info = &device->pdev->info;
   uint32_t *map = gvk_i915_gem_mmap(device->fd, handle, 4096, info->has_llc,
                                     info->has_local_memory);
   if (!map)
      return -1;
   map[0] = 0xffffffff;
   map[1] = 0xffffffff;
   munmap(map, 4096);

   struct drm_i915_gem_exec_object2 bo = { .handle = handle };
   if (info->has_full_ppgtt) {
      bo.offset = gpu_addr_to_canonical(BAD_BATCH_ADDR);
      bo.flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
   }
   struct drm_i915_gem_execbuffer2 execbuf = {
      .buffers_ptr = (uintptr_t)&bo, .buffer_count = 1, .batch_len = 8,
      .rsvd1 = device->ctx_id,
   };
   int ret = gvk_ioctl(device->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &execbuf);
   struct drm_i915_gem_wait wait = { .bo_handle = handle, .timeout_ns = -1 };
   gvk_ioctl(device->fd, DRM_IOCTL_I915_GEM_WAIT, &wait);
   gvk_i915_gem_close(device->fd, handle);
   return ret;
}

/* Lost stays lost, for every submission, wait and status query. */
static void
test_lost(const struct gvk_test_gpu *g)
{
   VkDevice device = g->device;
   VkQueue queue = g->queue;
   REQUIRE(gvk_QueueWaitIdle(queue) == VK_SUCCESS);

   const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   VkFence fence;
   REQUIRE(gvk_CreateFence(device, &fci, NULL, &fence) == VK_SUCCESS);
   const VkSemaphoreTypeCreateInfo timeline = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
   };
   const VkSemaphoreCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &timeline,
   };
   VkSemaphore sem;
   REQUIRE(gvk_CreateSemaphore(device, &sci, NULL, &sem) == VK_SUCCESS);
   REQUIRE(gvk_QueueSubmit(queue, 0, NULL, fence) == VK_SUCCESS);

   REQUIRE(submit_bad_batch(gvk_device_from_handle(device)) == 0);
   /* The fence signalled before the fault; the wait still finds the
    * device lost (Vulkan "Lost Device": waits may return it). */
   CHECK(gvk_WaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX) ==
         VK_ERROR_DEVICE_LOST);
   CHECK(gvk_GetFenceStatus(device, fence) == VK_ERROR_DEVICE_LOST);
   const uint64_t one = 1;
   const VkSemaphoreWaitInfo wait = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1, .pSemaphores = &sem, .pValues = &one,
   };
   CHECK(gvk_WaitSemaphores(device, &wait, UINT64_MAX) == VK_ERROR_DEVICE_LOST);
   uint64_t value;
   CHECK(gvk_GetSemaphoreCounterValue(device, sem, &value) == VK_ERROR_DEVICE_LOST);
   CHECK(gvk_QueueSubmit(queue, 0, NULL, fence) == VK_ERROR_DEVICE_LOST);
   CHECK(gvk_DeviceWaitIdle(device) == VK_ERROR_DEVICE_LOST);
   CHECK(gvk_QueueWaitIdle(queue) == VK_ERROR_DEVICE_LOST);

   gvk_DestroySemaphore(device, sem, NULL);
   gvk_DestroyFence(device, fence, NULL);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, test_lost,
                        "fault on the device's context reported as VK_ERROR_DEVICE_LOST");
}
