/* The back end's low-level IR (LIR): Gen instructions on virtual
 * registers, in one linear list per kernel with the structured control
 * flow (IF/ELSE/ENDIF, DO/WHILE/BREAK/CONT, HALT) already in place.
 *
 * A virtual register (vreg) is `size` bytes of the register file, its
 * channels packed (stride in elements) from byte `offset`; a SIMD16
 * 32-bit value is 64 bytes, two GRFs.  Register allocation maps each vreg
 * to a run of whole GRFs. */
#ifndef GBE_LIR_H
#define GBE_LIR_H

#include <stdio.h>

#include "gbe.h"
#include "isa_send.h"

enum gbe_file {
   GBE_BAD,
   GBE_NULL,      /* the null register */
   GBE_VGRF,      /* nr: vreg index */
   GBE_FIXED,     /* nr: GRF number (payload) */
   GBE_ARF,       /* nr: enum isa_arf (flags: ISA_ARF_FLAG | nr), offset: subnr bytes */
   GBE_IMM,
};

struct gbe_reg {
   uint8_t file;        /* enum gbe_file */
   uint8_t type;        /* enum isa_type */
   uint8_t stride;      /* elements from one channel to the next; 0 = scalar */
   bool neg, abs;
   uint32_t nr;
   uint32_t offset;     /* bytes from the start of the vreg or GRF */
   uint64_t imm;
   /* A register-indirect source (PRM Vol 7 "Register Region Restrictions",
    * indirect addressing): the register (VGRF or FIXED) is where a0's
    * addresses point into; stride 1 reads an address per channel from
    * a0.addr_subnr on (VxH), stride 0 one address for all channels; imm
    * is the address immediate.  Such a vreg must not be spilled
    * (gbe_vreg.no_spill): its address is in the code. */
   bool indirect;
   uint8_t addr_subnr;
   /* The register's byte address in the register file, an immediate
    * once registers are allocated (what a0 is computed from). */
   bool addr_of;
};

/* Pseudo opcodes beyond enum isa_op: markers the emitter turns into
 * nothing (DO) or resolves (the final HALT target). */
#define GBE_OP_DO ((enum isa_op)(ISA_OP_COUNT + 1))

struct gbe_inst {
   struct gbe_inst *prev, *next;
   enum isa_op op;
   uint8_t exec_size;   /* channels */
   uint8_t group;       /* first channel */
   bool we_all;         /* NoMask */
   uint8_t pred;        /* 0 none, 1 normal; see isa pred_ctrl */
   bool pred_inv;
   uint8_t flag;        /* flag subregister: 0 = f0.0, 1 = f0.1, 2 = f1.0, 3 = f1.1 */
   uint8_t cmod;        /* enum isa_cmod; math: the function */
   bool sat;
   bool thread_switch;  /* Gen7-11 "switch" thread control (control-register access) */
   bool exact;          /* SPIR-V NoContraction: never fused into a mad */
   struct gbe_reg dst, src[3];
   /* sends */
   uint8_t sfid;
   uint32_t desc, ex_desc;
   uint8_t mlen, ex_mlen, rlen;
   bool eot;
   /* branches: the instructions JIP and UIP point at */
   struct gbe_inst *jip, *uip;
   /* position in the final order, filled by passes that need it */
   uint32_t ip;
   uint8_t swsb;
};

struct gbe_vreg {
   uint32_t size;       /* bytes */
   int32_t grf;         /* allocated first GRF, -1 before RA */
   bool spilled;
   bool no_spill;       /* a register of spill code */
};

struct gbe_prog {
   enum isa_gen gen;
   enum ir_stage stage;
   unsigned simd;
   struct gbe_inst head;        /* circular list sentinel */
   struct gbe_vreg *vregs;
   uint32_t num_vregs, cap_vregs;
   uint32_t first_free_grf;     /* after the payload */
   /* GRFs at the top of the file an end-of-thread message's payload
    * takes (PRM Vol 7 "send": an EOT payload lies in g112-g127);
    * 0: g127 alone */
   uint32_t eot_regs;
   uint32_t grfs_used;          /* after register allocation */
   uint32_t scratch_bytes;      /* per thread, for spills */
   unsigned stats_spills, stats_fills;
   bool oom;
   const struct gbe_options *opt;
   char *err;
   size_t err_size;
   bool failed;
};

#define gbe_foreach_inst(i, p) \
   for (struct gbe_inst *i = (p)->head.next; i != &(p)->head; i = i->next)
#define gbe_foreach_inst_safe(i, p) \
   for (struct gbe_inst *i = (p)->head.next, *i##_n = i->next; i != &(p)->head; \
        i = i##_n, i##_n = i->next)

/* ---- registers ---- */

static inline struct gbe_reg
gbe_null(enum isa_type type)
{
   return (struct gbe_reg){ .file = GBE_NULL, .type = (uint8_t)type, .stride = 1 };
}

static inline struct gbe_reg
gbe_imm(enum isa_type type, uint64_t v)
{
   return (struct gbe_reg){ .file = GBE_IMM, .type = (uint8_t)type, .imm = v };
}

static inline struct gbe_reg
gbe_fixed(unsigned grf, unsigned offset, enum isa_type type, unsigned stride)
{
   return (struct gbe_reg){ .file = GBE_FIXED, .type = (uint8_t)type, .nr = grf,
                            .offset = offset, .stride = (uint8_t)stride };
}

static inline struct gbe_reg
gbe_retype(struct gbe_reg r, enum isa_type type)
{
   r.type = (uint8_t)type;
   return r;
}

static inline struct gbe_reg
gbe_offset(struct gbe_reg r, unsigned bytes)
{
   r.offset += bytes;
   return r;
}

/* Immediates have no source modifiers: their value is negated instead. */
static inline struct gbe_reg
gbe_negate(struct gbe_reg r)
{
   if (r.file != GBE_IMM) {
      r.neg = !r.neg;
      return r;
   }
   switch (r.type) {
   case ISA_TYPE_F: r.imm ^= 0x80000000u; break;
   case ISA_TYPE_DF: r.imm ^= 1ull << 63; break;
   case ISA_TYPE_HF: r.imm ^= 0x8000u; break;
   case ISA_TYPE_Q: case ISA_TYPE_UQ: r.imm = -r.imm; break;
   default: r.imm = (uint32_t)-(uint32_t)r.imm; break;
   }
   return r;
}

/* Channel c (relative to the register's first) of a packed or scalar register. */
struct gbe_reg gbe_channel(struct gbe_reg r, unsigned c);
/* The scalar <0;1,0> view of element `elem` of r. */
struct gbe_reg gbe_scalar(struct gbe_reg r, unsigned elem);

/* A new vreg for a value of `bytes` per channel over `channels` channels
 * (rounded up to whole GRFs); a packed register of `type`. */
struct gbe_reg gbe_vreg(struct gbe_prog *p, enum isa_type type, unsigned channels);
struct gbe_reg gbe_vreg_bytes(struct gbe_prog *p, enum isa_type type, unsigned bytes);

/* ---- instructions ---- */

/* Where gbe_emit puts instructions, and with which defaults. */
struct gbe_builder {
   struct gbe_prog *p;
   struct gbe_inst *before;     /* insert before this (the sentinel: at the end) */
   uint8_t exec_size, group;
   bool we_all;
};

void gbe_builder_init(struct gbe_builder *b, struct gbe_prog *p);
struct gbe_inst *gbe_emit(struct gbe_builder *b, enum isa_op op, struct gbe_reg dst,
                          struct gbe_reg s0, struct gbe_reg s1, struct gbe_reg s2);
#define gbe_alu1(b, op, d, a) gbe_emit(b, op, d, a, gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD))
#define gbe_alu2(b, op, d, a, c) gbe_emit(b, op, d, a, c, gbe_null(ISA_TYPE_UD))
struct gbe_inst *gbe_insert_before(struct gbe_prog *p, struct gbe_inst *at,
                                   const struct gbe_inst *tmpl);
void gbe_inst_remove(struct gbe_inst *i);

unsigned gbe_op_num_srcs(enum isa_op op);
bool gbe_is_send(const struct gbe_inst *i);
bool gbe_is_branch(enum isa_op op);
/* Bytes an operand spans over an instruction's channels. */
unsigned gbe_reg_span(const struct gbe_reg *r, unsigned exec_size);
/* An Ivy Bridge instruction with a DF operand: its ExecSize and regions
 * count floats, a pair per channel (gbe_legalize splits it, gbe_emit
 * encodes it). */
bool gbe_ivb_df_pairs(enum isa_gen gen, const struct gbe_inst *i);

void gbe_print(const struct gbe_prog *p, FILE *f);
bool gbe_fail(struct gbe_prog *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- passes, in the order gbe_compile runs them ---- */

/* Copy propagation and dead-code elimination. */
bool gbe_optimize(struct gbe_prog *p);
/* Part of gbe_optimize (gbe_opt_branch.c): empty arms dropped, small
 * IFs turned into predicated instructions, opposite predicated copies
 * into SELs. */
bool gbe_flatten_branches(struct gbe_prog *p);
/* Part of gbe_optimize (gbe_opt_cse.c): (x + c) << s reassociated, values
 * computed twice in a straight-line stretch computed once. */
bool gbe_cse(struct gbe_prog *p);
/* Part of gbe_optimize (gbe_opt_mad.c), after the clean-ups: a float add
 * of a product nothing else reads becomes a mad. */
bool gbe_fuse_mad(struct gbe_prog *p);
/* Splits instructions whose operands span more than two GRFs, and fixes
 * operand forms the hardware lacks (immediates in src0, 64-bit
 * immediates on three-source instructions...). */
bool gbe_legalize(struct gbe_prog *p);
/* Part of legalisation (gbe_isel_64.c): on generations without 64-bit
 * integer types, moves and predicated selects of 64-bit values become
 * pairs of dword instructions. */
bool gbe_lower_64bit_moves(struct gbe_prog *p);
/* Liveness over the linear order and GRF assignment with spilling. */
bool gbe_regalloc(struct gbe_prog *p);
/* List scheduling of straight-line code after allocation, and the cycle
 * estimate of the statistics (one latency model, per generation). */
void gbe_schedule(struct gbe_prog *p);
unsigned gbe_estimate_cycles(const struct gbe_prog *p);
/* Gen12 software scoreboard. */
void gbe_swsb(struct gbe_prog *p);
/* To machine code: encodes, resolves JIP/UIP, compacts, counts. */
bool gbe_emit_code(struct gbe_prog *p, struct gbe_kernel *k);

#endif
