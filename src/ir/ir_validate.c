/* The IR's invariants, checked after every pass in debug builds:
 * CFG shape (terminators, predecessor lists, phis), SSA dominance, operand
 * types, and the structured-control-flow rules of SPIR-V §2.11 that the Gen
 * back end relies on (every cycle a loop, entered through its header and
 * closed by a back edge to it from inside). */
#include <stdarg.h>
#include <stdlib.h>

#include "ir.h"

struct vctx {
   FILE *err;
   struct ir_function *fn;
   unsigned errors;
   const struct ir_block **blocks;   /* sorted by address: membership tests */
   uint32_t num_blocks;
};

static void
fail(struct vctx *v, const struct ir_block *b, const struct ir_instr *i, const char *fmt, ...)
{
   v->errors++;
   if (!v->err)
      return;
   fprintf(v->err, "ir_validate: b%u", b ? b->index : 0);
   if (i)
      fprintf(v->err, " %%%u (%s)", i->index, ir_op_infos[i->op].name);
   fputs(": ", v->err);
   va_list ap;
   va_start(ap, fmt);
   vfprintf(v->err, fmt, ap);
   va_end(ap);
   fputc('\n', v->err);
}

#define CHECK(cond, ...) do { if (!(cond)) fail(v, b, i, __VA_ARGS__); } while (0)

const char *
ir_alu_type_error(enum ir_op op, const struct ir_type *t, unsigned n,
                  struct ir_instr *const *srcs)
{
   const struct ir_type *s0 = n ? srcs[0]->type : NULL;
   switch (ir_op_infos[op].cls) {
   case IR_CLASS_UNOP:
   case IR_CLASS_BINOP:
   case IR_CLASS_TRIOP:
      for (unsigned k = 0; k < n; k++)
         if (srcs[k]->type != t)
            return "source type differs from result";
      return ir_type_is_value(t) ? NULL : "result is not a value type";
   case IR_CLASS_SHIFT:
      if (s0 != t)
         return "source 0 type differs from result";
      return srcs[1]->type->kind == IR_TYPE_INT && srcs[1]->type->comps == t->comps
             ? NULL : "shift count is not an int vector";
   case IR_CLASS_CMP:
      if (s0 != srcs[1]->type)
         return "compared types differ";
      return t->kind == IR_TYPE_BOOL && t->comps == s0->comps ? NULL : "result is not bool";
   case IR_CLASS_CONV:
      return ir_type_is_value(s0) && ir_type_is_value(t) && s0->comps == t->comps
             ? NULL : "conversion changes component count";
   default:
      return NULL;
   }
}

static bool
is_ptr_to(const struct ir_type *t, enum ir_type_kind kind)
{
   return t->kind == IR_TYPE_PTR && t->pointee->kind == kind;
}

static bool
is_int_value(const struct ir_type *t)
{
   return t->kind == IR_TYPE_INT;
}

/* Texture sources: the handle is an image descriptor; sampling needs a
 * sampler (separate or combined); coordinates are numbers; derivatives
 * match the coordinate's float type. */
static void
check_tex(struct vctx *v, struct ir_block *b, struct ir_instr *i)
{
   enum ir_tex_op op = i->imm & 0xff;
   CHECK(op < IR_TEX_OP_COUNT, "unknown texture operation");
   CHECK((unsigned)__builtin_popcount(i->imm >> 8) == i->num_srcs &&
         (i->imm >> 8) < (1u << IR_TEX_SRC_COUNT), "source mask and count differ");
   int h = ir_tex_src_index(i, IR_TEX_SRC_handle), smp = ir_tex_src_index(i, IR_TEX_SRC_sampler);
   int co = ir_tex_src_index(i, IR_TEX_SRC_coord);
   CHECK(h == 0, "no image handle");
   if (h != 0 || i->num_srcs != (unsigned)__builtin_popcount(i->imm >> 8))
      return;
   const struct ir_type *ht = i->srcs[0]->type;
   CHECK(is_ptr_to(ht, IR_TYPE_IMAGE) || is_ptr_to(ht, IR_TYPE_SAMPLED_IMAGE),
         "handle is not an image");
   if (smp >= 0)
      CHECK(is_ptr_to(i->srcs[smp]->type, IR_TYPE_SAMPLER), "sampler is not a sampler");
   bool sampled = op != IR_TEX_fetch && op < IR_TEX_query_size;
   if (sampled || op == IR_TEX_query_lod)
      CHECK(smp >= 0 || is_ptr_to(ht, IR_TYPE_SAMPLED_IMAGE), "sampling without a sampler");
   if (op < IR_TEX_query_size || op == IR_TEX_query_lod)
      CHECK(co >= 0 && ir_type_is_value(i->srcs[co]->type), "no coordinate");
   bool query = op >= IR_TEX_query_size && op != IR_TEX_query_lod;
   CHECK(ir_type_is_value(i->type) && (!query || is_int_value(i->type)),
         "result type of a texture operation");
   int dx = ir_tex_src_index(i, IR_TEX_SRC_ddx), dy = ir_tex_src_index(i, IR_TEX_SRC_ddy);
   CHECK((dx >= 0) == (dy >= 0) && (dx >= 0) == (op == IR_TEX_sample_grad),
         "gradients go with sample_grad");
   if (dx >= 0 && dy >= 0)
      CHECK(i->srcs[dx]->type == i->srcs[dy]->type, "gradient types differ");
   static const enum ir_tex_src int_srcs[] = { IR_TEX_SRC_offset, IR_TEX_SRC_offsets,
                                                IR_TEX_SRC_sample, IR_TEX_SRC_component };
   for (unsigned k = 0; k < 4; k++) {
      int x = ir_tex_src_index(i, int_srcs[k]);
      if (x >= 0)
         CHECK(is_int_value(i->srcs[x]->type), "%s is not an integer",
               ir_tex_src_names[int_srcs[k]]);
   }
}

static void
check_subgroup(struct vctx *v, struct ir_block *b, struct ir_instr *i)
{
   enum ir_subgroup_op op = i->imm & 0xff;
   CHECK(op < IR_SUBGROUP_OP_COUNT, "unknown subgroup operation");
   CHECK(ir_type_is_value(i->type), "subgroup result is not a value");
   for (uint32_t s = 0; s < i->num_srcs; s++)
      CHECK(ir_type_is_value(i->srcs[s]->type), "source %u is not a value", s);
   if (op >= IR_SUBGROUP_reduce && op <= IR_SUBGROUP_clustered_reduce) {
      enum ir_op alu = i->imm >> 8;
      CHECK(alu < IR_OP_COUNT && ir_op_infos[alu].cls == IR_CLASS_BINOP &&
            (ir_op_infos[alu].flags & IR_OP_COMMUT), "reduction op is not commutative");
      CHECK(i->num_srcs == (op == IR_SUBGROUP_clustered_reduce ? 2u : 1u) &&
            i->srcs[0]->type == i->type, "reduction operands");
   }
}

static void
check_types(struct vctx *v, struct ir_block *b, struct ir_instr *i)
{
   const struct ir_type *t = i->type;
   const struct ir_op_info *info = &ir_op_infos[i->op];
   if (info->num_srcs >= 0)
      CHECK(i->num_srcs == (uint32_t)info->num_srcs, "takes %d sources, has %u",
            info->num_srcs, i->num_srcs);
   for (uint32_t s = 0; s < i->num_srcs; s++) {
      if (!i->srcs[s]) {
         CHECK(false, "source %u is null", s);
         return;
      }
   }
   const struct ir_type *s0 = i->num_srcs ? i->srcs[0]->type : NULL;
   if (info->cls != IR_CLASS_OTHER) {
      const char *err = ir_alu_type_error(i->op, t, i->num_srcs, i->srcs);
      CHECK(!err, "%s", err);
      return;
   }
   switch (i->op) {
   case IR_OP_phi:
      CHECK(i->num_srcs == b->num_preds, "%u sources for %u predecessors", i->num_srcs,
            b->num_preds);
      for (uint32_t s = 0; s < i->num_srcs; s++) {
         CHECK(i->srcs[s]->type == t, "source %u type differs", s);
         bool found = false;
         for (uint32_t p = 0; p < b->num_preds; p++)
            found |= b->preds[p] == i->phi_preds[s];
         CHECK(found, "source %u names a block that is not a predecessor", s);
         for (uint32_t o = 0; o < s; o++)
            CHECK(i->phi_preds[o] != i->phi_preds[s], "predecessor named twice");
      }
      break;
   case IR_OP_vec: {
      unsigned n = 0;
      for (uint32_t s = 0; s < i->num_srcs; s++) {
         CHECK(i->srcs[s]->type->kind == t->kind && i->srcs[s]->type->bits == t->bits,
               "source %u has a different scalar type", s);
         n += i->srcs[s]->type->comps;
      }
      CHECK(n == t->comps, "%u components for a %u-vector", n, t->comps);
      break;
   }
   case IR_OP_extract:
   case IR_OP_extract_dyn:
      CHECK(i->imm < s0->comps && t->comps == 1 && t->kind == s0->kind, "bad extract");
      break;
   case IR_OP_insert:
   case IR_OP_insert_dyn:
      CHECK(s0 == t && i->imm < t->comps && i->srcs[1]->type->comps == 1, "bad insert");
      break;
   case IR_OP_select:
      CHECK(s0->kind == IR_TYPE_BOOL && (s0->comps == 1 || s0->comps == t->comps),
            "condition is not bool");
      CHECK(i->srcs[1]->type == t && i->srcs[2]->type == t, "select arms differ");
      break;
   case IR_OP_deref_var:
      CHECK(i->var && t->kind == IR_TYPE_PTR && t->pointee == i->var->type, "bad deref_var");
      break;
   case IR_OP_deref_struct:
      CHECK(s0->kind == IR_TYPE_PTR && s0->pointee->kind == IR_TYPE_STRUCT &&
            i->imm < s0->pointee->num_members, "deref_struct of a non-struct");
      break;
   case IR_OP_deref_array:
      CHECK(s0->kind == IR_TYPE_PTR && (s0->pointee->kind == IR_TYPE_ARRAY ||
                                        ir_type_is_value(s0->pointee)),
            "deref_array of a non-array");
      CHECK(i->srcs[1]->type->kind == IR_TYPE_INT && i->srcs[1]->type->comps == 1,
            "array index is not a scalar int");
      break;
   case IR_OP_load:
      CHECK(s0->kind == IR_TYPE_PTR && s0->pointee == t && ir_type_is_value(t),
            "load type differs from pointee");
      break;
   case IR_OP_interp_centroid:
   case IR_OP_interp_sample:
   case IR_OP_interp_offset:
      CHECK(s0->kind == IR_TYPE_PTR && s0->storage == IR_STORAGE_INPUT && s0->pointee == t &&
            t->kind == IR_TYPE_FLOAT, "interpolation of something not a float input");
      CHECK(i->op != IR_OP_interp_sample ||
            (i->srcs[1]->type->kind == IR_TYPE_INT && i->srcs[1]->type->comps == 1),
            "interpolation sample is not a scalar int");
      CHECK(i->op != IR_OP_interp_offset ||
            (i->srcs[1]->type->kind == IR_TYPE_FLOAT && i->srcs[1]->type->comps == 2),
            "interpolation offset is not a float vec2");
      break;
   case IR_OP_store:
      CHECK(s0->kind == IR_TYPE_PTR && s0->pointee == i->srcs[1]->type,
            "store type differs from pointee");
      break;
   case IR_OP_atomic:
      CHECK(s0->kind == IR_TYPE_PTR && s0->pointee == t && t->kind == IR_TYPE_INT &&
            i->srcs[1]->type == t, "atomic operand types");
      CHECK((i->imm == IR_ATOMIC_cmpxchg) == (i->num_srcs == 3), "atomic source count");
      break;
   case IR_OP_bitcast:
      CHECK(s0->bits * s0->comps == t->bits * t->comps, "bitcast changes size");
      break;
   case IR_OP_ubfe:
   case IR_OP_sbfe:
   case IR_OP_bfi:
      CHECK(s0 == t && t->kind == IR_TYPE_INT, "bitfield on a non-int");
      break;
   case IR_OP_sysval:
      CHECK(i->imm < IR_SYSVAL_COUNT, "unknown system value");
      break;
   case IR_OP_tex:
      check_tex(v, b, i);
      break;
   case IR_OP_deref_texel:
      CHECK(is_ptr_to(s0, IR_TYPE_IMAGE) && s0->pointee->storage_image,
            "deref_texel of a non-storage image");
      CHECK(is_int_value(i->srcs[1]->type) && is_int_value(i->srcs[2]->type) &&
            i->srcs[2]->type->comps == 1, "texel coordinate or sample is not an int");
      CHECK(t->kind == IR_TYPE_PTR && t->storage == IR_STORAGE_TEXEL &&
            ir_type_is_value(t->pointee), "deref_texel result type");
      break;
   case IR_OP_subgroup:
      check_subgroup(v, b, i);
      break;
   case IR_OP_demote:
   case IR_OP_emit_vertex:
   case IR_OP_end_primitive:
      CHECK(t->kind == IR_TYPE_VOID, "has a result");
      break;
   case IR_OP_is_helper:
      CHECK(t->kind == IR_TYPE_BOOL && t->comps == 1, "result is not a bool");
      break;
   case IR_OP_int_to_ptr:
      CHECK(s0->kind == IR_TYPE_INT && s0->bits == 64 && s0->comps == 1 &&
            t->kind == IR_TYPE_PTR && t->storage == IR_STORAGE_PHYSICAL, "int_to_ptr types");
      break;
   case IR_OP_ptr_to_int:
      CHECK(t->kind == IR_TYPE_INT && t->bits == 64 && t->comps == 1 &&
            s0->kind == IR_TYPE_PTR && s0->storage == IR_STORAGE_PHYSICAL, "ptr_to_int types");
      break;
   default:
      break;
   }
}

/* SSA: a definition dominates each use; a phi's use is at its
 * predecessor's end. */
static void
check_dominance(struct vctx *v, struct ir_block *b, struct ir_instr *i)
{
   for (uint32_t s = 0; s < i->num_srcs; s++) {
      struct ir_instr *d = i->srcs[s];
      if (!d)
         continue;
      if (!d->block || d->block->func != v->fn) {
         CHECK(false, "source %u is not in this function", s);
         continue;
      }
      struct ir_block *use_b = i->op == IR_OP_phi ? i->phi_preds[s] : b;
      if (!use_b || use_b->rpo == UINT32_MAX)
         continue;
      if (d->block == use_b && i->op != IR_OP_phi) {
         bool before = false;
         for (struct ir_instr *p = i->prev; p && !before; p = p->prev)
            before = p == d;
         CHECK(before, "source %u %%%u is defined after its use", s, d->index);
      } else {
         CHECK(ir_block_dominates(d->block, use_b),
               "source %u %%%u does not dominate its use", s, d->index);
      }
   }
}

static unsigned
expected_succs(enum ir_term t)
{
   static const int n[] = { [IR_TERM_NONE] = -1, [IR_TERM_BR] = 1, [IR_TERM_CBR] = 2,
                            [IR_TERM_SWITCH] = -1, [IR_TERM_RETURN] = 0,
                            [IR_TERM_DISCARD] = 0, [IR_TERM_UNREACHABLE] = 0 };
   return (unsigned)n[t];
}

static int
cmp_ptr(const void *a, const void *b)
{
   uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;
   return x < y ? -1 : x > y;
}

static bool
in_function(struct vctx *v, const struct ir_block *x)
{
   return x && bsearch(&x, v->blocks, v->num_blocks, sizeof(*v->blocks), cmp_ptr);
}

/* The loop whose body the edge b -> t enters from after the loop, or
 * NULL.  Every header that strictly dominates t dominates b too, so such
 * an edge comes from a block the loop's merge dominates, to one it does
 * not: a block the header reaches without leaving the loop, as a loop is
 * left only through its merge (or a return).  The Gen back end's
 * structured walk would follow such an edge round the loop for ever. */
static const struct ir_block *
entered_loop(const struct ir_block *b, const struct ir_block *t)
{
   if (t->rpo == UINT32_MAX)
      return NULL;
   const struct ir_block *h = t;
   while (h->idom != h) {
      h = h->idom;
      if (h->construct == IR_CONSTRUCT_LOOP && h->merge && h->merge->rpo != UINT32_MAX &&
          ir_block_dominates(h->merge, b) && !ir_block_dominates(h->merge, t))
         return h;
   }
   return NULL;
}

static void
check_block(struct vctx *v, struct ir_block *b)
{
   struct ir_instr *i = NULL;
   CHECK(b->term != IR_TERM_NONE, "block has no terminator");
   if (b->term != IR_TERM_SWITCH && b->term != IR_TERM_NONE)
      CHECK(b->num_succs == expected_succs(b->term), "wrong successor count");
   for (uint32_t s = 0; s < b->num_succs; s++)
      CHECK(in_function(v, b->succs[s]), "successor %u is not in the function", s);
   if (b->term == IR_TERM_CBR || b->term == IR_TERM_SWITCH) {
      CHECK(b->cond && b->cond->block, "branch condition missing");
      if (b->cond) {
         const struct ir_type *ct = b->cond->type;
         CHECK(ct->comps == 1 && ct->kind == (b->term == IR_TERM_CBR ? IR_TYPE_BOOL
                                                                     : IR_TYPE_INT),
               "branch condition has the wrong type");
         if (b->cond->block && b->rpo != UINT32_MAX)
            CHECK(ir_block_dominates(b->cond->block, b), "condition does not dominate");
      }
   }
   /* every successor lists b as predecessor exactly once, and vice versa */
   for (uint32_t s = 0; s < b->num_succs; s++) {
      unsigned seen = 0;
      for (uint32_t p = 0; p < b->succs[s]->num_preds; p++)
         seen += b->succs[s]->preds[p] == b;
      CHECK(seen == 1, "b%u lists this block %u times as predecessor",
            b->succs[s]->index, seen);
   }
   for (uint32_t p = 0; p < b->num_preds; p++) {
      bool found = false;
      for (uint32_t s = 0; s < b->preds[p]->num_succs; s++)
         found |= b->preds[p]->succs[s] == b;
      CHECK(found, "predecessor b%u does not branch here", b->preds[p]->index);
   }
   if (b->construct != IR_CONSTRUCT_NONE) {
      CHECK(b->merge && b->merge != b && in_function(v, b->merge),
            "header has no valid merge block");
      if (b->construct == IR_CONSTRUCT_LOOP)
         CHECK(b->cont && in_function(v, b->cont) && b->cont != b->merge,
               "loop header has no valid continue target");
   }
   /* §2.11: every cycle is a loop, closed by a back edge (to a dominator)
    * to its header, and a loop is entered only through its header.  An
    * edge backwards in reverse postorder closes a cycle: its target must
    * dominate it, or the cycle has two entries (irreducible). */
   if (b->rpo != UINT32_MAX) {
      for (uint32_t s = 0; s < b->num_succs; s++) {
         struct ir_block *t = b->succs[s];
         if (t->rpo <= b->rpo)
            CHECK(ir_block_dominates(t, b), "edge to b%u closes a cycle with two entries",
                  t->index);
         if (ir_block_dominates(t, b))
            CHECK(t->construct == IR_CONSTRUCT_LOOP, "back edge to b%u, not a loop header",
                  t->index);
         const struct ir_block *h = entered_loop(b, t);
         CHECK(!h, "branch to b%u enters loop b%u from after its merge", t->index,
               h ? h->index : 0);
      }
   }
   bool phis_done = false;
   for (i = b->first; i; i = i->next) {
      CHECK(i->block == b, "instruction's block pointer is wrong");
      if (i->op == IR_OP_phi)
         CHECK(!phis_done, "phi after a non-phi instruction");
      else
         phis_done = true;
      CHECK(i->type != NULL, "no type");
      if (!i->type)
         continue;
      check_types(v, b, i);
      check_dominance(v, b, i);
   }
}

bool
ir_validate(struct ir_shader *s, FILE *err)
{
   struct vctx vc = { .err = err, .fn = s->entry }, *v = &vc;
   struct ir_function *fn = s->entry;
   if (!fn || !fn->first) {
      if (err)
         fputs("ir_validate: shader has no entry function\n", err);
      return false;
   }
   ir_index(fn);
   ir_compute_dominance(fn);
   vc.blocks = malloc(fn->num_blocks * sizeof(*vc.blocks));
   if (!vc.blocks)
      abort();
   ir_foreach_block(b, fn)
      vc.blocks[vc.num_blocks++] = b;
   qsort(vc.blocks, vc.num_blocks, sizeof(*vc.blocks), cmp_ptr);
   ir_foreach_block(b, fn)
      check_block(v, b);
   free(vc.blocks);
   struct ir_block *b = fn->first;
   struct ir_instr *i = NULL;
   CHECK(b->num_preds == 0, "entry block has predecessors");
   return vc.errors == 0;
}
