/* The hardware-rule checker: PRM programming rules of the form "before X,
 * Y must have happened", checked on every command the command streamer
 * executes.  Each rule lives here once, with its PRM reference; a violation
 * names the rule, the packet and its address.  VGPU_RULES=off|warn|error
 * (default warn); with error, a violation is treated as the GPU hang it
 * may cause on silicon, so the driver sees its device lost.
 *
 * State a rule tracks lives in the context (struct vgpu_rules_state): the
 * kernel saves and restores it with the context.  Cache and stall state
 * start clean in every batch because i915 flushes and invalidates around
 * each request. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "macros.h"
#include "vgpu_cache_rules.h"
#include "vgpu_cmd.h"
#include "vgpu_cs.h"
#include "vgpu_priv.h"

struct rule {
   const char *name;
   const char *prm;    /* where the rule is written */
   const char *text;
};

enum rule_id {
   RULE_PUSH_CONSTANT_REALLOC,
   RULE_VFE_STATE_STALL,
   RULE_PIPELINE_SELECT_FLUSH,
   RULE_GEN7_3DPRIM_REG_READ,
   RULE_IVB_VS_STATE_FLUSH,
   RULE_WALKER_EXECUTION_MASKS,
   RULE_WALKER_PIPELINE,
   RULE_L3_SLM_PARTITION,
   RULE_IVB_CS_STALL_EVERY_FOURTH,
   RULE_CS_STALL_COMPANION,
   RULE_VERTEX_ELEMENT_STATE,
   RULE_GEN7_DEPTH_STATE_FLUSH,
   RULE_PIPE_CONTROL_DEPENDENT_BITS,
   RULE_SKL_VF_INVALIDATE_NULL,
   RULE_VF_CACHE_32BIT_TAG,
   RULE_URB_ALLOCATION,
   RULE_PUSH_CONSTANT_ALLOCATION,
   RULE_TEXTURE_CACHE_COHERENCY,
   RULE_PS_DISPATCH,
};

static const struct rule rules[] = {
   [RULE_PUSH_CONSTANT_REALLOC] = {
      "push-constant-realloc",
      "PRM Vol. 2a, 3DSTATE_PUSH_CONSTANT_ALLOC_VS/HS/DS/GS/PS (Gen7+)",
      "after 3DSTATE_PUSH_CONSTANT_ALLOC_xS, 3DSTATE_CONSTANT_xS must be "
      "programmed again before the next 3DPRIMITIVE",
   },
   [RULE_VFE_STATE_STALL] = {
      "vfe-state-stall",
      "PRM Vol. 2a, MEDIA_VFE_STATE programming note (Gen7+)",
      "a stalling PIPE_CONTROL is required before MEDIA_VFE_STATE unless "
      "only scoreboard state changes",
   },
   [RULE_PIPELINE_SELECT_FLUSH] = {
      "pipeline-select-flush",
      "PRM Vol. 2a, PIPELINE_SELECT programming note (Gen9+)",
      "before PIPELINE_SELECT changes the pipeline, a stalling PIPE_CONTROL "
      "must flush the render target, depth and data caches and a "
      "PIPE_CONTROL must invalidate the texture, constant, state and "
      "instruction caches",
   },
   [RULE_GEN7_3DPRIM_REG_READ] = {
      "gen7-3dprim-register-read",
      "shared/design/HARDWARE-NOTES.md section 1; IVB/HSW PRM Vol. 2a, "
      "MI_STORE_REGISTER_MEM and MI_LOAD_REGISTER_REG",
      "on Gen7/7.5, a command-streamer read of a 3DPRIM_* register "
      "(MI_STORE_REGISTER_MEM, or the source of Haswell's "
      "MI_LOAD_REGISTER_REG) while rendering may be in flight (no stalling "
      "PIPE_CONTROL since the last 3DPRIMITIVE) can hang the GPU",
   },
   [RULE_IVB_VS_STATE_FLUSH] = {
      "ivb-vs-state-flush",
      "IVB PRM Vol. 2 Part 1, 3.2 VS Stage Input / State",
      "[DevIVB] a PIPE_CONTROL with a depth stall and a post-sync write must "
      "be sent before 3DSTATE_VS, 3DSTATE_URB_VS, 3DSTATE_CONSTANT_VS, "
      "3DSTATE_BINDING_TABLE_POINTERS_VS or 3DSTATE_SAMPLER_STATE_POINTERS_VS; "
      "one serves any group of them",
   },
   [RULE_WALKER_EXECUTION_MASKS] = {
      "walker-execution-masks",
      "PRM Vol. 2a, GPGPU_WALKER, Right/Bottom Execution Mask and SIMD Size",
      "the execution masks of GPGPU_WALKER must enable at least one channel, "
      "and the right mask no channel beyond the SIMD size",
   },
   [RULE_WALKER_PIPELINE] = {
      "walker-pipeline",
      "PRM Vol. 2a, PIPELINE_SELECT (Pipeline Selection) and GPGPU_WALKER (Gen7+)",
      "GPGPU_WALKER is a command of the GPGPU pipeline: PIPELINE_SELECT must "
      "have selected GPGPU when it is parsed",
   },
   [RULE_L3_SLM_PARTITION] = {
      "l3-slm-partition",
      "PRM Vol. 2c, L3CNTLREG2 (Gen7/7.5) and L3CNTLREG (Gen8/9), SLM Enable",
      "shared local memory lives in the L3: a kernel whose interface "
      "descriptor has a Shared Local Memory Size may only be dispatched "
      "once the L3 configuration registers give SLM a partition (the "
      "power-on partitioning has none)",
   },
   [RULE_IVB_CS_STALL_EVERY_FOURTH] = {
      "ivb-cs-stall-every-4th-pipe-control",
      "workaround WaCsStallAtEveryFourthPipecontrol (Ivy Bridge, Bay Trail), "
      "as Mesa's i965 quotes it",
      "every 4th PIPE_CONTROL, not counting those with only read-cache "
      "invalidate bits set, must have Command Streamer Stall Enable set",
   },
   [RULE_CS_STALL_COMPANION] = {
      "cs-stall-companion",
      "PRM Vol. 2a, PIPE_CONTROL, Command Streamer Stall Enable, programming "
      "restrictions (Gen7+)",
      "a PIPE_CONTROL with Command Streamer Stall Enable must also set one of "
      "Render Target Cache Flush, Depth Cache Flush, Stall at Pixel Scoreboard, "
      "a Post-Sync Operation, Depth Stall or DC Flush",
   },
   /* The checks themselves are the VF unit's (vgpu_vf_element_error), run
    * on each valid element of every draw that executes (vgpu_3d.c). */
   [RULE_VERTEX_ELEMENT_STATE] = {
      "vertex-element-state",
      "PRM Vol. 2d, VERTEX_ELEMENT_STATE and 3D_Vertex_Component_Control",
      "each valid vertex element a draw fetches needs a format the VF "
      "reads and allowed component controls: component 0 stored; Gen8+: no "
      "STORE_SRC above another control, no STORE_VID/IID; PASSTHRU stored "
      "as 128 or 256 bits, padded with STORE_0",
   },
   [RULE_GEN7_DEPTH_STATE_FLUSH] = {
      "gen7-depth-stencil-state-flush",
      "IVB/HSW PRM Vol. 2a, 3DSTATE_DEPTH_BUFFER, Restriction (quoted by "
      "Mesa's hasvk, cmd_buffer_emit_gfx7_depth_flush)",
      "prior to changing depth/stencil buffer state (3DSTATE_DEPTH_BUFFER, "
      "3DSTATE_CLEAR_PARAMS, 3DSTATE_STENCIL_BUFFER, "
      "3DSTATE_HIER_DEPTH_BUFFER) software must send a PIPE_CONTROL with "
      "Depth Stall, then one with Depth Cache Flush, then another with "
      "Depth Stall, unless the pipeline from WM onwards is already flushed",
   },
   [RULE_PIPE_CONTROL_DEPENDENT_BITS] = {
      "pipe-control-dependent-bits",
      "PRM Vol. 2a, PIPE_CONTROL, programming restrictions per field (as "
      "Mesa's crocus and iris quote them in their raw PIPE_CONTROL emitters)",
      "some PIPE_CONTROL fields require another: Generic Media State Clear, "
      "Indirect State Pointers Disable, Global Snapshot Count Reset and TLB "
      "Invalidate require Command Streamer Stall Enable; Store Data Index "
      "(and TLB Invalidate on IVB/HSW) require a Post-Sync Operation; Flush "
      "LLC requires the post-sync operation Write Immediate Data (Gen9+); "
      "VF Cache Invalidation Enable requires a post-sync write (SKL PRM, "
      "Gen9); on IVB Depth Stall excludes Render Target and Depth Cache "
      "Flush",
   },
   [RULE_SKL_VF_INVALIDATE_NULL] = {
      "skl-vf-invalidate-null-pipe-control",
      "SKL PRM Vol. 2a, PIPE_CONTROL, VF Cache Invalidation Enable (quoted "
      "by Mesa's ANV, emit_apply_pipe_flushes)",
      "on Gen9, a PIPE_CONTROL with VF Cache Invalidation Enable must be "
      "preceded by a separate null PIPE_CONTROL, all fields 0",
   },
   [RULE_VF_CACHE_32BIT_TAG] = {
      "vf-cache-32bit-tag",
      "SKL PRM Vol. 2a, 3DSTATE_VERTEX_BUFFERS (\"the VF cache needs to be "
      "invalidated before binding and then using Vertex Buffers that "
      "overlap with any previously bound Vertex Buffer (at a 64B "
      "granularity) since the last invalidation\"), with Mesa's ANV/hasvk "
      "(anv_vb_cache_range): the Gen8/9 VF cache tags lines with address "
      "bits 31:6 only",
      "on Gen8/9, a draw may not fetch vertex or index data whose 64-byte "
      "line has the same low 32 address bits as a line fetched since the "
      "last VF cache invalidation at another address (4 GiB apart): a "
      "PIPE_CONTROL with VF Cache Invalidation Enable must come between",
   },
   [RULE_URB_ALLOCATION] = {
      "urb-allocation",
      "PRM Vol. 2a, 3DSTATE_URB_VS/HS/DS/GS (IVB PRM section 1.7.1 as "
      "Mesa's intel_urb_config.c quotes it; VS entry range per GT as "
      "Mesa's intel_device_info.c lists it)",
      "a stage's Number of URB Entries must be divisible by 8 when its URB "
      "Entry Allocation Size is less than 9 512-bit units, and the VS "
      "Number of URB Entries must be within the device's range; at a draw "
      "every enabled stage needs its minimum entries (VS 192 with "
      "tessellation on Gen8, HS 1, DS 34 on Gen8+, GS 2) and no stage's "
      "entries (Starting Address, Number x Allocation Size) may overlap "
      "another's or the push constants at the start of the URB",
   },
   /* Checked at each draw by vgpu_ps_rules.c. */
   [RULE_PS_DISPATCH] = {
      "ps-dispatch",
      "PRM Vol. 2a, 3DSTATE_PS 8/16/32 Pixel Dispatch Enable and the "
      "Dispatch Enables classifications (as Mesa's "
      "intel_set_ps_dispatch_state applies them), Gen8+",
      "a draw's 3DSTATE_PS must enable a dispatch width; not SIMD8 with a "
      "render target fast clear or resolve; with per-sample dispatch at "
      "more than one sample one width only before Gen12 and no SIMD32 on "
      "Gen12; no SIMD32 with per-pixel dispatch at 16 samples (Gen9+); on "
      "Gen12 SIMD32 only beside SIMD16 or SIMD8",
   },
   [RULE_PUSH_CONSTANT_ALLOCATION] = {
      "push-constant-allocation",
      "PRM Vol. 2a, 3DSTATE_PUSH_CONSTANT_ALLOC_VS/HS/DS/GS/PS, Constant "
      "Buffer Offset and Size",
      "3DSTATE_PUSH_CONSTANT_ALLOC_xS partition the push-constant space: "
      "at a 3DPRIMITIVE every stage's Offset + Size must lie within the "
      "device's push-constant space, and no two stages' allocations may "
      "overlap",
   },
   /* Tracked by vgpu_cache_rules.c, checked per sampler message. */
   [RULE_TEXTURE_CACHE_COHERENCY] = {
      "texture-cache-coherency",
      "SNB PRM Vol. 2 Part 1, 1.7.2 End-of-Pipe Synchronization; HSW PRM "
      "Vol. 2 Part 1 and BDW PRM Vol. 7, End-of-Pipe Synchronization; PRM "
      "Vol. 2a, PIPE_CONTROL, Render Target Cache Flush Enable, Depth Cache "
      "Flush Enable, DC Flush Enable (Gen12: HDC Pipeline Flush Enable) and "
      "Texture Cache Invalidation Enable (as Mesa's ANV and hasvk apply them)",
      "before the sampler reads memory a draw wrote as a render target or "
      "depth/stencil buffer, or a data-port message wrote, a PIPE_CONTROL "
      "must flush that write cache (render target, depth, data cache), a CS "
      "stall must wait for the flush, and a later PIPE_CONTROL must "
      "invalidate the texture cache",
   },
};

/* ---- command identification (top 16 bits of the header) ---- */
#define OP_PIPELINE_SELECT 0x6904u
#define OP_MEDIA_VFE_STATE 0x7000u
#define OP_GPGPU_WALKER 0x7105u
#define PIPELINE_GPGPU 2
#define OP_PIPE_CONTROL 0x7a00u
#define OP_3DPRIMITIVE 0x7b00u
#define OP_3DSTATE_CONSTANT_ALL 0x786du   /* Gen12 */
#define OP_3DSTATE_STREAMOUT 0x781eu
#define SO_RENDERING_DISABLE (1u << 30)   /* 3DSTATE_STREAMOUT DW1 */
#define STAGE_PS 4

/* 3DSTATE_CONSTANT_{VS,HS,DS,GS,PS} and 3DSTATE_PUSH_CONSTANT_ALLOC_* in
 * the order of the stage bits below. */
static const uint16_t constant_ops[] = { 0x7815, 0x7819, 0x781a, 0x7816, 0x7817 };
static const uint16_t push_alloc_ops[] = { 0x7912, 0x7913, 0x7914, 0x7915, 0x7916 };
static const char *const stage_names[] = { "VS", "HS", "DS", "GS", "PS" };

/* The VS state commands of the Ivy Bridge rule. */
static const uint16_t ivb_vs_state_ops[] = { 0x7810, 0x7830, 0x7815, 0x7826, 0x782b };

/* 3DSTATE_CLEAR_PARAMS, DEPTH_BUFFER, STENCIL_BUFFER, HIER_DEPTH_BUFFER
 * (Gen7 numbering). */
static const uint16_t depth_state_ops[] = { 0x7804, 0x7805, 0x7806, 0x7807 };

/* 3DSTATE_URB_VS, HS, DS, GS. */
static const uint16_t urb_ops[] = { 0x7830, 0x7831, 0x7832, 0x7833 };

/* PIPE_CONTROL DW1 bits (identical from Gen7 to Gen12). */
#define PC_DEPTH_CACHE_FLUSH (1u << 0)
#define PC_STALL_AT_SCOREBOARD (1u << 1)
#define PC_STATE_CACHE_INVALIDATE (1u << 2)
#define PC_CONSTANT_CACHE_INVALIDATE (1u << 3)
#define PC_VF_CACHE_INVALIDATE (1u << 4)
#define PC_DC_FLUSH (1u << 5)
#define PC_NOTIFY (1u << 8)
#define PC_TEXTURE_CACHE_INVALIDATE (1u << 10)
#define PC_INSTRUCTION_CACHE_INVALIDATE (1u << 11)
#define PC_RENDER_TARGET_FLUSH (1u << 12)
#define PC_DEPTH_STALL (1u << 13)
#define PC_POST_SYNC_MASK (3u << 14)
#define PC_ISP_DISABLE (1u << 9)
#define PC_GENERIC_MEDIA_STATE_CLEAR (1u << 16)
#define PC_TLB_INVALIDATE (1u << 18)
#define PC_GLOBAL_SNAPSHOT_RESET (1u << 19)
#define PC_CS_STALL (1u << 20)
#define PC_STORE_DATA_INDEX (1u << 21)
#define PC_FLUSH_LLC (1u << 26)        /* Gen9+ */
#define PC_POST_SYNC_WRITE_IMMEDIATE 1u
/* Gen12 flushes the data port through the HDC pipeline flush (DW0 bit 9). */
#define PC_GEN12_HDC_PIPELINE_FLUSH (1u << 9)

#define PC_WRITE_FLUSHES (PC_RENDER_TARGET_FLUSH | PC_DEPTH_CACHE_FLUSH)
#define PC_READ_INVALIDATES (PC_TEXTURE_CACHE_INVALIDATE | \
                             PC_CONSTANT_CACHE_INVALIDATE | \
                             PC_STATE_CACHE_INVALIDATE | \
                             PC_INSTRUCTION_CACHE_INVALIDATE)

/* The L3 configuration register holding SLM Enable (bit 0): L3CNTLREG2 on
 * Gen7/7.5, L3CNTLREG on Gen8/9 (PRM Vol. 2c).  Gen11 moved shared local
 * memory out of the L3 (its L3CNTLREG has no SLM Enable, Gen12's L3ALLOC
 * neither): 0 there. */
static uint32_t
l3_slm_register(void)
{
   switch (vgpu.info->ver) {
   case 7: return 0xb020;
   case 8:
   case 9: return 0x7034;
   default: return 0;
   }
}
#define L3_SLM_ENABLE (1u << 0)

/* 3DPRIM_* registers (PRM Vol. 2c, render engine MMIO). */
static bool
is_3dprim_register(uint32_t reg)
{
   return reg >= 0x2420 && reg <= 0x2444;
}

/* Progress through the Gen7 depth/stencil state sequence: depth stall,
 * depth cache flush, depth stall. */
enum { DEPTH_NEEDS_STALL, DEPTH_NEEDS_FLUSH, DEPTH_NEEDS_SECOND_STALL, DEPTH_FLUSHED };

enum vgpu_rules_mode vgpu_rules_mode = VGPU_RULES_WARN;

void
vgpu_rules_init_from_env(void)
{
   const char *v = getenv("VGPU_RULES");
   if (!v || !*v || strcmp(v, "warn") == 0)
      vgpu_rules_mode = VGPU_RULES_WARN;
   else if (strcmp(v, "error") == 0)
      vgpu_rules_mode = VGPU_RULES_ERROR;
   else if (strcmp(v, "off") == 0)
      vgpu_rules_mode = VGPU_RULES_OFF;
   else
      log_warn("VGPU_RULES=%s is not off, warn or error; using warn", v);
}

static void
violation(struct vgpu_exec *exec, enum rule_id id, const char *packet,
          uint64_t addr, const char *detail)
{
   const struct rule *r = &rules[id];
   char reason[1024];
   snprintf(reason, sizeof(reason), "hardware rule %s violated by %s at "
            "0x%llx: %s (%s)%s%s", r->name, packet, (unsigned long long)addr,
            r->text, r->prm, detail ? ": " : "", detail ? detail : "");
   log_error("%s", reason);
   if (vgpu_rules_mode == VGPU_RULES_ERROR)
      vgpu_exec_fault(exec, addr, "hardware rule violated (see the log)");
}

void
vgpu_rules_batch_start(struct vgpu_rules_state *st)
{
   /* i915 brackets each request with flushes, invalidations and a stall. */
   st->stalled = true;
   st->write_flushed = true;
   st->read_invalidated = true;
   st->rendering = false;
   st->vs_state_flushed = true;
   st->unstalled_vfe = 0;
   st->pipe_controls_unstalled = 0;
   st->pipe_idle = true;
   st->depth_flush_step = DEPTH_FLUSHED;
   st->null_pipe_control = false;
   /* i915's invalidation between requests includes the VF cache. */
   st->vf_line_count = 0;
   vgpu_cache_rules_batch_start(st);
}

/* Mesa's i965 implements the workaround for Ivy Bridge and Bay Trail only
 * (not Haswell), and counts from the start of each batch because i915
 * stalls between batches.  "Read-cache invalidate" bits: texture,
 * constant, state, instruction and VF cache invalidation.
 *
 * Checked while the GPGPU pipeline is selected only: Mesa's hasvk does
 * not implement the workaround, and its 3D depth sequence (depth stall,
 * depth cache flush, depth stall, then the VS-state depth stall with a
 * post-sync write) sends four PIPE_CONTROLs without a CS stall.  Its
 * compute batches comply, as genvk's do everywhere; widening the check to
 * 3D waits for vgpu's 3D pipeline, where the reference can be weighed. */
static void
check_ivb_pipe_control_count(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                             uint32_t bits, uint64_t addr)
{
   if (vgpu.info->verx10 != 70)
      return;
   const uint32_t read_invalidates = PC_READ_INVALIDATES | PC_VF_CACHE_INVALIDATE;
   if (bits & PC_CS_STALL) {
      st->pipe_controls_unstalled = 0;
      return;
   }
   if (!st->pipeline_known || st->pipeline != PIPELINE_GPGPU)
      return;
   if ((bits & read_invalidates) && !(bits & ~read_invalidates))
      return;
   if (++st->pipe_controls_unstalled < 4)
      return;
   violation(exec, RULE_IVB_CS_STALL_EVERY_FOURTH, "PIPE_CONTROL", addr,
             "the fourth without a CS stall");
   st->pipe_controls_unstalled = 0;
}

static void
on_pipe_control(struct vgpu_rules_state *st, const uint32_t *dw)
{
   const uint32_t bits = dw[1];
   const bool data_flushed = (bits & PC_DC_FLUSH) ||
      (vgpu.info->ver >= 12 && (dw[0] & PC_GEN12_HDC_PIPELINE_FLUSH));
   /* Gen12 in GPGPU mode: "Render Target Cache Flush Enable" and "Depth
    * Cache Flush Enable" must not be set (TGL PRM Vol. 2a, PIPE_CONTROL
    * restrictions for compute, which Mesa applies to the render engine in
    * GPGPU mode).  No 3D work has written those caches since the switch
    * into GPGPU, which flushed them, so the data port flush is the write
    * flush there. */
   const bool gen12_gpgpu = vgpu.info->ver >= 12 && st->pipeline_known &&
                            st->pipeline == PIPELINE_GPGPU;
   const uint32_t write_flushes = gen12_gpgpu ? 0 : PC_WRITE_FLUSHES;
   if (bits & PC_CS_STALL) {
      st->stalled = true;
      if ((bits & write_flushes) == write_flushes && data_flushed)
         st->write_flushed = true;
   }
   if ((bits & PC_DEPTH_STALL) && (bits & PC_POST_SYNC_MASK))
      st->vs_state_flushed = true;
   /* The invalidation may come with the flush or in a later PIPE_CONTROL. */
   if (st->write_flushed && (bits & PC_READ_INVALIDATES) == PC_READ_INVALIDATES)
      st->read_invalidated = true;
}

static void
on_work(struct vgpu_rules_state *st)
{
   st->stalled = false;
   st->write_flushed = false;
   st->read_invalidated = false;
   st->pipe_idle = false;
}

static void
on_pipeline_select(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                   const uint32_t *dw, uint64_t addr)
{
   /* Gen9+ applies the selection only under its mask bits. */
   if (vgpu.info->ver >= 9 && !(dw[0] & (3u << 8)))
      return;
   int pipeline = dw[0] & 3;
   if (vgpu.info->ver >= 9 && st->pipeline_known && pipeline != st->pipeline &&
       !(st->write_flushed && st->read_invalidated))
      violation(exec, RULE_PIPELINE_SELECT_FLUSH, "PIPELINE_SELECT", addr,
                st->write_flushed ? "read caches not invalidated"
                                  : "write caches not flushed with a CS stall");
   st->pipeline = pipeline;
   st->pipeline_known = true;
   if (pipeline == 0)
      st->unstalled_vfe = 0;
}

static void
on_vfe_state(struct vgpu_exec *exec, struct vgpu_rules_state *st,
             const uint32_t *dw, unsigned len, uint64_t addr)
{
   const unsigned n = MIN2(len, ARRAY_SIZE(st->last_vfe));
   bool unchanged = st->last_vfe_len == n &&
                    memcmp(st->last_vfe, dw, n * sizeof(uint32_t)) == 0;
   /* Gen9 exception: Mesa sends a MEDIA_VFE_STATE without a stall just
    * before switching to 3D, as its workaround for mid-object preemption
    * ("re-emit MEDIA_VFE_STATE after switching from GPGPU to 3D"); no
    * walker uses that state.  So on Gen9 the rule is judged at the next
    * GPGPU_WALKER, and a switch to 3D first excuses it. */
   if (!st->stalled && !unchanged) {
      if (vgpu.info->ver == 9)
         st->unstalled_vfe = addr;
      else
         violation(exec, RULE_VFE_STATE_STALL, "MEDIA_VFE_STATE", addr, NULL);
   }
   memcpy(st->last_vfe, dw, n * sizeof(uint32_t));
   st->last_vfe_len = n;
}

/* The PRM: "The 3DSTATE_CONSTANT_VS must be reprogrammed prior to the next
 * 3DPRIMITIVE command after programming the 3DSTATE_PUSH_CONSTANT_ALLOC_VS
 * command" (likewise for each stage).  Exceptions, for stages with no
 * constants to reprogram: a stage given no push-constant space (Constant
 * Buffer Size 0), and the pixel shader while 3DSTATE_STREAMOUT disables
 * rendering (on_3dprimitive); the requirement then waits for a draw that
 * runs the stage.  Mesa's ANV allocates 0 KB to the stages it does not use and
 * re-sends only the others, which is harmless. */
static void
on_push_constant_alloc(struct vgpu_rules_state *st, unsigned stage,
                       const uint32_t *dw)
{
   /* Constant Buffer Size: bits 4:0 on Ivy Bridge, 5:0 from Haswell;
    * Constant Buffer Offset: bits 19:16, 20:16 from Haswell (KB). */
   const uint32_t size_mask = vgpu.info->verx10 >= 75 ? 0x3f : 0x1f;
   const uint32_t offset_mask = vgpu.info->verx10 >= 75 ? 0x1f : 0xf;
   st->push_size_kb[stage] = (uint8_t)(dw[1] & size_mask);
   st->push_offset_kb[stage] = (uint8_t)((dw[1] >> 16) & offset_mask);
   if (dw[1] & size_mask)
      st->constants_stale |= 1u << stage;
   else
      st->constants_stale &= ~(1u << stage);
}

/* GPGPU_WALKER: SIMD Size in bits 31:30 of DW2 (Gen7) or DW4 (Gen8+), the
 * right and bottom execution masks in the last two dwords.  The right mask
 * selects the channels of a thread group's last thread, so it must fit the
 * SIMD size.  Mesa's drivers fill the bottom mask with ones whatever the
 * SIMD size (channels beyond it do not exist), so for it only an empty mask
 * is inconsistent. */
static void
on_gpgpu_walker(struct vgpu_exec *exec, const uint32_t *dw, unsigned len,
                uint64_t addr)
{
   const unsigned simd_dw = vgpu.info->ver >= 8 ? 4 : 2;
   if (len < simd_dw + 1 || len < 3)
      return;
   const unsigned simd = dw[simd_dw] >> 30;
   if (simd > 2) {
      violation(exec, RULE_WALKER_EXECUTION_MASKS, "GPGPU_WALKER", addr,
                "reserved SIMD Size");
      return;
   }
   const uint64_t channels = simd == 2 ? 0xffffffffull : simd == 1 ? 0xffff : 0xff;
   const uint32_t right = dw[len - 2], bottom = dw[len - 1];
   if (!right || !bottom || (right & ~channels)) {
      char detail[96];
      snprintf(detail, sizeof(detail), "SIMD%u with right mask 0x%x, bottom mask 0x%x",
               8u << simd, right, bottom);
      violation(exec, RULE_WALKER_EXECUTION_MASKS, "GPGPU_WALKER", addr, detail);
   }
}

/* Checked at the draw, not at each packet: a driver reprograms the
 * stages one after another, so the partition is only whole at the draw. */
static void
check_push_constant_partition(struct vgpu_exec *exec, const struct vgpu_rules_state *st,
                              uint64_t addr)
{
   const unsigned space = vgpu.info->push_constant_kb;
   char detail[128];
   for (unsigned s = 0; s < ARRAY_SIZE(stage_names); s++) {
      const unsigned start = st->push_offset_kb[s], end = start + st->push_size_kb[s];
      if (start == end)
         continue;
      if (end > space) {
         snprintf(detail, sizeof(detail), "%s: %u KB at %u KB, the space has %u KB",
                  stage_names[s], end - start, start, space);
         violation(exec, RULE_PUSH_CONSTANT_ALLOCATION, "3DPRIMITIVE", addr, detail);
         return;
      }
      for (unsigned t = s + 1; t < ARRAY_SIZE(stage_names); t++) {
         const unsigned t_start = st->push_offset_kb[t], t_end = t_start + st->push_size_kb[t];
         if (t_start == t_end || t_end <= start || end <= t_start)
            continue;
         snprintf(detail, sizeof(detail), "%s [%u, %u) KB overlaps %s [%u, %u) KB",
                  stage_names[s], start, end, stage_names[t], t_start, t_end);
         violation(exec, RULE_PUSH_CONSTANT_ALLOCATION, "3DPRIMITIVE", addr, detail);
         return;
      }
   }
}

static void
on_3dprimitive(struct vgpu_exec *exec, struct vgpu_rules_state *st,
               uint64_t addr)
{
   /* With rendering disabled (transform feedback only) no pixel shader
    * runs, so its constants need not be current. */
   uint8_t required = st->constants_stale;
   if (st->rendering_disabled)
      required &= ~(1u << STAGE_PS);
   for (unsigned s = 0; s < ARRAY_SIZE(stage_names); s++) {
      if (required & (1u << s)) {
         char detail[64];
         snprintf(detail, sizeof(detail), "3DSTATE_CONSTANT_%s not re-sent",
                  stage_names[s]);
         violation(exec, RULE_PUSH_CONSTANT_REALLOC, "3DPRIMITIVE", addr, detail);
      }
   }
   st->constants_stale &= ~required;
   check_push_constant_partition(exec, st, addr);
   st->depth_flush_step = DEPTH_NEEDS_STALL;
   st->rendering = true;
   st->vs_state_flushed = false;
   on_work(st);
}

/* The command streamer reads reg for MI_STORE_REGISTER_MEM (DW1) or
 * MI_LOAD_REGISTER_REG (source, DW1). */
static void
on_register_read(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                 const char *packet, uint32_t reg, uint64_t addr)
{
   reg &= 0x7ffffc;
   if (vgpu.info->ver == 7 && st->rendering && is_3dprim_register(reg)) {
      char detail[64];
      snprintf(detail, sizeof(detail), "register 0x%x", reg);
      violation(exec, RULE_GEN7_3DPRIM_REG_READ, packet, addr, detail);
   }
}

/* Two readings, each narrow:
 * - Gen12 in GPGPU mode is left out: there the TGL PRM forbids Render
 *   Target and Depth Cache Flush and Stall at Pixel Scoreboard, so a stall
 *   with nothing to flush stands alone (as genvk sends it).
 * - A lone stall while no work (3DPRIMITIVE, GPGPU_WALKER) was sent since
 *   a stall with a companion waits for nothing, and passes: Mesa's ANV
 *   ends every command buffer with a stall at the pixel scoreboard and
 *   then a stall with Indirect State Pointers Disable (its "ISP
 *   disable"), and stalls alone after its flush-then-invalidate pair. */
static void
check_cs_stall_companion(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                         uint32_t bits, uint64_t addr)
{
   const uint32_t companions = PC_RENDER_TARGET_FLUSH | PC_DEPTH_CACHE_FLUSH |
                               PC_STALL_AT_SCOREBOARD | PC_POST_SYNC_MASK |
                               PC_DEPTH_STALL | PC_DC_FLUSH | PC_NOTIFY;
   if (!(bits & PC_CS_STALL))
      return;
   if (bits & companions) {
      st->pipe_idle = true;
      return;
   }
   if (st->pipe_idle ||
       (vgpu.info->ver >= 12 && st->pipeline_known && st->pipeline == PIPELINE_GPGPU))
      return;
   violation(exec, RULE_CS_STALL_COMPANION, "PIPE_CONTROL", addr, NULL);
}

/* The IVB/HSW PRM (3DSTATE_DEPTH_BUFFER) accepts the three PIPE_CONTROLs,
 * or any other guarantee that the pipeline from WM onwards is flushed: a
 * stall of the command streamer with a depth cache flush is one (the
 * stall waits for every earlier draw to finish).  A depth stall and a
 * depth cache flush in one PIPE_CONTROL (allowed from Haswell) count as
 * the first two steps. */
static void
on_pipe_control_depth_sequence(struct vgpu_rules_state *st, uint32_t bits)
{
   if ((bits & PC_CS_STALL) && (bits & PC_DEPTH_CACHE_FLUSH)) {
      st->depth_flush_step = DEPTH_FLUSHED;
      return;
   }
   if (st->depth_flush_step == DEPTH_NEEDS_SECOND_STALL && (bits & PC_DEPTH_STALL)) {
      st->depth_flush_step = DEPTH_FLUSHED;
      return;
   }
   if (st->depth_flush_step == DEPTH_NEEDS_STALL && (bits & PC_DEPTH_STALL))
      st->depth_flush_step = DEPTH_NEEDS_FLUSH;
   if (st->depth_flush_step == DEPTH_NEEDS_FLUSH && (bits & PC_DEPTH_CACHE_FLUSH))
      st->depth_flush_step = DEPTH_NEEDS_SECOND_STALL;
}

static void
check_depth_state_change(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                         uint16_t op, uint64_t addr)
{
   if (vgpu.info->ver != 7)
      return;
   for (unsigned i = 0; i < ARRAY_SIZE(depth_state_ops); i++) {
      if (op != depth_state_ops[i] || st->depth_flush_step == DEPTH_FLUSHED)
         continue;
      static const char *const missing[] = {
         [DEPTH_NEEDS_STALL] = "no depth stall since the last 3DPRIMITIVE",
         [DEPTH_NEEDS_FLUSH] = "no depth cache flush after the depth stall",
         [DEPTH_NEEDS_SECOND_STALL] = "no depth stall after the depth cache flush",
      };
      violation(exec, RULE_GEN7_DEPTH_STATE_FLUSH, "depth/stencil state", addr,
                missing[st->depth_flush_step]);
      st->depth_flush_step = DEPTH_FLUSHED;   /* once per group */
   }
}

/* The field a PIPE_CONTROL sets without the field the PRM requires with
 * it, or NULL. */
static const char *
pipe_control_missing_field(uint32_t bits)
{
   const unsigned post_sync = (bits & PC_POST_SYNC_MASK) >> 14;
   const bool cs_stall = bits & PC_CS_STALL;
   if ((bits & PC_GENERIC_MEDIA_STATE_CLEAR) && !cs_stall)
      return "Generic Media State Clear without Command Streamer Stall Enable";
   if ((bits & PC_ISP_DISABLE) && !cs_stall)
      return "Indirect State Pointers Disable without Command Streamer Stall Enable";
   if ((bits & PC_GLOBAL_SNAPSHOT_RESET) && !cs_stall)
      return "Global Snapshot Count Reset without Command Streamer Stall Enable";
   if ((bits & PC_TLB_INVALIDATE) && !cs_stall)
      return "TLB Invalidate without Command Streamer Stall Enable";
   if ((bits & PC_TLB_INVALIDATE) && vgpu.info->ver == 7 && !post_sync)
      return "TLB Invalidate without a Post-Sync Operation (IVB/HSW)";
   if ((bits & PC_STORE_DATA_INDEX) && !post_sync)
      return "Store Data Index without a Post-Sync Operation";
   if (vgpu.info->ver >= 9 && (bits & PC_FLUSH_LLC) &&
       post_sync != PC_POST_SYNC_WRITE_IMMEDIATE)
      return "Flush LLC without the post-sync operation Write Immediate Data";
   /* Mesa's crocus reads the SKL text as BDW's too, but hasvk does not
    * apply it on Broadwell (and ANV found the companion null-PIPE_CONTROL
    * workaround hangs Broadwell), so it is checked where ANV applies it. */
   if (vgpu.info->ver == 9 && (bits & PC_VF_CACHE_INVALIDATE) && !post_sync)
      return "VF Cache Invalidation Enable without a post-sync write";
   /* Ivy Bridge: Depth Stall excludes both flushes (crocus: "Project:
    * PRE-HSW"). */
   if (vgpu.info->verx10 == 70 && (bits & PC_DEPTH_STALL) &&
       (bits & (PC_RENDER_TARGET_FLUSH | PC_DEPTH_CACHE_FLUSH)))
      return "Depth Stall with a render target or depth cache flush (IVB)";
   return NULL;
}

static void
check_pipe_control_fields(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                          const uint32_t *dw, bool after_null, uint64_t addr)
{
   const char *missing = pipe_control_missing_field(dw[1]);
   if (missing)
      violation(exec, RULE_PIPE_CONTROL_DEPENDENT_BITS, "PIPE_CONTROL", addr, missing);
   if (vgpu.info->ver == 9 && (dw[1] & PC_VF_CACHE_INVALIDATE) && !after_null)
      violation(exec, RULE_SKL_VF_INVALIDATE_NULL, "PIPE_CONTROL", addr, NULL);
   st->null_pipe_control = dw[1] == 0;
   if (dw[1] & PC_VF_CACHE_INVALIDATE)
      st->vf_line_count = 0;
}

/* VS Number of URB Entries, as Mesa's intel_device_info.c gives the range
 * per platform and GT (from the PRMs' 3DSTATE_URB_VS).  False where the
 * table is not known here: no check then. */
static bool
vs_urb_entry_range(unsigned *min, unsigned *max)
{
   const struct devinfo *d = vgpu.info;
   switch (d->platform) {
   case PLATFORM_IVB: *min = 32; *max = d->gt == 1 ? 512 : 704; return true;
   case PLATFORM_BYT: *min = 32; *max = 512; return true;
   case PLATFORM_HSW: *min = d->gt == 1 ? 32 : 64; *max = d->gt == 1 ? 640 : 1664; return true;
   case PLATFORM_BDW: *min = 64; *max = 2560; return true;
   case PLATFORM_CHV: *min = 34; *max = 640; return true;
   case PLATFORM_SKL:
   case PLATFORM_KBL:
   /* GT1 parts: 928 on some, 1856 on others (KBL GT1.5); the larger
    * bound holds for all of them. */
   case PLATFORM_CFL: *min = 64; *max = 1856; return true;
   case PLATFORM_ICL: *min = 64; *max = 2384; return true;
   case PLATFORM_TGL: *min = 64; *max = 3576; return true;
   default: return false;
   }
}

/* 3DSTATE_URB_xS DW1: Number of URB Entries 15:0, URB Entry Allocation
 * Size 24:16 (512-bit units, minus one). */
static void
check_urb_allocation(struct vgpu_exec *exec, unsigned stage, const uint32_t *dw,
                     unsigned len, uint64_t addr)
{
   if (len < 2)
      return;
   const unsigned entries = dw[1] & 0xffff;
   const unsigned size = ((dw[1] >> 16) & 0x1ff) + 1;
   char detail[128];
   if (size < 9 && entries % 8) {
      snprintf(detail, sizeof(detail), "3DSTATE_URB_%s: %u entries of %u 512-bit units",
               stage_names[stage], entries, size);
      violation(exec, RULE_URB_ALLOCATION, "3DSTATE_URB", addr, detail);
   }
   unsigned min, max;
   if (stage != 0 || !vs_urb_entry_range(&min, &max) || (entries >= min && entries <= max))
      return;
   snprintf(detail, sizeof(detail), "3DSTATE_URB_VS: %u entries, the device allows %u to %u",
            entries, min, max);
   violation(exec, RULE_URB_ALLOCATION, "3DSTATE_URB", addr, detail);
}

static void
check_gfx(struct vgpu_exec *exec, struct vgpu_rules_state *st,
          const uint32_t *dw, unsigned len, uint64_t addr,
          bool after_null_pipe_control)
{
   const uint16_t op = dw[0] >> 16;
   vgpu_cache_rules_command(st, dw, len, addr);
   switch (op) {
   case OP_PIPE_CONTROL:
      check_ivb_pipe_control_count(exec, st, dw[1], addr);
      check_cs_stall_companion(exec, st, dw[1], addr);
      check_pipe_control_fields(exec, st, dw, after_null_pipe_control, addr);
      on_pipe_control_depth_sequence(st, dw[1]);
      on_pipe_control(st, dw);
      if (dw[1] & PC_CS_STALL)
         st->rendering = false;
      return;
   case OP_PIPELINE_SELECT:
      on_pipeline_select(exec, st, dw, addr);
      return;
   case OP_MEDIA_VFE_STATE:
      on_vfe_state(exec, st, dw, len, addr);
      return;
   case OP_GPGPU_WALKER:
      /* A context that never selected a pipeline is left to the driver's
       * context setup (i915 does not select one). */
      if (st->pipeline_known && st->pipeline != PIPELINE_GPGPU)
         violation(exec, RULE_WALKER_PIPELINE, "GPGPU_WALKER", addr,
                   st->pipeline == 0 ? "3D pipeline selected" : "media pipeline selected");
      if (st->unstalled_vfe) {
         violation(exec, RULE_VFE_STATE_STALL, "MEDIA_VFE_STATE", st->unstalled_vfe,
                   "used by the GPGPU_WALKER that follows");
         st->unstalled_vfe = 0;
      }
      on_gpgpu_walker(exec, dw, len, addr);
      on_work(st);
      return;
   case OP_3DPRIMITIVE:
      on_3dprimitive(exec, st, addr);
      return;
   default:
      break;
   }
   if (vgpu.info->verx10 == 70 && !st->vs_state_flushed) {
      for (unsigned i = 0; i < ARRAY_SIZE(ivb_vs_state_ops); i++) {
         if (op == ivb_vs_state_ops[i]) {
            violation(exec, RULE_IVB_VS_STATE_FLUSH, "VS state", addr, NULL);
            st->vs_state_flushed = true;   /* once per group */
         }
      }
   }
   check_depth_state_change(exec, st, op, addr);
   for (unsigned s = 0; s < ARRAY_SIZE(urb_ops); s++) {
      if (op == urb_ops[s])
         check_urb_allocation(exec, s, dw, len, addr);
   }
   if (op == OP_3DSTATE_STREAMOUT && len > 1) {
      st->rendering_disabled = dw[1] & SO_RENDERING_DISABLE;
      return;
   }
   if (op == OP_3DSTATE_CONSTANT_ALL) {
      /* Gen12 re-sends the stages of its Shader Update Enable mask
       * (DW0 bits 12:8: VS, HS, DS, GS, PS). */
      st->constants_stale &= ~((dw[0] >> 8) & 0x1f);
      return;
   }
   for (unsigned s = 0; s < ARRAY_SIZE(stage_names); s++) {
      if (op == push_alloc_ops[s])
         on_push_constant_alloc(st, s, dw);
      else if (op == constant_ops[s])
         st->constants_stale &= ~(1u << s);
   }
}

void
vgpu_rules_check(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                 const uint32_t *dw, unsigned len, uint64_t addr)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF)
      return;
   /* MI_NOOP and MI_BATCH_BUFFER_START stay in the command streamer and
    * send nothing down the pipeline, so a null PIPE_CONTROL before them
    * still precedes the next pipeline command: Mesa's ANV ends a batch
    * buffer with the null PIPE_CONTROL and chains to the next, which
    * begins with the VF invalidation. */
   if (CMD_TYPE(dw[0]) == CMD_TYPE_MI && (MI_OPCODE(dw[0]) == MI_OP_NOOP ||
                                          MI_OPCODE(dw[0]) == MI_OP_BATCH_BUFFER_START))
      return;
   const bool after_null_pipe_control = st->null_pipe_control;
   st->null_pipe_control = false;
   if (CMD_TYPE(dw[0]) == CMD_TYPE_GFX) {
      check_gfx(exec, st, dw, len, addr, after_null_pipe_control);
      return;
   }
   if (CMD_TYPE(dw[0]) != CMD_TYPE_MI || len < 2)
      return;
   if (MI_OPCODE(dw[0]) == MI_OP_STORE_REGISTER_MEM)
      on_register_read(exec, st, "MI_STORE_REGISTER_MEM", dw[1], addr);
   else if (MI_OPCODE(dw[0]) == MI_OP_LOAD_REGISTER_REG)
      on_register_read(exec, st, "MI_LOAD_REGISTER_REG", dw[1], addr);
}

/* The hull per value of the high bits over-approximates the lines
 * fetched, but only where the lines fetched since the invalidation span
 * more than 4 GiB: the condition on which Mesa's drivers invalidate, so a
 * batch that follows them is never reported. */
static void
record_vf_lines(struct vgpu_exec *exec, struct vgpu_rules_state *st, uint64_t addr,
                uint64_t start, uint64_t end, const char *what)
{
   const uint32_t high = (uint32_t)(start >> 32);
   const uint64_t lo_start = start & 0xffffffffull, lo_end = end - (start & ~0xffffffffull);
   for (unsigned i = 0; i < st->vf_line_count; i++) {
      const uint64_t other = (uint64_t)st->vf_lines[i].high << 32;
      if (st->vf_lines[i].high == high || lo_end <= st->vf_lines[i].lo_start ||
          st->vf_lines[i].lo_end <= lo_start)
         continue;
      char detail[160];
      snprintf(detail, sizeof(detail), "%s at 0x%llx-0x%llx shares cache tags with lines "
               "fetched at 0x%llx-0x%llx", what, (unsigned long long)start,
               (unsigned long long)end, (unsigned long long)(other | st->vf_lines[i].lo_start),
               (unsigned long long)(other + st->vf_lines[i].lo_end));
      violation(exec, RULE_VF_CACHE_32BIT_TAG, "3DPRIMITIVE", addr, detail);
      st->vf_line_count = 0;   /* report each stale line once */
      break;
   }
   for (unsigned i = 0; i < st->vf_line_count; i++) {
      if (st->vf_lines[i].high == high) {
         st->vf_lines[i].lo_start = MIN2(st->vf_lines[i].lo_start, lo_start);
         st->vf_lines[i].lo_end = MAX2(st->vf_lines[i].lo_end, lo_end);
         return;
      }
   }
   /* More high-bit values than slots: the lines are not tracked, so a
    * later alias may go unreported (never a false report). */
   if (st->vf_line_count == ARRAY_SIZE(st->vf_lines))
      return;
   st->vf_lines[st->vf_line_count++] = (struct vgpu_rules_vf_lines){ high, lo_start, lo_end };
}

void
vgpu_rules_vf_fetch(struct vgpu_exec *exec, uint64_t addr, uint64_t start,
                    uint64_t size, const char *what)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF || !size ||
       (vgpu.info->ver != 8 && vgpu.info->ver != 9))
      return;
   struct vgpu_rules_state *st = &exec->ctx->rules;
   /* Whole 64-byte lines, split where the high bits change. */
   const uint64_t end = (start + size + 63) & ~63ull;
   for (uint64_t line = start & ~63ull; line < end;) {
      const uint64_t piece_end = MIN2(end, (line | 0xffffffffull) + 1);
      record_vf_lines(exec, st, addr, line, piece_end, what);
      line = piece_end;
   }
}

void
vgpu_rules_check_dispatch(struct vgpu_exec *exec, struct vgpu_cs *cs,
                          unsigned slm_size)
{
   const uint32_t reg = l3_slm_register();
   if (vgpu_rules_mode == VGPU_RULES_OFF || !slm_size || !reg)
      return;
   if (vgpu_cs_read_reg32(cs, reg) & L3_SLM_ENABLE)
      return;
   char detail[96];
   snprintf(detail, sizeof(detail), "%u bytes of SLM, register 0x%x = 0x%x", slm_size,
            reg, vgpu_cs_read_reg32(cs, reg));
   violation(exec, RULE_L3_SLM_PARTITION, "GPGPU_WALKER", vgpu_cs_ip(cs), detail);
}

void
vgpu_rules_texture_cache_violation(struct vgpu_exec *exec, const char *packet,
                                   uint64_t addr, const char *detail)
{
   violation(exec, RULE_TEXTURE_CACHE_COHERENCY, packet, addr, detail);
}

void
vgpu_rules_urb_allocation(struct vgpu_exec *exec, uint64_t addr, const char *detail)
{
   violation(exec, RULE_URB_ALLOCATION, "3DPRIMITIVE", addr, detail);
}

void
vgpu_rules_ps_dispatch(struct vgpu_exec *exec, uint64_t addr, const char *detail)
{
   violation(exec, RULE_PS_DISPATCH, "3DPRIMITIVE", addr, detail);
}

void
vgpu_rules_vertex_element(struct vgpu_exec *exec, uint64_t addr,
                          unsigned element, const char *why)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF)
      return;
   char detail[160];
   snprintf(detail, sizeof(detail), "element %u: %s", element, why);
   violation(exec, RULE_VERTEX_ELEMENT_STATE, "3DPRIMITIVE", addr, detail);
}
