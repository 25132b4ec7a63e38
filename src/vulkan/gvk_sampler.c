/* vkCreateSampler / vkDestroySampler: the states are packed once, by the
 * device generation's genX_sampler.c. */
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "macros.h"

typedef void (*sampler_fill_fn)(struct gvk_sampler *sampler,
                                const VkSamplerCreateInfo *info);

static const struct {
   unsigned verx10;
   sampler_fill_fn fill;
} sampler_fills[] = {
   { 70, gfx70_sampler_fill }, { 75, gfx75_sampler_fill },
   { 80, gfx80_sampler_fill }, { 90, gfx90_sampler_fill },
   { 110, gfx110_sampler_fill }, { 120, gfx120_sampler_fill },
};

static sampler_fill_fn
sampler_fill_for(unsigned verx10)
{
   for (size_t i = 0; i < ARRAY_SIZE(sampler_fills); i++) {
      if (sampler_fills[i].verx10 == verx10)
         return sampler_fills[i].fill;
   }
   return NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateSampler(VkDevice _device, const VkSamplerCreateInfo *pCreateInfo,
                  const VkAllocationCallbacks *pAllocator, VkSampler *pSampler)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   sampler_fill_fn fill = sampler_fill_for(device->pdev->info.verx10);
   if (!fill)
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateSampler: no sampler packing for Gen verx10 %u",
                      device->pdev->info.verx10);
   struct gvk_sampler *sampler =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*sampler),
                        VK_OBJECT_TYPE_SAMPLER, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!sampler)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   fill(sampler, pCreateInfo);
   *pSampler = gvk_sampler_to_handle(sampler);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroySampler(VkDevice _device, VkSampler _sampler,
                   const VkAllocationCallbacks *pAllocator)
{
   struct gvk_sampler *sampler = gvk_sampler_from_handle(_sampler);
   if (sampler)
      gvk_object_destroy(&sampler->base);
}
