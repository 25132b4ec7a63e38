/* Draw commands: binding graphics pipelines, vertex and index buffers,
 * the dynamic state setters and vkCmdDraw*, which hand the draw to the
 * generation's genX_cmd_draw.c. */
#include <string.h>

#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_pipeline.h"
#include "macros.h"

/* A pipeline's static values replace the dynamic state it does not
 * leave dynamic; what it leaves dynamic keeps the value last set, before
 * or after earlier binds (spec "Pipeline Dynamic State"). */
static void
apply_static_state(const struct gvk_gfx_pipeline *g, struct gvk_gfx_dynamic *d)
{
   const struct gvk_gfx_dynamic *s = &g->state;
#define STATIC(bits, field)                                    \
   do {                                                        \
      if (!(g->dynamic & (bits)))                              \
         memcpy(&d->field, &s->field, sizeof(d->field));       \
   } while (0)
   /* VIEWPORT leaves the viewports dynamic, VIEWPORT_WITH_COUNT their
    * count too */
   STATIC(GVK_DYNAMIC_VIEWPORT | GVK_DYNAMIC_VIEWPORT_COUNT, viewports);
   STATIC(GVK_DYNAMIC_VIEWPORT_COUNT, viewport_count);
   STATIC(GVK_DYNAMIC_SCISSOR | GVK_DYNAMIC_SCISSOR_COUNT, scissors);
   STATIC(GVK_DYNAMIC_SCISSOR_COUNT, scissor_count);
   STATIC(GVK_DYNAMIC_BLEND_CONSTANTS, blend_constants);
   STATIC(GVK_DYNAMIC_STENCIL_COMPARE_MASK, stencil_compare);
   STATIC(GVK_DYNAMIC_STENCIL_WRITE_MASK, stencil_write);
   STATIC(GVK_DYNAMIC_STENCIL_REFERENCE, stencil_reference);
   STATIC(GVK_DYNAMIC_DEPTH_BIAS, depth_bias_constant);
   STATIC(GVK_DYNAMIC_DEPTH_BIAS, depth_bias_clamp);
   STATIC(GVK_DYNAMIC_DEPTH_BIAS, depth_bias_slope);
   STATIC(GVK_DYNAMIC_LINE_WIDTH, line_width);
   STATIC(GVK_DYNAMIC_CULL_MODE, cull_mode);
   STATIC(GVK_DYNAMIC_FRONT_FACE, front_face);
   STATIC(GVK_DYNAMIC_TOPOLOGY, topology);
   STATIC(GVK_DYNAMIC_PRIMITIVE_RESTART, primitive_restart);
   STATIC(GVK_DYNAMIC_RASTERIZER_DISCARD, rasterizer_discard);
   STATIC(GVK_DYNAMIC_DEPTH_BIAS_ENABLE, depth_bias_enable);
   STATIC(GVK_DYNAMIC_DEPTH_TEST, depth_test);
   STATIC(GVK_DYNAMIC_DEPTH_WRITE, depth_write);
   STATIC(GVK_DYNAMIC_DEPTH_COMPARE, depth_compare);
   STATIC(GVK_DYNAMIC_STENCIL_TEST, stencil_test);
   STATIC(GVK_DYNAMIC_STENCIL_OP, stencil_ops);
   STATIC(GVK_DYNAMIC_LOGIC_OP, logic_op);
#undef STATIC
}

void
gvk_cmd_bind_graphics_pipeline(struct gvk_cmd_buffer *cmd, struct gvk_pipeline *p)
{
   if (cmd->graphics.pipeline == p)
      return;
   if (!p || !p->gfx) {
      gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBindPipeline: not a graphics pipeline");
      return;
   }
   cmd->graphics.pipeline = p;
   apply_static_state(p->gfx, &cmd->graphics.dynamic);
   cmd->graphics.dirty |= GVK_GFX_DIRTY_ALL;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBindVertexBuffers2(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                          uint32_t bindingCount, const VkBuffer *pBuffers,
                          const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes,
                          const VkDeviceSize *pStrides)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (firstBinding + bindingCount > GVK_MAX_VERTEX_BINDINGS) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBindVertexBuffers: "
                                      "bindings %u..%u beyond the %u supported",
                                      firstBinding, firstBinding + bindingCount - 1,
                                      GVK_MAX_VERTEX_BINDINGS));
      return;
   }
   for (uint32_t i = 0; i < bindingCount; i++) {
      const struct gvk_buffer *buf = gvk_buffer_from_handle(pBuffers[i]);
      __typeof__(cmd->graphics.vb[0]) *vb = &cmd->graphics.vb[firstBinding + i];
      /* A null buffer (nullDescriptor) reads zeros: size 0. */
      const uint64_t size = buf ? buf->size - pOffsets[i] : 0;
      vb->addr = buf ? gvk_address_gpu(buf->address) + pOffsets[i] : 0;
      vb->size = (pSizes && pSizes[i] != VK_WHOLE_SIZE) ? pSizes[i] : size;
      vb->has_stride = pStrides != NULL;
      vb->stride = pStrides ? (uint32_t)pStrides[i] : 0;
   }
   cmd->graphics.dirty |= GVK_GFX_DIRTY_VERTEX_BUFFERS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBindVertexBuffers(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                         uint32_t bindingCount, const VkBuffer *pBuffers,
                         const VkDeviceSize *pOffsets)
{
   gvk_CmdBindVertexBuffers2(commandBuffer, firstBinding, bindingCount, pBuffers, pOffsets,
                             NULL, NULL);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBindIndexBuffer(VkCommandBuffer commandBuffer, VkBuffer buffer,
                       VkDeviceSize offset, VkIndexType indexType)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const struct gvk_buffer *buf = gvk_buffer_from_handle(buffer);
   cmd->graphics.ib_addr = buf ? gvk_address_gpu(buf->address) + offset : 0;
   cmd->graphics.ib_size = buf ? buf->size - offset : 0;
   cmd->graphics.ib_type = indexType;
   cmd->graphics.dirty |= GVK_GFX_DIRTY_INDEX_BUFFER;
}

/* ---- dynamic state ---- */

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetViewport(VkCommandBuffer commandBuffer, uint32_t firstViewport,
                   uint32_t viewportCount, const VkViewport *pViewports)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   for (uint32_t i = 0; i < viewportCount && firstViewport + i < GVK_MAX_VIEWPORTS; i++)
      d->viewports[firstViewport + i] = pViewports[i];
   d->viewport_count = MAX2(d->viewport_count,
                            MIN2(firstViewport + viewportCount, (uint32_t)GVK_MAX_VIEWPORTS));
   cmd->graphics.dirty |= GVK_GFX_DIRTY_VIEWPORT;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetScissor(VkCommandBuffer commandBuffer, uint32_t firstScissor,
                  uint32_t scissorCount, const VkRect2D *pScissors)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   for (uint32_t i = 0; i < scissorCount && firstScissor + i < GVK_MAX_VIEWPORTS; i++)
      d->scissors[firstScissor + i] = pScissors[i];
   d->scissor_count = MAX2(d->scissor_count,
                           MIN2(firstScissor + scissorCount, (uint32_t)GVK_MAX_VIEWPORTS));
   cmd->graphics.dirty |= GVK_GFX_DIRTY_SCISSOR;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetBlendConstants(VkCommandBuffer commandBuffer, const float blendConstants[4])
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   memcpy(cmd->graphics.dynamic.blend_constants, blendConstants, 4 * sizeof(float));
   cmd->graphics.dirty |= GVK_GFX_DIRTY_CC;
}

static void
set_stencil(struct gvk_cmd_buffer *cmd, uint32_t values[2], VkStencilFaceFlags faces,
            uint32_t value)
{
   if (faces & VK_STENCIL_FACE_FRONT_BIT)
      values[0] = value;
   if (faces & VK_STENCIL_FACE_BACK_BIT)
      values[1] = value;
   cmd->graphics.dirty |= GVK_GFX_DIRTY_CC;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetStencilCompareMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                             uint32_t compareMask)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   set_stencil(cmd, cmd->graphics.dynamic.stencil_compare, faceMask, compareMask);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetStencilWriteMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                           uint32_t writeMask)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   set_stencil(cmd, cmd->graphics.dynamic.stencil_write, faceMask, writeMask);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetStencilReference(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                           uint32_t reference)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   set_stencil(cmd, cmd->graphics.dynamic.stencil_reference, faceMask, reference);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetLineWidth(VkCommandBuffer commandBuffer, float lineWidth)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   cmd->graphics.dynamic.line_width = lineWidth;
   cmd->graphics.dirty |= GVK_GFX_DIRTY_RASTER;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetDepthBias(VkCommandBuffer commandBuffer, float constantFactor, float clamp,
                    float slopeFactor)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   d->depth_bias_constant = constantFactor;
   d->depth_bias_clamp = clamp;
   d->depth_bias_slope = slopeFactor;
   cmd->graphics.dirty |= GVK_GFX_DIRTY_RASTER;
}

/* ---- extended dynamic state (VK_EXT_extended_dynamic_state and
 * _state2, Vulkan 1.3; the EXT names are aliases of these) ---- */

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetViewportWithCount(VkCommandBuffer commandBuffer, uint32_t viewportCount,
                            const VkViewport *pViewports)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   d->viewport_count = MIN2(viewportCount, (uint32_t)GVK_MAX_VIEWPORTS);
   memcpy(d->viewports, pViewports, d->viewport_count * sizeof(*pViewports));
   cmd->graphics.dirty |= GVK_GFX_DIRTY_VIEWPORT;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetScissorWithCount(VkCommandBuffer commandBuffer, uint32_t scissorCount,
                           const VkRect2D *pScissors)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   d->scissor_count = MIN2(scissorCount, (uint32_t)GVK_MAX_VIEWPORTS);
   memcpy(d->scissors, pScissors, d->scissor_count * sizeof(*pScissors));
   cmd->graphics.dirty |= GVK_GFX_DIRTY_SCISSOR;
}

/* A setter of one value of cmd->graphics.dynamic and the packets that
 * carry it. */
#define DYNAMIC_SETTER(Name, type, param, field, dirty_bits)                  \
   VKAPI_ATTR void VKAPI_CALL                                                 \
   gvk_CmdSet##Name(VkCommandBuffer commandBuffer, type param)                \
   {                                                                          \
      struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer); \
      cmd->graphics.dynamic.field = param;                                    \
      cmd->graphics.dirty |= (dirty_bits);                                    \
   }

DYNAMIC_SETTER(CullMode, VkCullModeFlags, cullMode, cull_mode, GVK_GFX_DIRTY_RASTER)
DYNAMIC_SETTER(FrontFace, VkFrontFace, frontFace, front_face, GVK_GFX_DIRTY_RASTER)
DYNAMIC_SETTER(PrimitiveTopology, VkPrimitiveTopology, primitiveTopology, topology,
               GVK_GFX_DIRTY_TOPOLOGY)
DYNAMIC_SETTER(DepthTestEnable, VkBool32, depthTestEnable, depth_test, GVK_GFX_DIRTY_CC)
DYNAMIC_SETTER(DepthWriteEnable, VkBool32, depthWriteEnable, depth_write, GVK_GFX_DIRTY_CC)
DYNAMIC_SETTER(DepthCompareOp, VkCompareOp, depthCompareOp, depth_compare, GVK_GFX_DIRTY_CC)
DYNAMIC_SETTER(StencilTestEnable, VkBool32, stencilTestEnable, stencil_test, GVK_GFX_DIRTY_CC)
DYNAMIC_SETTER(RasterizerDiscardEnable, VkBool32, rasterizerDiscardEnable,
               rasterizer_discard, GVK_GFX_DIRTY_RASTER)
DYNAMIC_SETTER(DepthBiasEnable, VkBool32, depthBiasEnable, depth_bias_enable,
               GVK_GFX_DIRTY_RASTER)
/* 3DSTATE_VF, emitted with the index buffer, holds the cut index enable */
DYNAMIC_SETTER(PrimitiveRestartEnable, VkBool32, primitiveRestartEnable, primitive_restart,
               GVK_GFX_DIRTY_INDEX_BUFFER)
/* BLEND_STATE holds the logic op (extendedDynamicState2LogicOp) */
DYNAMIC_SETTER(LogicOpEXT, VkLogicOp, logicOp, logic_op, GVK_GFX_DIRTY_BLEND)
#undef DYNAMIC_SETTER

/* depthBounds is not reported, so depthBoundsTestEnable must be VK_FALSE
 * (VUID-vkCmdSetDepthBoundsTestEnable-depthBounds-10010): there is no
 * test to turn on. */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetDepthBoundsTestEnable(VkCommandBuffer commandBuffer, VkBool32 depthBoundsTestEnable)
{
   (void)commandBuffer;
   (void)depthBoundsTestEnable;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdSetStencilOp(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                    VkStencilOp failOp, VkStencilOp passOp, VkStencilOp depthFailOp,
                    VkCompareOp compareOp)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const struct gvk_stencil_ops ops = {
      .fail = failOp, .pass = passOp, .depth_fail = depthFailOp, .compare = compareOp,
   };
   if (faceMask & VK_STENCIL_FACE_FRONT_BIT)
      cmd->graphics.dynamic.stencil_ops[0] = ops;
   if (faceMask & VK_STENCIL_FACE_BACK_BIT)
      cmd->graphics.dynamic.stencil_ops[1] = ops;
   cmd->graphics.dirty |= GVK_GFX_DIRTY_CC;
}

/* ---- draws ---- */

bool
gvk_cmd_check_draw(struct gvk_cmd_buffer *cmd, const char *command)
{
   if (!cmd->graphics.pipeline) {
      gvk_fail(VK_ERROR_UNKNOWN, "%s: no graphics pipeline is bound (draw skipped)", command);
      return false;
   }
   if (!cmd->rendering.active) {
      gvk_fail(VK_ERROR_UNKNOWN, "%s: outside a render pass instance (draw skipped)", command);
      return false;
   }
   return true;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDraw(VkCommandBuffer commandBuffer, uint32_t vertexCount, uint32_t instanceCount,
            uint32_t firstVertex, uint32_t firstInstance)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (!gvk_cmd_check_draw(cmd, "vkCmdDraw") || !vertexCount || !instanceCount)
      return;
   const struct gvk_draw d = {
      .count = vertexCount, .instance_count = instanceCount, .first = firstVertex,
      .first_instance = firstInstance,
   };
   cmd->device->genx->draw(cmd, &d);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDrawIndexed(VkCommandBuffer commandBuffer, uint32_t indexCount,
                   uint32_t instanceCount, uint32_t firstIndex, int32_t vertexOffset,
                   uint32_t firstInstance)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (!gvk_cmd_check_draw(cmd, "vkCmdDrawIndexed") || !indexCount || !instanceCount)
      return;
   const struct gvk_draw d = {
      .indexed = true, .count = indexCount, .instance_count = instanceCount,
      .first = firstIndex, .first_instance = firstInstance, .vertex_offset = vertexOffset,
   };
   cmd->device->genx->draw(cmd, &d);
}

static void
draw_indirect(VkCommandBuffer commandBuffer, const char *command, bool indexed,
              VkBuffer buffer, VkDeviceSize offset, VkBuffer countBuffer,
              VkDeviceSize countOffset, uint32_t drawCount, uint32_t stride)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (!gvk_cmd_check_draw(cmd, command) || !drawCount)
      return;
   const struct gvk_buffer *buf = gvk_buffer_from_handle(buffer);
   const struct gvk_buffer *count = gvk_buffer_from_handle(countBuffer);
   const struct gvk_draw_indirect d = {
      .indexed = indexed, .addr = gvk_address_gpu(buf->address) + offset,
      .count_addr = count ? gvk_address_gpu(count->address) + countOffset : 0,
      .draw_count = drawCount, .stride = stride,
   };
   cmd->device->genx->draw_indirect(cmd, &d);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDrawIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
                    uint32_t drawCount, uint32_t stride)
{
   draw_indirect(commandBuffer, "vkCmdDrawIndirect", false, buffer, offset,
                 VK_NULL_HANDLE, 0, drawCount, stride);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDrawIndexedIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer,
                           VkDeviceSize offset, uint32_t drawCount, uint32_t stride)
{
   draw_indirect(commandBuffer, "vkCmdDrawIndexedIndirect", true, buffer, offset,
                 VK_NULL_HANDLE, 0, drawCount, stride);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDrawIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
                         VkDeviceSize offset, VkBuffer countBuffer,
                         VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
                         uint32_t stride)
{
   draw_indirect(commandBuffer, "vkCmdDrawIndirectCount", false, buffer, offset,
                 countBuffer, countBufferOffset, maxDrawCount, stride);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDrawIndexedIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
                                VkDeviceSize offset, VkBuffer countBuffer,
                                VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
                                uint32_t stride)
{
   draw_indirect(commandBuffer, "vkCmdDrawIndexedIndirectCount", true, buffer, offset,
                 countBuffer, countBufferOffset, maxDrawCount, stride);
}
