#include "gvk_instance.h"

#include <stdlib.h>
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_log.h"
#include "gvk_outarray.h"
#include "gvk_physical_device.h"

/* The instance extensions the driver implements. */
static const struct gvk_extension_set gvk_instance_extensions_supported = {
   .has = {
      [GVK_EXT_KHR_get_physical_device_properties2] = true,
   },
};

VKAPI_ATTR VkResult VKAPI_CALL
gvk_EnumerateInstanceExtensionProperties(const char *pLayerName,
                                         uint32_t *pPropertyCount,
                                         VkExtensionProperties *pProperties)
{
   /* The driver provides no layers (they come from the loader). */
   if (pLayerName)
      return VK_ERROR_LAYER_NOT_PRESENT;

   struct gvk_outarray out = gvk_outarray_init(pProperties,
                                               sizeof(*pProperties),
                                               pPropertyCount);
   for (int i = 0; i < GVK_INSTANCE_EXT_COUNT; i++) {
      if (!gvk_instance_extensions_supported.has[i])
         continue;
      VkExtensionProperties *p = gvk_outarray_next(&out);
      if (p)
         *p = gvk_extensions[i];
   }
   return gvk_outarray_finish(&out);
}

static VkResult
enable_extensions(struct gvk_instance *instance,
                  const VkInstanceCreateInfo *info)
{
   for (uint32_t i = 0; i < info->enabledExtensionCount; i++) {
      const char *name = info->ppEnabledExtensionNames[i];
      int idx = gvk_extension_index(name);
      if (idx < 0 || idx >= GVK_INSTANCE_EXT_COUNT ||
          !gvk_instance_extensions_supported.has[idx])
         return gvk_fail(VK_ERROR_EXTENSION_NOT_PRESENT,
                         "vkCreateInstance: instance extension %s is not "
                         "supported by genvk", name);
      instance->enabled.has[idx] = true;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateInstance(const VkInstanceCreateInfo *pCreateInfo,
                   const VkAllocationCallbacks *pAllocator,
                   VkInstance *pInstance)
{
   struct gvk_instance *instance =
      gvk_object_create(NULL, pAllocator, sizeof(*instance),
                        VK_OBJECT_TYPE_INSTANCE,
                        VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!instance)
      return VK_ERROR_OUT_OF_HOST_MEMORY;

   VkResult result = enable_extensions(instance, pCreateInfo);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&instance->base);
      return result;
   }

   /* A zero (or absent) apiVersion means 1.0 (VkApplicationInfo). */
   const VkApplicationInfo *app = pCreateInfo->pApplicationInfo;
   instance->api_version = app && app->apiVersion ? app->apiVersion
                                                  : VK_API_VERSION_1_0;
   pthread_mutex_init(&instance->lock, NULL);
   *pInstance = (VkInstance)instance;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyInstance(VkInstance _instance,
                    const VkAllocationCallbacks *pAllocator)
{
   struct gvk_instance *instance = gvk_instance_from_handle(_instance);
   if (!instance)
      return;
   for (uint32_t i = 0; i < instance->physical_device_count; i++)
      gvk_physical_device_destroy(instance->physical_devices[i]);
   gvk_free(&instance->base.alloc, instance->physical_devices);
   pthread_mutex_destroy(&instance->lock);
   gvk_object_destroy(&instance->base);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_EnumerateInstanceVersion(uint32_t *pApiVersion)
{
   *pApiVersion = VK_MAKE_API_VERSION(0, 1, GVK_API_VERSION_MINOR, VK_HEADER_VERSION);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_EnumeratePhysicalDevices(VkInstance _instance,
                             uint32_t *pPhysicalDeviceCount,
                             VkPhysicalDevice *pPhysicalDevices)
{
   struct gvk_instance *instance = gvk_instance_from_handle(_instance);

   /* Probed on first use, not in vkCreateInstance, so that an instance
    * created only to list extensions never opens a render node. */
   pthread_mutex_lock(&instance->lock);
   VkResult result = VK_SUCCESS;
   if (!instance->enumerated)
      result = gvk_enumerate_physical_devices(instance);
   pthread_mutex_unlock(&instance->lock);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_outarray out = gvk_outarray_init(pPhysicalDevices,
                                               sizeof(*pPhysicalDevices),
                                               pPhysicalDeviceCount);
   for (uint32_t i = 0; i < instance->physical_device_count; i++) {
      VkPhysicalDevice *p = gvk_outarray_next(&out);
      if (p)
         *p = (VkPhysicalDevice)instance->physical_devices[i];
   }
   return gvk_outarray_finish(&out);
}

bool
gvk_instance_entrypoint_enabled(const struct gvk_instance *instance,
                                const struct gvk_entrypoint *e)
{
   if (e->core_version && e->core_version <= instance->api_version)
      return true;
   for (const int16_t *x = e->extensions; *x >= 0; x++) {
      /* Device extension commands are returned whenever some device may
       * support the extension (spec, vkGetInstanceProcAddr). */
      if (*x < GVK_INSTANCE_EXT_COUNT ? instance->enabled.has[*x]
                                       : true)
         return true;
   }
   return false;
}
