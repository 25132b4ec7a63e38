/* vkCreateShaderModule / vkDestroyShaderModule: a copy of the SPIR-V words
 * and their SHA-1 (the pipeline cache key starts from it).  The words are
 * checked when a pipeline compiles them. */
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_pipeline.h"
#include "util_sha1.h"

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateShaderModule(VkDevice _device, const VkShaderModuleCreateInfo *pCreateInfo,
                       const VkAllocationCallbacks *pAllocator,
                       VkShaderModule *pShaderModule)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   size_t size = pCreateInfo->codeSize;
   /* VkShaderModuleCreateInfo: codeSize is a non-zero multiple of 4 */
   if (size == 0 || size % 4 || !pCreateInfo->pCode)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateShaderModule: codeSize %zu is not a "
                      "non-zero multiple of 4 with code", size);

   struct gvk_shader_module *module =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*module),
                        VK_OBJECT_TYPE_SHADER_MODULE, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!module)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   module->words = gvk_alloc(&module->base.alloc, size, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!module->words) {
      gvk_object_destroy(&module->base);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   memcpy(module->words, pCreateInfo->pCode, size);
   module->word_count = size / 4;
   util_sha1(module->words, size, module->sha1);
   *pShaderModule = gvk_shader_module_to_handle(module);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyShaderModule(VkDevice _device, VkShaderModule shaderModule,
                        const VkAllocationCallbacks *pAllocator)
{
   struct gvk_shader_module *module = gvk_shader_module_from_handle(shaderModule);
   if (!module)
      return;
   gvk_free(&module->base.alloc, module->words);
   gvk_object_destroy(&module->base);
}
