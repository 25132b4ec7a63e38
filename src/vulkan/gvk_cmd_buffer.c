/* Command buffers: their blocks and the writers into them, recording
 * state, and the vkCmd* entry points of compute, barriers and secondary
 * command buffers (the generation's packets are written by
 * device->genx, genX_cmd_*.c). */
#include "gvk_cmd_buffer.h"

#include <assert.h>
#include <string.h>

#include <i915_drm.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"

/* Dwords kept free at the end of every batch block for the
 * MI_BATCH_BUFFER_START that chains it to the next (3 dwords from Gen8). */
#define BATCH_RESERVE_DWORDS 4u

/* Where writers put dwords once recording has failed: the command buffer
 * is invalid and never executes them (thread-local: command buffers of
 * different threads may fail at once). */
static _Thread_local uint32_t batch_sink[GVK_BLOCK_SIZE / 4];

const struct gvk_genx_cmd *
gvk_genx_cmd_for(unsigned verx10)
{
   switch (verx10) {
   case 70: return &gvk_genx_cmd_70;
   case 75: return &gvk_genx_cmd_75;
   case 80: return &gvk_genx_cmd_80;
   case 90: return &gvk_genx_cmd_90;
   case 110: return &gvk_genx_cmd_110;
   case 120: return &gvk_genx_cmd_120;
   default: return NULL;
   }
}

void
gvk_cmd_set_error(struct gvk_cmd_buffer *cmd, VkResult result)
{
   if (cmd->status == VK_SUCCESS)
      cmd->status = result;
}

void
gvk_cmd_invalidate_state(struct gvk_cmd_buffer *cmd)
{
   cmd->compute.pipeline_dirty = true;
   cmd->compute.push_dirty = true;
   cmd->compute.base_address_dirty = true;
   cmd->compute.descriptors.dirty = true;
   cmd->compute.binding_table_valid = false;
   cmd->compute.idd_loaded = GVK_NO_STATE;
   cmd->compute.curbe_loaded = false;
   gvk_cmd_binding_tables_clear(cmd);
   cmd->graphics.dirty = GVK_GFX_DIRTY_ALL;
   cmd->graphics.state_bo = NULL;
   cmd->graphics.push_kb_vs = cmd->graphics.push_kb_ps = UINT32_MAX;
   cmd->xfb.dirty = true;
}

static const VkAllocationCallbacks *
cmd_alloc(const struct gvk_cmd_buffer *cmd)
{
   return &cmd->pool->base.alloc;
}

/* ---- blocks ---- */

/* The writers and first_batch point into cmd->blocks, which moves when it
 * grows. */
static void
refresh_block_pointers(struct gvk_cmd_buffer *cmd, uint32_t first_batch)
{
   if (cmd->batch.block)
      cmd->batch.block = &cmd->blocks[cmd->batch.block_index];
   if (cmd->state.block)
      cmd->state.block = &cmd->blocks[cmd->state.block_index];
   if (cmd->first_batch)
      cmd->first_batch = &cmd->blocks[first_batch];
}

static VkResult
grow_blocks(struct gvk_cmd_buffer *cmd)
{
   if (cmd->block_count < cmd->block_capacity)
      return VK_SUCCESS;
   uint32_t capacity = cmd->block_capacity ? cmd->block_capacity * 2 : 8;
   struct gvk_cmd_block *blocks =
      gvk_alloc(cmd_alloc(cmd), capacity * sizeof(*blocks),
                VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!blocks)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   uint32_t first_batch = cmd->first_batch ?
                          (uint32_t)(cmd->first_batch - cmd->blocks) : 0;
   if (cmd->block_count)
      memcpy(blocks, cmd->blocks, cmd->block_count * sizeof(*blocks));
   gvk_free(cmd_alloc(cmd), cmd->blocks);
   cmd->blocks = blocks;
   cmd->block_capacity = capacity;
   refresh_block_pointers(cmd, first_batch);
   return VK_SUCCESS;
}

/* Appends a block entry; bo NULL takes a fresh block from the device. */
static VkResult
add_block(struct gvk_cmd_buffer *cmd, struct gvk_bo *bo, bool is_batch,
          uint32_t *index)
{
   VkResult result = grow_blocks(cmd);
   if (result != VK_SUCCESS)
      return result;
   const bool borrowed = bo != NULL;
   if (!bo) {
      result = gvk_block_get(cmd->device, &bo);
      if (result != VK_SUCCESS)
         return result;
   }
   *index = cmd->block_count++;
   cmd->blocks[*index] = (struct gvk_cmd_block){
      .bo = bo, .is_batch = is_batch, .borrowed = borrowed,
   };
   return VK_SUCCESS;
}

static void
release_deferred_rts(struct gvk_cmd_buffer *cmd)
{
   for (uint32_t i = 0; i < cmd->deferred_rts.clear_count; i++)
      gvk_free(cmd_alloc(cmd), cmd->deferred_rts.clears[i].attachments);
   gvk_free(cmd_alloc(cmd), cmd->deferred_rts.clears);
   gvk_free(cmd_alloc(cmd), cmd->deferred_rts.tables);
   gvk_free(cmd_alloc(cmd), cmd->deferred_rts.sbas);
   memset(&cmd->deferred_rts, 0, sizeof(cmd->deferred_rts));
}

static void
release_blocks(struct gvk_cmd_buffer *cmd)
{
   release_deferred_rts(cmd);
   for (uint32_t i = 0; i < cmd->block_count; i++) {
      struct gvk_cmd_block *block = &cmd->blocks[i];
      gvk_reloc_list_finish(&block->relocs, cmd_alloc(cmd));
      if (!block->borrowed)
         gvk_block_put(cmd->device, block->bo);
   }
   gvk_free(cmd_alloc(cmd), cmd->blocks);
   cmd->blocks = NULL;
   cmd->block_count = cmd->block_capacity = 0;
   cmd->first_batch = NULL;
}

/* ---- writers ---- */

static void
writer_init(struct gvk_batch *b, struct gvk_cmd_buffer *cmd, bool is_state)
{
   *b = (struct gvk_batch){ .cmd = cmd, .is_state = is_state };
}

static void
writer_enter(struct gvk_batch *b, uint32_t index)
{
   struct gvk_cmd_block *block = &b->cmd->blocks[index];
   b->block = block;
   b->block_index = index;
   b->start = b->next = block->bo->map;
   b->end = b->start + GVK_BLOCK_SIZE / 4;
   if (!b->is_state)
      b->end -= BATCH_RESERVE_DWORDS;
}

static uint32_t
writer_used_bytes(const struct gvk_batch *b)
{
   return (uint32_t)((const char *)b->next - (const char *)b->start);
}

/* Moves the writer to a fresh block: a batch jumps there from the end of
 * the one it leaves; a state block needs STATE_BASE_ADDRESS again, and
 * every state that pointed into the old one by offset. */
static bool
next_block(struct gvk_batch *b)
{
   struct gvk_cmd_buffer *cmd = b->cmd;
   uint32_t index;
   VkResult result = add_block(cmd, NULL, !b->is_state, &index);
   if (result != VK_SUCCESS) {
      gvk_cmd_set_error(cmd, result);
      return false;
   }
   if (b->is_state) {
      writer_enter(b, index);
      cmd->compute.base_address_dirty = true;
      cmd->compute.binding_table_valid = false;
      cmd->compute.idd_loaded = GVK_NO_STATE;
      cmd->compute.curbe_loaded = false;
      gvk_cmd_binding_tables_clear(cmd);
      return true;
   }
   if (b->block) {
      b->block->length = writer_used_bytes(b);
      /* The reserve at the block's end holds the jump. */
      cmd->device->genx->chain(b, b->next, cmd->blocks[index].bo->addr);
   } else {
      cmd->first_batch = &cmd->blocks[index];
   }
   writer_enter(b, index);
   return true;
}

static uint32_t *
align_dwords(uint32_t *p, uint32_t align)
{
   uintptr_t v = ((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1);
   return (uint32_t *)v;
}

uint32_t *
gvk_batch_alloc_slow(struct gvk_batch *b, uint32_t dwords, uint32_t align)
{
   assert(dwords <= GVK_BLOCK_SIZE / 4 - BATCH_RESERVE_DWORDS);
   assert(align >= 4 && (align & (align - 1)) == 0);
   if (b->cmd->status != VK_SUCCESS)
      return batch_sink;
   uint32_t *p = b->block ? align_dwords(b->next, align) : NULL;
   if (!p || p + dwords > b->end) {
      if (!next_block(b))
         return batch_sink;
      p = align_dwords(b->next, align);
   }
   /* Padding in a batch must parse: zero is MI_NOOP. */
   if (!b->is_state && p != b->next)
      memset(b->next, 0, (size_t)((char *)p - (char *)b->next));
   b->next = p + dwords;
   return p;
}

void
gvk_batch_reserve_slow(struct gvk_batch *b, uint32_t bytes)
{
   assert(bytes <= GVK_BLOCK_SIZE - BATCH_RESERVE_DWORDS * 4);
   if (b->cmd->status != VK_SUCCESS)
      return;
   if (!b->block || (size_t)((char *)b->end - (char *)b->next) < bytes)
      next_block(b);
}

uint32_t
gvk_batch_offset(const struct gvk_batch *b, const void *p)
{
   /* After a failure allocations return the sink, which is in no block:
    * its "offset" would be packed into fields it may not fit (aligned
    * pointers), and nothing recorded then is submitted. */
   if (b->cmd->status != VK_SUCCESS)
      return 0;
   return (uint32_t)((const char *)p - (const char *)b->start);
}

uint64_t
gvk_batch_reloc(struct gvk_batch *b, const void *dw, uint64_t addr)
{
   struct gvk_cmd_buffer *cmd = b->cmd;
   if (cmd->device->pdev->info.has_full_ppgtt || cmd->status != VK_SUCCESS)
      return addr;
   const uint32_t other_bits = *(const uint32_t *)dw;
   VkResult result = gvk_reloc_add(cmd->device, &b->block->relocs, cmd_alloc(cmd),
                                   gvk_batch_offset(b, dw), addr + other_bits,
                                   false);
   if (result != VK_SUCCESS)
      gvk_cmd_set_error(cmd, result);
   return addr;
}

/* ---- lifetime and recording state ---- */

static void
recording_state_init(struct gvk_cmd_buffer *cmd)
{
   writer_init(&cmd->batch, cmd, false);
   writer_init(&cmd->state, cmd, true);
   cmd->status = VK_SUCCESS;
   cmd->pipeline = GVK_CMD_PIPELINE_UNKNOWN;
   cmd->pending_pipe_bits = 0;
   memset(&cmd->compute, 0, sizeof(cmd->compute));
   cmd->compute.descriptors.push_set = GVK_MAX_SETS;
   memset(&cmd->graphics, 0, sizeof(cmd->graphics));
   cmd->graphics.descriptors.push_set = GVK_MAX_SETS;
   memset(&cmd->graphics, 0, sizeof(cmd->graphics));
   memset(&cmd->xfb, 0, sizeof(cmd->xfb));
   gvk_rendering_reset(cmd);
   gvk_cmd_invalidate_state(cmd);
}

VkResult
gvk_cmd_buffer_create(struct gvk_device *device, struct gvk_cmd_pool *pool,
                      VkCommandBufferLevel level, struct gvk_cmd_buffer **out)
{
   struct gvk_cmd_buffer *cmd =
      gvk_object_create(&pool->base.alloc, NULL, sizeof(*cmd),
                        VK_OBJECT_TYPE_COMMAND_BUFFER,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!cmd)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   cmd->device = device;
   cmd->pool = pool;
   cmd->level = level;
   cmd->record_state = GVK_CMD_INITIAL;
   recording_state_init(cmd);
   cmd->pool_next = pool->buffers;
   if (pool->buffers)
      pool->buffers->pool_prev = cmd;
   pool->buffers = cmd;
   *out = cmd;
   return VK_SUCCESS;
}

void
gvk_cmd_buffer_reset(struct gvk_cmd_buffer *cmd)
{
   release_blocks(cmd);
   recording_state_init(cmd);
   cmd->record_state = GVK_CMD_INITIAL;
}

void
gvk_cmd_buffer_destroy(struct gvk_cmd_buffer *cmd)
{
   release_blocks(cmd);
   gvk_rendering_reset(cmd);
   struct gvk_cmd_pool *pool = cmd->pool;
   if (cmd->pool_prev)
      cmd->pool_prev->pool_next = cmd->pool_next;
   else
      pool->buffers = cmd->pool_next;
   if (cmd->pool_next)
      cmd->pool_next->pool_prev = cmd->pool_prev;
   gvk_object_destroy(&cmd->base);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_ResetCommandBuffer(VkCommandBuffer commandBuffer,
                       VkCommandBufferResetFlags flags)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (!(cmd->pool->flags & VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT))
      gvk_fail(VK_SUCCESS, "vkResetCommandBuffer: the command buffer's pool "
               "was created without VK_COMMAND_POOL_CREATE_RESET_COMMAND_"
               "BUFFER_BIT (reset anyway)");
   gvk_cmd_buffer_reset(cmd);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_BeginCommandBuffer(VkCommandBuffer commandBuffer,
                       const VkCommandBufferBeginInfo *pBeginInfo)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   /* Spec: beginning a command buffer that is not in the initial state
    * resets it implicitly (its pool must allow resets). */
   if (cmd->record_state != GVK_CMD_INITIAL) {
      if (!(cmd->pool->flags & VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT))
         gvk_fail(VK_SUCCESS, "vkBeginCommandBuffer: implicit reset of a "
                  "command buffer whose pool was created without "
                  "VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT");
      gvk_cmd_buffer_reset(cmd);
   }
   cmd->usage = pBeginInfo->flags;
   cmd->record_state = GVK_CMD_RECORDING;
   /* A secondary continuing a render pass instance draws into what its
    * inheritance info names (ignored otherwise: spec
    * VkCommandBufferBeginInfo::pInheritanceInfo). */
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY && pBeginInfo->pInheritanceInfo &&
       (pBeginInfo->flags & VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT))
      gvk_rendering_inherit(cmd, pBeginInfo->pInheritanceInfo);
   /* Inherited without views (gvk_rendering_inherit leaves them clean):
    * the executing primary supplies them. */
   cmd->deferred_rts.unknown_attachments = cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY &&
                                           cmd->rendering.active && !cmd->rendering.dirty;
   cmd->device->genx->begin(cmd);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_EndCommandBuffer(VkCommandBuffer commandBuffer)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (cmd->record_state != GVK_CMD_RECORDING)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkEndCommandBuffer: the command "
                      "buffer is not recording");
   cmd->device->genx->end(cmd);
   if (cmd->batch.block)
      cmd->batch.block->length = writer_used_bytes(&cmd->batch);
   if (cmd->status != VK_SUCCESS) {
      cmd->record_state = GVK_CMD_INVALID;
      return cmd->status;
   }
   cmd->record_state = GVK_CMD_EXECUTABLE;
   return VK_SUCCESS;
}

/* ---- compute ---- */

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBindPipeline(VkCommandBuffer commandBuffer,
                    VkPipelineBindPoint pipelineBindPoint, VkPipeline _pipeline)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_pipeline *pipeline = gvk_pipeline_from_handle(_pipeline);
   if (pipelineBindPoint == VK_PIPELINE_BIND_POINT_GRAPHICS) {
      gvk_cmd_bind_graphics_pipeline(cmd, pipeline);
      return;
   }
   if (pipelineBindPoint != VK_PIPELINE_BIND_POINT_COMPUTE) {
      gvk_fail(VK_ERROR_FEATURE_NOT_PRESENT, "vkCmdBindPipeline: bind point "
               "%d is not supported", pipelineBindPoint);
      return;
   }
   if (cmd->compute.pipeline == pipeline)
      return;
   cmd->compute.pipeline = pipeline;
   cmd->compute.pipeline_dirty = true;
   cmd->compute.binding_table_valid = false;
}

static bool
check_dispatch(const struct gvk_cmd_buffer *cmd, const char *command)
{
   if (cmd->compute.pipeline)
      return true;
   gvk_fail(VK_ERROR_UNKNOWN, "%s: no compute pipeline is bound (dispatch "
            "skipped)", command);
   return false;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDispatchBase(VkCommandBuffer commandBuffer, uint32_t baseGroupX,
                    uint32_t baseGroupY, uint32_t baseGroupZ,
                    uint32_t groupCountX, uint32_t groupCountY,
                    uint32_t groupCountZ)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   if (!check_dispatch(cmd, "vkCmdDispatch"))
      return;
   /* Spec: a count of zero dispatches no workgroup. */
   if (!groupCountX || !groupCountY || !groupCountZ)
      return;
   const uint32_t base[3] = { baseGroupX, baseGroupY, baseGroupZ };
   const uint32_t groups[3] = { groupCountX, groupCountY, groupCountZ };
   cmd->device->genx->dispatch(cmd, base, groups);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDispatch(VkCommandBuffer commandBuffer, uint32_t groupCountX,
                uint32_t groupCountY, uint32_t groupCountZ)
{
   gvk_CmdDispatchBase(commandBuffer, 0, 0, 0, groupCountX, groupCountY,
                       groupCountZ);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdDispatchIndirect(VkCommandBuffer commandBuffer, VkBuffer _buffer,
                        VkDeviceSize offset)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_buffer *buffer = gvk_buffer_from_handle(_buffer);
   if (!check_dispatch(cmd, "vkCmdDispatchIndirect"))
      return;
   cmd->device->genx->dispatch_indirect(cmd, gvk_address_gpu(buffer->address) + offset);
}

/* ---- barriers ---- */

VKAPI_ATTR void VKAPI_CALL
gvk_CmdPipelineBarrier2(VkCommandBuffer commandBuffer,
                        const VkDependencyInfo *pDependencyInfo)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   cmd->device->genx->barrier(cmd, pDependencyInfo);
}

/* A vkCmdPipelineBarrier barrier as the one memory barrier of a
 * VkDependencyInfo: the bits barriers require are OR-ed together, so
 * translating them one by one is the same as translating them at once. */
static void
barrier1(struct gvk_cmd_buffer *cmd, VkPipelineStageFlags src_stages,
         VkPipelineStageFlags dst_stages, VkAccessFlags src_access,
         VkAccessFlags dst_access)
{
   const VkMemoryBarrier2 mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = src_stages, .srcAccessMask = src_access,
      .dstStageMask = dst_stages, .dstAccessMask = dst_access,
   };
   const VkDependencyInfo dep = {
      .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
      .memoryBarrierCount = 1, .pMemoryBarriers = &mb,
   };
   cmd->device->genx->barrier(cmd, &dep);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdPipelineBarrier(VkCommandBuffer commandBuffer,
                       VkPipelineStageFlags srcStageMask,
                       VkPipelineStageFlags dstStageMask,
                       VkDependencyFlags dependencyFlags,
                       uint32_t memoryBarrierCount,
                       const VkMemoryBarrier *pMemoryBarriers,
                       uint32_t bufferMemoryBarrierCount,
                       const VkBufferMemoryBarrier *pBufferMemoryBarriers,
                       uint32_t imageMemoryBarrierCount,
                       const VkImageMemoryBarrier *pImageMemoryBarriers)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   /* The execution dependency alone. */
   barrier1(cmd, srcStageMask, dstStageMask, 0, 0);
   for (uint32_t i = 0; i < memoryBarrierCount; i++)
      barrier1(cmd, srcStageMask, dstStageMask, pMemoryBarriers[i].srcAccessMask,
               pMemoryBarriers[i].dstAccessMask);
   for (uint32_t i = 0; i < bufferMemoryBarrierCount; i++)
      barrier1(cmd, srcStageMask, dstStageMask,
               pBufferMemoryBarriers[i].srcAccessMask,
               pBufferMemoryBarriers[i].dstAccessMask);
   for (uint32_t i = 0; i < imageMemoryBarrierCount; i++)
      barrier1(cmd, srcStageMask, dstStageMask,
               pImageMemoryBarriers[i].srcAccessMask,
               pImageMemoryBarriers[i].dstAccessMask);
}

/* ---- secondary command buffers ----
 *
 * vkCmdExecuteCommands copies a secondary's commands into the primary's
 * batch instead of jumping into them: Ivy Bridge has no second-level
 * batch that returns (MI_BATCH_BUFFER_START's return is Haswell+), and a
 * jump back written at the secondary's end would tie it to one primary
 * position, while a secondary may be executed by several primaries or
 * several times.  Its state blocks are not copied: the copied commands
 * point at them (they live as long as the secondary, which must outlive
 * the primary's execution), and on Gen7 the primary carries a copy of
 * their relocations. */

/* The relocations of bytes [src_start, src_end) of a block. */
static VkResult
copy_relocs(struct gvk_cmd_buffer *cmd, struct gvk_reloc_list *dst,
            const struct gvk_reloc_list *src, uint32_t src_start, uint32_t src_end,
            int64_t shift)
{
   for (uint32_t i = 0; i < src->count; i++) {
      const struct drm_i915_gem_relocation_entry *e = &src->entries[i];
      if (e->offset < src_start || e->offset >= src_end)
         continue;
      /* The target's address plus the delta, as gvk_batch_reloc added it. */
      VkResult result = gvk_reloc_add(cmd->device, dst, cmd_alloc(cmd),
                                      (uint32_t)((int64_t)e->offset + shift),
                                      e->presumed_offset + e->delta,
                                      e->write_domain != 0);
      if (result != VK_SUCCESS)
         return result;
   }
   return VK_SUCCESS;
}

/* Copies bytes [from, to) of a batch block's commands; returns where
 * they went, NULL when nowhere. */
static uint32_t *
copy_batch_range(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_block *src, uint32_t from,
                 uint32_t to)
{
   if (from >= to)
      return NULL;
   uint32_t *dst = gvk_batch_alloc(&cmd->batch, (to - from) / 4, 4);
   if (cmd->status != VK_SUCCESS)
      return NULL;
   memcpy(dst, (const char *)src->bo->map + from, to - from);
   const int64_t shift = (int64_t)gvk_batch_offset(&cmd->batch, dst) - from;
   VkResult result = copy_relocs(cmd, &cmd->batch.block->relocs, &src->relocs, from, to,
                                 shift);
   if (result != VK_SUCCESS) {
      gvk_cmd_set_error(cmd, result);
      return NULL;
   }
   return dst;
}

static bool
has_block(const struct gvk_cmd_buffer *cmd, const struct gvk_bo *bo)
{
   for (uint32_t i = 0; i < cmd->block_count; i++) {
      if (cmd->blocks[i].bo == bo)
         return true;
   }
   return false;
}

static void
borrow_state_block(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_block *src)
{
   if (!src->relocs.count || has_block(cmd, src->bo))
      return;
   uint32_t index;
   VkResult result = add_block(cmd, src->bo, false, &index);
   if (result == VK_SUCCESS)
      result = copy_relocs(cmd, &cmd->blocks[index].relocs, &src->relocs, 0,
                           GVK_BLOCK_SIZE, 0);
   if (result != VK_SUCCESS)
      gvk_cmd_set_error(cmd, result);
}

/* ---- secondaries that do not know their attachments ----
 *
 * (gvk_cmd_buffer.h, struct gvk_rt_table_fixup.)  Graphics exist from
 * Gen8, where every device is softpinned: the repacked addresses need no
 * relocation. */

static bool
grow_array(struct gvk_cmd_buffer *cmd, void **array, uint32_t count, uint32_t *capacity,
           size_t size)
{
   VkResult result = gvk_grow_array(cmd_alloc(cmd), array, capacity, count, count + 1, size,
                                    VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (result != VK_SUCCESS)
      gvk_cmd_set_error(cmd, result);
   return result == VK_SUCCESS;
}

void
gvk_cmd_defer_render_targets(struct gvk_cmd_buffer *cmd, uint32_t table, uint32_t rts,
                             uint32_t rt_mask)
{
   if (!cmd->deferred_rts.unknown_attachments || !rts || cmd->status != VK_SUCCESS ||
       !grow_array(cmd, (void **)&cmd->deferred_rts.tables, cmd->deferred_rts.table_count,
                   &cmd->deferred_rts.table_capacity, sizeof(struct gvk_rt_table_fixup)))
      return;
   cmd->deferred_rts.tables[cmd->deferred_rts.table_count++] = (struct gvk_rt_table_fixup){
      .state_block = cmd->state.block_index, .table = table, .rts = rts, .rt_mask = rt_mask,
   };
}

void
gvk_cmd_note_state_base_address(struct gvk_cmd_buffer *cmd, const uint32_t *dw)
{
   if (!cmd->deferred_rts.unknown_attachments || cmd->status != VK_SUCCESS ||
       !grow_array(cmd, (void **)&cmd->deferred_rts.sbas, cmd->deferred_rts.sba_count,
                   &cmd->deferred_rts.sba_capacity, sizeof(struct gvk_sba_fixup)))
      return;
   cmd->deferred_rts.sbas[cmd->deferred_rts.sba_count++] = (struct gvk_sba_fixup){
      .batch_block = cmd->batch.block_index,
      .offset = gvk_batch_offset(&cmd->batch, dw),
      .state_block = cmd->state.block_index,
   };
}

/* The primary's copy of sec's state block s, its render-target entries
 * written from the primary's attachments: copy[s] its index in
 * cmd->blocks (UINT32_MAX for a block without deferred tables). */
static void
copy_deferred_state_block(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_buffer *sec,
                          uint32_t s, uint32_t *copy)
{
   uint32_t index;
   VkResult result = add_block(cmd, NULL, false, &index);
   if (result != VK_SUCCESS) {
      gvk_cmd_set_error(cmd, result);
      return;
   }
   uint32_t *map = cmd->blocks[index].bo->map;
   memcpy(map, sec->blocks[s].bo->map, GVK_BLOCK_SIZE);
   for (uint32_t i = 0; i < sec->deferred_rts.table_count; i++) {
      const struct gvk_rt_table_fixup *f = &sec->deferred_rts.tables[i];
      if (f->state_block == s)
         cmd->device->genx->fill_render_targets(cmd, map, f);
   }
   copy[s] = index;
}

void
gvk_cmd_defer_clear(struct gvk_cmd_buffer *cmd, uint32_t attachment_count,
                    const VkClearAttachment *attachments, uint32_t rect_count,
                    const VkClearRect *rects)
{
   if (!attachment_count || !rect_count)
      return;
   /* What the secondary owes precedes the clear; the clear has a place
    * in a batch block even as the first command. */
   cmd->device->genx->flush(cmd);
   gvk_batch_reserve(&cmd->batch, 0);
   if (cmd->status != VK_SUCCESS ||
       !grow_array(cmd, (void **)&cmd->deferred_rts.clears, cmd->deferred_rts.clear_count,
                   &cmd->deferred_rts.clear_capacity, sizeof(struct gvk_deferred_clear)))
      return;
   const size_t a_bytes = attachment_count * sizeof(*attachments);
   char *mem = gvk_alloc(cmd_alloc(cmd), a_bytes + rect_count * sizeof(*rects),
                         VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem) {
      gvk_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   struct gvk_deferred_clear *c = &cmd->deferred_rts.clears[cmd->deferred_rts.clear_count++];
   *c = (struct gvk_deferred_clear){
      .batch_block = cmd->batch.block_index,
      .offset = gvk_batch_offset(&cmd->batch, cmd->batch.next),
      .attachment_count = attachment_count, .rect_count = rect_count,
      .attachments = (VkClearAttachment *)mem, .rects = (VkClearRect *)(mem + a_bytes),
   };
   memcpy(c->attachments, attachments, a_bytes);
   memcpy(c->rects, rects, rect_count * sizeof(*rects));
   /* The primary's clear runs compute kernels with its own state base,
    * pipeline and tables: the secondary's next commands set theirs
    * again. */
   gvk_cmd_invalidate_state(cmd);
   cmd->pipeline = GVK_CMD_PIPELINE_UNKNOWN;
}

static void
repoint_state_base_addresses(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_buffer *sec,
                             uint32_t batch_block, uint32_t from, uint32_t to,
                             uint32_t *dst, const uint32_t *copy)
{
   for (uint32_t i = 0; i < sec->deferred_rts.sba_count; i++) {
      const struct gvk_sba_fixup *f = &sec->deferred_rts.sbas[i];
      if (f->batch_block != batch_block || f->offset < from || f->offset >= to ||
          copy[f->state_block] == UINT32_MAX)
         continue;
      cmd->device->genx->repack_state_base_address(cmd, dst + (f->offset - from) / 4,
                                                   cmd->blocks[copy[f->state_block]].bo->addr);
   }
}

/* The primary clears its own attachments (after the secondary's
 * commands, whose state base, pipeline and tables it cannot know), then
 * owes what the clear's kernels leave pending, and its attachments'
 * packets again. */
static void
run_deferred_clear(struct gvk_cmd_buffer *cmd, const struct gvk_deferred_clear *c)
{
   gvk_cmd_invalidate_state(cmd);
   cmd->pipeline = GVK_CMD_PIPELINE_UNKNOWN;
   gvk_CmdClearAttachments((VkCommandBuffer)cmd, c->attachment_count, c->attachments,
                           c->rect_count, c->rects);
   cmd->device->genx->flush(cmd);
   cmd->device->genx->emit_rendering(cmd);
}

/* Bytes [from, to) of sec's batch block b. */
static void
copy_secondary_range(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_buffer *sec, uint32_t b,
                     uint32_t from, uint32_t to, const uint32_t *copy)
{
   uint32_t *dst = copy_batch_range(cmd, &sec->blocks[b], from, to);
   if (dst && copy)
      repoint_state_base_addresses(cmd, sec, b, from, to, dst, copy);
}

/* Copies sec's commands, running its deferred clears where they were
 * recorded; copy (NULL: sec knows its attachments) maps its state blocks
 * to the primary's copies. */
static void
copy_secondary(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_buffer *sec,
               const uint32_t *copy)
{
   uint32_t next_clear = 0;
   for (uint32_t i = 0; i < sec->block_count && cmd->status == VK_SUCCESS; i++) {
      const struct gvk_cmd_block *block = &sec->blocks[i];
      if (!block->is_batch) {
         borrow_state_block(cmd, block);
         continue;
      }
      uint32_t from = 0;
      for (; next_clear < sec->deferred_rts.clear_count &&
             sec->deferred_rts.clears[next_clear].batch_block == i; next_clear++) {
         const struct gvk_deferred_clear *c = &sec->deferred_rts.clears[next_clear];
         copy_secondary_range(cmd, sec, i, from, c->offset, copy);
         run_deferred_clear(cmd, c);
         from = c->offset;
      }
      copy_secondary_range(cmd, sec, i, from, block->length, copy);
   }
}

static void
execute_deferred(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_buffer *sec)
{
   uint32_t *copy = gvk_alloc(cmd_alloc(cmd), sec->block_count * sizeof(*copy),
                              VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!copy) {
      gvk_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   memset(copy, 0xff, sec->block_count * sizeof(*copy));
   for (uint32_t i = 0; i < sec->deferred_rts.table_count && cmd->status == VK_SUCCESS; i++) {
      const uint32_t s = sec->deferred_rts.tables[i].state_block;
      if (copy[s] == UINT32_MAX)
         copy_deferred_state_block(cmd, sec, s, copy);
   }
   cmd->device->genx->emit_rendering(cmd);
   copy_secondary(cmd, sec, copy);
   gvk_free(cmd_alloc(cmd), copy);
}

static void
execute_secondary(struct gvk_cmd_buffer *cmd, const struct gvk_cmd_buffer *sec)
{
   if (sec->record_state != GVK_CMD_EXECUTABLE) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdExecuteCommands: "
                                      "a secondary command buffer is not "
                                      "executable"));
      return;
   }
   if (sec->deferred_rts.table_count || sec->deferred_rts.clear_count)
      execute_deferred(cmd, sec);
   else
      copy_secondary(cmd, sec, NULL);
   if (sec->pipeline != GVK_CMD_PIPELINE_UNKNOWN)
      cmd->pipeline = sec->pipeline;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdExecuteCommands(VkCommandBuffer commandBuffer, uint32_t commandBufferCount,
                       const VkCommandBuffer *pCommandBuffers)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   /* The primary's barriers recorded so far precede the secondaries. */
   cmd->device->genx->flush(cmd);
   for (uint32_t i = 0; i < commandBufferCount; i++)
      execute_secondary(cmd, gvk_cmd_buffer_from_handle(pCommandBuffers[i]));
   /* The secondaries set their own state base, pipeline, binding tables
    * and constants. */
   gvk_cmd_invalidate_state(cmd);
}
