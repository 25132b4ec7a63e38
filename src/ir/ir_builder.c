#include <string.h>

#include "ir_builder.h"

void
ir_builder_at_end(struct ir_builder *b, struct ir_block *block)
{
   b->block = block;
   b->func = block->func;
   b->shader = block->func->shader;
   b->before = NULL;
   b->exact = false;
}

void
ir_builder_before(struct ir_builder *b, struct ir_instr *instr)
{
   ir_builder_at_end(b, instr->block);
   b->before = instr;
}

void
ir_builder_after_phis(struct ir_builder *b, struct ir_block *block)
{
   ir_builder_at_end(b, block);
   struct ir_instr *i = block->first;
   while (i && i->op == IR_OP_phi)
      i = i->next;
   b->before = i;
}

struct ir_instr *
ir_instr_create(struct ir_shader *s, enum ir_op op, const struct ir_type *type,
                unsigned num_srcs)
{
   struct ir_instr *i = ir_alloc(s->arena, sizeof(*i));
   i->op = op;
   i->type = type ? type : ir_type_void(s);
   i->num_srcs = num_srcs;
   if (num_srcs)
      i->srcs = ir_alloc(s->arena, num_srcs * sizeof(*i->srcs));
   return i;
}

void
ir_builder_insert(struct ir_builder *b, struct ir_instr *i)
{
   struct ir_block *blk = b->block;
   i->block = blk;
   i->exact |= b->exact;
   i->index = b->func->num_values++;
   if (b->before) {
      i->next = b->before;
      i->prev = b->before->prev;
      if (i->prev)
         i->prev->next = i;
      else
         blk->first = i;
      b->before->prev = i;
   } else {
      i->prev = blk->last;
      if (blk->last)
         blk->last->next = i;
      else
         blk->first = i;
      blk->last = i;
   }
}

struct ir_instr *
ir_build(struct ir_builder *b, enum ir_op op, const struct ir_type *type, unsigned n,
         struct ir_instr *const *srcs)
{
   struct ir_instr *i = ir_instr_create(b->shader, op, type, n);
   for (unsigned s = 0; s < n; s++)
      i->srcs[s] = srcs[s];
   ir_builder_insert(b, i);
   return i;
}

struct ir_instr *
ir_alu1(struct ir_builder *b, enum ir_op op, const struct ir_type *t, struct ir_instr *a)
{
   return ir_build(b, op, t, 1, &a);
}

struct ir_instr *
ir_alu2(struct ir_builder *b, enum ir_op op, const struct ir_type *t, struct ir_instr *a,
        struct ir_instr *c)
{
   struct ir_instr *s[2] = { a, c };
   return ir_build(b, op, t, 2, s);
}

struct ir_instr *
ir_alu3(struct ir_builder *b, enum ir_op op, const struct ir_type *t, struct ir_instr *a,
        struct ir_instr *c, struct ir_instr *d)
{
   struct ir_instr *s[3] = { a, c, d };
   return ir_build(b, op, t, 3, s);
}

static const struct ir_type *
natural_result(struct ir_builder *b, enum ir_op op, struct ir_instr *a)
{
   if (ir_op_infos[op].cls == IR_CLASS_CMP)
      return ir_type_bool(b->shader, a->type->comps);
   return a->type;
}

struct ir_instr *
ir_op2(struct ir_builder *b, enum ir_op op, struct ir_instr *a, struct ir_instr *c)
{
   return ir_alu2(b, op, natural_result(b, op, a), a, c);
}

struct ir_instr *
ir_op1(struct ir_builder *b, enum ir_op op, struct ir_instr *a)
{
   return ir_alu1(b, op, natural_result(b, op, a), a);
}

struct ir_instr *
ir_const(struct ir_builder *b, const struct ir_type *type, const uint64_t *values)
{
   struct ir_instr *i = ir_instr_create(b->shader, IR_OP_const, type, 0);
   memcpy(i->value, values, type->comps * sizeof(uint64_t));
   ir_builder_insert(b, i);
   return i;
}

struct ir_instr *
ir_const_splat(struct ir_builder *b, const struct ir_type *type, uint64_t value)
{
   uint64_t v[IR_MAX_COMPS];
   for (unsigned c = 0; c < type->comps; c++)
      v[c] = value;
   return ir_const(b, type, v);
}

struct ir_instr *
ir_imm_u32(struct ir_builder *b, uint32_t v)
{
   return ir_const_splat(b, ir_type_int(b->shader, 32, 1), v);
}

struct ir_instr *
ir_imm_float(struct ir_builder *b, const struct ir_type *t, double v)
{
   return ir_const_splat(b, t, ir_float_bits(t->bits, v));
}

struct ir_instr *
ir_imm_f32(struct ir_builder *b, float v)
{
   return ir_imm_float(b, ir_type_float(b->shader, 32, 1), v);
}

struct ir_instr *
ir_undef(struct ir_builder *b, const struct ir_type *type)
{
   return ir_build(b, IR_OP_undef, type, 0, NULL);
}

struct ir_instr *
ir_vec(struct ir_builder *b, unsigned n, struct ir_instr *const *comps)
{
   if (n == 1)
      return comps[0];
   return ir_build(b, IR_OP_vec, ir_type_vector(b->shader, comps[0]->type, n), n, comps);
}

struct ir_instr *
ir_extract(struct ir_builder *b, struct ir_instr *v, unsigned comp)
{
   if (v->type->comps == 1)
      return v;
   struct ir_instr *i = ir_alu1(b, IR_OP_extract, ir_type_scalar(b->shader, v->type), v);
   i->imm = comp;
   return i;
}

struct ir_instr *
ir_insert(struct ir_builder *b, struct ir_instr *v, struct ir_instr *s, unsigned comp)
{
   struct ir_instr *i = ir_alu2(b, IR_OP_insert, v->type, v, s);
   i->imm = comp;
   return i;
}

struct ir_instr *
ir_select(struct ir_builder *b, struct ir_instr *cond, struct ir_instr *t,
          struct ir_instr *f)
{
   return ir_alu3(b, IR_OP_select, t->type, cond, t, f);
}

struct ir_instr *
ir_sysval(struct ir_builder *b, enum ir_sysval sv, const struct ir_type *type)
{
   struct ir_instr *i = ir_build(b, IR_OP_sysval, type, 0, NULL);
   i->imm = sv;
   return i;
}

struct ir_instr *
ir_deref_var(struct ir_builder *b, struct ir_var *var)
{
   struct ir_instr *i = ir_build(b, IR_OP_deref_var,
                                 ir_type_ptr(b->shader, var->storage, var->type), 0, NULL);
   i->var = var;
   return i;
}

struct ir_instr *
ir_deref_struct(struct ir_builder *b, struct ir_instr *ptr, unsigned member)
{
   const struct ir_type *pt = ptr->type;
   struct ir_instr *i = ir_alu1(b, IR_OP_deref_struct,
                                ir_type_ptr(b->shader, pt->storage,
                                            pt->pointee->members[member]), ptr);
   i->imm = member;
   return i;
}

/* Indexing a vector through a pointer is allowed: SPIR-V access chains do it. */
struct ir_instr *
ir_deref_array(struct ir_builder *b, struct ir_instr *ptr, struct ir_instr *index)
{
   const struct ir_type *pt = ptr->type, *elem;
   elem = pt->pointee->kind == IR_TYPE_ARRAY ? pt->pointee->elem
                                             : ir_type_scalar(b->shader, pt->pointee);
   return ir_alu2(b, IR_OP_deref_array, ir_type_ptr(b->shader, pt->storage, elem),
                  ptr, index);
}

struct ir_instr *
ir_load(struct ir_builder *b, struct ir_instr *ptr)
{
   return ir_alu1(b, IR_OP_load, ptr->type->pointee, ptr);
}

struct ir_instr *
ir_store(struct ir_builder *b, struct ir_instr *ptr, struct ir_instr *v)
{
   return ir_alu2(b, IR_OP_store, NULL, ptr, v);
}

struct ir_instr *
ir_atomic(struct ir_builder *b, enum ir_atomic_op op, struct ir_instr *ptr,
          struct ir_instr *v, struct ir_instr *cmp)
{
   struct ir_instr *s[3] = { ptr, v, cmp };
   struct ir_instr *i = ir_build(b, IR_OP_atomic, ptr->type->pointee, cmp ? 3 : 2, s);
   i->imm = op;
   return i;
}

struct ir_instr *
ir_barrier(struct ir_builder *b, unsigned flags)
{
   struct ir_instr *i = ir_build(b, IR_OP_barrier, NULL, 0, NULL);
   i->imm = flags;
   return i;
}

struct ir_instr *
ir_phi(struct ir_builder *b, struct ir_block *block, const struct ir_type *type,
       unsigned num_preds)
{
   struct ir_builder pb;
   ir_builder_after_phis(&pb, block);
   struct ir_instr *i = ir_instr_create(b->shader, IR_OP_phi, type, num_preds);
   i->phi_preds = ir_alloc(b->shader->arena, (num_preds ? num_preds : 1) *
                                             sizeof(*i->phi_preds));
   ir_builder_insert(&pb, i);
   return i;
}

void
ir_phi_set_src(struct ir_instr *phi, unsigned i, struct ir_block *pred, struct ir_instr *v)
{
   phi->phi_preds[i] = pred;
   phi->srcs[i] = v;
}

void
ir_br(struct ir_builder *b, struct ir_block *target)
{
   ir_block_set_succs(b->block, IR_TERM_BR, 1, &target);
}

void
ir_cbr(struct ir_builder *b, struct ir_instr *cond, struct ir_block *t, struct ir_block *f)
{
   struct ir_block *s[2] = { t, f };
   ir_block_set_succs(b->block, IR_TERM_CBR, 2, s);
   b->block->cond = cond;
}

void
ir_return(struct ir_builder *b)
{
   ir_block_set_succs(b->block, IR_TERM_RETURN, 0, NULL);
}

void
ir_discard(struct ir_builder *b)
{
   ir_block_set_succs(b->block, IR_TERM_DISCARD, 0, NULL);
}

/* ------------------------------------------------------------------ textures, subgroups */

int
ir_tex_src_index(const struct ir_instr *tex, enum ir_tex_src src)
{
   uint32_t mask = tex->imm >> 8;
   if (!(mask & (1u << src)))
      return -1;
   return __builtin_popcount(mask & ((1u << src) - 1));
}

struct ir_instr *
ir_tex(struct ir_builder *b, enum ir_tex_op op, const struct ir_type *type,
       struct ir_instr *const srcs[IR_TEX_SRC_COUNT])
{
   struct ir_instr *list[IR_TEX_SRC_COUNT];
   unsigned n = 0, mask = 0;
   for (unsigned s = 0; s < IR_TEX_SRC_COUNT; s++) {
      if (srcs[s]) {
         list[n++] = srcs[s];
         mask |= 1u << s;
      }
   }
   struct ir_instr *i = ir_build(b, IR_OP_tex, type, n, list);
   i->imm = op | mask << 8;
   return i;
}

struct ir_instr *
ir_deref_texel(struct ir_builder *b, struct ir_instr *image, struct ir_instr *coord,
               struct ir_instr *sample, const struct ir_type *texel)
{
   return ir_alu3(b, IR_OP_deref_texel, ir_type_ptr(b->shader, IR_STORAGE_TEXEL, texel),
                  image, coord, sample);
}

struct ir_instr *
ir_subgroup(struct ir_builder *b, enum ir_subgroup_op op, enum ir_op alu,
            const struct ir_type *type, unsigned n, struct ir_instr *const *srcs)
{
   struct ir_instr *i = ir_build(b, IR_OP_subgroup, type, n, srcs);
   i->imm = op | (uint32_t)alu << 8;
   return i;
}

struct ir_instr *
ir_intrinsic(struct ir_builder *b, enum ir_op op, const struct ir_type *type, uint32_t imm)
{
   struct ir_instr *i = ir_build(b, op, type, 0, NULL);
   i->imm = imm;
   return i;
}
