/* Instruction selection: shared state of the IR walk (gbe_isel.c: values,
 * ALU, control flow; gbe_isel_mem.c: memory and messages; gbe_cs.c: the
 * compute payload). */
#ifndef GBE_ISEL_H
#define GBE_ISEL_H

#include "gbe_lir.h"

/* A breakable construct of the structured walk: a loop, or a switch
 * (wrapped in a one-trip DO/WHILE so that its breaks are BREAKs). */
struct gbe_cf {
   struct gbe_cf *outer;
   bool is_switch;
   struct ir_block *header, *merge, *cont;
   struct gbe_reg pending_cont;   /* switch: channels that continue the loop */
   bool has_pending_cont;
   bool while_done;               /* loop: its WHILE is emitted */
};

/* Where a deref points: a variable, a constant byte offset and a
 * per-channel one (UD, or GBE_BAD when there is none).  For an element
 * of a descriptor array (gbe_isel_surface.c), `element` is its index: an
 * immediate, a per-channel UD value, or GBE_BAD for a plain binding. */
struct gbe_addr {
   struct ir_var *var;
   uint32_t const_off;
   struct gbe_reg dyn;
   struct gbe_reg element;
};

/* A store of a run that goes out as one message: the run's first store
 * in address order, the next one, and whether the message goes at this
 * store (the run's last in program order). */
struct gbe_store_run {
   struct ir_instr *store, *first, *next;
   bool emit;
};

/* How deep constructs may nest: the structured walk recurses once per
 * level, and 256 levels take well under 2 MiB of stack even under ASan
 * (1024 ran in the main thread's 8 MiB, 4096 did not). */
#define GBE_MAX_NESTING 256

struct gbe_ctx {
   struct gbe_prog *p;
   struct gbe_builder b;
   struct ir_shader *s;
   struct gbe_kernel *k;
   struct gbe_reg **vals;         /* per IR value index: one register per component */
   uint32_t num_vals;
   struct gbe_cf *cf;             /* innermost breakable construct */
   struct ir_block *sel_merge;    /* innermost selection's merge */
   struct ir_block **case_stops;  /* switch: case targets a case falls through to */
   unsigned num_case_stops;
   unsigned depth;                /* constructs the walk is inside */
   bool *emitted;                 /* per block index: the walk emitted it */
   bool in_cont_construct;        /* emitting the innermost loop's continue construct */
   bool end_with_cont;            /* ... at a continue edge: its back edge is a CONT */
   bool has_halt;
   uint32_t slm_next;
   uint32_t *var_slm_offset;      /* per variable index */
   struct gbe_reg **var_slots;    /* per variable index: a private array's dwords */
   uint32_t *var_scratch;         /* per variable index: a private array's scratch
                                   * offset + 1 (0 = not placed) */
   /* stores merged into one message (gbe_isel_mem.c) */
   struct gbe_store_run *runs;
   unsigned num_runs, cap_runs;
   struct gbe_addr *addrs;        /* per IR value index: a deref's address ... */
   bool *addr_done;               /* ... once computed */
   /* compute payload */
   unsigned cross_regs_at;        /* first GRF of the cross-thread constants */
   struct gbe_reg local_id[3];    /* UW per channel, from the per-thread payload */
   struct gbe_reg lane;           /* UD: channel index within the thread */
   /* a descriptor array element chosen at run time, uniform over the
    * channels of the access being emitted (a scalar UD, GBE_BAD outside
    * such an access): gbe_send adds it to the binding table index */
   struct gbe_reg dyn_element;
   bool have_lane;
   const struct gbe_stage_ops *ops;
   /* the graphics stages' own selection state (gbe_vs.c, gbe_fs.c) */
   struct gbe_vs_ctx *vs;
   struct gbe_fs_ctx *fs;
   struct gbe_tess_ctx *tess;
   struct gbe_gs_ctx *gs;
};

/* Registers of an IR value, one per component (NULL when it has none). */
struct gbe_reg *gbe_val(struct gbe_ctx *c, const struct ir_instr *i);
/* Allocates the registers of a new value. */
struct gbe_reg *gbe_def(struct gbe_ctx *c, const struct ir_instr *i);
/* The register type an IR scalar type lives in. */
enum isa_type gbe_reg_type(const struct ir_type *t, bool is_signed);
/* A fresh full-width register of type. */
struct gbe_reg gbe_tmp(struct gbe_ctx *c, enum isa_type type);
/* Half floats to and from the 16 bits in the low half of each dword. */
void gbe_f32_to_half_bits(struct gbe_ctx *c, struct gbe_reg dst, struct gbe_reg src);
void gbe_half_bits_to_f32(struct gbe_ctx *c, struct gbe_reg dst, struct gbe_reg src);
/* d = log2(a), floats, by the math box. */
void gbe_math_log2(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg a);
/* Moves a bool value into flag f0.0 (channels of the builder). */
void gbe_bool_to_flag(struct gbe_ctx *c, struct gbe_reg v);
/* The channel index of each channel (UD). */
struct gbe_reg gbe_lane_index(struct gbe_ctx *c);
/* Copies fixed GRF grf into the whole register dst with every channel
 * enabled whatever the dispatch mask: a message header (the thread's R0,
 * the URB handles) for a send that may end the thread. */
void gbe_copy_grf(struct gbe_ctx *c, struct gbe_reg dst, unsigned grf);
/* A message: returns the send for the caller to finish; dst may be null.
 * Fails (NULL) when the generation has no such message. */
struct gbe_inst *gbe_send(struct gbe_ctx *c, const struct isa_send_msg *m,
                          struct gbe_reg dst, struct gbe_reg payload);

/* Gen9+ split sends (PRM Vol 2a "sends"): the data of a message is a
 * second payload (src1, m->ex_mlen registers) apart from its address
 * (m->mlen), so a value reaches the data port from the registers it lives
 * in instead of a copy behind the address.  Not for a send whose
 * descriptor comes from a0 (gbe_send_indirect: src1 holds it before
 * Gen12), which keeps one payload. */
bool gbe_has_split_send(const struct gbe_ctx *c);
struct gbe_inst *gbe_send_split(struct gbe_ctx *c, const struct isa_send_msg *m,
                                struct gbe_reg dst, struct gbe_reg addr, struct gbe_reg data);
/* r itself as (the start of) a data payload when it is one: dwords packed
 * from a register boundary, no modifiers; else a GBE_BAD register. */
struct gbe_reg gbe_whole_regs(struct gbe_reg r);

/* Keeps a sub-dword integer zero-extended, a half float representable. */
void gbe_normalize(struct gbe_ctx *c, const struct ir_type *t, struct gbe_reg d);

/* gbe_isel_64.c: instructions with a 64-bit operand or result, and ldexp
 * of every size; bitcasts to and from 64-bit components. */
bool gbe_is_alu64(const struct ir_instr *i);
bool gbe_emit_alu64(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_emit_bitcast64(struct gbe_ctx *c, struct ir_instr *i);

bool gbe_isel_memory(struct gbe_ctx *c, struct ir_instr *i);
/* Finds the runs of stores that go out as one message, before selection. */
bool gbe_plan_store_runs(struct gbe_ctx *c);
/* The IR's atomic operation as the data port's. */
enum isa_atomic_op gbe_isa_atomic_op(enum ir_atomic_op op);

/* Binding table entries and descriptor arrays (gbe_isel_surface.c). */
/* The first entry of the binding (its array's element 0), added to the
 * kernel's bindings when new; UINT32_MAX (after gbe_fail) when the table
 * is full. */
uint32_t gbe_binding_entry(struct gbe_ctx *c, const struct ir_var *v,
                           enum gbe_surface_kind kind, uint32_t format, uint32_t texel_dwords);
/* The first SAMPLER_STATE entry of a SAMPLER or COMBINED_IMAGE_SAMPLER
 * binding (kernel.samplers), added when new; UINT32_MAX (after gbe_fail)
 * when the table is full.  gbe_sampler_count: its entries. */
uint32_t gbe_sampler_entry(struct gbe_ctx *c, const struct ir_var *v);
uint32_t gbe_sampler_count(struct gbe_ctx *c, const struct ir_var *v);
/* deref_array of a descriptor array: the element into a->element. */
bool gbe_descriptor_element(struct gbe_ctx *c, struct ir_instr *deref, struct gbe_addr *a);
/* Emits access(c, i, a) for an access through a descriptor array element
 * chosen at run time: once when the element is uniform, else once per
 * distinct element of the live channels, with c->dyn_element set. */
typedef bool gbe_access_fn(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a);
bool gbe_dynamic_element(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a,
                         gbe_access_fn *access);
/* gbe_send's path for a send to c->dyn_element's surface: the descriptor
 * in a0.0. */
struct gbe_inst *gbe_emit_send(struct gbe_ctx *c, const struct isa_send_msg *m,
                               struct gbe_reg dst, struct gbe_reg payload,
                               struct gbe_reg desc_reg);
struct gbe_inst *gbe_send_indirect(struct gbe_ctx *c, const struct isa_send_msg *m,
                                   struct gbe_reg dst, struct gbe_reg payload);

/* Storage images, texel buffers and the sampler on buffers
 * (gbe_isel_image.c). */
bool gbe_isel_texel(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel_tex(struct gbe_ctx *c, struct ir_instr *i);
/* Sampler messages on a sampled image (gbe_isel_tex.c): its descriptor
 * variable, the array element (an immediate, a register when picked at
 * run time: then c->dyn_element holds it, or GBE_BAD) and its binding
 * table entry (without a run-time element). */
bool gbe_isel_sampled(struct gbe_ctx *c, struct ir_instr *i, const struct ir_var *var,
                      struct gbe_reg element, unsigned bti);

/* Physical storage buffers: A64 messages (gbe_isel_global.c). */
bool gbe_isel_global(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel_ptr_cast(struct gbe_ctx *c, struct ir_instr *i);
/* 64-bit atomics on storage buffers, as A64 messages to the buffer's
 * address (gbe_binding.address_offset), which gbe_buffer_addresses
 * places in the cross-thread constants from *cross on (rounded up to a
 * GRF after them). */
bool gbe_isel_buffer_atomic64(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a);
bool gbe_buffer_addresses(struct gbe_ctx *c, uint32_t *cross);
bool gbe_isel_deref(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel_barrier(struct gbe_ctx *c, struct ir_instr *i);
/* Subgroup operations and the subgroup mask system values
 * (gbe_isel_subgroup.c). */
bool gbe_isel_subgroup(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel_subgroup_mask(struct gbe_ctx *c, struct ir_instr *i);
/* The system values every stage but the fragment one reads alike (the
 * subgroup size, a channel's place and masks) into dst (UD); any other
 * fails, naming stage ("vertex shader"). */
bool gbe_isel_subgroup_sysval(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg dst,
                              const char *stage);
bool gbe_isel(struct gbe_ctx *c);
void gbe_isel_free(struct gbe_ctx *c);

/* What selection does differently per stage (gbe_cs.c, gbe_vs.c,
 * gbe_fs.c): the payload (setup, before the walk), system values, the
 * stage's own instructions (loads and stores of IR_STORAGE_INPUT and
 * IR_STORAGE_OUTPUT variables, and demote, is_helper, the derivatives,
 * interp_*: NULL when the stage has none), a DISCARD terminator (NULL
 * when the stage cannot discard), and the end of the thread. */
struct gbe_stage_ops {
   bool (*setup)(struct gbe_ctx *c);
   bool (*sysval)(struct gbe_ctx *c, struct ir_instr *i);
   bool (*instr)(struct gbe_ctx *c, struct ir_instr *i);
   bool (*discard)(struct gbe_ctx *c, struct ir_block *b);
   void (*finish)(struct gbe_ctx *c);
};
extern const struct gbe_stage_ops gbe_cs_ops, gbe_vs_ops, gbe_fs_ops;
/* Tessellation (gbe_tcs.c, gbe_tes.c). */
extern const struct gbe_stage_ops gbe_tcs_ops, gbe_tes_ops;
struct gbe_tess_ctx;
/* The geometry stage (gbe_gs.c). */
extern const struct gbe_stage_ops gbe_gs_ops;

#endif
