#ifndef GVK_INSTANCE_H
#define GVK_INSTANCE_H

#include <pthread.h>
#include <stdbool.h>

#include "gvk_entrypoints.h"
#include "gvk_object.h"

struct gvk_physical_device;

struct gvk_instance {
   struct gvk_object base;
   uint32_t api_version;               /* VkApplicationInfo::apiVersion */
   struct gvk_extension_set enabled;   /* instance extensions enabled */

   pthread_mutex_t lock;               /* guards the physical device list */
   bool enumerated;
   uint32_t physical_device_count;
   struct gvk_physical_device **physical_devices;
};

static inline struct gvk_instance *
gvk_instance_from_handle(VkInstance h)
{
   return (struct gvk_instance *)h;
}

/* True when e may be returned by vkGetInstanceProcAddr on this instance. */
bool gvk_instance_entrypoint_enabled(const struct gvk_instance *instance,
                                     const struct gvk_entrypoint *e);

#endif
