/* Events on the GPU, per generation: set/reset as a post-sync write once
 * the source stages are done, and the wait before the barrier that
 * completes vkCmdWaitEvents. */
#include "genX_query_emit.h"

/* Vulkan "vkCmdSetEvent2": the event changes once the work of the first
 * synchronization scope has completed.  The post-sync write comes after
 * a CS stall, which waits for all work before, whatever src_stages says. */
void
genX(cmd_set_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event,
                    uint32_t value, VkPipelineStageFlags2 src_stages)
{
   (void)src_stages;
   genX(emit_post_sync)(cmd, GVK_POST_SYNC_WRITE_IMMEDIATE, event->bo->addr, value);
}

#if GFX_VER >= 8
/* The command streamer polls the event's qword until it reads
 * GVK_EVENT_SET (PRM Vol. 2a, MI_SEMAPHORE_WAIT, Polling Mode,
 * SAD_EQUAL_SDD): a set on the host, even after the submission, or an
 * earlier set on the queue releases it. */
void
genX(cmd_wait_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event)
{
   enum { POLLING_MODE = 1, SAD_EQUAL_SDD = 4 };
   const uint64_t addr = event->bo->addr;
#if GFX_VER >= 9
   gvk_query_emit(cmd, MI_SEMAPHORE_WAIT, .wait_mode = POLLING_MODE,
                  .compare_operation = SAD_EQUAL_SDD,
                  .semaphore_data_dword = GVK_EVENT_SET,
                  .semaphore_address = addr);
#else
   gvk_query_emit(cmd, MI_SEMAPHORE_WAIT, .wait_mode = POLLING_MODE,
                  .compare_operation = SAD_EQUAL_SDD,
                  .semaphore_data_dword = GVK_EVENT_SET,
                  .semaphore_address = addr & 0xffffffffull,
                  .semaphore_address_high = addr >> 32);
#endif
}
#else
/* Ivy Bridge and Haswell have no MI_SEMAPHORE_WAIT that polls memory
 * (hasvk leaves the wait out there).  A CS stall instead completes the
 * work before, so an event set earlier on the queue (a PIPE_CONTROL
 * post-sync write) has landed; an event the host sets must be set before
 * the submission that waits for it. */
void
genX(cmd_wait_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event)
{
   (void)event;
   genX(emit_stall)(cmd);
}
#endif
