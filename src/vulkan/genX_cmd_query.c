/* Queries on the GPU, per generation: resets, begin/end snapshots of the
 * counters, timestamps and copies of the results into a buffer (the slot
 * layout is in gvk_query.h).
 *
 * Ordering: availability, register snapshots and copies are MI commands,
 * executed in order by the command streamer; PIPE_CONTROL post-sync writes
 * (timestamps, PS_DEPTH_COUNT) happen when the pipe control completes, so
 * every one of them stalls the command streamer until then (Command
 * Streamer Stall Enable), and the MI commands after it see its write. */
#include "genX_query_emit.h"

#include "devinfo.h"

/* The counter registers of the statistics, in VkQueryPipelineStatisticFlagBits
 * order (Vulkan spec "Pipeline Statistics Queries"; registers: PRM Vol. 2c). */
static const uint32_t statistic_regs[GVK_PIPELINE_STATISTICS_COUNT] = {
   GENX(IA_VERTICES_COUNT_num),
   GENX(IA_PRIMITIVES_COUNT_num),
   GENX(VS_INVOCATION_COUNT_num),
   GENX(GS_INVOCATION_COUNT_num),
   GENX(GS_PRIMITIVES_COUNT_num),
   GENX(CL_INVOCATION_COUNT_num),
   GENX(CL_PRIMITIVES_COUNT_num),
   GENX(PS_INVOCATION_COUNT_num),
   GENX(HS_INVOCATION_COUNT_num),
   GENX(DS_INVOCATION_COUNT_num),
   GENX(CS_INVOCATION_COUNT_num),
};

static uint64_t
query_addr(const struct gvk_query_pool *pool, uint32_t query, uint32_t offset)
{
   return pool->bo->addr + gvk_query_offset(pool, query) + offset;
}

static void
set_availability(struct gvk_cmd_buffer *cmd, const struct gvk_query_pool *pool,
                 uint32_t query, bool available)
{
   genX(emit_store_imm64)(cmd, query_addr(pool, query, 0), available);
}

/* Ivy Bridge copies a query's values as they stand (see copy_query): a
 * reset zeroes them so that a query copied before it ends reads 0, a
 * valid PARTIAL result. */
static void
query_reset(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
            uint32_t first, uint32_t count)
{
   for (uint32_t i = 0; i < count; i++) {
#if GFX_VERx10 == 70
      for (uint32_t offset = 8; offset < pool->stride; offset += 8)
         genX(emit_store_imm64)(cmd, query_addr(pool, first + i, offset), 0);
#endif
      set_availability(cmd, pool, first + i, false);
   }
}

#if GFX_VERx10 == 70
/* Ivy Bridge has no MI_MATH, so vkCmdCopyQueryPoolResults cannot subtract
 * a begin snapshot on the GPU (hasvk does not copy query results there at
 * all).  Instead a query starts its counters at zero and records a zero
 * begin, so the end snapshot is the result on both paths.  That is
 * exact because queries of one type never overlap on the one queue: only
 * one query per type may be active in a command buffer, and a query
 * begins and ends in the same command buffer (Vulkan spec, vkCmdBeginQuery
 * valid usage). */
static void
zero_counter(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t begin_addr)
{
   genX(emit_load_reg_imm)(cmd, reg, 0);
   genX(emit_load_reg_imm)(cmd, reg + 4, 0);
   genX(emit_store_imm64)(cmd, begin_addr, 0);
}
#endif

static void
snapshot_begin(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t addr)
{
#if GFX_VERx10 == 70
   zero_counter(cmd, reg, addr);
#else
   genX(emit_store_reg64)(cmd, reg, addr);
#endif
}

/* The pool's statistics counters into query's begin or end values, in
 * the order of their bits. */
static void
statistics_snapshot(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
                    uint32_t query, bool end)
{
   /* The counters count work that has finished: wait for it. */
   genX(emit_stall)(cmd);
   uint32_t i = 0;
   for (uint32_t s = 0; s < GVK_PIPELINE_STATISTICS_COUNT; s++) {
      if (!(pool->statistics & (1u << s)))
         continue;
      if (end)
         genX(emit_store_reg64)(cmd, statistic_regs[s],
                                query_addr(pool, query, gvk_query_end_offset(i++)));
      else
         snapshot_begin(cmd, statistic_regs[s],
                        query_addr(pool, query, gvk_query_begin_offset(i++)));
   }
}

/* Stream `stream`'s counts of primitives written and of primitives that
 * needed room (the order of a transform feedback query's results,
 * Vulkan "Transform Feedback Queries"), into query's begin or end values:
 * the SOL counts them under 3DSTATE_STREAMOUT SO Statistics Enable (PRM
 * Vol 2c SO_NUM_PRIMS_WRITTEN, SO_PRIM_STORAGE_NEEDED). */
static void
xfb_snapshot(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool, uint32_t query,
             uint32_t stream, bool end)
{
   genX(emit_stall)(cmd);
   const uint32_t regs[2] = { GENX(SO_NUM_PRIMS_WRITTEN0_num) + 8 * (stream & 3),
                              GENX(SO_PRIM_STORAGE_NEEDED0_num) + 8 * (stream & 3) };
   for (uint32_t i = 0; i < 2; i++) {
      if (end)
         genX(emit_store_reg64)(cmd, regs[i], query_addr(pool, query, gvk_query_end_offset(i)));
      else
         snapshot_begin(cmd, regs[i], query_addr(pool, query, gvk_query_begin_offset(i)));
   }
}

static void
query_begin(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool, uint32_t query,
            uint32_t index)
{
   switch (pool->type) {
   case VK_QUERY_TYPE_OCCLUSION:
#if GFX_VERx10 == 70
      genX(emit_depth_count)(cmd, 0);
      zero_counter(cmd, GENX(PS_DEPTH_COUNT_num), query_addr(pool, query, gvk_query_begin_offset(0)));
#else
      genX(emit_depth_count)(cmd, query_addr(pool, query, gvk_query_begin_offset(0)));
#endif
      break;
   case VK_QUERY_TYPE_PIPELINE_STATISTICS:
      statistics_snapshot(cmd, pool, query, false);
      break;
   case VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT:
      xfb_snapshot(cmd, pool, query, index, false);
      break;
   default:
      break;
   }
}

/* Inside a multiview render pass instance a query or timestamp takes one
 * query per view of the view mask (Vulkan "Queries" with multiview); the
 * first holds the result of every view (the replayed draws all count in
 * it), the others are made available with every value zero, as the spec
 * lets an implementation do. */
static void
zero_other_views(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool, uint32_t query)
{
   const uint32_t mask = cmd->rendering.active ? cmd->rendering.view_mask : 0;
   const uint32_t views = (uint32_t)__builtin_popcount(mask);
   for (uint32_t v = 1; v < views; v++) {
      for (uint32_t offset = 8; offset < pool->stride; offset += 8)
         genX(emit_store_imm64)(cmd, query_addr(pool, query + v, offset), 0);
      set_availability(cmd, pool, query + v, true);
   }
}

static void
query_end(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool, uint32_t query,
          uint32_t index)
{
   switch (pool->type) {
   case VK_QUERY_TYPE_OCCLUSION:
      genX(emit_depth_count)(cmd, query_addr(pool, query, gvk_query_end_offset(0)));
      break;
   case VK_QUERY_TYPE_PIPELINE_STATISTICS:
      statistics_snapshot(cmd, pool, query, true);
      break;
   case VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT:
      xfb_snapshot(cmd, pool, query, index, true);
      break;
   default:
      break;
   }
   set_availability(cmd, pool, query, true);
   zero_other_views(cmd, pool, query);
}

/* Top of pipe: the TIMESTAMP register when the command streamer reaches
 * the command.  Any later stage: when everything before has completed,
 * which is the PIPE_CONTROL post-sync timestamp after a stall (an
 * implementation may write a later stage's time, Vulkan spec
 * vkCmdWriteTimestamp2). */
static void
write_timestamp(struct gvk_cmd_buffer *cmd, VkPipelineStageFlags2 stage,
                struct gvk_query_pool *pool, uint32_t query)
{
   uint64_t addr = query_addr(pool, query, GVK_QUERY_TIMESTAMP_OFFSET);
   if (stage == VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT)
      genX(emit_store_reg64)(cmd, GENX(TIMESTAMP_num), addr);
   else
      genX(emit_post_sync)(cmd, GVK_POST_SYNC_WRITE_TIMESTAMP, addr, 0);
   set_availability(cmd, pool, query, true);
   zero_other_views(cmd, pool, query);
}

/* Writes the low dword, or the qword, of a 64-bit register to dst. */
static void
write_result(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t dst,
             VkQueryResultFlags flags, bool predicated)
{
   genX(emit_store_reg)(cmd, reg, dst, predicated);
   if (flags & VK_QUERY_RESULT_64_BIT)
      genX(emit_store_reg)(cmd, reg + 4, dst + 4, predicated);
}

#if GFX_VERx10 >= 75

/* GPR dst = GPR a op GPR b. */
static void
gpr_op(struct gvk_cmd_buffer *cmd, uint32_t op, uint32_t dst, uint32_t a, uint32_t b)
{
   uint32_t insts[4];
   genX(mi_gpr_op)(insts, op, dst, a, b);
   genX(emit_math)(cmd, insts, 4);
}

/* GPR dst = -GPR a: all ones for an availability of 1, zero for 0. */
static void
gpr_negate(struct gvk_cmd_buffer *cmd, uint32_t dst, uint32_t a)
{
   const uint32_t insts[] = {
      genX(mi_alu)(GVK_ALU_LOAD0, GVK_ALU_OPND(SRCA), 0),
      genX(mi_alu)(GVK_ALU_LOAD, GVK_ALU_OPND(SRCB), GVK_ALU_OPND(REG0) + a),
      genX(mi_alu)(GVK_ALU_SUB, 0, 0),
      genX(mi_alu)(GVK_ALU_STORE, GVK_ALU_OPND(REG0) + dst, GVK_ALU_OPND(ACCU)),
   };
   genX(emit_math)(cmd, insts, 4);
}

/* MI_PREDICATE_RESULT = the query is available (availability != 0). */
static void
predicate_on_availability(struct gvk_cmd_buffer *cmd, uint64_t avail_addr)
{
   genX(emit_load_reg64)(cmd, GENX(MI_PREDICATE_SRC0_num), avail_addr);
   genX(emit_load_reg_imm)(cmd, GENX(MI_PREDICATE_SRC1_num), 0);
   genX(emit_load_reg_imm)(cmd, GENX(MI_PREDICATE_SRC1_num) + 4, 0);
   genX(emit_predicate_not_equal)(cmd);
}

/* GPR 2 = result i of the query: end - begin, a timestamp masked to its
 * valid bits. */
static void
load_result(struct gvk_cmd_buffer *cmd, const struct gvk_query_pool *pool,
            uint32_t query, uint32_t i)
{
   if (pool->type == VK_QUERY_TYPE_TIMESTAMP) {
      genX(emit_load_reg64)(cmd, GVK_GPR(0),
                            query_addr(pool, query, GVK_QUERY_TIMESTAMP_OFFSET));
      genX(emit_load_gpr_imm)(cmd, 1, DEVINFO_TIMESTAMP_MASK);
      gpr_op(cmd, GVK_ALU_AND, 2, 0, 1);
      return;
   }
   genX(emit_load_reg64)(cmd, GVK_GPR(0), query_addr(pool, query, gvk_query_end_offset(i)));
   genX(emit_load_reg64)(cmd, GVK_GPR(1), query_addr(pool, query, gvk_query_begin_offset(i)));
   gpr_op(cmd, GVK_ALU_SUB, 2, 0, 1);
}

/* GPR a = GPR a / 4, for a below 2^34 (pool->quartered_result).  MI_MATH
 * has no shift before Gen12.5: 30 doublings move bits 2..33 into the
 * upper dword, which then becomes the value. */
static void
gpr_quarter(struct gvk_cmd_buffer *cmd, uint32_t a)
{
   enum { DOUBLINGS = 30, PER_PACKET = 8 };
   uint32_t insts[4 * PER_PACKET];
   for (uint32_t done = 0; done < DOUBLINGS; done += PER_PACKET) {
      const uint32_t n = DOUBLINGS - done < PER_PACKET ? DOUBLINGS - done : PER_PACKET;
      for (uint32_t k = 0; k < n; k++)
         genX(mi_gpr_op)(&insts[4 * k], GVK_ALU_ADD, a, a, a);
      genX(emit_math)(cmd, insts, 4 * n);
   }
   genX(emit_gpr_high)(cmd, a, a);
}

/* Vulkan "vkCmdCopyQueryPoolResults": an unavailable query's values are
 * undefined unless PARTIAL asks for one between 0 and the final result
 * (0 here); without PARTIAL none are written, as vkGetQueryPoolResults
 * does.  With WAIT
 * the query is available once the stall before the copy is done. */
static void
copy_query(struct gvk_cmd_buffer *cmd, const struct gvk_query_pool *pool,
           uint32_t query, uint64_t dst, VkQueryResultFlags flags)
{
   const uint32_t bytes = flags & VK_QUERY_RESULT_64_BIT ? 8 : 4;
   const bool wait = flags & VK_QUERY_RESULT_WAIT_BIT;
   const bool partial = !wait && (flags & VK_QUERY_RESULT_PARTIAL_BIT);
   const bool predicated = !wait && !partial;
   const uint64_t avail_addr = query_addr(pool, query, 0);

   genX(emit_load_reg64)(cmd, GVK_GPR(3), avail_addr);
   if (partial)
      gpr_negate(cmd, 4, 3);
   if (predicated)
      predicate_on_availability(cmd, avail_addr);
   for (uint32_t i = 0; i < pool->results; i++) {
      load_result(cmd, pool, query, i);
      if (i == pool->quartered_result)
         gpr_quarter(cmd, 2);
      if (partial)
         gpr_op(cmd, GVK_ALU_AND, 2, 2, 4);
      write_result(cmd, GVK_GPR(2), dst + i * bytes, flags, predicated);
   }
   if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
      write_result(cmd, GVK_GPR(3), dst + pool->results * bytes, flags, false);
}

#else

/* Ivy Bridge: no MI_MATH, no command streamer GPRs, no predicated
 * MI_STORE_REGISTER_MEM.  Values move through MI_PREDICATE_SRC0 as they
 * are: results are end snapshots (see zero_counter) and timestamps are
 * not masked.  An unavailable query's values are written too, which the
 * spec allows (they are undefined without PARTIAL; with it they are the
 * zeroes of the reset until the query ends). */
static void
copy_qword(struct gvk_cmd_buffer *cmd, uint64_t src, uint64_t dst,
           VkQueryResultFlags flags)
{
   const uint32_t reg = GENX(MI_PREDICATE_SRC0_num);
   genX(emit_load_reg64)(cmd, reg, src);
   write_result(cmd, reg, dst, flags, false);
}

static void
copy_query(struct gvk_cmd_buffer *cmd, const struct gvk_query_pool *pool,
           uint32_t query, uint64_t dst, VkQueryResultFlags flags)
{
   const uint32_t bytes = flags & VK_QUERY_RESULT_64_BIT ? 8 : 4;
   for (uint32_t i = 0; i < pool->results; i++) {
      uint32_t offset = pool->type == VK_QUERY_TYPE_TIMESTAMP ?
                        GVK_QUERY_TIMESTAMP_OFFSET : gvk_query_end_offset(i);
      copy_qword(cmd, query_addr(pool, query, offset), dst + i * bytes, flags);
   }
   if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
      copy_qword(cmd, query_addr(pool, query, 0), dst + pool->results * bytes, flags);
}

#endif

static void
copy_results(struct gvk_cmd_buffer *cmd, struct gvk_query_pool *pool,
             uint32_t first, uint32_t count, uint64_t dst, uint64_t stride,
             VkQueryResultFlags flags)
{
   /* The snapshots written by PIPE_CONTROLs and by the work before must
    * have landed before the command streamer reads them (the spec: the
    * copy sees earlier resets and queries without a barrier). */
   genX(emit_stall)(cmd);
   for (uint32_t i = 0; i < count; i++)
      copy_query(cmd, pool, first + i, dst + i * stride, flags);
}

const struct gvk_genx_query_cmds genX(query_cmds) = {
   .reset = query_reset,
   .begin = query_begin,
   .end = query_end,
   .write_timestamp = write_timestamp,
   .copy_results = copy_results,
   .set_event = genX(cmd_set_event),
   .wait_event = genX(cmd_wait_event),
};
