/* Host memory through VkAllocationCallbacks (Vulkan spec "Memory
 * Allocation"): every driver allocation goes through these helpers so that an
 * application allocator sees, and may fail, each one. */
#ifndef GVK_ALLOC_H
#define GVK_ALLOC_H

#include <stddef.h>
#include <vulkan/vulkan_core.h>

/* The callbacks used when the application passes none. */
extern const VkAllocationCallbacks gvk_default_alloc;

/* The allocator an object uses: its own pAllocator if given, else the one
 * of its parent (a device inherits its instance's allocator). */
const VkAllocationCallbacks *
gvk_pick_alloc(const VkAllocationCallbacks *parent,
               const VkAllocationCallbacks *own);

void *gvk_alloc(const VkAllocationCallbacks *alloc, size_t size,
                VkSystemAllocationScope scope);
void *gvk_zalloc(const VkAllocationCallbacks *alloc, size_t size,
                 VkSystemAllocationScope scope);
void gvk_free(const VkAllocationCallbacks *alloc, void *ptr);

/* Grows *array (*cap elements of elem bytes, the first count in use) to
 * hold at least need elements, at least doubling; VK_SUCCESS or
 * VK_ERROR_OUT_OF_HOST_MEMORY with *array unchanged. */
VkResult gvk_grow_array(const VkAllocationCallbacks *alloc, void **array, uint32_t *cap,
                        uint32_t count, uint32_t need, size_t elem,
                        VkSystemAllocationScope scope);

#endif
