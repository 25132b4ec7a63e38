#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <i915_drm.h>
#include <xf86drm.h>

#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "macros.h"

VkResult
gvk_queue_init(struct gvk_queue *queue, struct gvk_device *device,
               VkDeviceQueueCreateFlags flags)
{
   /* Embedded in the device, not allocated: only the loader magic and the
    * type of the base matter. */
   set_loader_magic_value(&queue->base.loader_data);
   queue->base.type = VK_OBJECT_TYPE_QUEUE;
   queue->base.alloc = device->base.alloc;
   queue->device = device;
   queue->flags = flags;
   if (drmSyncobjCreate(device->fd, 0, &queue->syncobj))
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateDevice: DRM_IOCTL_SYNCOBJ_CREATE failed: %s",
                      strerror(errno));
   pthread_mutex_init(&queue->lock, NULL);
   return VK_SUCCESS;
}

void
gvk_queue_finish(struct gvk_queue *queue)
{
   pthread_mutex_destroy(&queue->lock);
   drmSyncobjDestroy(queue->device->fd, queue->syncobj);
}

/* Submits the idle batch after everything already queued on the context,
 * with the queue's syncobj signalled when it completes. */
static VkResult
submit_idle_batch(struct gvk_queue *queue)
{
   struct gvk_device *device = queue->device;
   struct drm_i915_gem_exec_object2 bo = { .handle = device->idle_batch };
   if (device->pdev->info.has_full_ppgtt) {
      bo.offset = gpu_addr_to_canonical(device->idle_batch_addr);
      bo.flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
   }
   struct drm_i915_gem_exec_fence fence = {
      .handle = queue->syncobj, .flags = I915_EXEC_FENCE_SIGNAL,
   };
   struct drm_i915_gem_execbuffer2 execbuf = {
      .buffers_ptr = (uintptr_t)&bo,
      .buffer_count = 1,
      .batch_len = 8,
      .cliprects_ptr = (uintptr_t)&fence,
      .num_cliprects = 1,
      /* Engine 0 of the context's engine map: the render engine. */
      .flags = I915_EXEC_FENCE_ARRAY,
      .rsvd1 = device->ctx_id,
   };
   int ret = gvk_ioctl(device->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &execbuf);
   if (gvk_debug(SUBMIT))
      log_info("execbuffer2 ctx %u idle batch: %s", device->ctx_id,
               ret ? strerror(-ret) : "ok");
   if (ret == -EIO)
      return gvk_device_set_lost(device, "the context was banned after a "
                                         "GPU hang or fault");
   if (ret == -ENOMEM)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (ret)
      return gvk_device_set_lost(device, strerror(-ret));
   return VK_SUCCESS;
}

static VkResult
wait_and_check(struct gvk_queue *queue)
{
   struct gvk_device *device = queue->device;
   if (drmSyncobjWait(device->fd, &queue->syncobj, 1, INT64_MAX,
                      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL))
      return gvk_device_set_lost(device, "waiting for the GPU failed");
   drmSyncobjReset(device->fd, &queue->syncobj, 1);

   /* A batch that hung or faulted before ours completes too; the kernel
    * counts it against the context. */
   uint32_t guilty = 0;
   if (gvk_i915_guilty_batches(device->fd, device->ctx_id, &guilty) == 0 &&
       guilty)
      return gvk_device_set_lost(device, "a batch hung or faulted");
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_QueueWaitIdle(VkQueue _queue)
{
   struct gvk_queue *queue = gvk_queue_from_handle(_queue);
   struct gvk_device *device = queue->device;
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;

   pthread_mutex_lock(&queue->lock);
   VkResult result = submit_idle_batch(queue);
   if (result == VK_SUCCESS)
      result = wait_and_check(queue);
   pthread_mutex_unlock(&queue->lock);
   return result;
}
