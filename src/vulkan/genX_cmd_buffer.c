/* A generation's command buffer frame: PIPE_CONTROL and its rules,
 * PIPELINE_SELECT, STATE_BASE_ADDRESS, the jump between batch blocks and
 * the end of a batch; and the generation's struct gvk_genx_cmd table. */
#include "genX_cmd.h"

#include "gvk_device.h"

/* ---- PIPE_CONTROL ---- */

/* The bits the generation has, and those the current pipeline allows. */
static uint32_t
legal_bits(const struct gvk_cmd_buffer *cmd, uint32_t bits)
{
#if GFX_VER >= 12
   /* TGL PRM Vol 2a, PIPE_CONTROL, programming restrictions for compute:
    * Render Target Cache Flush, Depth Cache Flush and Tile Cache Flush
    * must not be set in GPGPU mode (Mesa applies it to the render engine
    * in GPGPU mode too); nothing 3D is in flight there to flush. */
   if (cmd->pipeline == GVK_CMD_PIPELINE_GPGPU)
      bits &= ~(GVK_PIPE_RENDER_TARGET_FLUSH | GVK_PIPE_DEPTH_FLUSH |
                GVK_PIPE_TILE_FLUSH);
#else
   /* The tile cache is Gen12's. */
   bits &= ~GVK_PIPE_TILE_FLUSH;
#endif
   /* SKL PRM Vol 7, "Programming Restrictions for PIPE_CONTROL": flushes
    * require the CS stall bit for GPGPU workloads (and a flush is only
    * complete for what follows once the pipe has drained, on every
    * generation). */
   if (bits & GVK_PIPE_FLUSH_BITS)
      bits |= GVK_PIPE_CS_STALL;
   return bits;
}

static void
fill_pipe_control(const struct gvk_cmd_buffer *cmd, struct GENX(PIPE_CONTROL) *pc,
                  uint32_t bits)
{
   pc->command_streamer_stall_enable = bits & GVK_PIPE_CS_STALL;
   pc->dc_flush_enable = bits & GVK_PIPE_DATA_FLUSH;
#if GFX_VER >= 12
   /* Gen12 flushes the data port's pipeline with its own bit. */
   pc->hdc_pipeline_flush_enable = bits & GVK_PIPE_DATA_FLUSH;
   pc->tile_cache_flush_enable = bits & GVK_PIPE_TILE_FLUSH;
#endif
   pc->render_target_cache_flush_enable = bits & GVK_PIPE_RENDER_TARGET_FLUSH;
   pc->depth_cache_flush_enable = bits & GVK_PIPE_DEPTH_FLUSH;
   pc->texture_cache_invalidation_enable = bits & GVK_PIPE_TEXTURE_INVALIDATE;
   pc->constant_cache_invalidation_enable = bits & GVK_PIPE_CONSTANT_INVALIDATE;
   pc->state_cache_invalidation_enable = bits & GVK_PIPE_STATE_INVALIDATE;
   pc->instruction_cache_invalidate_enable = bits & GVK_PIPE_INSTRUCTION_INVALIDATE;
   pc->vf_cache_invalidation_enable = bits & GVK_PIPE_VF_INVALIDATE;
}

/* The read caches a PIPE_CONTROL invalidates. */
#define READ_INVALIDATE_BITS (GVK_PIPE_INVALIDATE_BITS | GVK_PIPE_VF_INVALIDATE)

/* BDW+ PRM Vol 2a, PIPE_CONTROL "Command Streamer Stall Enable" (also
 * Ivy Bridge's): a CS stall needs one of Render Target Cache Flush,
 * Depth Cache Flush, Stall at Pixel Scoreboard, a post-sync operation,
 * Depth Stall or DC Flush in the same PIPE_CONTROL.  Gen12's compute
 * restrictions forbid Stall at Pixel Scoreboard in GPGPU mode, where the
 * stall stands alone. */
static void
add_stall_companion(const struct gvk_cmd_buffer *cmd, struct GENX(PIPE_CONTROL) *pc)
{
   if (!pc->command_streamer_stall_enable || pc->render_target_cache_flush_enable ||
       pc->depth_cache_flush_enable || pc->dc_flush_enable ||
       pc->post_sync_operation || pc->depth_stall_enable)
      return;
   if (GFX_VER >= 12 && cmd->pipeline == GVK_CMD_PIPELINE_GPGPU)
      return;
   pc->stall_at_pixel_scoreboard = true;
}

/* WaCsStallAtEveryFourthPipecontrol (Ivy Bridge and Bay Trail, not
 * Haswell; Mesa's i965 quotes it): "Every 4th PIPE_CONTROL command, not
 * counting the PIPE_CONTROL with only read-cache-invalidate bit(s) set,
 * must have a CS_STALL bit set."  Every counted PIPE_CONTROL stalls here,
 * which needs no count to carry across batch blocks, secondaries copied
 * into primaries or the driver's own dispatches; the driver's flushes
 * stall anyway (legal_bits), so this costs nothing today. */
static uint32_t
stall_every_fourth(uint32_t bits)
{
   if (GFX_VERx10 == 70 && (bits & ~READ_INVALIDATE_BITS))
      bits |= GVK_PIPE_CS_STALL;
   return bits;
}

/* SKL PRM Vol 2a, PIPE_CONTROL "VF Cache Invalidation Enable" (Mesa's
 * ANV applies both on Gen9 only: the null PIPE_CONTROL hangs Broadwell):
 * a PIPE_CONTROL with it must be preceded by a separate null PIPE_CONTROL
 * (all fields 0), and must have a post-sync operation.  The write goes to
 * a qword of the state block, which lives as long as the command buffer
 * (pending bits are applied before a dispatch or draw reserves its
 * states). */
static void
emit_vf_invalidate_gen9(struct gvk_cmd_buffer *cmd, uint32_t bits)
{
   uint32_t *scratch = gvk_batch_alloc(&cmd->state, 2, 8);
   if (cmd->status != VK_SUCCESS)
      return;
   uint64_t addr = cmd->state.block->bo->addr + gvk_batch_offset(&cmd->state, scratch);
   gvk_batch_emit(&cmd->batch, PIPE_CONTROL, null_pc);
   gvk_batch_emit(&cmd->batch, PIPE_CONTROL, pc) {
      fill_pipe_control(cmd, &pc, bits);
      pc.post_sync_operation = GVK_POST_SYNC_WRITE_IMMEDIATE;
      pc.address = addr;
   }
}

static void
emit_one(struct gvk_cmd_buffer *cmd, uint32_t bits)
{
   bits = stall_every_fourth(bits);
   if (GFX_VER == 9 && (bits & GVK_PIPE_VF_INVALIDATE)) {
      emit_vf_invalidate_gen9(cmd, bits);
      return;
   }
   gvk_batch_emit(&cmd->batch, PIPE_CONTROL, pc) {
      fill_pipe_control(cmd, &pc, bits);
      add_stall_companion(cmd, &pc);
   }
}

void
genX(emit_pipe_control)(struct gvk_cmd_buffer *cmd, uint32_t bits)
{
   bits = legal_bits(cmd, bits);
   if (!bits)
      return;
   /* Invalidations act when the PIPE_CONTROL is parsed, flushes when the
    * pipe drains: data must be flushed before the caches that will read
    * it are invalidated, so the invalidations go in a second one. */
   const uint32_t invalidate = bits & READ_INVALIDATE_BITS;
   if ((bits & GVK_PIPE_FLUSH_BITS) && invalidate) {
      emit_one(cmd, bits & ~invalidate);
      emit_one(cmd, invalidate);
      return;
   }
   emit_one(cmd, bits);
}

void
genX(emit_pipe_control_write)(struct gvk_cmd_buffer *cmd, uint32_t bits,
                              enum gvk_post_sync op, uint64_t addr, uint64_t imm)
{
   /* The write happens once the stalled work is done. */
   bits = legal_bits(cmd, bits) | GVK_PIPE_CS_STALL;
   gvk_batch_emit(&cmd->batch, PIPE_CONTROL, pc) {
      fill_pipe_control(cmd, &pc, bits);
      pc.post_sync_operation = op;
      pc.address = addr;
      pc.immediate_data = imm;
   }
}

void
genX(cmd_apply_pipe_bits)(struct gvk_cmd_buffer *cmd)
{
   /* TGL's compute restrictions (PRM Vol 2a, PIPE_CONTROL) forbid VF Cache
    * Invalidation Enable in GPGPU mode, and only draws read through the VF
    * cache: outside 3D mode it waits for genX(cmd_select_3d) (i915
    * invalidates the VF cache between batches, so one left at the end is
    * not owed). */
   const uint32_t deferred = GFX_VER < 12 || cmd->pipeline == GVK_CMD_PIPELINE_3D ? 0 :
                             cmd->pending_pipe_bits & GVK_PIPE_VF_INVALIDATE;
   const uint32_t bits = cmd->pending_pipe_bits & ~deferred;
   cmd->pending_pipe_bits = deferred;
   genX(emit_pipe_control)(cmd, bits);
}

/* ---- PIPELINE_SELECT ---- */

enum { PIPELINE_3D = 0, PIPELINE_GPGPU = 2 };

static void
select_pipeline(struct gvk_cmd_buffer *cmd, enum gvk_cmd_pipeline pipeline)
{
   if (cmd->pipeline == pipeline)
      return;
   /* PRM Vol 2a, PIPELINE_SELECT: "Software must ensure all the write
    * caches are flushed through a stalling PIPE_CONTROL command followed
    * by another PIPE_CONTROL command to invalidate read only caches prior
    * to programming MI_PIPELINE_SELECT command to change the Pipeline
    * Select Mode." */
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL | GVK_PIPE_DATA_FLUSH |
                                GVK_PIPE_RENDER_TARGET_FLUSH | GVK_PIPE_DEPTH_FLUSH);
   genX(emit_pipe_control)(cmd, GVK_PIPE_INVALIDATE_BITS);
#if GFX_VER == 8 || GFX_VER == 9
   /* BDW PRM Vol 2a, PIPELINE_SELECT: "Software must clear the
    * COLOR_CALC_STATE Valid field in 3DSTATE_CC_STATE_POINTERS command
    * prior to send a PIPELINE_SELECT with Pipeline Select set to GPGPU"
    * (Skylake's documentation repeats it). */
   if (pipeline == GVK_CMD_PIPELINE_GPGPU)
      gvk_batch_emit(&cmd->batch, 3DSTATE_CC_STATE_POINTERS, ccp);
#endif
   gvk_batch_emit(&cmd->batch, PIPELINE_SELECT, ps) {
#if GFX_VER >= 9
      /* Gen9+: only fields whose mask bit is set change (bits 9:8 for the
       * selection; Gen12 also sets Media Sampler DOP Clock Gate, bit 12,
       * as its PRM asks for GPGPU). */
      ps.mask_bits = GFX_VER >= 12 ? 0x13 : 0x3;
      ps.media_sampler_dop_clock_gate_enable = GFX_VER >= 12;
#endif
      ps.pipeline_selection = pipeline == GVK_CMD_PIPELINE_GPGPU ? PIPELINE_GPGPU
                                                                 : PIPELINE_3D;
   }
   cmd->pipeline = pipeline;
   /* The media state (MEDIA_VFE_STATE) is sent again in the new mode. */
   if (pipeline == GVK_CMD_PIPELINE_GPGPU)
      cmd->compute.pipeline_dirty = true;
}

void
genX(cmd_select_gpgpu)(struct gvk_cmd_buffer *cmd)
{
   select_pipeline(cmd, GVK_CMD_PIPELINE_GPGPU);
}

void
genX(cmd_select_3d)(struct gvk_cmd_buffer *cmd)
{
   select_pipeline(cmd, GVK_CMD_PIPELINE_3D);
   /* The VF invalidation genX(cmd_apply_pipe_bits) kept back in GPGPU
    * mode (Gen12). */
   if (cmd->pending_pipe_bits & GVK_PIPE_VF_INVALIDATE) {
      cmd->pending_pipe_bits &= ~GVK_PIPE_VF_INVALIDATE;
      genX(emit_pipe_control)(cmd, GVK_PIPE_VF_INVALIDATE);
   }
}

/* ---- STATE_BASE_ADDRESS ---- */

/* STATE_BASE_ADDRESS with Surface and Dynamic State Base Address at
 * state, packed at dw (in the current batch block: Gen7 relocations are
 * recorded there). */
static void
pack_sba(struct gvk_cmd_buffer *cmd, uint32_t *dw, uint64_t state)
{
   const struct gvk_bo *kernels = cmd->device->kernels.bo;
   struct GENX(STATE_BASE_ADDRESS) sba = { GENX(STATE_BASE_ADDRESS_header) };
   /* General state is the whole address space: scratch pointers are
    * absolute. */
   sba.general_state_base_address = 0;
   sba.general_state_mocs = GVK_MOCS;
   sba.general_state_base_address_modify_enable = true;
   sba.stateless_data_port_access_mocs = GVK_MOCS;
   sba.surface_state_base_address = state;
   sba.surface_state_mocs = GVK_MOCS;
   sba.surface_state_base_address_modify_enable = true;
   sba.dynamic_state_base_address = state;
   sba.dynamic_state_mocs = GVK_MOCS;
   sba.dynamic_state_base_address_modify_enable = true;
   sba.indirect_object_base_address = 0;
   sba.indirect_object_mocs = GVK_MOCS;
   sba.indirect_object_base_address_modify_enable = true;
   sba.instruction_base_address = kernels->addr;
   sba.instruction_mocs = GVK_MOCS;
   sba.instruction_base_address_modify_enable = true;
#if GFX_VER >= 8
   /* Sizes in 4 KiB pages (BDW PRM Vol 2a, STATE_BASE_ADDRESS). */
   sba.general_state_buffer_size = 0xfffff;
   sba.general_state_buffer_size_modify_enable = true;
   sba.dynamic_state_buffer_size = GVK_BLOCK_SIZE / 4096;
   sba.dynamic_state_buffer_size_modify_enable = true;
   sba.indirect_object_buffer_size = 0xfffff;
   sba.indirect_object_buffer_size_modify_enable = true;
   sba.instruction_buffer_size = (uint32_t)(kernels->size / 4096);
   sba.instruction_buffer_size_modify_enable = true;
#else
   /* Gen7 bounds-checks accesses against upper bounds (0 would disable
    * the check, but the border colour fetch checks anyway, as Mesa
    * found): the top of the 32-bit space. */
   sba.general_state_access_upper_bound = 0xfffff000;
   sba.general_state_access_upper_bound_modify_enable = true;
   sba.dynamic_state_access_upper_bound = 0xfffff000;
   sba.dynamic_state_access_upper_bound_modify_enable = true;
   sba.instruction_access_upper_bound = 0xfffff000;
   sba.instruction_access_upper_bound_modify_enable = true;
#endif
#if GFX_VER >= 9
   /* No bindless surfaces: an empty heap at the state block. */
   sba.bindless_surface_state_base_address = state;
   sba.bindless_surface_state_mocs = GVK_MOCS;
   sba.bindless_surface_state_size = 0;
   sba.bindless_surface_state_base_address_modify_enable = true;
#endif
#if GFX_VER >= 12
   sba.bindless_sampler_state_base_address = state;
   sba.bindless_sampler_state_mocs = GVK_MOCS;
   sba.bindless_sampler_state_buffer_size = 0;
   sba.bindless_sampler_state_base_address_modify_enable = true;
#endif
   GENX(STATE_BASE_ADDRESS_pack)(&cmd->batch, dw, &sba);
}

static void
emit_sba(struct gvk_cmd_buffer *cmd)
{
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, GENX(STATE_BASE_ADDRESS_length), 4);
   pack_sba(cmd, dw, cmd->state.block->bo->addr);
   gvk_cmd_note_state_base_address(cmd, dw);
}

void
genX(cmd_emit_state_base_address)(struct gvk_cmd_buffer *cmd)
{
   if (!cmd->state.block)
      gvk_batch_reserve(&cmd->state, 0);
   if (!cmd->compute.base_address_dirty || cmd->status != VK_SUCCESS)
      return;
#if GFX_VERx10 == 120
   /* Wa_1607854226 (Tiger Lake): non-pipelined state such as
    * STATE_BASE_ADDRESS is not applied in GPGPU mode; program it in 3D
    * mode and come back. */
   const bool was_gpgpu = cmd->pipeline == GVK_CMD_PIPELINE_GPGPU;
   select_pipeline(cmd, GVK_CMD_PIPELINE_3D);
#endif
   /* Before the bases move: Mesa found that without a flush of the render
    * target and data caches with a CS stall, changing Surface State Base
    * Address hangs the GPU (not documented in the PRM). */
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL | GVK_PIPE_DATA_FLUSH |
                                GVK_PIPE_RENDER_TARGET_FLUSH);
   emit_sba(cmd);
   /* BDW PRM Vol 7, "State Caching": whenever Dynamic or Surface State
    * Base Address change, the state cache must be invalidated; surface
    * states and binding tables are also cached by the texture cache, and
    * constants by the constant cache. */
   genX(emit_pipe_control)(cmd, GVK_PIPE_STATE_INVALIDATE | GVK_PIPE_TEXTURE_INVALIDATE |
                                GVK_PIPE_CONSTANT_INVALIDATE);
#if GFX_VERx10 == 120
   if (was_gpgpu)
      select_pipeline(cmd, GVK_CMD_PIPELINE_GPGPU);
#endif
   cmd->compute.base_address_dirty = false;
   cmd->compute.binding_table_valid = false;
}

/* ---- batch frame ---- */

static void
chain(struct gvk_batch *b, uint32_t *dw, uint64_t addr)
{
   struct GENX(MI_BATCH_BUFFER_START) bbs = {
      GENX(MI_BATCH_BUFFER_START_header),
      /* PRM Vol 2a, MI_BATCH_BUFFER_START: the batch runs in the PPGTT
       * (Gen7's aliasing PPGTT included); a first-level jump, which does
       * not return. */
      .address_space_indicator = 1,
#if GFX_VER >= 8
      .second_level_batch_buffer = 0,
#endif
      .batch_buffer_start_address = addr,
   };
   GENX(MI_BATCH_BUFFER_START_pack)(b, dw, &bbs);
}

static void
begin(struct gvk_cmd_buffer *cmd)
{
   /* Nothing is emitted before a command needs it; a batch starts with the
    * pipeline the context last selected, unknown here. */
   cmd->pipeline = GVK_CMD_PIPELINE_UNKNOWN;
   cmd->l3_configured = false;
}

static void
end(struct gvk_cmd_buffer *cmd)
{
   genX(cmd_apply_pipe_bits)(cmd);
   /* A secondary's commands are copied into primaries (gvk_cmd_buffer.c):
    * it has no end of its own. */
   if (cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY)
      return;
   gvk_batch_emit(&cmd->batch, MI_BATCH_BUFFER_END, bbe);
   /* execbuffer2's batch_len must be a multiple of 8 bytes. */
   if (gvk_batch_offset(&cmd->batch, cmd->batch.next) % 8)
      gvk_batch_emit(&cmd->batch, MI_NOOP, noop);
}

const struct gvk_genx_cmd GVK_GENX_PASTE(gvk_genx_cmd_, GFX_VERx10) = {
   .begin = begin,
   .end = end,
   .flush = genX(cmd_apply_pipe_bits),
   .chain = chain,
   .dispatch = genX(cmd_dispatch),
   .dispatch_indirect = genX(cmd_dispatch_indirect),
   .barrier = genX(cmd_barrier),
   .draw = genX(cmd_draw),
   .draw_indirect = genX(cmd_draw_indirect),
   .xfb_begin = genX(cmd_xfb_begin),
   .xfb_end = genX(cmd_xfb_end),
   .draw_byte_count = genX(cmd_draw_byte_count),
   .emit_rendering = genX(cmd_emit_rendering),
   .fill_render_targets = genX(cmd_fill_render_targets),
   .repack_state_base_address = pack_sba,
};
