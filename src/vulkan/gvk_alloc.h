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

#endif
