#include "gvk_sync.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include <xf86drm.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_log.h"

/* Syncobj waits take an absolute CLOCK_MONOTONIC deadline; Vulkan gives a
 * relative timeout in nanoseconds, UINT64_MAX (or anything past the
 * clock's range) meaning forever. */
static int64_t
deadline(uint64_t timeout_ns)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   uint64_t now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
   if (timeout_ns > (uint64_t)INT64_MAX - now)
      return INT64_MAX;
   return (int64_t)(now + timeout_ns);
}

VkResult
gvk_device_check_status(struct gvk_device *device)
{
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;
   uint32_t guilty = 0;
   if (gvk_i915_guilty_batches(device->fd, device->ctx_id, &guilty) == 0 &&
       guilty)
      return gvk_device_set_lost(device, "a batch hung or faulted");
   return VK_SUCCESS;
}

static bool
any_timeline_point(const struct gvk_sync_point *points, uint32_t count)
{
   for (uint32_t i = 0; i < count; i++) {
      if (points[i].value)
         return true;
   }
   return false;
}

/* The wait ioctl itself: 0, -ETIME or another negative errno. */
static int
wait_ioctl(struct gvk_device *device, uint32_t *handles, uint64_t *values,
           uint32_t count, bool timeline, uint32_t flags, int64_t abs_timeout)
{
   if (timeline)
      return drmSyncobjTimelineWait(device->fd, handles, values, count,
                                    abs_timeout, flags, NULL);
   return drmSyncobjWait(device->fd, handles, count, abs_timeout, flags, NULL);
}

VkResult
gvk_sync_wait(struct gvk_device *device, const struct gvk_sync_point *points,
              uint32_t count, bool all, uint64_t timeout_ns)
{
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;
   if (count == 0)
      return VK_SUCCESS;
   const VkAllocationCallbacks *alloc = &device->base.alloc;
   uint32_t *handles = gvk_alloc(alloc, count * sizeof(*handles),
                                 VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   uint64_t *values = gvk_alloc(alloc, count * sizeof(*values),
                                VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!handles || !values) {
      gvk_free(alloc, handles);
      gvk_free(alloc, values);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   for (uint32_t i = 0; i < count; i++) {
      handles[i] = points[i].syncobj;
      values[i] = points[i].value;
   }
   /* A fence or point whose submission the queue's submit thread still
    * holds has no kernel fence yet: wait for it to be submitted too. */
   uint32_t flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                    (all ? DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL : 0);
   int ret = wait_ioctl(device, handles, values, count,
                        any_timeline_point(points, count), flags,
                        deadline(timeout_ns));
   gvk_free(alloc, handles);
   gvk_free(alloc, values);
   if (ret == -ETIME)
      return atomic_load(&device->lost) ? VK_ERROR_DEVICE_LOST : VK_TIMEOUT;
   if (ret)
      return gvk_device_set_lost(device, "waiting for a syncobj failed");
   return gvk_device_check_status(device);
}
