/* VK_EXT_transform_feedback commands: the bound buffers, begin and end of
 * a capture with its counter buffers, and draws whose vertex count a
 * counter gives.  What they emit is genX_gfx_xfb.c's. */
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "macros.h"

#define XFB_BUFFERS 4

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBindTransformFeedbackBuffersEXT(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                                       uint32_t bindingCount, const VkBuffer *pBuffers,
                                       const VkDeviceSize *pOffsets,
                                       const VkDeviceSize *pSizes)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (firstBinding + bindingCount > XFB_BUFFERS) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBindTransformFeedbackBuffersEXT: "
                                      "bindings %u..%u beyond the %u supported", firstBinding,
                                      firstBinding + bindingCount - 1, XFB_BUFFERS));
      return;
   }
   for (uint32_t i = 0; i < bindingCount; i++) {
      const struct gvk_buffer *buf = gvk_buffer_from_handle(pBuffers[i]);
      __typeof__(cmd->xfb.buffer[0]) *b = &cmd->xfb.buffer[firstBinding + i];
      const uint64_t rest = pOffsets[i] < buf->size ? buf->size - pOffsets[i] : 0;
      b->addr = gvk_address_gpu(buf->address) + pOffsets[i];
      b->size = pSizes && pSizes[i] != VK_WHOLE_SIZE ? MIN2(pSizes[i], rest) : rest;
   }
   cmd->xfb.dirty = true;
}

/* Counter buffer addresses by transform feedback buffer (0: none; Vulkan
 * "vkCmdBeginTransformFeedbackEXT": counter i belongs to buffer
 * firstCounterBuffer + i, a null handle meaning none). */
static bool
counters(struct gvk_cmd_buffer *cmd, const char *command, uint32_t first, uint32_t count,
         const VkBuffer *buffers, const VkDeviceSize *offsets, uint64_t out[XFB_BUFFERS])
{
   for (unsigned b = 0; b < XFB_BUFFERS; b++)
      out[b] = 0;
   if (first + count > XFB_BUFFERS) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "%s: counter buffers %u..%u beyond "
                                      "the %u supported", command, first, first + count - 1,
                                      XFB_BUFFERS));
      return false;
   }
   for (uint32_t i = 0; buffers && i < count; i++) {
      const struct gvk_buffer *buf = gvk_buffer_from_handle(buffers[i]);
      if (buf)
         out[first + i] = gvk_address_gpu(buf->address) + (offsets ? offsets[i] : 0);
   }
   return true;
}

/* Begins (begin) or ends a capture. */
static void
capture(VkCommandBuffer commandBuffer, bool begin, uint32_t first, uint32_t count,
        const VkBuffer *buffers, const VkDeviceSize *offsets)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const char *command = begin ? "vkCmdBeginTransformFeedbackEXT"
                               : "vkCmdEndTransformFeedbackEXT";
   uint64_t counter[XFB_BUFFERS];
   if (!counters(cmd, command, first, count, buffers, offsets, counter))
      return;
   if (begin)
      cmd->device->genx->xfb_begin(cmd, counter);
   else
      cmd->device->genx->xfb_end(cmd, counter);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBeginTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
                                 uint32_t counterBufferCount,
                                 const VkBuffer *pCounterBuffers,
                                 const VkDeviceSize *pCounterBufferOffsets)
{
   capture(commandBuffer, true, firstCounterBuffer, counterBufferCount, pCounterBuffers,
           pCounterBufferOffsets);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdEndTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
                               uint32_t counterBufferCount, const VkBuffer *pCounterBuffers,
                               const VkDeviceSize *pCounterBufferOffsets)
{
   capture(commandBuffer, false, firstCounterBuffer, counterBufferCount, pCounterBuffers,
           pCounterBufferOffsets);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDrawIndirectByteCountEXT(VkCommandBuffer commandBuffer, uint32_t instanceCount,
                                uint32_t firstInstance, VkBuffer counterBuffer,
                                VkDeviceSize counterBufferOffset, uint32_t counterOffset,
                                uint32_t vertexStride)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const char *command = "vkCmdDrawIndirectByteCountEXT";
   if (!gvk_cmd_check_draw(cmd, command))
      return;
   if (!vertexStride) {
      gvk_fail(VK_ERROR_UNKNOWN, "%s: vertexStride 0 (draw skipped)", command);
      return;
   }
   if (!instanceCount)
      return;
   const struct gvk_buffer *buf = gvk_buffer_from_handle(counterBuffer);
   const struct gvk_draw_byte_count d = {
      .instance_count = instanceCount, .first_instance = firstInstance,
      .counter_addr = gvk_address_gpu(buf->address) + counterBufferOffset,
      .counter_offset = counterOffset, .stride = vertexStride,
   };
   cmd->device->genx->draw_byte_count(cmd, &d);
}
