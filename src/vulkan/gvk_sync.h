/* Fences and semaphores, both DRM syncobjs: a fence or binary semaphore is
 * a binary syncobj, a timeline semaphore a timeline syncobj whose points
 * are the semaphore's values.  Submissions signal and wait on them through
 * execbuffer2's fence array or its timeline-fences extension. */
#ifndef GVK_SYNC_H
#define GVK_SYNC_H

#include <stdbool.h>
#include <stdint.h>

#include "gvk_object.h"

struct gvk_device;

struct gvk_fence {
   struct gvk_object base;
   uint32_t syncobj;
};

struct gvk_semaphore {
   struct gvk_object base;
   VkSemaphoreType type;
   uint32_t syncobj;
};

GVK_DEFINE_HANDLE_CASTS(gvk_fence, VkFence)
GVK_DEFINE_HANDLE_CASTS(gvk_semaphore, VkSemaphore)

/* A point to wait for or signal: value 0 on a binary syncobj. */
struct gvk_sync_point {
   uint32_t syncobj;
   uint64_t value;
};

/* Waits until all (or any) of count points are signalled, at most
 * timeout_ns from now (UINT64_MAX: forever); a point nothing was submitted
 * for yet is waited for too.  VK_SUCCESS, VK_TIMEOUT, or
 * VK_ERROR_DEVICE_LOST when the device is or becomes lost (a batch hung or
 * faulted). */
VkResult gvk_sync_wait(struct gvk_device *device,
                       const struct gvk_sync_point *points, uint32_t count,
                       bool all, uint64_t timeout_ns);

/* VK_ERROR_DEVICE_LOST (and the device marked lost) when the kernel found
 * a batch of the device's context guilty of a hang or fault. */
VkResult gvk_device_check_status(struct gvk_device *device);

#endif
