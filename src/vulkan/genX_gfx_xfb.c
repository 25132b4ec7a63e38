/* Transform feedback for one generation (Gen8+; VK_EXT_transform_feedback,
 * PRM Vol 7 "Stream Output Logic (SOL) Stage"): 3DSTATE_STREAMOUT and
 * 3DSTATE_SO_DECL_LIST from the last vertex stage's gbe_xfb_info, the SO
 * buffers of the bound transform feedback buffers, the SO write offsets
 * loaded from and stored to the counter buffers around a capture, and
 * vkCmdDrawIndirectByteCountEXT's vertex count computed by the command
 * streamer.
 *
 * The SOL writes a buffer's next vertex at its SO_WRITE_OFFSETn register
 * (a byte offset from the SO buffer's Surface Base Address, the binding
 * offset); SO_BUFFER never loads it (Stream Offset Write Enable off):
 * vkCmdBeginTransformFeedbackEXT loads it once, from the counter buffer
 * or as 0, and vkCmdEndTransformFeedbackEXT stores it to the counter
 * buffer, which is the counter value Vulkan defines (the byte position
 * after the last vertex written, relative to the binding offset). */
#include "genX_cmd.h"

#include "gbe.h"
#include "genX_query_emit.h"
#include "gvk_log.h"
#include "gvk_pipeline.h"
#include "macros.h"

#if GFX_VER >= 8

#define SO_BUFFERS 4
#define SO_STREAMS 4
/* 3DSTATE_SO_DECL_LIST Num Entries is 8 bits; the PRM allows 128. */
#define MAX_SO_DECLS 128

/* 3DSTATE_STREAMOUT Reorder Mode LEADING: a strip's odd triangle goes
 * out as (i, i+2, i+1), Vulkan's order for the first-vertex provoking
 * convention (HARDWARE-NOTES section 4). */
enum { REORDER_LEADING = 0 };

static const struct gbe_xfb_info *
pipeline_xfb(const struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = cmd->graphics.pipeline->gfx;
   const struct gvk_shader *last = g->gs ? g->gs : g->tes ? g->tes : g->vs;
   return last->kernel.xfb.num_outputs ? &last->kernel.xfb : NULL;
}

/* One stream's declarations, in buffer then offset order (as
 * gbe_xfb_info sorts them): a hole of up to four dwords moves a buffer's
 * cursor over a gap, each output writes its components at the cursor.
 * Returns the count, or UINT32_MAX past MAX_SO_DECLS. */
static uint32_t
stream_decls(const struct gbe_xfb_info *xfb, unsigned stream,
             struct GENX(SO_DECL) decl[MAX_SO_DECLS], uint32_t *buffers)
{
   uint32_t n = 0, cursor[SO_BUFFERS] = { 0 };
   for (uint32_t i = 0; i < xfb->num_outputs; i++) {
      const struct gbe_xfb_output *o = &xfb->outputs[i];
      if (o->stream != stream)
         continue;
      *buffers |= 1u << o->buffer;
      while (cursor[o->buffer] < o->offset && n < MAX_SO_DECLS) {
         const uint32_t gap = MIN2((o->offset - cursor[o->buffer]) / 4, 4u);
         decl[n++] = (struct GENX(SO_DECL)){ .output_buffer_slot = o->buffer,
                                             .hole_flag = true,
                                             .component_mask = (1u << gap) - 1 };
         cursor[o->buffer] += gap * 4;
      }
      if (n == MAX_SO_DECLS)
         return UINT32_MAX;
      decl[n++] = (struct GENX(SO_DECL)){
         .output_buffer_slot = o->buffer, .register_index = o->row,
         .component_mask = ((1u << o->num_components) - 1) << o->component };
      cursor[o->buffer] = o->offset + o->num_components * 4u;
   }
   return n;
}

static void
emit_decl_list(struct gvk_cmd_buffer *cmd, const struct gbe_xfb_info *xfb)
{
   struct GENX(SO_DECL) decl[SO_STREAMS][MAX_SO_DECLS];
   uint32_t count[SO_STREAMS], buffers[SO_STREAMS] = { 0 }, entries = 0;
   for (unsigned s = 0; s < SO_STREAMS; s++) {
      count[s] = stream_decls(xfb, s, decl[s], &buffers[s]);
      if (count[s] == UINT32_MAX) {
         gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdDraw: stream %u's transform "
                                         "feedback needs more than %u SO_DECLs", s,
                                         MAX_SO_DECLS));
         return;
      }
      entries = MAX2(entries, count[s]);
   }
   struct GENX(3DSTATE_SO_DECL_LIST) list = {
      GENX(3DSTATE_SO_DECL_LIST_header),
      .stream_to_buffer_selects_0 = buffers[0], .stream_to_buffer_selects_1 = buffers[1],
      .stream_to_buffer_selects_2 = buffers[2], .stream_to_buffer_selects_3 = buffers[3],
      .num_entries_0 = count[0], .num_entries_1 = count[1],
      .num_entries_2 = count[2], .num_entries_3 = count[3],
   };
   list.dword_length = GENX(3DSTATE_SO_DECL_LIST_length) + 2 * entries -
                       GENX(3DSTATE_SO_DECL_LIST_length_bias);
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, GENX(3DSTATE_SO_DECL_LIST_length) +
                                  2 * entries, 4);
   GENX(3DSTATE_SO_DECL_LIST_pack)(&cmd->batch, dw, &list);
   static const struct GENX(SO_DECL) none;
   for (uint32_t e = 0; e < entries; e++) {
      const struct GENX(SO_DECL_ENTRY) entry = {
         .stream_0_decl = e < count[0] ? decl[0][e] : none,
         .stream_1_decl = e < count[1] ? decl[1][e] : none,
         .stream_2_decl = e < count[2] ? decl[2][e] : none,
         .stream_3_decl = e < count[3] ? decl[3][e] : none,
      };
      GENX(SO_DECL_ENTRY_pack)(&cmd->batch, dw + GENX(3DSTATE_SO_DECL_LIST_length) + 2 * e,
                               &entry);
   }
}

/* Vertex Read Offset 0 and Read Length in 256-bit units less one: the
 * rows from the VUE header to the last one a declaration reads. */
static void
emit_streamout(struct gvk_cmd_buffer *cmd, const struct gbe_xfb_info *xfb)
{
   const bool on = xfb && cmd->xfb.active;
   const uint32_t length = xfb ? xfb->max_row / 2 : 0;
   gvk_batch_emit(&cmd->batch, 3DSTATE_STREAMOUT, so) {
      so.so_function_enable = on;
      so.so_statistics_enable = on;
      so.reorder_mode = REORDER_LEADING;
      so.stream_0_vertex_read_length = length;
      so.stream_1_vertex_read_length = length;
      so.stream_2_vertex_read_length = length;
      so.stream_3_vertex_read_length = length;
      so.buffer_0_surface_pitch = xfb ? xfb->stride[0] : 0;
      so.buffer_1_surface_pitch = xfb ? xfb->stride[1] : 0;
      so.buffer_2_surface_pitch = xfb ? xfb->stride[2] : 0;
      so.buffer_3_surface_pitch = xfb ? xfb->stride[3] : 0;
   }
}

#if GFX_VER >= 12
#define SO_BUFFER_FIELDS(sob, addr, size) do { \
   (sob).so_buffer_enable = (size) >= 4; \
   (sob).mocs = GVK_MOCS; \
   (sob).surface_base_address = (addr); \
   (sob).surface_size = (size) >= 4 ? (uint32_t)((size) / 4 - 1) : 0; \
} while (0)
#endif

/* SO buffer b: the bound range (Surface Size in dwords less one, the
 * field's 30 bits), or off when nothing is bound there. */
static void
emit_so_buffer(struct gvk_cmd_buffer *cmd, unsigned b)
{
   const uint64_t addr = cmd->xfb.buffer[b].addr;
   const uint64_t size = MIN2(cmd->xfb.buffer[b].size, (uint64_t)1 << 32);
#if GFX_VER >= 12
   /* Gen12 has one command per buffer, the index in its opcode. */
   switch (b) {
   case 0:
      gvk_batch_emit(&cmd->batch, 3DSTATE_SO_BUFFER_INDEX_0, sob)
         SO_BUFFER_FIELDS(sob.so_buffer_index_state_body, addr, size);
      break;
   case 1:
      gvk_batch_emit(&cmd->batch, 3DSTATE_SO_BUFFER_INDEX_1, sob)
         SO_BUFFER_FIELDS(sob.so_buffer_index_state_body, addr, size);
      break;
   case 2:
      gvk_batch_emit(&cmd->batch, 3DSTATE_SO_BUFFER_INDEX_2, sob)
         SO_BUFFER_FIELDS(sob.so_buffer_index_state_body, addr, size);
      break;
   default:
      gvk_batch_emit(&cmd->batch, 3DSTATE_SO_BUFFER_INDEX_3, sob)
         SO_BUFFER_FIELDS(sob.so_buffer_index_state_body, addr, size);
      break;
   }
#else
   gvk_batch_emit(&cmd->batch, 3DSTATE_SO_BUFFER, sob) {
      sob.so_buffer_index = b;
      sob.so_buffer_enable = size >= 4;
      sob.mocs = GVK_MOCS;
      sob.surface_base_address = addr;
      sob.surface_size = size >= 4 ? (uint32_t)(size / 4 - 1) : 0;
   }
#endif
}

void
genX(cmd_emit_xfb)(struct gvk_cmd_buffer *cmd, bool pipeline_changed)
{
   if (!pipeline_changed && !cmd->xfb.dirty)
      return;
   const struct gbe_xfb_info *xfb = pipeline_xfb(cmd);
   if (xfb && cmd->xfb.active) {
      emit_decl_list(cmd, xfb);
      for (unsigned b = 0; b < SO_BUFFERS; b++)
         emit_so_buffer(cmd, b);
   }
   emit_streamout(cmd, xfb);
   cmd->xfb.dirty = false;
}

/* The SO write offsets move on only as the SOL writes: the draws before
 * must be done before they are read or replaced (a CS stall). */
void
genX(cmd_xfb_begin)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4])
{
   genX(emit_stall)(cmd);
   for (unsigned b = 0; b < SO_BUFFERS; b++) {
      const uint32_t reg = GENX(SO_WRITE_OFFSET0_num) + 4 * b;
      if (counter[b]) {
         gvk_query_emit(cmd, MI_LOAD_REGISTER_MEM, .register_address = reg,
                        .memory_address = counter[b]);
      } else {
         genX(emit_load_reg_imm)(cmd, reg, 0);
      }
   }
   cmd->xfb.active = true;
   cmd->xfb.dirty = true;
}

void
genX(cmd_xfb_end)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4])
{
   genX(emit_stall)(cmd);
   for (unsigned b = 0; b < SO_BUFFERS; b++) {
      if (counter[b])
         genX(emit_store_reg)(cmd, GENX(SO_WRITE_OFFSET0_num) + 4 * b, counter[b], false);
   }
   cmd->xfb.active = false;
   cmd->xfb.dirty = true;
}

/* ---- vkCmdDrawIndirectByteCountEXT ---- */

/* ALU instructions an MI_MATH takes here: within Broadwell's 6-bit
 * DWord Length. */
#define MATH_CHUNK 32

struct math {
   uint32_t insts[MATH_CHUNK];
   uint32_t n;
};

static void
math_flush(struct gvk_cmd_buffer *cmd, struct math *m)
{
   if (m->n)
      genX(emit_math)(cmd, m->insts, m->n);
   m->n = 0;
}

/* GPR dst = GPR a op GPR b, four instructions of one MI_MATH. */
static void
gpr_op(struct gvk_cmd_buffer *cmd, struct math *m, uint32_t op, unsigned dst, unsigned a,
       unsigned b)
{
   if (m->n + 4 > MATH_CHUNK)
      math_flush(cmd, m);
   genX(mi_gpr_op)(&m->insts[m->n], op, dst, a, b);
   m->n += 4;
}

/* GPR 0 = GPR 0 / d for GPR 0 below 2^31: MI_MATH has no division (nor,
 * before Gen12, shifts), so x / d is the high bits of x * m with m =
 * ceil(2^(31+s) / d), s = ceil(log2 d), below 2^32.  m * d = 2^(31+s) +
 * e with e < d <= 2^s, and x * e < 2^(31+s), so the product's error
 * never reaches the next multiple of d.  The multiplication is adds
 * (Horner over m's bits), the shift by 31 + s a high dword and a left
 * shift by 33 - s (adds) before taking the high dword again. */
static void
divide_gpr0(struct gvk_cmd_buffer *cmd, uint32_t d)
{
   if (d == 1)
      return;
   unsigned s = 0;
   while ((1ull << s) < d)
      s++;
   const uint64_t mul = (((uint64_t)1 << (31 + s)) + d - 1) / d;
   struct math m = { .n = 0 };
   genX(emit_load_gpr_imm)(cmd, 1, 0);
   for (int bit = 31; bit >= 0; bit--) {
      gpr_op(cmd, &m, GVK_ALU_ADD, 1, 1, 1);
      if (mul >> bit & 1)
         gpr_op(cmd, &m, GVK_ALU_ADD, 1, 1, 0);
   }
   math_flush(cmd, &m);
   genX(emit_gpr_high)(cmd, 0, 1);
   if (s == 1)
      return;
   for (unsigned k = 0; k < 33 - s; k++)
      gpr_op(cmd, &m, GVK_ALU_ADD, 0, 0, 0);
   math_flush(cmd, &m);
   genX(emit_gpr_high)(cmd, 0, 0);
}

/* A VkDrawIndirectCommand in state memory whose vertex count the command
 * streamer writes, drawn as an indirect draw: no CPU readback. */
void
genX(cmd_draw_byte_count)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_byte_count *d)
{
   uint32_t *args = gvk_batch_alloc(&cmd->state, 4, 16);
   args[0] = 0;
   args[1] = d->instance_count;
   args[2] = 0;
   args[3] = d->first_instance;
   const uint64_t at = cmd->state.block->bo->addr + gvk_batch_offset(&cmd->state, args);
   genX(cmd_apply_pipe_bits)(cmd);
   gvk_query_emit(cmd, MI_LOAD_REGISTER_MEM, .register_address = GVK_GPR(0),
                  .memory_address = d->counter_addr);
   genX(emit_load_reg_imm)(cmd, GVK_GPR(0) + 4, 0);
   genX(emit_load_gpr_imm)(cmd, 1, d->counter_offset);
   struct math m = { .n = 0 };
   gpr_op(cmd, &m, GVK_ALU_SUB, 0, 0, 1);
   math_flush(cmd, &m);
   divide_gpr0(cmd, d->stride);
   genX(emit_store_reg)(cmd, GVK_GPR(0), at, false);
   const struct gvk_draw_indirect draw = { .addr = at, .draw_count = 1, .stride = 16 };
   genX(cmd_draw_indirect)(cmd, &draw);
}

#else

void
genX(cmd_emit_xfb)(struct gvk_cmd_buffer *cmd, bool pipeline_changed)
{
   (void)cmd;
   (void)pipeline_changed;
}

/* Gen7/7.5 have no graphics pipelines: nothing to capture or draw. */
void
genX(cmd_xfb_begin)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4])
{
   (void)counter;
   gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_FEATURE_NOT_PRESENT,
                                   "vkCmdBeginTransformFeedbackEXT: no graphics on this "
                                   "generation"));
}

void
genX(cmd_xfb_end)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4])
{
   (void)cmd;
   (void)counter;
}

void
genX(cmd_draw_byte_count)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_byte_count *d)
{
   (void)d;
   gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_FEATURE_NOT_PRESENT,
                                   "vkCmdDrawIndirectByteCountEXT: no graphics on this "
                                   "generation"));
}

#endif
