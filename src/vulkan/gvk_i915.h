/* Thin wrappers over the i915 uAPI (libdrm's i915_drm.h): each returns 0 or
 * a negative errno, and retries ioctls interrupted by signals. */
#ifndef GVK_I915_H
#define GVK_I915_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

int gvk_ioctl(int fd, unsigned long request, void *arg);

int gvk_i915_getparam(int fd, int32_t param, int *value);

/* DRM_IOCTL_I915_QUERY for one item with the two-pass size protocol; *data
 * (allocated with alloc, instance scope) receives *size bytes. */
int gvk_i915_query(int fd, uint64_t query_id,
                   const VkAllocationCallbacks *alloc, void **data,
                   size_t *size);

/* A context whose engine map holds the render engine only (index 0). */
int gvk_i915_context_create(int fd, uint32_t *ctx_id);
void gvk_i915_context_destroy(int fd, uint32_t ctx_id);
int gvk_i915_context_getparam(int fd, uint32_t ctx_id, uint64_t param,
                              uint64_t *value);

int gvk_i915_gem_create(int fd, uint64_t size, uint32_t *handle);
void gvk_i915_gem_close(int fd, uint32_t handle);
/* Maps the whole object for CPU writes; write-back when the GPU snoops the
 * CPU caches (LLC), write-combined otherwise. */
void *gvk_i915_gem_mmap(int fd, uint32_t handle, uint64_t size, bool llc,
                        bool local_memory);

/* Number of batches of ctx_id the kernel found guilty of a hang or fault. */
int gvk_i915_guilty_batches(int fd, uint32_t ctx_id, uint32_t *count);

#endif
