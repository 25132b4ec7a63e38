/* Device memory, buffers and buffer views. */
#ifndef GVK_MEMORY_H
#define GVK_MEMORY_H

#include <stdint.h>

#include "gvk_bo.h"
#include "gvk_object.h"

struct gvk_device_memory {
   struct gvk_object base;
   struct gvk_bo *bo;
   uint64_t size;                 /* allocationSize */
   uint32_t type_index;
   void *map;                     /* mapping handed out by vkMapMemory */
   uint64_t map_offset, map_size;
};

struct gvk_buffer {
   struct gvk_object base;
   uint64_t size;
   VkBufferUsageFlags usage;
   VkBufferCreateFlags flags;
   struct gvk_address address;    /* bo NULL until bound */
};

/* A texel buffer view: the surface state fields isl needs. */
struct gvk_buffer_view {
   struct gvk_object base;
   struct gvk_buffer *buffer;
   VkFormat vk_format;
   uint32_t isl_format;           /* enum isl_format */
   struct gvk_address address;    /* first byte of the view */
   uint64_t range;                /* bytes */
   uint32_t texels;               /* range / bytes per texel */
};

GVK_DEFINE_HANDLE_CASTS(gvk_device_memory, VkDeviceMemory)
GVK_DEFINE_HANDLE_CASTS(gvk_buffer, VkBuffer)
GVK_DEFINE_HANDLE_CASTS(gvk_buffer_view, VkBufferView)

/* Requirements every memory type of the device satisfies: tiled images
 * need no fences or bit-6 swizzling, buffers no special mapping. */
struct gvk_device;
VkMemoryRequirements gvk_memory_requirements(const struct gvk_device *device,
                                             uint64_t size, uint64_t alignment);

/* Answers the structures chained to req (VkMemoryDedicatedRequirements:
 * neither preferred nor required). */
void gvk_memory_requirements_chain(VkMemoryRequirements2 *req);

/* The memory types of a device (gvk_physical_device.memory) are built here
 * from whether the GPU shares the CPU's last-level cache. */
struct gvk_physical_device;
void gvk_physical_device_init_memory(struct gvk_physical_device *pdev);

#endif
