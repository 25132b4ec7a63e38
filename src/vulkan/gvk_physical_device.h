#ifndef GVK_PHYSICAL_DEVICE_H
#define GVK_PHYSICAL_DEVICE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "devinfo.h"
#include "gvk_entrypoints.h"
#include "gvk_object.h"

struct gvk_instance;

struct gvk_physical_device {
   struct gvk_object base;
   struct gvk_instance *instance;
   char path[64];                      /* render node, reopened per device */

   /* The table row, with what the kernel reports replacing the table's
    * topology, timestamp frequency and GTT size. */
   struct devinfo info;
   uint8_t revision;
   unsigned eu_total;
   unsigned subslice_total;
   uint64_t sys_memory_size;           /* bytes the kernel lets us use */
   uint64_t local_memory_size;         /* VRAM of discrete parts, else 0 */

   uint8_t build_sha1[20];             /* gvk_build_id_sha1() */
   struct gvk_extension_set supported; /* device extensions */
   uint32_t mocs;                      /* MOCS of the driver's surfaces
                                        * (gvk_physical_device_caps.c) */
   VkPhysicalDeviceProperties properties;
   VkPhysicalDeviceMemoryProperties memory;   /* gvk_memory.c */
   /* Bytes of each heap this process has allocated, on every device of
    * this physical device (VK_EXT_memory_budget). */
   _Atomic uint64_t heap_used[VK_MAX_MEMORY_HEAPS];
};

static inline struct gvk_physical_device *
gvk_physical_device_from_handle(VkPhysicalDevice h)
{
   return (struct gvk_physical_device *)h;
}

/* Fills instance->physical_devices from every i915 render node.  Devices
 * that cannot be used are skipped with one log line; only running out of
 * host memory fails. */
VkResult gvk_enumerate_physical_devices(struct gvk_instance *instance);

void gvk_physical_device_destroy(struct gvk_physical_device *pdev);

/* gvk_physical_device_caps.c: the supported extensions and the MOCS. */
void gvk_physical_device_init_caps(struct gvk_physical_device *pdev);
/* maxComputeWorkGroupInvocations */
uint32_t gvk_max_workgroup_invocations(const struct gvk_physical_device *pdev);

#endif
