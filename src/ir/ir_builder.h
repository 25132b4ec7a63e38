/* Building IR: a cursor in a block, and one helper per instruction shape. */
#ifndef IR_BUILDER_H
#define IR_BUILDER_H

#include "ir.h"

struct ir_builder {
   struct ir_shader *shader;
   struct ir_function *func;
   struct ir_block *block;
   struct ir_instr *before;   /* insert before this, or at the block's end if NULL */
   bool exact;                /* instructions built are exact (NoContraction) */
};

void ir_builder_at_end(struct ir_builder *b, struct ir_block *block);
void ir_builder_before(struct ir_builder *b, struct ir_instr *instr);
/* Before the first non-phi instruction of `block`. */
void ir_builder_after_phis(struct ir_builder *b, struct ir_block *block);

struct ir_instr *ir_instr_create(struct ir_shader *s, enum ir_op op,
                                 const struct ir_type *type, unsigned num_srcs);
void ir_builder_insert(struct ir_builder *b, struct ir_instr *instr);

struct ir_instr *ir_build(struct ir_builder *b, enum ir_op op, const struct ir_type *type,
                          unsigned num_srcs, struct ir_instr *const *srcs);
struct ir_instr *ir_alu1(struct ir_builder *b, enum ir_op op, const struct ir_type *type,
                         struct ir_instr *a);
struct ir_instr *ir_alu2(struct ir_builder *b, enum ir_op op, const struct ir_type *type,
                         struct ir_instr *a, struct ir_instr *c);
struct ir_instr *ir_alu3(struct ir_builder *b, enum ir_op op, const struct ir_type *type,
                         struct ir_instr *a, struct ir_instr *c, struct ir_instr *d);
/* Binary/unary op whose result type is the first source's (or bool for compares). */
struct ir_instr *ir_op2(struct ir_builder *b, enum ir_op op, struct ir_instr *a,
                        struct ir_instr *c);
struct ir_instr *ir_op1(struct ir_builder *b, enum ir_op op, struct ir_instr *a);

struct ir_instr *ir_const(struct ir_builder *b, const struct ir_type *type,
                          const uint64_t *values);
struct ir_instr *ir_const_splat(struct ir_builder *b, const struct ir_type *type,
                                uint64_t value);
struct ir_instr *ir_imm_u32(struct ir_builder *b, uint32_t v);
struct ir_instr *ir_imm_f32(struct ir_builder *b, float v);
/* A float constant `v` converted to the float type `t` (16, 32 or 64 bit). */
struct ir_instr *ir_imm_float(struct ir_builder *b, const struct ir_type *t, double v);
struct ir_instr *ir_undef(struct ir_builder *b, const struct ir_type *type);

struct ir_instr *ir_vec(struct ir_builder *b, unsigned n, struct ir_instr *const *comps);
struct ir_instr *ir_extract(struct ir_builder *b, struct ir_instr *v, unsigned comp);
struct ir_instr *ir_insert(struct ir_builder *b, struct ir_instr *v, struct ir_instr *s,
                           unsigned comp);
struct ir_instr *ir_select(struct ir_builder *b, struct ir_instr *cond,
                           struct ir_instr *t, struct ir_instr *f);
struct ir_instr *ir_sysval(struct ir_builder *b, enum ir_sysval sv,
                           const struct ir_type *type);

struct ir_instr *ir_deref_var(struct ir_builder *b, struct ir_var *var);
struct ir_instr *ir_deref_struct(struct ir_builder *b, struct ir_instr *ptr, unsigned member);
struct ir_instr *ir_deref_array(struct ir_builder *b, struct ir_instr *ptr,
                                struct ir_instr *index);
struct ir_instr *ir_load(struct ir_builder *b, struct ir_instr *ptr);
struct ir_instr *ir_store(struct ir_builder *b, struct ir_instr *ptr, struct ir_instr *v);
struct ir_instr *ir_atomic(struct ir_builder *b, enum ir_atomic_op op, struct ir_instr *ptr,
                           struct ir_instr *v, struct ir_instr *cmp);
struct ir_instr *ir_barrier(struct ir_builder *b, unsigned flags);
/* srcs[IR_TEX_SRC_*] or NULL where absent */
struct ir_instr *ir_tex(struct ir_builder *b, enum ir_tex_op op, const struct ir_type *type,
                       struct ir_instr *const srcs[IR_TEX_SRC_COUNT]);
/* A pointer to one texel of a storage image; `texel` is the loaded type. */
struct ir_instr *ir_deref_texel(struct ir_builder *b, struct ir_instr *image,
                               struct ir_instr *coord, struct ir_instr *sample,
                               const struct ir_type *texel);
struct ir_instr *ir_subgroup(struct ir_builder *b, enum ir_subgroup_op op, enum ir_op alu,
                             const struct ir_type *type, unsigned n,
                             struct ir_instr *const *srcs);
/* A source-less instruction (demote, is_helper, emit_vertex, ...). */
struct ir_instr *ir_intrinsic(struct ir_builder *b, enum ir_op op, const struct ir_type *type,
                              uint32_t imm);
/* A phi with no operands yet, placed after the block's other phis. */
struct ir_instr *ir_phi(struct ir_builder *b, struct ir_block *block,
                        const struct ir_type *type, unsigned num_preds);
void ir_phi_set_src(struct ir_instr *phi, unsigned i, struct ir_block *pred,
                    struct ir_instr *v);

void ir_br(struct ir_builder *b, struct ir_block *target);
void ir_cbr(struct ir_builder *b, struct ir_instr *cond, struct ir_block *t,
            struct ir_block *f);
void ir_return(struct ir_builder *b);
void ir_discard(struct ir_builder *b);

#endif
