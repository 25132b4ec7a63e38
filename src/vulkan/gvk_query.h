/* Query pools and events: their memory layout, shared by the host side
 * (gvk_query_pool.c, gvk_event.c) and the command emission of each
 * generation (genX_cmd_query.c, genX_cmd_event.c). */
#ifndef GVK_QUERY_H
#define GVK_QUERY_H

#include <stdint.h>

#include "gvk_bo.h"
#include "gvk_object.h"

struct gvk_cmd_buffer;
struct gvk_device;

/* The statistics a pool can count, in the order of their
 * VkQueryPipelineStatisticFlagBits (which is the order of the results,
 * Vulkan spec "Pipeline Statistics Queries"). */
#define GVK_PIPELINE_STATISTICS_COUNT 11
#define GVK_PIPELINE_STATISTICS_MASK ((1u << GVK_PIPELINE_STATISTICS_COUNT) - 1)

/* One buffer object holds every query of a pool, `stride` bytes each:
 *   qword 0            availability: 0 unavailable, 1 available
 *   timestamps:        qword 1 the timestamp (GVK_QUERY_TIMESTAMP_OFFSET)
 *   occlusion:         qwords 1, 2 the PS_DEPTH_COUNT snapshots at begin, end
 *   transform feedback: qwords 1, 2 and 3, 4 the snapshots of the
 *                      stream's primitives written and needed
 *   statistics:        qwords 1 + 2i, 2 + 2i the begin and end snapshots of
 *                      the i-th counter the pool counts
 * A result is end - begin (a timestamp is its value). */
struct gvk_query_pool {
   struct gvk_object base;
   VkQueryType type;
   VkQueryPipelineStatisticFlags statistics;
   uint32_t count;
   uint32_t results;              /* values per query, availability aside */
   uint32_t stride;               /* bytes per query */
   /* The result counted four times over by the hardware, which both
    * readbacks divide by 4 (UINT32_MAX: none): fragment-shader
    * invocations on Haswell and Broadwell
    * (WaDividePSInvocationCountBy4:HSW,BDW). */
   uint32_t quartered_result;
   struct gvk_bo *bo;
};

GVK_DEFINE_HANDLE_CASTS(gvk_query_pool, VkQueryPool)

static inline uint64_t
gvk_query_offset(const struct gvk_query_pool *pool, uint32_t query)
{
   return (uint64_t)query * pool->stride;
}

/* Byte offsets in a query's slot of result i's snapshots. */
static inline uint32_t
gvk_query_begin_offset(uint32_t i)
{
   return 8 + 16 * i;
}

static inline uint32_t
gvk_query_end_offset(uint32_t i)
{
   return 16 + 16 * i;
}

#define GVK_QUERY_TIMESTAMP_OFFSET 8

/* An event is one qword of its own small buffer object: GVK_EVENT_SET or
 * GVK_EVENT_RESET, written by the host through the map and by the GPU with
 * PIPE_CONTROL post-sync writes, polled by MI_SEMAPHORE_WAIT (Gen8+). */
#define GVK_EVENT_RESET 0u
#define GVK_EVENT_SET 1u

struct gvk_event {
   struct gvk_object base;
   struct gvk_bo *bo;
};

GVK_DEFINE_HANDLE_CASTS(gvk_event, VkEvent)

/* Per-generation command emission (genX_cmd_query.c, genX_cmd_event.c),
 * picked by the generic entry points with gvk_genx_query_cmds(). */
struct gvk_genx_query_cmds {
   void (*reset)(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
                 uint32_t first, uint32_t count);
   /* index: the vertex stream of a transform feedback query, else 0 */
   void (*begin)(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
                 uint32_t query, uint32_t index);
   void (*end)(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
               uint32_t query, uint32_t index);
   void (*write_timestamp)(struct gvk_cmd_buffer *cmd, VkPipelineStageFlags2 stage,
                           struct gvk_query_pool *pool, uint32_t query);
   void (*copy_results)(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
                        uint32_t first, uint32_t count, uint64_t dst,
                        uint64_t stride, VkQueryResultFlags flags);
   /* Writes value into the event once the work of src_stages is done. */
   void (*set_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event,
                     uint32_t value, VkPipelineStageFlags2 src_stages);
   /* Waits until the event is set (the memory dependency is the barrier's). */
   void (*wait_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event);
};

#define GVK_GENX_QUERY_DECL(v) \
   extern const struct gvk_genx_query_cmds gfx##v##_query_cmds;
GVK_GENX_QUERY_DECL(70)
GVK_GENX_QUERY_DECL(75)
GVK_GENX_QUERY_DECL(80)
GVK_GENX_QUERY_DECL(90)
GVK_GENX_QUERY_DECL(110)
GVK_GENX_QUERY_DECL(120)

const struct gvk_genx_query_cmds *gvk_genx_query_cmds(const struct gvk_device *device);

#endif
