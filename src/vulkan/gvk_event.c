/* Events: creation, the host's view of them, and the command entry points,
 * which hand over to the generation's emission (genX_cmd_event.c) and,
 * for the memory dependency of a wait, to the pipeline barrier. */
#include <stdatomic.h>

#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_query.h"

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateEvent(VkDevice _device, const VkEventCreateInfo *info,
                const VkAllocationCallbacks *alloc, VkEvent *out)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   (void)info;
   struct gvk_event *event =
      gvk_object_create(&device->base.alloc, alloc, sizeof(*event),
                        VK_OBJECT_TYPE_EVENT, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!event)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   /* Zeroed: GVK_EVENT_RESET, the state of a new event. */
   VkResult result = gvk_bo_create(device, 8, GVK_BO_MAP, "event", &event->bo);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&event->base);
      return result;
   }
   *out = gvk_event_to_handle(event);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyEvent(VkDevice _device, VkEvent _event,
                 const VkAllocationCallbacks *alloc)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_event *event = gvk_event_from_handle(_event);
   if (!event)
      return;
   gvk_bo_unref(device, event->bo);
   gvk_object_destroy(&event->base);
}

static uint64_t *
event_slot(const struct gvk_event *event)
{
   return event->bo->map;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetEventStatus(VkDevice _device, VkEvent _event)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;
   uint64_t value = __atomic_load_n(event_slot(gvk_event_from_handle(_event)),
                                    __ATOMIC_ACQUIRE);
   return value == GVK_EVENT_SET ? VK_EVENT_SET : VK_EVENT_RESET;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_SetEvent(VkDevice _device, VkEvent _event)
{
   __atomic_store_n(event_slot(gvk_event_from_handle(_event)), GVK_EVENT_SET,
                    __ATOMIC_RELEASE);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_ResetEvent(VkDevice _device, VkEvent _event)
{
   __atomic_store_n(event_slot(gvk_event_from_handle(_event)), GVK_EVENT_RESET,
                    __ATOMIC_RELEASE);
   return VK_SUCCESS;
}

/* ---- commands ---- */

static void
cmd_set_event(VkCommandBuffer commandBuffer, VkEvent _event, uint32_t value,
              VkPipelineStageFlags2 src_stages)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   gvk_genx_query_cmds(cmd->device)->set_event(cmd, gvk_event_from_handle(_event),
                                               value, src_stages);
}

/* The first synchronization scope of vkCmdSetEvent2: every source stage
 * of its barriers. */
static VkPipelineStageFlags2
dependency_src_stages(const VkDependencyInfo *dep)
{
   VkPipelineStageFlags2 stages = 0;
   for (uint32_t i = 0; i < dep->memoryBarrierCount; i++)
      stages |= dep->pMemoryBarriers[i].srcStageMask;
   for (uint32_t i = 0; i < dep->bufferMemoryBarrierCount; i++)
      stages |= dep->pBufferMemoryBarriers[i].srcStageMask;
   for (uint32_t i = 0; i < dep->imageMemoryBarrierCount; i++)
      stages |= dep->pImageMemoryBarriers[i].srcStageMask;
   return stages;
}

/* The memory dependency's flushes go before the event changes, so that
 * whoever sees the event set (the host included) sees the writes. */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetEvent2(VkCommandBuffer commandBuffer, VkEvent event,
                 const VkDependencyInfo *dep)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   cmd->device->genx->barrier(cmd, dep);
   cmd_set_event(commandBuffer, event, GVK_EVENT_SET, dependency_src_stages(dep));
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetEvent(VkCommandBuffer commandBuffer, VkEvent event,
                VkPipelineStageFlags stages)
{
   cmd_set_event(commandBuffer, event, GVK_EVENT_SET, stages);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdResetEvent2(VkCommandBuffer commandBuffer, VkEvent event,
                   VkPipelineStageFlags2 stages)
{
   cmd_set_event(commandBuffer, event, GVK_EVENT_RESET, stages);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdResetEvent(VkCommandBuffer commandBuffer, VkEvent event,
                  VkPipelineStageFlags stages)
{
   cmd_set_event(commandBuffer, event, GVK_EVENT_RESET, stages);
}

static void
wait_events(struct gvk_cmd_buffer *cmd, uint32_t count, const VkEvent *events)
{
   const struct gvk_genx_query_cmds *genx = gvk_genx_query_cmds(cmd->device);
   for (uint32_t i = 0; i < count; i++)
      genx->wait_event(cmd, gvk_event_from_handle(events[i]));
}

/* Vulkan "vkCmdWaitEvents2": each event's dependency is a pipeline
 * barrier once the event is set. */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdWaitEvents2(VkCommandBuffer commandBuffer, uint32_t count,
                   const VkEvent *events, const VkDependencyInfo *deps)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   wait_events(cmd, count, events);
   for (uint32_t i = 0; i < count; i++)
      cmd->device->genx->barrier(cmd, &deps[i]);
}

/* The synchronization2 form of one vkCmdWaitEvents barrier (Vulkan spec,
 * "VK_KHR_synchronization2": the flags keep their values). */
static void
barrier2(struct gvk_cmd_buffer *cmd, const VkMemoryBarrier2 *memory,
         const VkBufferMemoryBarrier2 *buffer, const VkImageMemoryBarrier2 *image)
{
   const VkDependencyInfo dep = {
      .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
      .memoryBarrierCount = memory != NULL, .pMemoryBarriers = memory,
      .bufferMemoryBarrierCount = buffer != NULL, .pBufferMemoryBarriers = buffer,
      .imageMemoryBarrierCount = image != NULL, .pImageMemoryBarriers = image,
   };
   cmd->device->genx->barrier(cmd, &dep);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdWaitEvents(VkCommandBuffer commandBuffer, uint32_t count,
                  const VkEvent *events, VkPipelineStageFlags src,
                  VkPipelineStageFlags dst, uint32_t memory_count,
                  const VkMemoryBarrier *memory, uint32_t buffer_count,
                  const VkBufferMemoryBarrier *buffers, uint32_t image_count,
                  const VkImageMemoryBarrier *images)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   wait_events(cmd, count, events);

   /* With no barrier at all the wait is still an execution dependency. */
   VkMemoryBarrier2 m = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = src, .dstStageMask = dst,
   };
   if (memory_count + buffer_count + image_count == 0)
      barrier2(cmd, &m, NULL, NULL);
   for (uint32_t i = 0; i < memory_count; i++) {
      m.srcAccessMask = memory[i].srcAccessMask;
      m.dstAccessMask = memory[i].dstAccessMask;
      barrier2(cmd, &m, NULL, NULL);
   }
   for (uint32_t i = 0; i < buffer_count; i++) {
      const VkBufferMemoryBarrier *b = &buffers[i];
      barrier2(cmd, NULL, &(VkBufferMemoryBarrier2){
         .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2,
         .srcStageMask = src, .srcAccessMask = b->srcAccessMask,
         .dstStageMask = dst, .dstAccessMask = b->dstAccessMask,
         .srcQueueFamilyIndex = b->srcQueueFamilyIndex,
         .dstQueueFamilyIndex = b->dstQueueFamilyIndex,
         .buffer = b->buffer, .offset = b->offset, .size = b->size,
      }, NULL);
   }
   for (uint32_t i = 0; i < image_count; i++) {
      const VkImageMemoryBarrier *b = &images[i];
      barrier2(cmd, NULL, NULL, &(VkImageMemoryBarrier2){
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
         .srcStageMask = src, .srcAccessMask = b->srcAccessMask,
         .dstStageMask = dst, .dstAccessMask = b->dstAccessMask,
         .oldLayout = b->oldLayout, .newLayout = b->newLayout,
         .srcQueueFamilyIndex = b->srcQueueFamilyIndex,
         .dstQueueFamilyIndex = b->dstQueueFamilyIndex,
         .image = b->image, .subresourceRange = b->subresourceRange,
      });
   }
}
