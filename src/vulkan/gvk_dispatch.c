/* The loader-ICD interface (Vulkan loader "LoaderDriverInterface.md") and
 * the vkGet*ProcAddr rules of the Vulkan spec ("Command Function
 * Pointers"). */
#include <string.h>

#include "gvk_device.h"
#include "gvk_entrypoints.h"
#include "gvk_instance.h"
#include "gvk_physical_device.h"

#define GVK_EXPORT __attribute__((visibility("default")))

/* Version 5: the driver accepts any VkApplicationInfo::apiVersion, and the
 * loader finds physical-device commands through
 * vk_icdGetPhysicalDeviceProcAddr.  Versions 6 and 7 add only Windows
 * adapter enumeration and export rules this driver already follows. */
#define GVK_LOADER_ICD_INTERFACE_VERSION 5

GVK_EXPORT VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *pSupportedVersion)
{
   if (*pSupportedVersion < GVK_LOADER_ICD_INTERFACE_VERSION)
      return VK_ERROR_INCOMPATIBLE_DRIVER;
   *pSupportedVersion = GVK_LOADER_ICD_INTERFACE_VERSION;
   return VK_SUCCESS;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
gvk_GetInstanceProcAddr(VkInstance _instance, const char *pName)
{
   const struct gvk_entrypoint *e = gvk_entrypoint_lookup(pName);
   PFN_vkVoidFunction func = e ? gvk_entrypoint_func(e) : NULL;
   if (!func)
      return NULL;

   /* Valid with or without an instance since Vulkan 1.2. */
   if (strcmp(pName, "vkGetInstanceProcAddr") == 0)
      return func;
   if (e->level == GVK_LEVEL_GLOBAL)
      return _instance ? NULL : func;
   if (!_instance)
      return NULL;
   return gvk_instance_entrypoint_enabled(gvk_instance_from_handle(_instance), e)
          ? func : NULL;
}

GVK_EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetInstanceProcAddr(VkInstance instance, const char *pName)
{
   return gvk_GetInstanceProcAddr(instance, pName);
}

GVK_EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance _instance, const char *pName)
{
   /* NULL for anything that is not a physical-device command: the loader
    * then knows the driver does not handle it. */
   const struct gvk_entrypoint *e = gvk_entrypoint_lookup(pName);
   PFN_vkVoidFunction func = e ? gvk_entrypoint_func(e) : NULL;
   if (!_instance || !func || e->level != GVK_LEVEL_PHYSICAL_DEVICE)
      return NULL;
   return gvk_instance_entrypoint_enabled(gvk_instance_from_handle(_instance), e)
          ? func : NULL;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
gvk_GetDeviceProcAddr(VkDevice _device, const char *pName)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   const struct gvk_entrypoint *e = gvk_entrypoint_lookup(pName);
   PFN_vkVoidFunction func = e ? gvk_entrypoint_func(e) : NULL;
   if (!device || !func || e->level != GVK_LEVEL_DEVICE)
      return NULL;

   if (e->core_version && e->core_version <= device->api_version)
      return func;
   const struct gvk_instance *instance = device->pdev->instance;
   for (const int16_t *x = e->extensions; *x >= 0; x++) {
      bool on = *x < GVK_INSTANCE_EXT_COUNT ? instance->enabled.has[*x]
                                            : device->enabled.has[*x];
      if (on)
         return func;
   }
   return NULL;
}
