/* Pipeline barriers: the flushes and invalidations a dependency needs,
 * added to cmd->pending_pipe_bits and emitted before the next GPU work
 * (genX(cmd_apply_pipe_bits)).
 *
 * The caches involved (PRM Vol 7, "Memory Views" and "Cache Coherency"):
 * shaders write through the data port (HDC) into L3, which the data port,
 * typed and untyped, also reads from: a data-cache flush once the writers
 * are done (CS stall) makes writes visible to later dispatches.  The
 * sampler (texel buffer loads) and constant caches are not coherent with
 * it and are invalidated before reads through them.  The command streamer
 * reads indirect parameters from memory, outside L3 on Gen12 (tile cache
 * flush).  Draws write colour through the render target cache and depth
 * and stencil through the depth cache, each flushed by its own bit, and
 * read vertices and indices through the VF cache, invalidated by its own
 * bit (kept for a PIPE_CONTROL in 3D mode: gvk_cmd_buffer.h).  Images have
 * no auxiliary surfaces, so layout transitions need nothing. */
#include "genX_cmd.h"

/* Stages that do GPU work: in the first scope of a dependency, work the
 * later commands must wait for (TOP_OF_PIPE, NONE and HOST wait for
 * nothing on the GPU; BOTTOM_OF_PIPE there means every stage). */
static bool
does_gpu_work(VkPipelineStageFlags2 stages)
{
   return (stages & ~(VkPipelineStageFlags2)(VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT |
                                            VK_PIPELINE_STAGE_2_HOST_BIT)) != 0;
}

/* Flushes owed for writes made in the first scope. */
static uint32_t
src_bits(VkPipelineStageFlags2 stages, VkAccessFlags2 access)
{
   uint32_t bits = does_gpu_work(stages) ? GVK_PIPE_CS_STALL : 0;
   /* Shader storage writes and transfers (compute kernels, gvk_meta). */
   const VkAccessFlags2 data_writes = VK_ACCESS_2_SHADER_WRITE_BIT |
                                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
                                      VK_ACCESS_2_TRANSFER_WRITE_BIT |
                                      VK_ACCESS_2_MEMORY_WRITE_BIT;
   if (access & data_writes)
      bits |= GVK_PIPE_DATA_FLUSH | GVK_PIPE_CS_STALL;
   if (access & (VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT))
      bits |= GVK_PIPE_RENDER_TARGET_FLUSH;
   if (access & (VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
                 VK_ACCESS_2_MEMORY_WRITE_BIT))
      bits |= GVK_PIPE_DEPTH_FLUSH;
   /* Stream output writes, and the counters vkCmdEndTransformFeedbackEXT
    * stores from the command streamer, do not stay in a cache a flush
    * reaches: a stall for them to land, then the read caches invalidated
    * (Mesa's drivers do the same). */
   if (access & (VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                 VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT))
      bits |= GVK_PIPE_CS_STALL | GVK_PIPE_INVALIDATE_BITS | GVK_PIPE_VF_INVALIDATE;
   return bits;
}

/* Flushes and invalidations owed for reads in the second scope. */
static uint32_t
dst_bits(VkAccessFlags2 access)
{
   uint32_t bits = 0;
   /* Uniform buffers and uniform texel buffers may be read through the
    * constant and sampler caches; transfers are compute kernels. */
   const VkAccessFlags2 cached_reads = VK_ACCESS_2_UNIFORM_READ_BIT |
                                       VK_ACCESS_2_SHADER_READ_BIT |
                                       VK_ACCESS_2_SHADER_SAMPLED_READ_BIT |
                                       VK_ACCESS_2_INPUT_ATTACHMENT_READ_BIT |
                                       VK_ACCESS_2_TRANSFER_READ_BIT |
                                       VK_ACCESS_2_MEMORY_READ_BIT;
   if (access & cached_reads)
      bits |= GVK_PIPE_TEXTURE_INVALIDATE | GVK_PIPE_CONSTANT_INVALIDATE;
   /* The command streamer loads indirect parameters from memory: writes
    * must have left the caches and the stall complete first (Mesa also
    * invalidates the constant cache, which its NumWorkgroups goes
    * through). */
   if (access & (VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_MEMORY_READ_BIT |
                 VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT))
      bits |= GVK_PIPE_CS_STALL | GVK_PIPE_DATA_FLUSH | GVK_PIPE_TILE_FLUSH |
              GVK_PIPE_CONSTANT_INVALIDATE;
   /* Vertex fetch reads vertex and index buffers through the VF cache,
    * which nothing else invalidates (SKL PRM Vol 2a, 3DSTATE_VERTEX_BUFFERS:
    * the VF cache must be invalidated before new data in a buffer is
    * fetched); indirect draws read their first vertex and instance
    * through a vertex buffer pointing into the indirect buffer
    * (HARDWARE-NOTES.md 1). */
   const VkAccessFlags2 vf_reads = VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT |
                                   VK_ACCESS_2_INDEX_READ_BIT |
                                   VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT |
                                   VK_ACCESS_2_MEMORY_READ_BIT;
   if (access & vf_reads)
      bits |= GVK_PIPE_VF_INVALIDATE;
   /* The host reads memory once the writes have left the GPU's caches. */
   if (access & VK_ACCESS_2_HOST_READ_BIT)
      bits |= GVK_PIPE_CS_STALL | GVK_PIPE_DATA_FLUSH;
   return bits;
}

static uint32_t
dependency_bits(VkPipelineStageFlags2 src_stages, VkAccessFlags2 src_access,
                VkAccessFlags2 dst_access)
{
   return src_bits(src_stages, src_access) | dst_bits(dst_access);
}

void
genX(cmd_barrier)(struct gvk_cmd_buffer *cmd, const VkDependencyInfo *dep)
{
   uint32_t bits = 0;
   for (uint32_t i = 0; i < dep->memoryBarrierCount; i++) {
      const VkMemoryBarrier2 *b = &dep->pMemoryBarriers[i];
      bits |= dependency_bits(b->srcStageMask, b->srcAccessMask, b->dstAccessMask);
   }
   for (uint32_t i = 0; i < dep->bufferMemoryBarrierCount; i++) {
      const VkBufferMemoryBarrier2 *b = &dep->pBufferMemoryBarriers[i];
      bits |= dependency_bits(b->srcStageMask, b->srcAccessMask, b->dstAccessMask);
   }
   for (uint32_t i = 0; i < dep->imageMemoryBarrierCount; i++) {
      const VkImageMemoryBarrier2 *b = &dep->pImageMemoryBarriers[i];
      bits |= dependency_bits(b->srcStageMask, b->srcAccessMask, b->dstAccessMask);
   }
   cmd->pending_pipe_bits |= bits;
}
