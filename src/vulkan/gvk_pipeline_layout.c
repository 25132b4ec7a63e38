/* Pipeline layouts: the set layouts a pipeline is compiled against, where
 * each set's dynamic offsets start, the push constant size, and a hash
 * of what a compiled kernel depends on. */
#include "gvk_descriptor.h"

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "macros.h"
#include "util_sha1.h"

static void
sha1_u32(struct util_sha1_ctx *ctx, uint32_t v)
{
   const uint8_t bytes[4] = {
      (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24),
   };
   util_sha1_update(ctx, bytes, sizeof(bytes));
}

/* What the back end reads from a layout to place bindings: every set's
 * bindings (type, array size, binding flags) and the push constant size.
 * Stages, immutable sampler handles and dynamic offset values are not in
 * the kernel. */
static void
layout_hash(struct gvk_pipeline_layout *layout)
{
   struct util_sha1_ctx ctx;
   util_sha1_init(&ctx);
   sha1_u32(&ctx, layout->set_count);
   for (uint32_t s = 0; s < layout->set_count; s++) {
      const struct gvk_descriptor_set_layout *set = layout->sets[s];
      if (!set) {
         sha1_u32(&ctx, UINT32_MAX);
         continue;
      }
      sha1_u32(&ctx, set->flags);
      sha1_u32(&ctx, set->binding_count);
      for (uint32_t b = 0; b < set->binding_count; b++) {
         sha1_u32(&ctx, set->bindings[b].type);
         sha1_u32(&ctx, set->bindings[b].count);
         sha1_u32(&ctx, set->bindings[b].flags);
      }
   }
   sha1_u32(&ctx, layout->push_constant_size);
   util_sha1_final(&ctx, layout->sha1);
}

static VkResult
check_layout(const VkPipelineLayoutCreateInfo *info)
{
   if (info->setLayoutCount > GVK_MAX_SETS)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreatePipelineLayout: %u set "
                      "layouts exceed maxBoundDescriptorSets (%u)",
                      info->setLayoutCount, GVK_MAX_SETS);
   uint32_t dynamic = 0, push_sets = 0;
   for (uint32_t s = 0; s < info->setLayoutCount; s++) {
      const struct gvk_descriptor_set_layout *set =
         gvk_descriptor_set_layout_from_handle(info->pSetLayouts[s]);
      if (!set)
         continue;
      dynamic += set->dynamic_count;
      if (set->flags & VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR)
         push_sets++;
   }
   if (dynamic > GVK_MAX_DYNAMIC_BUFFERS)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreatePipelineLayout: %u dynamic "
                      "buffers exceed genvk's %u", dynamic, GVK_MAX_DYNAMIC_BUFFERS);
   /* VkPipelineLayoutCreateInfo valid usage */
   if (push_sets > 1)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreatePipelineLayout: %u push "
                      "descriptor set layouts, at most one is allowed", push_sets);
   for (uint32_t i = 0; i < info->pushConstantRangeCount; i++) {
      const VkPushConstantRange *r = &info->pPushConstantRanges[i];
      if ((uint64_t)r->offset + r->size > GVK_MAX_PUSH_CONSTANTS)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreatePipelineLayout: push "
                         "constant range %u (offset %u, size %u) ends past "
                         "%u bytes", i, r->offset, r->size, GVK_MAX_PUSH_CONSTANTS);
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreatePipelineLayout(VkDevice _device,
                         const VkPipelineLayoutCreateInfo *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator,
                         VkPipelineLayout *pPipelineLayout)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   VkResult result = check_layout(pCreateInfo);
   if (result != VK_SUCCESS)
      return result;
   struct gvk_pipeline_layout *layout =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*layout),
                        VK_OBJECT_TYPE_PIPELINE_LAYOUT,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!layout)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   atomic_init(&layout->refcount, 1);
   layout->set_count = pCreateInfo->setLayoutCount;
   for (uint32_t s = 0; s < layout->set_count; s++) {
      struct gvk_descriptor_set_layout *set =
         gvk_descriptor_set_layout_from_handle(pCreateInfo->pSetLayouts[s]);
      layout->dynamic_offset_start[s] = layout->dynamic_count;
      if (!set)
         continue;
      layout->sets[s] = gvk_descriptor_set_layout_ref(set);
      layout->dynamic_count += set->dynamic_count;
   }
   for (uint32_t i = 0; i < pCreateInfo->pushConstantRangeCount; i++) {
      const VkPushConstantRange *r = &pCreateInfo->pPushConstantRanges[i];
      layout->push_constant_size = MAX2(layout->push_constant_size,
                                        r->offset + r->size);
      layout->push_constant_stages |= r->stageFlags;
   }
   layout_hash(layout);
   *pPipelineLayout = gvk_pipeline_layout_to_handle(layout);
   return VK_SUCCESS;
}

void
gvk_pipeline_layout_unref(struct gvk_device *device,
                          struct gvk_pipeline_layout *layout)
{
   if (atomic_fetch_sub(&layout->refcount, 1) != 1)
      return;
   for (uint32_t s = 0; s < layout->set_count; s++) {
      if (layout->sets[s])
         gvk_descriptor_set_layout_unref(device, layout->sets[s]);
   }
   gvk_object_destroy(&layout->base);
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyPipelineLayout(VkDevice _device, VkPipelineLayout pipelineLayout,
                          const VkAllocationCallbacks *pAllocator)
{
   struct gvk_pipeline_layout *layout = gvk_pipeline_layout_from_handle(pipelineLayout);
   if (layout)
      gvk_pipeline_layout_unref(gvk_device_from_handle(_device), layout);
}
