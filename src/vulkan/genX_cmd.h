/* What the per-generation command files (genX_cmd_*.c) share: the genxml
 * pack functions with Gen7's relocation hook, a macro packing one command
 * into a batch, and the PIPE_CONTROL, pipeline and state base helpers.
 *
 *    gvk_batch_emit(&cmd->batch, MI_LOAD_REGISTER_IMM, lri) {
 *       lri.register_offset = GENX(GPGPU_DISPATCHDIMX_num);
 *       lri.data_dword = 1;
 *    }
 *
 * packs the command with the fields set in the braces into dwords
 * gvk_batch_alloc'd from the batch; address fields go through
 * gvk_batch_reloc (recorded as relocations on Gen7).  States packed into
 * cmd->state the same way: GENX(X_pack)(&cmd->state, dw, &x). */
#ifndef GVK_GENX_CMD_H
#define GVK_GENX_CMD_H

#include "gvk_cmd_buffer.h"

#define GVK_GENXML_ADDRESS(user, dw, address) \
   gvk_batch_reloc((struct gvk_batch *)(user), (dw), (address))
#include "genX_pack.h"

#define GVK_EMIT_PASTE2(a, b) a##b
#define GVK_EMIT_PASTE(a, b) GVK_EMIT_PASTE2(a, b)
#define GVK_EMIT_ONCE GVK_EMIT_PASTE(gvk_emit_once_, __LINE__)

#define gvk_batch_emit(b, CMD, name)                                       \
   for (struct GENX(CMD) name = { GENX(CMD##_header) }, *GVK_EMIT_ONCE = &name; \
        GVK_EMIT_ONCE;                                                     \
        GENX(CMD##_pack)((b), gvk_batch_alloc((b), GENX(CMD##_length), 4), &name), \
        GVK_EMIT_ONCE = NULL)

/* Memory Object Control State for everything the driver points the GPU
 * at: cacheable in L3 and the LLC (write-back).  Ivy Bridge and Haswell:
 * L3 cacheable, LLC by the page tables; Broadwell: write-back in the LLC
 * and L3; Skylake on: index 2 of the MOCS table i915 programs
 * (write-back), shifted past the encryption bit. */
#if GFX_VER == 7
#define GVK_MOCS 1u
#elif GFX_VER == 8
#define GVK_MOCS 0x78u
#else
#define GVK_MOCS (2u << 1)
#endif

/* Post Sync Operation of PIPE_CONTROL (PRM Vol 2a). */
enum gvk_post_sync {
   GVK_POST_SYNC_NONE = 0,
   GVK_POST_SYNC_WRITE_IMMEDIATE = 1,
   GVK_POST_SYNC_WRITE_PS_DEPTH_COUNT = 2,
   GVK_POST_SYNC_WRITE_TIMESTAMP = 3,
};

/* A PIPE_CONTROL for bits (enum gvk_pipe_bits) now, with the
 * generation's rules applied: flushes come with a CS stall and before
 * the invalidations, a CS stall has a companion bit, Gen12 in GPGPU mode
 * drops the 3D-only bits. */
void genX(emit_pipe_control)(struct gvk_cmd_buffer *cmd, uint32_t bits);
/* Likewise with a post-sync operation writing at addr (immediate: imm). */
void genX(emit_pipe_control_write)(struct gvk_cmd_buffer *cmd, uint32_t bits,
                                   enum gvk_post_sync op, uint64_t addr,
                                   uint64_t imm);
/* Emits cmd->pending_pipe_bits (barriers owed) before GPU work. */
void genX(cmd_apply_pipe_bits)(struct gvk_cmd_buffer *cmd);
/* Selects the GPGPU pipeline if it is not selected, with PIPELINE_SELECT's
 * flushes and workarounds. */
void genX(cmd_select_gpgpu)(struct gvk_cmd_buffer *cmd);
/* Selects the 3D pipeline likewise (genX_cmd_draw.c re-emits the 3D
 * state after it). */
void genX(cmd_select_3d)(struct gvk_cmd_buffer *cmd);
/* STATE_BASE_ADDRESS for the current state block when it changed; emits
 * the state block first if there is none.  Call after reserving the
 * dispatch's states (gvk_batch_reserve). */
void genX(cmd_emit_state_base_address)(struct gvk_cmd_buffer *cmd);

/* genX_cmd_compute.c */
void genX(cmd_dispatch)(struct gvk_cmd_buffer *cmd, const uint32_t base[3],
                        const uint32_t groups[3]);
void genX(cmd_dispatch_indirect)(struct gvk_cmd_buffer *cmd, uint64_t addr);
/* genX_cmd_draw.c */
void genX(cmd_draw)(struct gvk_cmd_buffer *cmd, const struct gvk_draw *d);
void genX(cmd_draw_indirect)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_indirect *d);
void genX(cmd_emit_rendering)(struct gvk_cmd_buffer *cmd);
void genX(cmd_fill_render_targets)(const struct gvk_cmd_buffer *cmd, uint32_t *map,
                                   const struct gvk_rt_table_fixup *f);
/* genX_gfx_xfb.c: 3DSTATE_STREAMOUT, the SO declarations and buffers
 * before a draw when the pipeline or the transform feedback state
 * changed; the gvk_genx_cmd transform feedback entries. */
void genX(cmd_emit_xfb)(struct gvk_cmd_buffer *cmd, bool pipeline_changed);
void genX(cmd_xfb_begin)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4]);
void genX(cmd_xfb_end)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4]);
void genX(cmd_draw_byte_count)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_byte_count *d);
/* genX_sampler.c: the SAMPLER_STATE table of kernel k in the state block
 * (0 for none), the descriptors found through lookup (NULL: nothing
 * bound there); the most state bytes one of its entries takes. */
struct gbe_binding;
struct gbe_kernel;
typedef const struct gvk_descriptor *(*gvk_descriptor_lookup)(
   const struct gvk_cmd_buffer *cmd, const struct gbe_binding *b, uint32_t element,
   uint64_t *dynamic_offset);
uint32_t genX(cmd_emit_sampler_table)(struct gvk_cmd_buffer *cmd, const struct gbe_kernel *k,
                                      gvk_descriptor_lookup lookup);
uint32_t genX(sampler_entry_bytes)(void);
/* genX_cmd_barrier.c */
void genX(cmd_barrier)(struct gvk_cmd_buffer *cmd, const VkDependencyInfo *dep);

#endif
