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
 * per-channel one (UD, or GBE_BAD when there is none). */
struct gbe_addr {
   struct ir_var *var;
   uint32_t const_off;
   struct gbe_reg dyn;
};

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
   bool in_cont_construct;        /* emitting the innermost loop's continue construct */
   bool end_with_cont;            /* ... at a continue edge: its back edge is a CONT */
   bool has_halt;
   uint32_t slm_next;
   uint32_t *var_slm_offset;      /* per variable index */
   struct gbe_reg **var_slots;    /* per variable index: a private array's dwords */
   struct gbe_addr *addrs;        /* per IR value index: a deref's address ... */
   bool *addr_done;               /* ... once computed */
   /* compute payload */
   unsigned cross_regs_at;        /* first GRF of the cross-thread constants */
   struct gbe_reg local_id[3];    /* UW per channel, from the per-thread payload */
   struct gbe_reg lane;           /* UD: channel index within the thread */
   bool have_lane;
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
/* Moves a bool value into flag f0.0 (channels of the builder). */
void gbe_bool_to_flag(struct gbe_ctx *c, struct gbe_reg v);
/* The channel index of each channel (UD). */
struct gbe_reg gbe_lane_index(struct gbe_ctx *c);
/* A message: returns the send for the caller to finish; dst may be null.
 * Fails (NULL) when the generation has no such message. */
struct gbe_inst *gbe_send(struct gbe_ctx *c, const struct isa_send_msg *m,
                          struct gbe_reg dst, struct gbe_reg payload);

bool gbe_isel_memory(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel_deref(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel_barrier(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_cs_setup(struct gbe_ctx *c);
bool gbe_cs_sysval(struct gbe_ctx *c, struct ir_instr *i);
bool gbe_isel(struct gbe_ctx *c);
void gbe_isel_free(struct gbe_ctx *c);
void gbe_cs_finish(struct gbe_ctx *c);

#endif
