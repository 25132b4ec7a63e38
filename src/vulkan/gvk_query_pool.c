/* Query pools: creation, the host's reads and resets, and the command
 * entry points, which hand over to the generation's emission
 * (genX_cmd_query.c). */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "gvk_query.h"

/* How long VK_QUERY_RESULT_WAIT_BIT waits for one query before the device
 * is declared lost: far beyond any submission that makes progress. */
#define WAIT_TIMEOUT_NS (10ull * 1000000000ull)

const struct gvk_genx_query_cmds *
gvk_genx_query_cmds(const struct gvk_device *device)
{
   switch (device->pdev->info.verx10) {
   case 70: return &gfx70_query_cmds;
   case 75: return &gfx75_query_cmds;
   case 80: return &gfx80_query_cmds;
   case 90: return &gfx90_query_cmds;
   case 110: return &gfx110_query_cmds;
   default: return &gfx120_query_cmds;
   }
}

/* Values per query (availability aside), 0 for a type genvk cannot count. */
static uint32_t
query_results(VkQueryType type, VkQueryPipelineStatisticFlags statistics)
{
   switch (type) {
   case VK_QUERY_TYPE_OCCLUSION:
   case VK_QUERY_TYPE_TIMESTAMP:
      return 1;
   case VK_QUERY_TYPE_PIPELINE_STATISTICS:
      return (uint32_t)__builtin_popcount(statistics);
   /* primitives written, primitives needed */
   case VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT:
      return 2;
   default:
      return 0;
   }
}

static uint32_t
quartered_result(const struct devinfo *info, VkQueryPipelineStatisticFlags statistics)
{
   const VkQueryPipelineStatisticFlags ps =
      VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT;
   if ((info->verx10 != 75 && info->verx10 != 80) || !(statistics & ps))
      return UINT32_MAX;
   return (uint32_t)__builtin_popcount(statistics & (ps - 1));
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateQueryPool(VkDevice _device, const VkQueryPoolCreateInfo *info,
                    const VkAllocationCallbacks *alloc, VkQueryPool *out)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   VkQueryPipelineStatisticFlags statistics = 0;
   if (info->queryType == VK_QUERY_TYPE_PIPELINE_STATISTICS) {
      statistics = info->pipelineStatistics & GVK_PIPELINE_STATISTICS_MASK;
      if (statistics != info->pipelineStatistics)
         return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                         "vkCreateQueryPool: pipeline statistics 0x%x are not "
                         "Vulkan 1.0 statistics",
                         info->pipelineStatistics & ~GVK_PIPELINE_STATISTICS_MASK);
   }
   uint32_t results = query_results(info->queryType, statistics);
   if (info->queryType != VK_QUERY_TYPE_PIPELINE_STATISTICS && results == 0)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateQueryPool: query type %d is not supported",
                      info->queryType);
   if (info->queryCount == 0)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateQueryPool: queryCount is 0");

   struct gvk_query_pool *pool =
      gvk_object_create(&device->base.alloc, alloc, sizeof(*pool),
                        VK_OBJECT_TYPE_QUERY_POOL, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->type = info->queryType;
   pool->statistics = statistics;
   pool->count = info->queryCount;
   pool->results = results;
   pool->quartered_result = quartered_result(&device->pdev->info, statistics);
   /* Timestamps keep one value, the others a begin/end pair per result. */
   pool->stride = info->queryType == VK_QUERY_TYPE_TIMESTAMP ? 16 : 8 + 16 * results;

   /* Zeroed memory: every query starts unavailable. */
   VkResult result = gvk_bo_create(device, (uint64_t)pool->count * pool->stride,
                                   GVK_BO_MAP, "query pool", &pool->bo);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&pool->base);
      return result;
   }
   *out = gvk_query_pool_to_handle(pool);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyQueryPool(VkDevice _device, VkQueryPool _pool,
                     const VkAllocationCallbacks *alloc)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   if (!pool)
      return;
   gvk_bo_unref(device, pool->bo);
   gvk_object_destroy(&pool->base);
}

static volatile uint64_t *
query_slot(const struct gvk_query_pool *pool, uint32_t query)
{
   return (volatile uint64_t *)((char *)pool->bo->map + gvk_query_offset(pool, query));
}

/* Vulkan "vkResetQueryPool": the host makes the queries unavailable. */
VKAPI_ATTR void VKAPI_CALL
gvk_ResetQueryPool(VkDevice _device, VkQueryPool _pool, uint32_t first,
                   uint32_t count)
{
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   for (uint32_t i = 0; i < count; i++)
      *query_slot(pool, first + i) = 0;
}

static bool
query_available(const struct gvk_query_pool *pool, uint32_t query)
{
   return __atomic_load_n((const uint64_t *)query_slot(pool, query),
                          __ATOMIC_ACQUIRE) != 0;
}

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* VK_QUERY_RESULT_WAIT_BIT: polls the availability with sleeps of at most
 * a millisecond.  A batch the kernel found guilty of a hang or fault, or a
 * query that stays unavailable past WAIT_TIMEOUT_NS, loses the device (the
 * spec lets vkGetQueryPoolResults return VK_ERROR_DEVICE_LOST then). */
static VkResult
wait_available(struct gvk_device *device, const struct gvk_query_pool *pool,
               uint32_t query)
{
   const uint64_t deadline = now_ns() + WAIT_TIMEOUT_NS;
   long sleep_ns = 1000;
   while (!query_available(pool, query)) {
      if (atomic_load(&device->lost))
         return VK_ERROR_DEVICE_LOST;
      uint32_t guilty = 0;
      if (gvk_i915_guilty_batches(device->fd, device->ctx_id, &guilty) == 0 && guilty)
         return gvk_device_set_lost(device, "a batch hung or faulted while "
                                            "vkGetQueryPoolResults waited");
      if (now_ns() > deadline)
         return gvk_device_set_lost(device, "vkGetQueryPoolResults waited 10 s "
                                            "for a query that never became available");
      nanosleep(&(struct timespec){ .tv_nsec = sleep_ns }, NULL);
      if (sleep_ns < 1000000)
         sleep_ns *= 2;
   }
   return VK_SUCCESS;
}

/* Result i of an available query. */
static uint64_t
query_result(const struct gvk_query_pool *pool, uint32_t query, uint32_t i)
{
   const char *slot = (const char *)query_slot(pool, query);
   if (pool->type == VK_QUERY_TYPE_TIMESTAMP)
      return *(const volatile uint64_t *)(slot + GVK_QUERY_TIMESTAMP_OFFSET) & DEVINFO_TIMESTAMP_MASK;
   uint64_t begin = *(const volatile uint64_t *)(slot + gvk_query_begin_offset(i));
   uint64_t end = *(const volatile uint64_t *)(slot + gvk_query_end_offset(i));
   return i == pool->quartered_result ? (end - begin) / 4 : end - begin;
}

static void
write_value(void *dst, VkQueryResultFlags flags, uint32_t index, uint64_t value)
{
   if (flags & VK_QUERY_RESULT_64_BIT)
      memcpy((char *)dst + 8 * index, &value, 8);
   else
      memcpy((char *)dst + 4 * index, &(uint32_t){ (uint32_t)value }, 4);
}

/* Vulkan "vkGetQueryPoolResults": without WAIT and PARTIAL an unavailable
 * query gets no values (but its availability when asked) and the call
 * returns VK_NOT_READY; with PARTIAL it gets 0, a value "between zero and
 * the final result", and the call succeeds as Mesa's drivers do (the
 * spec names VK_NOT_READY for the first case only). */
VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetQueryPoolResults(VkDevice _device, VkQueryPool _pool, uint32_t first,
                        uint32_t count, size_t size, void *data,
                        VkDeviceSize stride, VkQueryResultFlags flags)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   if (atomic_load(&device->lost))
      return VK_ERROR_DEVICE_LOST;
   if (first + (uint64_t)count > pool->count)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkGetQueryPoolResults: queries %u..%u outside a pool of %u",
                      first, first + count - 1, pool->count);

   const uint32_t value_bytes = flags & VK_QUERY_RESULT_64_BIT ? 8 : 4;
   const uint32_t values = pool->results +
                           !!(flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   VkResult status = VK_SUCCESS;
   for (uint32_t i = 0; i < count; i++) {
      char *dst = (char *)data + i * stride;
      if ((size_t)(dst - (char *)data) + values * value_bytes > size)
         return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                         "vkGetQueryPoolResults: dataSize %zu is too small", size);
      bool available = query_available(pool, first + i);
      if (!available && (flags & VK_QUERY_RESULT_WAIT_BIT)) {
         VkResult r = wait_available(device, pool, first + i);
         if (r != VK_SUCCESS)
            return r;
         available = true;
      }
      if (available || (flags & VK_QUERY_RESULT_PARTIAL_BIT)) {
         for (uint32_t v = 0; v < pool->results; v++)
            write_value(dst, flags, v, available ? query_result(pool, first + i, v) : 0);
      } else {
         status = VK_NOT_READY;
      }
      if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
         write_value(dst, flags, pool->results, available);
   }
   return status;
}

/* ---- commands ---- */

/* A command naming queries outside its pool would make the GPU write
 * outside the pool's memory: it is not recorded, and vkEndCommandBuffer
 * reports the error (the first one a command buffer meets). */
static bool
queries_valid(struct gvk_cmd_buffer *cmd, const struct gvk_query_pool *pool,
              uint32_t first, uint32_t count, const char *what)
{
   if (first + (uint64_t)count <= pool->count)
      return true;
   VkResult r = gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                         "%s: queries %u..%u outside a pool of %u", what, first,
                         first + count - 1, pool->count);
   if (cmd->status == VK_SUCCESS)
      cmd->status = r;
   return false;
}

/* The queries a query or timestamp takes: one per view inside a
 * multiview render pass instance (Vulkan "Queries" with multiview;
 * genX_cmd_query.c fills the others). */
static uint32_t
query_views(const struct gvk_cmd_buffer *cmd)
{
   const uint32_t mask = cmd->rendering.active ? cmd->rendering.view_mask : 0;
   return mask ? (uint32_t)__builtin_popcount(mask) : 1;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdResetQueryPool(VkCommandBuffer commandBuffer, VkQueryPool _pool,
                      uint32_t first, uint32_t count)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   if (count && queries_valid(cmd, pool, first, count, "vkCmdResetQueryPool"))
      gvk_genx_query_cmds(cmd->device)->reset(cmd, pool, first, count);
}

/* index: the vertex stream of a transform feedback query
 * (VK_EXT_transform_feedback), 0 for the other types. */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdBeginQueryIndexedEXT(VkCommandBuffer commandBuffer, VkQueryPool _pool,
                            uint32_t query, VkQueryControlFlags flags, uint32_t index)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   (void)flags;
   if (queries_valid(cmd, pool, query, 1, "vkCmdBeginQuery"))
      gvk_genx_query_cmds(cmd->device)->begin(cmd, pool, query, index);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdEndQueryIndexedEXT(VkCommandBuffer commandBuffer, VkQueryPool _pool, uint32_t query,
                          uint32_t index)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   if (queries_valid(cmd, pool, query, query_views(cmd), "vkCmdEndQuery"))
      gvk_genx_query_cmds(cmd->device)->end(cmd, pool, query, index);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBeginQuery(VkCommandBuffer commandBuffer, VkQueryPool _pool,
                  uint32_t query, VkQueryControlFlags flags)
{
   gvk_CmdBeginQueryIndexedEXT(commandBuffer, _pool, query, flags, 0);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdEndQuery(VkCommandBuffer commandBuffer, VkQueryPool _pool, uint32_t query)
{
   gvk_CmdEndQueryIndexedEXT(commandBuffer, _pool, query, 0);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdWriteTimestamp2(VkCommandBuffer commandBuffer, VkPipelineStageFlags2 stage,
                       VkQueryPool _pool, uint32_t query)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   if (queries_valid(cmd, pool, query, query_views(cmd), "vkCmdWriteTimestamp"))
      gvk_genx_query_cmds(cmd->device)->write_timestamp(cmd, stage, pool, query);
}

/* The synchronization2 stage bits of the pipeline's stages keep the
 * values of their VkPipelineStageFlagBits. */
VKAPI_ATTR void VKAPI_CALL
gvk_CmdWriteTimestamp(VkCommandBuffer commandBuffer, VkPipelineStageFlagBits stage,
                      VkQueryPool pool, uint32_t query)
{
   gvk_CmdWriteTimestamp2(commandBuffer, (VkPipelineStageFlags2)stage, pool, query);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyQueryPoolResults(VkCommandBuffer commandBuffer, VkQueryPool _pool,
                            uint32_t first, uint32_t count, VkBuffer _buffer,
                            VkDeviceSize offset, VkDeviceSize stride,
                            VkQueryResultFlags flags)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_query_pool *pool = gvk_query_pool_from_handle(_pool);
   struct gvk_buffer *buffer = gvk_buffer_from_handle(_buffer);
   if (!count || !queries_valid(cmd, pool, first, count, "vkCmdCopyQueryPoolResults"))
      return;
   const uint64_t bytes = (pool->results + !!(flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)) *
                          (flags & VK_QUERY_RESULT_64_BIT ? 8 : 4);
   if (!buffer->address.bo || offset + (count - 1) * stride + bytes > buffer->size) {
      VkResult r = gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                            "vkCmdCopyQueryPoolResults: the destination buffer has "
                            "no memory bound or is too small");
      if (cmd->status == VK_SUCCESS)
         cmd->status = r;
      return;
   }
   gvk_genx_query_cmds(cmd->device)->copy_results(
      cmd, pool, first, count, gvk_address_gpu(buffer->address) + offset, stride, flags);
}
