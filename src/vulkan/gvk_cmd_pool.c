/* Command pools and the allocation of command buffers from them.
 *
 * A pool keeps no memory of its own: command buffers take their blocks
 * from the device (gvk_block_get) and give them back when they are reset
 * or freed, so trimming has nothing to return.  Host memory of the pool's
 * command buffers comes from the pool's allocator (Vulkan spec, "Command
 * Pools": command buffers use the pool's allocation callbacks). */
#include "gvk_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateCommandPool(VkDevice _device, const VkCommandPoolCreateInfo *pCreateInfo,
                      const VkAllocationCallbacks *pAllocator,
                      VkCommandPool *pCommandPool)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   /* One queue family (gvk_queue_family), index 0. */
   if (pCreateInfo->queueFamilyIndex != 0)
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateCommandPool: no queue family %u (genvk has "
                      "family 0 only)", pCreateInfo->queueFamilyIndex);
   struct gvk_cmd_pool *pool =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*pool),
                        VK_OBJECT_TYPE_COMMAND_POOL,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->flags = pCreateInfo->flags;
   *pCommandPool = gvk_cmd_pool_to_handle(pool);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyCommandPool(VkDevice device, VkCommandPool commandPool,
                       const VkAllocationCallbacks *pAllocator)
{
   struct gvk_cmd_pool *pool = gvk_cmd_pool_from_handle(commandPool);
   if (!pool)
      return;
   /* Destroying a pool frees the command buffers allocated from it. */
   while (pool->buffers)
      gvk_cmd_buffer_destroy(pool->buffers);
   gvk_object_destroy(&pool->base);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_ResetCommandPool(VkDevice device, VkCommandPool commandPool,
                     VkCommandPoolResetFlags flags)
{
   struct gvk_cmd_pool *pool = gvk_cmd_pool_from_handle(commandPool);
   /* With or without RELEASE_RESOURCES, every block goes back to the
    * device: the pool keeps none. */
   for (struct gvk_cmd_buffer *cmd = pool->buffers; cmd; cmd = cmd->pool_next)
      gvk_cmd_buffer_reset(cmd);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_TrimCommandPool(VkDevice device, VkCommandPool commandPool,
                    VkCommandPoolTrimFlags flags)
{
   /* Nothing is cached in the pool (see the top of this file). */
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_AllocateCommandBuffers(VkDevice _device,
                           const VkCommandBufferAllocateInfo *pAllocateInfo,
                           VkCommandBuffer *pCommandBuffers)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_cmd_pool *pool = gvk_cmd_pool_from_handle(pAllocateInfo->commandPool);
   const uint32_t count = pAllocateInfo->commandBufferCount;
   for (uint32_t i = 0; i < count; i++) {
      struct gvk_cmd_buffer *cmd;
      VkResult result = gvk_cmd_buffer_create(device, pool, pAllocateInfo->level,
                                              &cmd);
      if (result == VK_SUCCESS) {
         pCommandBuffers[i] = (VkCommandBuffer)cmd;
         continue;
      }
      /* Spec (vkAllocateCommandBuffers): on failure every command buffer
       * of the call is freed and every handle set to NULL. */
      for (uint32_t j = 0; j < i; j++)
         gvk_cmd_buffer_destroy(gvk_cmd_buffer_from_handle(pCommandBuffers[j]));
      for (uint32_t j = 0; j < count; j++)
         pCommandBuffers[j] = VK_NULL_HANDLE;
      return result;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_FreeCommandBuffers(VkDevice device, VkCommandPool commandPool,
                       uint32_t commandBufferCount,
                       const VkCommandBuffer *pCommandBuffers)
{
   for (uint32_t i = 0; i < commandBufferCount; i++) {
      struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(pCommandBuffers[i]);
      if (cmd)
         gvk_cmd_buffer_destroy(cmd);
   }
}
