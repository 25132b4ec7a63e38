/* External memory, fence and semaphore capabilities (Vulkan 1.1): genvk
 * exports and imports nothing yet, so every handle type is reported as
 * neither exportable nor importable (Vulkan spec "External Memory
 * Capabilities": all-zero properties mean unsupported). */
#include "gvk_entrypoints.h"
#include "gvk_log.h"

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceExternalBufferProperties(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceExternalBufferInfo *info,
   VkExternalBufferProperties *props)
{
   props->externalMemoryProperties = (VkExternalMemoryProperties){ 0 };
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceExternalFenceProperties(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceExternalFenceInfo *info,
   VkExternalFenceProperties *props)
{
   *props = (VkExternalFenceProperties){ .sType = props->sType, .pNext = props->pNext };
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceExternalSemaphoreProperties(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceExternalSemaphoreInfo *info,
   VkExternalSemaphoreProperties *props)
{
   *props = (VkExternalSemaphoreProperties){ .sType = props->sType,
                                             .pNext = props->pNext };
}

/* samplerYcbcrConversion is not supported, so calling these is invalid
 * usage; creation still fails cleanly rather than returning a handle no
 * sampler could use. */
VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateSamplerYcbcrConversion(VkDevice device,
                                 const VkSamplerYcbcrConversionCreateInfo *info,
                                 const VkAllocationCallbacks *alloc,
                                 VkSamplerYcbcrConversion *conversion)
{
   *conversion = VK_NULL_HANDLE;
   return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                   "vkCreateSamplerYcbcrConversion: the samplerYcbcrConversion "
                   "feature is not supported");
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroySamplerYcbcrConversion(VkDevice device, VkSamplerYcbcrConversion conversion,
                                  const VkAllocationCallbacks *alloc)
{
}
