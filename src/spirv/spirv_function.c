/* Function bodies: blocks and structured control flow, memory access,
 * ALU and composite instructions, atomics and barriers. */
#include <stdlib.h>
#include <string.h>

#include "spirv_private.h"
#include "spirv_tables.h"

/* Leaves of an sval: one IR value each. */
static bool
is_leaf(const struct stype *t)
{
   return is_value(t) || t->kind == ST_PTR || is_descriptor(t);
}

/* A physical storage buffer pointer value from its 64-bit address. */
static struct ir_instr *
address_to_ptr(struct spirv_ctx *c, struct stype *pt, struct ir_instr *addr)
{
   if (pt->kind != ST_PTR || pt->storage != SpvStorageClassPhysicalStorageBuffer)
      spirv_fail(c, "unsupported: pointer of storage class %u as a value", pt->storage);
   if (addr->type != ir_type_int(c->s, 64, 1))
      spirv_fail(c, "pointer address is not a 64-bit integer scalar");
   const struct ir_type *t = ir_type_ptr(c->s, IR_STORAGE_PHYSICAL,
                                         spirv_mem_type(c, pt->pointee, 0));
   return ir_alu1(&c->b, IR_OP_int_to_ptr, t, addr);
}

static struct ir_instr *
ptr_to_address(struct spirv_ctx *c, struct ir_instr *p)
{
   if (p->type->kind != IR_TYPE_PTR || p->type->storage != IR_STORAGE_PHYSICAL)
      spirv_fail(c, "pointer is not a physical storage buffer pointer");
   return ir_alu1(&c->b, IR_OP_ptr_to_int, ir_type_int(c->s, 64, 1), p);
}

struct sval *
spirv_new_leaf(struct spirv_ctx *c, struct stype *t, struct ir_instr *def)
{
   struct sval *v = ir_alloc(c->arena, sizeof(*v));
   v->type = t;
   v->def = def;
   return v;
}

struct sval *
spirv_new_tree(struct spirv_ctx *c, struct stype *t)
{
   if (t->kind != ST_STRUCT && t->kind != ST_ARRAY && t->kind != ST_MATRIX)
      spirv_fail(c, "unsupported: value of type %u", t->id);
   spend_elems(c, num_elems(t));
   struct sval *v = ir_alloc(c->arena, sizeof(*v));
   v->type = t;
   v->elems = ir_alloc(c->arena, (num_elems(t) + 1) * sizeof(*v->elems));
   return v;
}

void
spirv_set_value(struct spirv_ctx *c, uint32_t id, struct stype *t, struct sval *v)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_NONE)
      spirv_fail(c, "id %u defined twice", id);
   d->kind = ID_VALUE;
   d->type = t;
   d->val = v;
}

/* Constants used by a function live at the top of its entry block, so
 * they dominate every use, phi operands included. */
static struct ir_instr *
materialize(struct spirv_ctx *c, const struct ir_type *t, const uint64_t *v)
{
   if (c->scratch)
      return ir_const(&c->b, t, v);
   struct ir_block *entry = c->b.func->first;
   struct ir_builder cb;
   ir_builder_at_end(&cb, entry);
   cb.before = c->const_anchor ? c->const_anchor->next : entry->first;
   c->const_anchor = ir_const(&cb, t, v);
   return c->const_anchor;
}

static struct ir_instr *
const_u32(struct spirv_ctx *c, uint32_t v)
{
   uint64_t x = v;
   return materialize(c, ir_type_int(c->s, 32, 1), &x);
}

struct sval *
spirv_const_to_sval(struct spirv_ctx *c, struct sconst *k)
{
   if (is_leaf(k->type))
      return spirv_new_leaf(c, k->type, materialize(c, spirv_value_type(c, k->type), k->v));
   struct sval *v = spirv_new_tree(c, k->type);
   for (uint32_t i = 0; i < num_elems(k->type); i++)
      v->elems[i] = spirv_const_to_sval(c, k->elems[i]);
   return v;
}

struct sval *
spirv_ssa(struct spirv_ctx *c, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   switch (d->kind) {
   case ID_VALUE:
      return d->val;
   case ID_CONST:
      if (c->scratch || !is_leaf(d->type))
         return spirv_const_to_sval(c, d->c);
      if (!d->const_def)
         d->const_def = materialize(c, spirv_value_type(c, d->type), d->c->v);
      return spirv_new_leaf(c, d->type, d->const_def);
   case ID_VAR:
      if (c->scratch || !d->var)
         spirv_fail(c, "variable %u used as a whole (constant expression or split block)", id);
      return spirv_new_leaf(c, d->type, ir_deref_var(&c->b, d->var));
   default:
      spirv_fail(c, "id %u is not a value", id);
   }
}

struct ir_instr *
spirv_ssa_leaf(struct spirv_ctx *c, uint32_t id)
{
   struct sval *v = spirv_ssa(c, id);
   if (!v->def)
      spirv_fail(c, "id %u is a composite where a scalar or vector is expected", id);
   return v->def;
}

struct stype *
spirv_result_type(struct spirv_ctx *c, const uint32_t *w)
{
   return spirv_get_type(c, w[0]);
}

void
spirv_set_leaf(struct spirv_ctx *c, const uint32_t *w, struct ir_instr *def)
{
   struct stype *t = spirv_result_type(c, w);
   if (t->kind != ST_PTR && spirv_value_type(c, t) != def->type)
      spirv_fail(c, "result type does not match the operation");
   spirv_set_value(c, w[1], t, spirv_new_leaf(c, t, def));
}

static struct ir_instr *
splat(struct spirv_ctx *c, struct ir_instr *s, unsigned n)
{
   struct ir_instr *comps[IR_MAX_COMPS];
   if (n == 1 || s->type->comps == n)
      return s;
   for (unsigned i = 0; i < n; i++)
      comps[i] = s;
   return ir_vec(&c->b, n, comps);
}

/* ------------------------------------------------------------------ memory */

static struct ir_instr *
deref_elem(struct spirv_ctx *c, struct ir_instr *p, struct stype *t, uint32_t i)
{
   if (t->kind == ST_STRUCT)
      return ir_deref_struct(&c->b, p, i);
   return ir_deref_array(&c->b, p, const_u32(c, i));
}

static struct sval *
load_tree(struct spirv_ctx *c, struct ir_instr *p, struct stype *t)
{
   /* descriptors are not loaded: the image operations take the deref */
   if (is_descriptor(t))
      return spirv_new_leaf(c, t, p);
   if (t->kind == ST_PTR)
      return spirv_new_leaf(c, t, address_to_ptr(c, t, ir_load(&c->b, p)));
   if (is_leaf(t))
      return spirv_new_leaf(c, t, ir_load(&c->b, p));
   struct sval *v = spirv_new_tree(c, t);
   for (uint32_t i = 0; i < num_elems(t); i++)
      v->elems[i] = load_tree(c, deref_elem(c, p, t, i), elem_type(t, i));
   return v;
}

/* Whether memory of type pointee has the shape of composite type t: its
 * struct with as many members, or the array (a matrix's columns too) of as
 * many elements.  The leaves are checked as they are stored. */
static bool
pointee_holds(const struct ir_type *pointee, const struct stype *t)
{
   if (t->kind == ST_STRUCT)
      return pointee->kind == IR_TYPE_STRUCT && pointee->num_members == t->num_members;
   return pointee->kind == IR_TYPE_ARRAY && pointee->length == t->len;
}

static void
store_tree(struct spirv_ctx *c, struct ir_instr *p, struct sval *v)
{
   if (v->def) {
      if (is_descriptor(v->type))
         spirv_fail(c, "unsupported: storing an image or sampler");
      if (v->def->type->kind == IR_TYPE_PTR) {
         ir_store(&c->b, p, ptr_to_address(c, v->def));
         return;
      }
      if (p->type->pointee != v->def->type)
         spirv_fail(c, "stored value does not match the pointer's type");
      ir_store(&c->b, p, v->def);
      return;
   }
   if (!pointee_holds(p->type->pointee, v->type))
      spirv_fail(c, "stored value does not match the pointer's type");
   for (uint32_t i = 0; i < num_elems(v->type); i++)
      store_tree(c, deref_elem(c, p, v->type, i), v->elems[i]);
}

struct sval *
spirv_pointer(struct spirv_ctx *c, uint32_t id)
{
   struct sval *p = spirv_ssa(c, id);
   if (p->type->kind != ST_PTR || !p->def)
      spirv_fail(c, "id %u is not a pointer", id);
   return p;
}

static struct ir_instr *
index_operand(struct spirv_ctx *c, uint32_t id, uint32_t k)
{
   struct ir_instr *idx = spirv_ssa_leaf(c, id);
   if (idx->type->kind != IR_TYPE_INT || idx->type->comps != 1)
      spirv_fail(c, "index %u is not a scalar integer", k);
   return idx;
}

/* OpPtrAccessChain's Element: base + element * ArrayStride of the base's
 * pointer type; only physical storage buffer pointers are addresses. */
static struct ir_instr *
ptr_element(struct spirv_ctx *c, struct sval *base, struct ir_instr *elem)
{
   uint32_t stride = c->ids[base->type->id].deco.array_stride;
   if (!stride)
      spirv_fail(c, "OpPtrAccessChain base pointer type has no ArrayStride");
   const struct ir_type *i64 = ir_type_int(c->s, 64, 1);
   struct ir_instr *addr = ptr_to_address(c, base->def);
   struct ir_instr *e = elem->type->bits == 64 ? elem : ir_alu1(&c->b, IR_OP_s2s, i64, elem);
   struct ir_instr *off = ir_op2(&c->b, IR_OP_imul, e, ir_const_splat(&c->b, i64, stride));
   return ir_alu1(&c->b, IR_OP_int_to_ptr, base->def->type,
                  ir_op2(&c->b, IR_OP_iadd, addr, off));
}

static void
access_chain(struct spirv_ctx *c, const uint32_t *w, uint32_t n, bool ptr_chain)
{
   need(c, n, 3);
   struct spirv_id *bd = spirv_id(c, w[2]);
   struct stype *t;
   struct ir_instr *p;
   uint32_t k = 3;
   if (bd->kind == ID_VAR && bd->members) {
      /* a split interface block: the member index picks the member variable,
       * which for per-vertex arrays (gl_in[v].m) is then indexed by vertex */
      t = bd->type->pointee;
      bool arrayed = t->kind == ST_ARRAY;
      struct stype *bt = arrayed ? t->elem : t;
      struct spirv_id *m = spirv_id(c, n > 3u + arrayed ? w[3 + arrayed] : 0);
      if (m->kind != ID_CONST || m->c->v[0] >= bt->num_members)
         spirv_fail(c, "interface block index is not a valid constant");
      p = ir_deref_var(&c->b, bd->members[m->c->v[0]]);
      if (arrayed)
         p = ir_deref_array(&c->b, p, index_operand(c, w[3], 0));
      t = bt->members[m->c->v[0]];
      k = 4 + arrayed;
   } else {
      struct sval *base = spirv_pointer(c, w[2]);
      t = base->type->pointee;
      p = base->def;
      if (ptr_chain) {
         p = ptr_element(c, base, index_operand(c, w[3], 0));
         k = 4;
      }
   }
   for (; k < n; k++) {
      switch (t->kind) {
      case ST_STRUCT: {
         struct spirv_id *d = spirv_id(c, w[k]);
         if (d->kind != ID_CONST || d->c->v[0] >= t->num_members)
            spirv_fail(c, "struct index %u is not a valid constant", k - 3);
         p = ir_deref_struct(&c->b, p, (uint32_t)d->c->v[0]);
         t = t->members[d->c->v[0]];
         break;
      }
      case ST_ARRAY: case ST_RTARRAY: case ST_MATRIX: case ST_VECTOR: {
         p = ir_deref_array(&c->b, p, index_operand(c, w[k], k - 3));
         t = t->elem;
         break;
      }
      default:
         spirv_fail(c, "access chain indexes into a non-composite");
      }
   }
   struct stype *rt = spirv_result_type(c, w);
   if (rt->kind != ST_PTR || rt->pointee != t)
      spirv_fail(c, "access chain result type does not match");
   spirv_set_value(c, w[1], rt, spirv_new_leaf(c, rt, p));
}

static void
local_variable(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 3);
   struct stype *pt = spirv_result_type(c, w);
   if (pt->kind != ST_PTR || w[2] != SpvStorageClassFunction)
      spirv_fail(c, "function variable must have Function storage");
   struct spirv_id *d = spirv_id(c, w[1]);
   if (d->kind != ID_NONE)
      spirv_fail(c, "id %u defined twice", w[1]);
   d->kind = ID_VAR;
   d->type = pt;
   d->storage = SpvStorageClassFunction;
   d->var = ir_var_create(c->s, d->name, IR_STORAGE_FUNCTION,
                          spirv_mem_type(c, pt->pointee, 0));
   if (n > 3)
      store_tree(c, ir_deref_var(&c->b, d->var), spirv_ssa(c, w[3]));
}

/* ------------------------------------------------------------------ ALU */

enum alu_form {
   F_SAME,       /* op(a, b, ...) */
   F_SWAP,       /* op(b, a) */
   F_NOT,        /* !op(a, b) */
   F_NOT_SWAP,   /* !op(b, a) */
};

static const struct alu_map {
   uint16_t spv;
   uint8_t op;
   uint8_t form;
} alu_map[] = {
   { SpvOpIAdd, IR_OP_iadd, F_SAME }, { SpvOpISub, IR_OP_isub, F_SAME },
   { SpvOpIMul, IR_OP_imul, F_SAME }, { SpvOpSDiv, IR_OP_sdiv, F_SAME },
   { SpvOpUDiv, IR_OP_udiv, F_SAME }, { SpvOpSRem, IR_OP_srem, F_SAME },
   { SpvOpSMod, IR_OP_smod, F_SAME }, { SpvOpUMod, IR_OP_umod, F_SAME },
   { SpvOpSNegate, IR_OP_ineg, F_SAME }, { SpvOpNot, IR_OP_inot, F_SAME },
   { SpvOpBitwiseAnd, IR_OP_iand, F_SAME }, { SpvOpBitwiseOr, IR_OP_ior, F_SAME },
   { SpvOpBitwiseXor, IR_OP_ixor, F_SAME },
   { SpvOpShiftLeftLogical, IR_OP_ishl, F_SAME },
   { SpvOpShiftRightLogical, IR_OP_ushr, F_SAME },
   { SpvOpShiftRightArithmetic, IR_OP_ishr, F_SAME },
   { SpvOpBitCount, IR_OP_bitcount, F_SAME }, { SpvOpBitReverse, IR_OP_bitreverse, F_SAME },
   { SpvOpFAdd, IR_OP_fadd, F_SAME }, { SpvOpFSub, IR_OP_fsub, F_SAME },
   { SpvOpFMul, IR_OP_fmul, F_SAME }, { SpvOpFDiv, IR_OP_fdiv, F_SAME },
   { SpvOpFMod, IR_OP_fmod, F_SAME }, { SpvOpFRem, IR_OP_frem, F_SAME },
   { SpvOpFNegate, IR_OP_fneg, F_SAME },
   { SpvOpIEqual, IR_OP_ieq, F_SAME }, { SpvOpINotEqual, IR_OP_ine, F_SAME },
   { SpvOpSLessThan, IR_OP_slt, F_SAME }, { SpvOpSGreaterThanEqual, IR_OP_sge, F_SAME },
   { SpvOpSGreaterThan, IR_OP_slt, F_SWAP }, { SpvOpSLessThanEqual, IR_OP_sge, F_SWAP },
   { SpvOpULessThan, IR_OP_ult, F_SAME }, { SpvOpUGreaterThanEqual, IR_OP_uge, F_SAME },
   { SpvOpUGreaterThan, IR_OP_ult, F_SWAP }, { SpvOpULessThanEqual, IR_OP_uge, F_SWAP },
   { SpvOpFOrdEqual, IR_OP_feq, F_SAME }, { SpvOpFUnordNotEqual, IR_OP_fneu, F_SAME },
   { SpvOpFOrdLessThan, IR_OP_flt, F_SAME }, { SpvOpFOrdGreaterThanEqual, IR_OP_fge, F_SAME },
   { SpvOpFOrdGreaterThan, IR_OP_flt, F_SWAP }, { SpvOpFOrdLessThanEqual, IR_OP_fge, F_SWAP },
   /* unordered comparisons are the negations of the opposite ordered ones */
   { SpvOpFUnordGreaterThanEqual, IR_OP_flt, F_NOT },
   { SpvOpFUnordLessThan, IR_OP_fge, F_NOT },
   { SpvOpFUnordLessThanEqual, IR_OP_flt, F_NOT_SWAP },
   { SpvOpFUnordGreaterThan, IR_OP_fge, F_NOT_SWAP },
   { SpvOpLogicalAnd, IR_OP_band, F_SAME }, { SpvOpLogicalOr, IR_OP_bor, F_SAME },
   { SpvOpLogicalNotEqual, IR_OP_bxor, F_SAME }, { SpvOpLogicalEqual, IR_OP_bxor, F_NOT },
   { SpvOpLogicalNot, IR_OP_bnot, F_SAME },
   { SpvOpIsNan, IR_OP_fisnan, F_SAME }, { SpvOpIsInf, IR_OP_fisinf, F_SAME },
   { SpvOpConvertFToU, IR_OP_f2u, F_SAME }, { SpvOpConvertFToS, IR_OP_f2s, F_SAME },
   { SpvOpConvertSToF, IR_OP_s2f, F_SAME }, { SpvOpConvertUToF, IR_OP_u2f, F_SAME },
   { SpvOpUConvert, IR_OP_u2u, F_SAME }, { SpvOpSConvert, IR_OP_s2s, F_SAME },
   { SpvOpFConvert, IR_OP_f2f, F_SAME }, { SpvOpBitcast, IR_OP_bitcast, F_SAME },
   { SpvOpDPdx, IR_OP_fddx, F_SAME }, { SpvOpDPdy, IR_OP_fddy, F_SAME },
   { SpvOpDPdxFine, IR_OP_fddx_fine, F_SAME }, { SpvOpDPdyFine, IR_OP_fddy_fine, F_SAME },
   { SpvOpDPdxCoarse, IR_OP_fddx_coarse, F_SAME },
   { SpvOpDPdyCoarse, IR_OP_fddy_coarse, F_SAME },
};

static bool
table_alu(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   const struct alu_map *m = NULL;
   for (unsigned i = 0; i < sizeof(alu_map) / sizeof(alu_map[0]) && !m; i++)
      if (alu_map[i].spv == op)
         m = &alu_map[i];
   if (!m)
      return false;
   int ns = ir_op_infos[m->op].num_srcs;
   need(c, n, 2 + (uint32_t)ns);
   struct ir_instr *s[4];
   for (int i = 0; i < ns; i++)
      s[i] = spirv_ssa_leaf(c, w[2 + i]);
   if (m->form == F_SWAP || m->form == F_NOT_SWAP) {
      struct ir_instr *t = s[0];
      s[0] = s[1];
      s[1] = t;
   }
   const struct ir_type *rt = spirv_value_type(c, spirv_result_type(c, w));
   const char *err = ir_alu_type_error(m->op, rt, (unsigned)ns, s);
   if (err)
      spirv_fail(c, "operand or result types: %s", err);
   struct ir_instr *r = ir_build(&c->b, m->op, rt, (unsigned)ns, s);
   if (m->form == F_NOT || m->form == F_NOT_SWAP)
      r = ir_alu1(&c->b, IR_OP_bnot, rt, r);
   spirv_set_leaf(c, w, r);
   return true;
}

static struct ir_instr *
fdot(struct spirv_ctx *c, struct ir_instr *a, struct ir_instr *b)
{
   const struct ir_type *st = ir_type_scalar(c->s, a->type);
   struct ir_instr *sum = NULL;
   for (unsigned i = 0; i < a->type->comps; i++) {
      struct ir_instr *x = ir_extract(&c->b, a, i), *y = ir_extract(&c->b, b, i);
      struct ir_instr *p = ir_alu2(&c->b, IR_OP_fmul, st, x, y);
      sum = sum ? ir_alu2(&c->b, IR_OP_fadd, st, sum, p) : p;
   }
   return sum;
}

/* sum over columns of M[i] * v[i] */
static struct ir_instr *
mat_times_vec(struct spirv_ctx *c, struct sval *m, struct ir_instr *v)
{
   struct ir_instr *sum = NULL;
   for (uint32_t i = 0; i < m->type->len; i++) {
      struct ir_instr *col = m->elems[i]->def;
      struct ir_instr *p = ir_op2(&c->b, IR_OP_fmul, col,
                                  splat(c, ir_extract(&c->b, v, i), col->type->comps));
      sum = sum ? ir_op2(&c->b, IR_OP_fadd, sum, p) : p;
   }
   return sum;
}

static bool
is_float_vector(const struct sval *v)
{
   return v->def && v->def->type->kind == IR_TYPE_FLOAT;
}

static bool
is_matrix(const struct sval *v)
{
   return v->type->kind == ST_MATRIX && v->elems;
}

/* Shapes of the operands (SPIR-V 3.49.13); checked before any IR is built
 * because the expansions index columns and components. */
static void
check_matrix_operands(struct spirv_ctx *c, SpvOp op, struct stype *rt, struct sval *a,
                      struct sval *b)
{
   bool ok;
   switch (op) {
   case SpvOpDot:
      ok = is_float_vector(a) && is_float_vector(b) && a->def->type == b->def->type;
      break;
   case SpvOpVectorTimesScalar:
      ok = is_float_vector(a) && is_float_vector(b) && b->def->type->comps == 1 &&
           b->def->type->bits == a->def->type->bits;
      break;
   case SpvOpMatrixTimesVector:
      ok = is_matrix(a) && is_float_vector(b) && b->def->type->comps == a->type->len &&
           a->elems[0]->def->type->bits == b->def->type->bits;
      break;
   case SpvOpVectorTimesMatrix:
      ok = is_float_vector(a) && is_matrix(b) && b->elems[0]->def->type == a->def->type;
      break;
   case SpvOpMatrixTimesScalar:
      ok = is_matrix(a) && is_float_vector(b) && b->def->type->comps == 1 &&
           rt->kind == ST_MATRIX && rt->len == a->type->len && rt->elem == a->type->elem &&
           a->elems[0]->def->type->bits == b->def->type->bits;
      break;
   case SpvOpMatrixTimesMatrix:
      ok = is_matrix(a) && is_matrix(b) && rt->kind == ST_MATRIX &&
           b->elems[0]->def->type->comps == a->type->len && rt->len == b->type->len &&
           rt->elem == a->type->elem &&
           a->elems[0]->def->type->bits == b->elems[0]->def->type->bits;
      break;
   default:
      ok = false;
   }
   if (!ok)
      spirv_fail(c, "operand shapes do not match the instruction");
}

static bool
matrix_alu(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   struct stype *rt = spirv_result_type(c, w);
   need(c, n, 4);
   struct sval *a = spirv_ssa(c, w[2]), *b = spirv_ssa(c, w[3]);
   check_matrix_operands(c, op, rt, a, b);
   switch (op) {
   case SpvOpDot:
      spirv_set_leaf(c, w, fdot(c, a->def, b->def));
      return true;
   case SpvOpVectorTimesScalar:
      spirv_set_leaf(c, w, ir_op2(&c->b, IR_OP_fmul, a->def, splat(c, b->def, a->def->type->comps)));
      return true;
   case SpvOpMatrixTimesVector:
      spirv_set_leaf(c, w, mat_times_vec(c, a, b->def));
      return true;
   case SpvOpVectorTimesMatrix: {
      struct ir_instr *comps[4];
      for (uint32_t j = 0; j < b->type->len; j++)
         comps[j] = fdot(c, a->def, b->elems[j]->def);
      spirv_set_leaf(c, w, ir_vec(&c->b, b->type->len, comps));
      return true;
   }
   case SpvOpMatrixTimesScalar:
   case SpvOpMatrixTimesMatrix: {
      struct sval *r = spirv_new_tree(c, rt);
      for (uint32_t j = 0; j < rt->len; j++) {
         struct ir_instr *col = a->elems[op == SpvOpMatrixTimesScalar ? j : 0]->def;
         struct ir_instr *v = op == SpvOpMatrixTimesScalar
            ? ir_op2(&c->b, IR_OP_fmul, a->elems[j]->def, splat(c, b->def, col->type->comps))
            : mat_times_vec(c, a, b->elems[j]->def);
         r->elems[j] = spirv_new_leaf(c, rt->elem, v);
      }
      spirv_set_value(c, w[1], rt, r);
      return true;
   }
   default:
      return false;
   }
}

/* OpTranspose (column j = row j of the operand) and OpOuterProduct
 * (column j = a * b[j]), SPIR-V 3.49.13. */
static bool
matrix_build(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   struct stype *rt = spirv_result_type(c, w);
   need(c, n, op == SpvOpTranspose ? 3 : 4);
   struct sval *a = spirv_ssa(c, w[2]);
   struct sval *b = op == SpvOpOuterProduct ? spirv_ssa(c, w[3]) : NULL;
   bool ok = rt->kind == ST_MATRIX && rt->elem->elem->kind == ST_FLOAT;
   if (op == SpvOpTranspose)
      ok = ok && is_matrix(a) && a->type->len == rt->elem->len && a->type->elem->len == rt->len &&
           a->type->elem->elem == rt->elem->elem;
   else
      ok = ok && is_float_vector(a) && is_float_vector(b) &&
           a->def->type == spirv_value_type(c, rt->elem) && b->def->type->comps == rt->len &&
           b->def->type->bits == a->def->type->bits;
   if (!ok)
      spirv_fail(c, "operand shapes do not match the instruction");
   struct sval *r = spirv_new_tree(c, rt);
   for (uint32_t j = 0; j < rt->len; j++) {
      struct ir_instr *col;
      if (op == SpvOpTranspose) {
         struct ir_instr *comps[4];
         for (uint32_t i = 0; i < rt->elem->len; i++)
            comps[i] = ir_extract(&c->b, a->elems[i]->def, j);
         col = ir_vec(&c->b, rt->elem->len, comps);
      } else {
         struct ir_instr *bj = splat(c, ir_extract(&c->b, b->def, j), rt->elem->len);
         col = ir_op2(&c->b, IR_OP_fmul, a->def, bj);
      }
      r->elems[j] = spirv_new_leaf(c, rt->elem, col);
   }
   spirv_set_value(c, w[1], rt, r);
   return true;
}

/* Scalar components of the operands of OpCompositeConstruct, in order. */
static unsigned
gather_comps(struct spirv_ctx *c, const uint32_t *ids, uint32_t n, struct ir_instr **out,
             unsigned max)
{
   unsigned k = 0;
   for (uint32_t i = 0; i < n; i++) {
      struct ir_instr *v = spirv_ssa_leaf(c, ids[i]);
      for (unsigned j = 0; j < v->type->comps; j++) {
         if (k == max)
            spirv_fail(c, "too many components");
         out[k++] = ir_extract(&c->b, v, j);
      }
   }
   return k;
}

static struct sval *
extract_path(struct spirv_ctx *c, struct sval *v, const uint32_t *idx, uint32_t n)
{
   for (uint32_t k = 0; k < n; k++) {
      if (v->def) {
         if (v->type->kind != ST_VECTOR || idx[k] >= v->type->len || k + 1 != n)
            spirv_fail(c, "composite index %u out of range", idx[k]);
         return spirv_new_leaf(c, v->type->elem, ir_extract(&c->b, v->def, idx[k]));
      }
      if (idx[k] >= num_elems(v->type))
         spirv_fail(c, "composite index %u out of range", idx[k]);
      v = v->elems[idx[k]];
   }
   return v;
}

static struct sval *
insert_path(struct spirv_ctx *c, struct sval *v, struct sval *obj, const uint32_t *idx,
            uint32_t n)
{
   if (!n)
      return obj;
   if (v->def) {
      if (v->type->kind != ST_VECTOR || idx[0] >= v->type->len || n != 1 || !obj->def)
         spirv_fail(c, "composite index %u out of range", idx[0]);
      return spirv_new_leaf(c, v->type, ir_insert(&c->b, v->def, obj->def, idx[0]));
   }
   if (idx[0] >= num_elems(v->type))
      spirv_fail(c, "composite index %u out of range", idx[0]);
   struct sval *r = spirv_new_tree(c, v->type);
   memcpy(r->elems, v->elems, num_elems(v->type) * sizeof(*r->elems));
   r->elems[idx[0]] = insert_path(c, v->elems[idx[0]], obj, idx + 1, n - 1);
   return r;
}

/* OpSelect of structs, arrays and matrices (SPIR-V 1.4): each leaf chosen
 * by the one scalar condition. */
static struct sval *
select_tree(struct spirv_ctx *c, struct ir_instr *cond, struct sval *t, struct sval *f)
{
   if (t->def || f->def) {
      if (!t->def || !f->def)
         spirv_fail(c, "OpSelect operands of different shapes");
      return spirv_new_leaf(c, t->type, ir_select(&c->b, cond, t->def, f->def));
   }
   struct sval *v = spirv_new_tree(c, t->type);
   for (uint32_t i = 0; i < num_elems(t->type); i++)
      v->elems[i] = select_tree(c, cond, t->elems[i], f->elems[i]);
   return v;
}

static bool
composite(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   struct stype *rt = spirv_result_type(c, w);
   switch (op) {
   case SpvOpCompositeConstruct:
      if (rt->kind == ST_VECTOR) {
         struct ir_instr *comps[IR_MAX_COMPS];
         if (gather_comps(c, w + 2, n - 2, comps, IR_MAX_COMPS) != rt->len)
            spirv_fail(c, "wrong number of components");
         spirv_set_leaf(c, w, ir_vec(&c->b, rt->len, comps));
      } else {
         struct sval *r = spirv_new_tree(c, rt);
         if (n - 2 != num_elems(rt))
            spirv_fail(c, "wrong number of constituents");
         for (uint32_t i = 0; i < n - 2; i++)
            r->elems[i] = spirv_ssa(c, w[2 + i]);
         spirv_set_value(c, w[1], rt, r);
      }
      return true;
   case SpvOpCompositeExtract:
      need(c, n, 3);
      spirv_set_value(c, w[1], rt, extract_path(c, spirv_ssa(c, w[2]), w + 3, n - 3));
      return true;
   case SpvOpCompositeInsert:
      need(c, n, 4);
      spirv_set_value(c, w[1], rt, insert_path(c, spirv_ssa(c, w[3]), spirv_ssa(c, w[2]),
                                               w + 4, n - 4));
      return true;
   case SpvOpCopyObject:
   case SpvOpCopyLogical:
      need(c, n, 3);
      spirv_set_value(c, w[1], rt, spirv_ssa(c, w[2]));
      return true;
   case SpvOpVectorShuffle: {
      need(c, n, 4);
      struct ir_instr *a = spirv_ssa_leaf(c, w[2]), *b = spirv_ssa_leaf(c, w[3]);
      struct ir_instr *comps[IR_MAX_COMPS];
      if (n - 4 != rt->len || rt->kind != ST_VECTOR)
         spirv_fail(c, "shuffle result size");
      for (uint32_t i = 4; i < n; i++) {
         uint32_t s = w[i] == 0xffffffff ? 0 : w[i];   /* undefined lane: any value */
         if (s >= a->type->comps + b->type->comps)
            spirv_fail(c, "shuffle component %u out of range", s);
         comps[i - 4] = s < a->type->comps ? ir_extract(&c->b, a, s)
                                           : ir_extract(&c->b, b, s - a->type->comps);
      }
      spirv_set_leaf(c, w, ir_vec(&c->b, rt->len, comps));
      return true;
   }
   case SpvOpVectorExtractDynamic:
      need(c, n, 4);
      spirv_set_leaf(c, w, ir_alu2(&c->b, IR_OP_extract_dyn, spirv_value_type(c, rt),
                             spirv_ssa_leaf(c, w[2]), spirv_ssa_leaf(c, w[3])));
      return true;
   case SpvOpVectorInsertDynamic:
      need(c, n, 5);
      spirv_set_leaf(c, w, ir_alu3(&c->b, IR_OP_insert_dyn, spirv_value_type(c, rt),
                             spirv_ssa_leaf(c, w[2]), spirv_ssa_leaf(c, w[3]),
                             spirv_ssa_leaf(c, w[4])));
      return true;
   case SpvOpSelect: {
      need(c, n, 5);
      struct ir_instr *cond = spirv_ssa_leaf(c, w[2]);
      struct sval *t = spirv_ssa(c, w[3]), *f = spirv_ssa(c, w[4]);
      if (cond->type->kind != IR_TYPE_BOOL)
         spirv_fail(c, "OpSelect condition is not a boolean");
      if (t->def && f->def) {
         spirv_set_leaf(c, w, ir_select(&c->b, cond, t->def, f->def));
         return true;
      }
      if (cond->type->comps != 1)
         spirv_fail(c, "OpSelect of composites with a vector condition");
      spirv_set_value(c, w[1], rt, select_tree(c, cond, t, f));
      return true;
   }
   default:
      return false;
   }
}

static bool
bitfield(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   static const struct { SpvOp spv; enum ir_op op; unsigned srcs; } map[] = {
      { SpvOpBitFieldInsert, IR_OP_bfi, 4 },
      { SpvOpBitFieldSExtract, IR_OP_sbfe, 3 },
      { SpvOpBitFieldUExtract, IR_OP_ubfe, 3 },
   };
   for (unsigned i = 0; i < 3; i++) {
      if (map[i].spv != op)
         continue;
      need(c, n, 2 + map[i].srcs);
      struct ir_instr *s[4];
      s[0] = spirv_ssa_leaf(c, w[2]);
      unsigned comps = s[0]->type->comps;
      for (unsigned k = 1; k < map[i].srcs; k++) {
         struct ir_instr *v = spirv_ssa_leaf(c, w[2 + k]);
         /* offset and count are scalars applied to every component */
         if (k + 2 >= map[i].srcs && v->type->bits != s[0]->type->bits)
            v = ir_alu1(&c->b, IR_OP_u2u, ir_type_int(c->s, s[0]->type->bits, 1), v);
         s[k] = splat(c, v, comps);
      }
      spirv_set_leaf(c, w, ir_build(&c->b, map[i].op, s[0]->type, map[i].srcs, s));
      return true;
   }
   return false;
}

bool
spirv_alu(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   need(c, n, 2);
   if (table_alu(c, op, w, n) || composite(c, op, w, n) || bitfield(c, op, w, n))
      return true;
   switch (op) {
   case SpvOpFOrdNotEqual:   /* ordered and unequal: a < b or b < a */
   case SpvOpFUnordEqual: {
      need(c, n, 4);
      struct ir_instr *a = spirv_ssa_leaf(c, w[2]), *b = spirv_ssa_leaf(c, w[3]);
      struct ir_instr *lt = ir_op2(&c->b, IR_OP_flt, a, b);
      struct ir_instr *gt = ir_op2(&c->b, IR_OP_flt, b, a);
      struct ir_instr *r = ir_op2(&c->b, IR_OP_bor, lt, gt);
      spirv_set_leaf(c, w, op == SpvOpFUnordEqual ? ir_op1(&c->b, IR_OP_bnot, r) : r);
      return true;
   }
   case SpvOpFwidth: case SpvOpFwidthFine: case SpvOpFwidthCoarse: {
      /* fwidth = |ddx| + |ddy| (SPIR-V 3.49.17) */
      static const enum ir_op dx[] = { IR_OP_fddx, IR_OP_fddx_fine, IR_OP_fddx_coarse };
      unsigned k = op == SpvOpFwidth ? 0 : op == SpvOpFwidthFine ? 1 : 2;
      need(c, n, 3);
      struct ir_instr *a = spirv_ssa_leaf(c, w[2]);
      if (a->type->kind != IR_TYPE_FLOAT)
         spirv_fail(c, "fwidth of a non-float");
      struct ir_instr *x = ir_op1(&c->b, IR_OP_fabs, ir_op1(&c->b, dx[k], a));
      struct ir_instr *y = ir_op1(&c->b, IR_OP_fabs, ir_op1(&c->b, dx[k] + 1, a));
      spirv_set_leaf(c, w, ir_op2(&c->b, IR_OP_fadd, x, y));
      return true;
   }
   case SpvOpAny:
   case SpvOpAll: {
      need(c, n, 3);
      struct ir_instr *v = spirv_ssa_leaf(c, w[2]), *r = ir_extract(&c->b, v, 0);
      for (unsigned i = 1; i < v->type->comps; i++)
         r = ir_op2(&c->b, op == SpvOpAny ? IR_OP_bor : IR_OP_band, r,
                    ir_extract(&c->b, v, i));
      spirv_set_leaf(c, w, r);
      return true;
   }
   case SpvOpTranspose:
   case SpvOpOuterProduct:
      return matrix_build(c, op, w, n);
   case SpvOpDot: case SpvOpVectorTimesScalar: case SpvOpMatrixTimesVector:
   case SpvOpVectorTimesMatrix: case SpvOpMatrixTimesScalar: case SpvOpMatrixTimesMatrix:
      return matrix_alu(c, op, w, n);
   default:
      return false;
   }
}

/* ------------------------------------------------------------------ atomics, barriers */

uint32_t
spirv_const_u(struct spirv_ctx *c, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_CONST || d->type->kind != ST_INT)
      spirv_fail(c, "id %u must be an integer constant", id);
   return (uint32_t)d->c->v[0];
}

static enum ir_scope
scope(struct spirv_ctx *c, uint32_t scope_id)
{
   switch (spirv_const_u(c, scope_id)) {
   case SpvScopeInvocation:
      return IR_SCOPE_NONE;
   case SpvScopeSubgroup:
      return IR_SCOPE_SUBGROUP;
   case SpvScopeWorkgroup:
      return IR_SCOPE_WORKGROUP;
   default:
      return IR_SCOPE_DEVICE;
   }
}

/* A barrier's memory part: the storage its semantics name, in its scope */
static unsigned
memory_flags(struct spirv_ctx *c, uint32_t scope_id, uint32_t semantics_id)
{
   uint32_t sem = spirv_const_u(c, semantics_id);
   return (sem & SpvMemorySemanticsWorkgroupMemoryMask ? IR_BARRIER_WORKGROUP_MEM : 0) |
          (sem & SpvMemorySemanticsUniformMemoryMask ? IR_BARRIER_BUFFER_MEM : 0) |
          (sem & SpvMemorySemanticsImageMemoryMask ? IR_BARRIER_IMAGE_MEM : 0) |
          IR_BARRIER_MEM_SCOPE(scope(c, scope_id));
}

static bool
atomic(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   static const struct { SpvOp spv; enum ir_atomic_op op; } map[] = {
      { SpvOpAtomicIAdd, IR_ATOMIC_add }, { SpvOpAtomicISub, IR_ATOMIC_add },
      { SpvOpAtomicSMin, IR_ATOMIC_smin }, { SpvOpAtomicSMax, IR_ATOMIC_smax },
      { SpvOpAtomicUMin, IR_ATOMIC_umin }, { SpvOpAtomicUMax, IR_ATOMIC_umax },
      { SpvOpAtomicAnd, IR_ATOMIC_and }, { SpvOpAtomicOr, IR_ATOMIC_or },
      { SpvOpAtomicXor, IR_ATOMIC_xor }, { SpvOpAtomicExchange, IR_ATOMIC_xchg },
      { SpvOpAtomicCompareExchange, IR_ATOMIC_cmpxchg },
      { SpvOpAtomicIIncrement, IR_ATOMIC_add }, { SpvOpAtomicIDecrement, IR_ATOMIC_add },
   };
   if (op == SpvOpAtomicStore) {
      need(c, n, 4);
      ir_store(&c->b, spirv_pointer(c, w[0])->def, spirv_ssa_leaf(c, w[3]));
      return true;
   }
   if (op == SpvOpAtomicLoad) {
      need(c, n, 5);
      spirv_set_leaf(c, w, ir_load(&c->b, spirv_pointer(c, w[2])->def));
      return true;
   }
   for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
      if (map[i].spv != op)
         continue;
      need(c, n, 5);
      struct ir_instr *p = spirv_pointer(c, w[2])->def, *v, *cmp = NULL;
      const struct ir_type *t = p->type->pointee;
      if (t->kind != IR_TYPE_INT || t->comps != 1)
         spirv_fail(c, "unsupported: atomic on a non-integer");
      if (op == SpvOpAtomicIIncrement || op == SpvOpAtomicIDecrement) {
         v = ir_const_splat(&c->b, t, op == SpvOpAtomicIIncrement ? 1 : ~0ull >> (64 - t->bits));
      } else if (op == SpvOpAtomicCompareExchange) {
         need(c, n, 8);
         v = spirv_ssa_leaf(c, w[6]);
         cmp = spirv_ssa_leaf(c, w[7]);
      } else {
         need(c, n, 6);
         v = spirv_ssa_leaf(c, w[5]);
         if (op == SpvOpAtomicISub)
            v = ir_op1(&c->b, IR_OP_ineg, v);
      }
      spirv_set_leaf(c, w, ir_atomic(&c->b, map[i].op, p, v, cmp));
      return true;
   }
   return false;
}

/* ------------------------------------------------------------------ control flow */

static struct ir_block *
label(struct spirv_ctx *c, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_LABEL || d->block->func != c->b.func)
      spirv_fail(c, "id %u is not a label of this function", id);
   return d->block;
}

static void
need_open_block(struct spirv_ctx *c)
{
   if (!c->b.block || c->b.block->term != IR_TERM_NONE)
      spirv_fail(c, "instruction outside a block");
}

static void
phi(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 2);
   if ((n - 2) % 2)
      spirv_fail(c, "odd number of phi operands");
   struct stype *t = spirv_result_type(c, w);
   if (!is_leaf(t) || t->kind == ST_PTR)
      spirv_fail(c, "unsupported: OpPhi of composite or pointer type");
   struct ir_instr *p = ir_phi(&c->b, c->b.block, spirv_value_type(c, t), (n - 2) / 2);
   if (p->prev && p->prev->op != IR_OP_phi)
      spirv_fail(c, "OpPhi after other instructions");
   spirv_set_leaf(c, w, p);
   if (c->num_phis == c->cap_phis) {
      c->cap_phis = c->cap_phis ? c->cap_phis * 2 : 32;
      void *np = realloc(c->phis, c->cap_phis * sizeof(*c->phis));
      if (!np)
         spirv_fail(c, "out of memory");
      c->phis = np;
   }
   c->phis[c->num_phis++] = (struct phi_fixup){ p, c->pos };
}

static void
switch_term(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 2);
   struct ir_instr *sel = spirv_ssa_leaf(c, w[0]);
   if (sel->type->kind != IR_TYPE_INT || sel->type->comps != 1)
      spirv_fail(c, "switch selector is not a scalar integer");
   unsigned lw = sel->type->bits > 32 ? 2 : 1;
   if ((n - 2) % (lw + 1))
      spirv_fail(c, "malformed case list");
   uint32_t ncases = (n - 2) / (lw + 1);
   struct ir_block **succs = ir_alloc(c->arena, (ncases + 1) * sizeof(*succs));
   uint64_t *values = ir_alloc(c->arena, (ncases + 1) * sizeof(*values));
   succs[0] = label(c, w[1]);
   for (uint32_t i = 0; i < ncases; i++) {
      const uint32_t *cw = w + 2 + i * (lw + 1);
      values[i] = lw == 2 ? cw[0] | (uint64_t)cw[1] << 32 : cw[0];
      succs[i + 1] = label(c, cw[lw]);
   }
   ir_block_set_succs(c->b.block, IR_TERM_SWITCH, ncases + 1, succs);
   c->b.block->cond = sel;
   c->b.block->case_values = values;
}

static bool
control_flow(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   struct ir_block *b = c->b.block;
   switch (op) {
   case SpvOpSelectionMerge:
   case SpvOpLoopMerge:
      need_open_block(c);
      need(c, n, op == SpvOpLoopMerge ? 3 : 2);
      b->construct = op == SpvOpLoopMerge ? IR_CONSTRUCT_LOOP : IR_CONSTRUCT_SELECTION;
      b->merge = label(c, w[0]);
      b->cont = op == SpvOpLoopMerge ? label(c, w[1]) : NULL;
      return true;
   case SpvOpBranch:
      need_open_block(c);
      need(c, n, 1);
      ir_br(&c->b, label(c, w[0]));
      return true;
   case SpvOpBranchConditional: {
      need_open_block(c);
      need(c, n, 3);
      struct ir_instr *cond = spirv_ssa_leaf(c, w[0]);
      if (cond->type != ir_type_bool(c->s, 1))
         spirv_fail(c, "branch condition is not a scalar bool");
      if (w[1] == w[2])
         ir_br(&c->b, label(c, w[1]));
      else
         ir_cbr(&c->b, cond, label(c, w[1]), label(c, w[2]));
      return true;
   }
   case SpvOpSwitch:
      need_open_block(c);
      switch_term(c, w, n);
      return true;
   case SpvOpReturn:
      need_open_block(c);
      ir_return(&c->b);
      return true;
   case SpvOpKill:
   case SpvOpTerminateInvocation:
      need_open_block(c);
      if (c->s->stage != IR_STAGE_FRAGMENT)
         spirv_fail(c, "discard outside a fragment shader");
      ir_discard(&c->b);
      return true;
   case SpvOpUnreachable:
      need_open_block(c);
      ir_block_set_succs(b, IR_TERM_UNREACHABLE, 0, NULL);
      return true;
   case SpvOpPhi:
      need_open_block(c);
      phi(c, w, n);
      return true;
   default:
      return false;
   }
}

/* ------------------------------------------------------------------ function */

static const struct { SpvBuiltIn builtin; enum ir_sysval sv; } builtin_map[] = {
   { SpvBuiltInGlobalInvocationId, IR_SYSVAL_global_invocation_id },
   { SpvBuiltInLocalInvocationId, IR_SYSVAL_local_invocation_id },
   { SpvBuiltInWorkgroupId, IR_SYSVAL_workgroup_id },
   { SpvBuiltInNumWorkgroups, IR_SYSVAL_num_workgroups },
   { SpvBuiltInLocalInvocationIndex, IR_SYSVAL_local_invocation_index },
   { SpvBuiltInWorkgroupSize, IR_SYSVAL_workgroup_size },
   { SpvBuiltInSubgroupSize, IR_SYSVAL_subgroup_size },
   { SpvBuiltInSubgroupLocalInvocationId, IR_SYSVAL_subgroup_invocation_id },
   { SpvBuiltInNumSubgroups, IR_SYSVAL_num_subgroups },
   { SpvBuiltInSubgroupId, IR_SYSVAL_subgroup_id },
   { SpvBuiltInVertexIndex, IR_SYSVAL_vertex_index },
   { SpvBuiltInInstanceIndex, IR_SYSVAL_instance_index },
   { SpvBuiltInBaseVertex, IR_SYSVAL_base_vertex },
   { SpvBuiltInBaseInstance, IR_SYSVAL_base_instance },
   { SpvBuiltInDrawIndex, IR_SYSVAL_draw_index },
   { SpvBuiltInFragCoord, IR_SYSVAL_frag_coord },
   { SpvBuiltInFrontFacing, IR_SYSVAL_front_facing },
   { SpvBuiltInSampleId, IR_SYSVAL_sample_id },
   { SpvBuiltInSamplePosition, IR_SYSVAL_sample_pos },
   { SpvBuiltInPointCoord, IR_SYSVAL_point_coord },
   { SpvBuiltInPrimitiveId, IR_SYSVAL_primitive_id },
   { SpvBuiltInViewIndex, IR_SYSVAL_view_index },
   { SpvBuiltInSampleMask, IR_SYSVAL_sample_mask_in },
   { SpvBuiltInLayer, IR_SYSVAL_layer },
   { SpvBuiltInViewportIndex, IR_SYSVAL_viewport_index },
   { SpvBuiltInInvocationId, IR_SYSVAL_invocation_id },
   { SpvBuiltInPatchVertices, IR_SYSVAL_patch_vertices_in },
   { SpvBuiltInTessCoord, IR_SYSVAL_tess_coord },
   { SpvBuiltInTessLevelOuter, IR_SYSVAL_tess_level_outer },
   { SpvBuiltInTessLevelInner, IR_SYSVAL_tess_level_inner },
   { SpvBuiltInSubgroupEqMask, IR_SYSVAL_subgroup_eq_mask },
   { SpvBuiltInSubgroupGeMask, IR_SYSVAL_subgroup_ge_mask },
   { SpvBuiltInSubgroupGtMask, IR_SYSVAL_subgroup_gt_mask },
   { SpvBuiltInSubgroupLeMask, IR_SYSVAL_subgroup_le_mask },
   { SpvBuiltInSubgroupLtMask, IR_SYSVAL_subgroup_lt_mask },
   { SpvBuiltInDeviceIndex, IR_SYSVAL_device_index },
};

/* A built-in array input (SampleMask[1], TessLevelOuter[4]) is one
 * vector system value stored element by element. */
static void
store_sysval(struct spirv_ctx *c, struct ir_var *var, enum ir_sysval sv)
{
   const struct ir_type *t = var->type;
   struct ir_instr *p = ir_deref_var(&c->b, var);
   if (t->kind != IR_TYPE_ARRAY) {
      ir_store(&c->b, p, ir_sysval(&c->b, sv, t));
      return;
   }
   struct ir_instr *v = ir_sysval(&c->b, sv, ir_type_vector(c->s, t->elem, t->length));
   for (uint32_t i = 0; i < t->length; i++)
      ir_store(&c->b, ir_deref_array(&c->b, p, const_u32(c, i)), ir_extract(&c->b, v, i));
}

/* Built-in inputs are copied from their system value into a private
 * variable, and initialisers stored, before the body runs.  Every
 * invocation stores a Workgroup variable's initialiser (the null constant
 * of VK_KHR_zero_initialize_workgroup_memory), then waits for the whole
 * workgroup: no invocation may store to it before all have initialised
 * it, or a late one would overwrite the store. */
static void
init_entry(struct spirv_ctx *c)
{
   bool shared_init = false;
   for (uint32_t id = 1; id < c->bound; id++) {
      struct spirv_id *d = &c->ids[id];
      if (d->kind != ID_VAR || !d->var)
         continue;
      if (d->storage == SpvStorageClassInput && d->var->storage == IR_STORAGE_PRIVATE) {
         unsigned i = 0;
         while (i < sizeof(builtin_map) / sizeof(builtin_map[0]) &&
                builtin_map[i].builtin != (SpvBuiltIn)d->deco.builtin)
            i++;
         if (i == sizeof(builtin_map) / sizeof(builtin_map[0]))
            spirv_fail(c, "unsupported built-in %s", spirv_builtin_name(d->deco.builtin));
         store_sysval(c, d->var, builtin_map[i].sv);
      } else if (d->c) {
         store_tree(c, ir_deref_var(&c->b, d->var), spirv_const_to_sval(c, d->c));
         shared_init |= d->var->storage == IR_STORAGE_WORKGROUP;
      }
   }
   if (shared_init)
      ir_barrier(&c->b, IR_BARRIER_EXEC_SCOPE(IR_SCOPE_WORKGROUP) | IR_BARRIER_WORKGROUP_MEM |
                        IR_BARRIER_MEM_SCOPE(IR_SCOPE_WORKGROUP));
}

/* Creates the blocks of the function starting at `start` after `after` in
 * layout order (branches and phis name labels before they appear);
 * returns the last one. */
static struct ir_block *
create_blocks(struct spirv_ctx *c, size_t start, struct ir_block *after)
{
   struct ir_function *f = c->b.func;
   for (size_t pos = start; pos < c->num_words;) {
      uint32_t wc = c->words[pos] >> 16, op = c->words[pos] & 0xffff;
      c->pos = pos;
      if (!wc || wc > c->num_words - pos)
         spirv_fail(c, wc ? "word count %u runs past the end of the module" : "instruction word count is %u", wc);
      if (op == SpvOpFunctionEnd)
         break;
      if (op == SpvOpLabel && wc >= 2) {
         struct spirv_id *d = spirv_id(c, c->words[pos + 1]);
         if (d->kind != ID_NONE)
            spirv_fail(c, "id %u defined twice", c->words[pos + 1]);
         d->kind = ID_LABEL;
         d->block = ir_block_create(f);
         if (after) {
            ir_block_move_after(d->block, after);
            after = d->block;
         }
      }
      pos += wc;
   }
   return after;
}

void
spirv_begin_function(struct spirv_ctx *c, size_t start)
{
   uint32_t n;
   const uint32_t *w = spirv_operands(c, &n);
   struct ir_function *f = ir_function_create(c->s, c->ids[w[1]].name ? c->ids[w[1]].name
                                                                        : "main");
   c->s->entry = f;
   c->b = (struct ir_builder){ .shader = c->s, .func = f };
   c->const_anchor = NULL;
   c->num_phis = 0;
   create_blocks(c, start, NULL);
   c->pos = start;
   if (!f->first)
      spirv_fail(c, "entry point has no body");
}

static void
resolve_phis(struct spirv_ctx *c, uint32_t first)
{
   size_t end = c->pos;
   if (first == c->num_phis)
      return;
   ir_rebuild_preds(c->b.func);
   for (uint32_t i = first; i < c->num_phis; i++) {
      struct ir_instr *p = c->phis[i].phi;
      c->pos = c->phis[i].pos;
      uint32_t n;
      const uint32_t *w = spirv_operands(c, &n);
      for (uint32_t k = 0; 2 + 2 * k + 1 < n; k++) {
         struct ir_builder saved = c->b;
         struct ir_block *pred = label(c, w[2 + 2 * k + 1]);
         /* a SPIR-V block split by an inlined call ends in another IR block */
         if (c->ids[w[2 + 2 * k + 1]].tail)
            pred = c->ids[w[2 + 2 * k + 1]].tail;
         ir_builder_at_end(&c->b, pred);   /* operands are used at the predecessor */
         struct ir_instr *v = spirv_ssa_leaf(c, w[2 + 2 * k]);
         c->b = saved;
         if (v->type != p->type)
            spirv_fail(c, "phi operand %u has the wrong type", k);
         ir_phi_set_src(p, k, pred, v);
      }
   }
   c->num_phis = first;
   c->pos = end;
}

void
spirv_end_function(struct spirv_ctx *c)
{
   ir_foreach_block(b, c->b.func)
      if (b->term == IR_TERM_NONE)
         spirv_fail(c, "block %u has no terminator", b->index);
   ir_rebuild_preds(c->b.func);
   resolve_phis(c, 0);
}

/* ------------------------------------------------------------------ calls */

static size_t
next_instr(struct spirv_ctx *c, size_t pos)
{
   uint32_t wc = c->words[pos] >> 16;
   if (!wc || wc > c->num_words - pos) {
      c->pos = pos;
      spirv_fail(c, wc ? "word count %u runs past the end of the module" : "instruction word count is %u", wc);
   }
   return pos + wc;
}

/* Each inlined copy of a function gets fresh values for the ids it
 * defines: SPIR-V function-local ids are never visible outside it. */
static void
forget_local_ids(struct spirv_ctx *c, size_t start)
{
   for (size_t pos = next_instr(c, start); pos < c->num_words; pos = next_instr(c, pos)) {
      SpvOp op = c->words[pos] & 0xffff;
      if (op == SpvOpFunctionEnd)
         return;
      const struct spirv_op_info *info = spirv_op_info(op);
      uint32_t wc = c->words[pos] >> 16, idx = info && info->has_type ? 2 : 1;
      if (!info || !info->has_result || wc <= idx || pos + idx >= c->num_words)
         continue;
      struct spirv_id *d = spirv_id(c, c->words[pos + idx]);
      struct deco deco = d->deco;
      const char *name = d->name;
      memset(d, 0, sizeof(*d));
      d->deco = deco;
      d->name = name;
   }
}

static void
return_from_call(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   if (op == SpvOpReturnValue) {
      need(c, n, 1);
      if (!c->ret_var)
         spirv_fail(c, "OpReturnValue in a function returning void");
      store_tree(c, ir_deref_var(&c->b, c->ret_var), spirv_ssa(c, w[0]));
   }
   ir_br(&c->b, c->ret_block);
}

/* Calls are inlined as they are translated: the callee's blocks go after
 * the calling block, its returns branch to a new block that continues the
 * caller, and a returned value passes through a function variable (made
 * SSA by vars_to_ssa). */
static void
inline_call(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 3);
   struct stype *rt = spirv_result_type(c, w);
   struct spirv_id *fd = spirv_id(c, w[2]);
   if (fd->kind != ID_FUNCTION)
      spirv_fail(c, "id %u is not a function", w[2]);
   if (c->call_depth >= 32)
      spirv_fail(c, "calls nested deeper than 32 (recursion is not allowed)");
   struct sval **args = ir_alloc(c->arena, (n + 1) * sizeof(*args));
   for (uint32_t k = 3; k < n; k++)
      args[k - 3] = spirv_ssa(c, w[k]);
   size_t call_pos = c->pos, start = fd->offset;
   uint32_t result = w[1];
   struct ir_block *saved_ret = c->ret_block;
   struct ir_var *saved_var = c->ret_var;
   uint32_t first_phi = c->num_phis, caller_label = c->cur_label;

   forget_local_ids(c, start);
   struct ir_block *last = create_blocks(c, next_instr(c, start), c->b.block);
   if (last == c->b.block)
      spirv_fail(c, "called function has no body");
   struct ir_block *callee_entry = c->b.block->next;
   struct ir_block *ret = ir_block_create(c->b.func);
   ir_block_move_after(ret, last);
   c->ret_block = ret;
   c->ret_var = rt->kind == ST_VOID ? NULL
      : ir_var_create(c->s, "return", IR_STORAGE_FUNCTION, spirv_mem_type(c, rt, 0));
   ir_br(&c->b, callee_entry);
   c->call_depth++;

   uint32_t param = 0, num_args = n - 3;
   size_t pos = next_instr(c, start);
   while ((c->words[pos] & 0xffff) != SpvOpFunctionEnd) {
      c->pos = pos;
      SpvOp op = c->words[pos] & 0xffff;
      const uint32_t *iw = spirv_operands(c, &n);
      size_t next = next_instr(c, pos);
      if (op == SpvOpFunctionParameter) {
         need(c, n, 2);
         if (param >= num_args)
            spirv_fail(c, "call passes fewer arguments than the function takes");
         spirv_set_value(c, iw[1], spirv_get_type(c, iw[0]), args[param++]);
      } else if (op == SpvOpReturn || op == SpvOpReturnValue) {
         return_from_call(c, op, iw, n);
         c->ids[c->cur_label].tail = c->b.block;
      } else if (!spirv_function_instr(c, op, iw, n)) {
         spirv_fail(c, "unsupported instruction");
      }
      if (next >= c->num_words)
         spirv_fail(c, "function without OpFunctionEnd");
      pos = next;
   }
   if (param != num_args)
      spirv_fail(c, "call passes %u arguments to a function of %u parameters", num_args,
                 param);
   c->call_depth--;
   resolve_phis(c, first_phi);
   c->cur_label = caller_label;
   c->pos = call_pos;
   ir_builder_at_end(&c->b, ret);
   if (c->ret_var) {
      struct ir_instr *p = ir_deref_var(&c->b, c->ret_var);
      spirv_set_value(c, result, rt, load_tree(c, p, rt));
   }
   c->ret_block = saved_ret;
   c->ret_var = saved_var;
}

static bool
is_helper_var(struct spirv_ctx *c, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   return d->kind == ID_VAR && d->storage == SpvStorageClassInput &&
          d->deco.builtin == SpvBuiltInHelperInvocation;
}

/* Physical storage buffer pointers and 64-bit addresses (uvec2 by bitcast). */
static bool
pointer_conversion(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   if (op != SpvOpConvertUToPtr && op != SpvOpConvertPtrToU && op != SpvOpBitcast)
      return false;
   need(c, n, 3);
   struct stype *rt = spirv_result_type(c, w);
   if (op == SpvOpBitcast && rt->kind != ST_PTR && spirv_ssa(c, w[2])->type->kind != ST_PTR)
      return false;   /* a numeric bitcast */
   struct ir_instr *v = spirv_ssa_leaf(c, w[2]);
   const struct ir_type *i64 = ir_type_int(c->s, 64, 1);
   if (rt->kind == ST_PTR) {
      if (v->type->kind == IR_TYPE_INT && v->type->bits * v->type->comps == 64)
         v = v->type == i64 ? v : ir_alu1(&c->b, IR_OP_bitcast, i64, v);
      else if (v->type->kind == IR_TYPE_INT && v->type->comps == 1)
         v = ir_alu1(&c->b, IR_OP_u2u, i64, v);
      spirv_set_leaf(c, w, address_to_ptr(c, rt, v));
      return true;
   }
   if (v->type->kind != IR_TYPE_PTR || op == SpvOpConvertUToPtr)
      spirv_fail(c, "conversion operand is not a pointer");
   struct ir_instr *a = ptr_to_address(c, v);
   const struct ir_type *t = spirv_value_type(c, rt);
   if (t->bits * t->comps == 64 && t != i64)
      a = ir_alu1(&c->b, IR_OP_bitcast, t, a);
   else if (t != i64)
      a = ir_alu1(&c->b, IR_OP_u2u, t, a);
   spirv_set_leaf(c, w, a);
   return true;
}

/* Stage-specific instructions: demotion, geometry output. */
static bool
stage_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   static const struct { SpvOp spv; enum ir_op op; enum ir_stage stage; bool stream; } map[] = {
      { SpvOpDemoteToHelperInvocation, IR_OP_demote, IR_STAGE_FRAGMENT, false },
      { SpvOpIsHelperInvocationEXT, IR_OP_is_helper, IR_STAGE_FRAGMENT, false },
      { SpvOpEmitVertex, IR_OP_emit_vertex, IR_STAGE_GEOMETRY, false },
      { SpvOpEndPrimitive, IR_OP_end_primitive, IR_STAGE_GEOMETRY, false },
      { SpvOpEmitStreamVertex, IR_OP_emit_vertex, IR_STAGE_GEOMETRY, true },
      { SpvOpEndStreamPrimitive, IR_OP_end_primitive, IR_STAGE_GEOMETRY, true },
   };
   for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
      if (map[i].spv != op)
         continue;
      if (c->s->stage != map[i].stage)
         spirv_fail(c, "instruction not allowed in this stage");
      uint32_t stream = 0;
      if (map[i].stream) {
         need(c, n, 1);
         stream = spirv_const_u(c, w[0]);
         if (stream > 3)
            spirv_fail(c, "vertex stream %u out of range", stream);
      }
      if (map[i].op == IR_OP_is_helper) {
         need(c, n, 2);
         spirv_set_leaf(c, w, ir_intrinsic(&c->b, IR_OP_is_helper, ir_type_bool(c->s, 1), 0));
         return true;
      }
      c->s->info.uses_demote |= map[i].op == IR_OP_demote;
      ir_intrinsic(&c->b, map[i].op, NULL, stream);
      return true;
   }
   return false;
}

/* NoContraction on an instruction's result (SPIR-V 2.16 "NoContraction":
 * its operation is not to be fused with another): all the IR built for it
 * is exact.  An id outside the bound is left to the instruction to report. */
static bool
no_contraction(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   const struct spirv_op_info *info = spirv_op_info(op);
   if (!info || !info->has_result)
      return false;
   unsigned at = info->has_type ? 1 : 0;
   return n > at && w[at] && w[at] < c->bound && spirv_id(c, w[at])->deco.no_contraction;
}

static bool function_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n);

bool
spirv_function_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   c->b.exact = no_contraction(c, op, w, n);
   bool known = function_instr(c, op, w, n);
   c->b.exact = false;
   return known;
}

static bool
function_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   switch (op) {
   case SpvOpLabel: {
      need(c, n, 1);
      struct ir_block *b = label(c, w[0]);
      if (c->b.block && c->b.block->term == IR_TERM_NONE)
         spirv_fail(c, "previous block has no terminator");
      ir_builder_at_end(&c->b, b);
      c->cur_label = w[0];
      if (b == c->b.func->first)
         init_entry(c);
      return true;
   }
   case SpvOpNop: case SpvOpLine: case SpvOpNoLine: case SpvOpSource:
      return true;
   case SpvOpFunctionParameter:
      spirv_fail(c, "entry point with parameters");
   case SpvOpFunctionCall:
      need_open_block(c);
      inline_call(c, w, n);
      return true;
   default:
      break;
   }
   if (control_flow(c, op, w, n)) {
      if (c->b.block->term != IR_TERM_NONE)
         c->ids[c->cur_label].tail = c->b.block;
      return true;
   }
   need_open_block(c);
   switch (op) {
   case SpvOpVariable: local_variable(c, w, n); return true;
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
   case SpvOpPtrAccessChain:
   case SpvOpInBoundsPtrAccessChain:
      access_chain(c, w, n, op == SpvOpPtrAccessChain || op == SpvOpInBoundsPtrAccessChain);
      return true;
   case SpvOpLoad: {
      need(c, n, 3);
      if (is_helper_var(c, w[2])) {
         spirv_set_leaf(c, w, ir_intrinsic(&c->b, IR_OP_is_helper, ir_type_bool(c->s, 1), 0));
         return true;
      }
      struct sval *p = spirv_pointer(c, w[2]);
      spirv_set_value(c, w[1], spirv_result_type(c, w), load_tree(c, p->def, p->type->pointee));
      return true;
   }
   case SpvOpStore:
      need(c, n, 2);
      store_tree(c, spirv_pointer(c, w[0])->def, spirv_ssa(c, w[1]));
      return true;
   case SpvOpCopyMemory: {
      need(c, n, 2);
      struct sval *src = spirv_pointer(c, w[1]);
      store_tree(c, spirv_pointer(c, w[0])->def, load_tree(c, src->def, src->type->pointee));
      return true;
   }
   case SpvOpUndef: {
      need(c, n, 2);
      struct stype *t = spirv_result_type(c, w);
      if (!is_leaf(t) || t->kind == ST_PTR)
         spirv_fail(c, "unsupported: OpUndef of a composite");
      spirv_set_leaf(c, w, ir_undef(&c->b, spirv_value_type(c, t)));
      return true;
   }
   case SpvOpControlBarrier:
      need(c, n, 3);
      ir_barrier(&c->b, IR_BARRIER_EXEC_SCOPE(scope(c, w[0])) | memory_flags(c, w[1], w[2]));
      return true;
   case SpvOpMemoryBarrier:
      need(c, n, 2);
      ir_barrier(&c->b, memory_flags(c, w[0], w[1]));
      return true;
   case SpvOpExtInst: {
      need(c, n, 4);
      struct spirv_id *set = spirv_id(c, w[2]);
      if (set->kind != ID_EXTINST)
         spirv_fail(c, "id %u is not an extended instruction set", w[2]);
      if (set->is_glsl)
         spirv_glsl_instr(c, spirv_result_type(c, w), w[1], w[3], w + 4, n - 4);
      return true;   /* NonSemantic sets carry no semantics */
   }
   default:
      break;
   }
   return pointer_conversion(c, op, w, n) || stage_instr(c, op, w, n) ||
          spirv_image_instr(c, op, w, n) || spirv_subgroup_instr(c, op, w, n) ||
          spirv_alu(c, op, w, n) || atomic(c, op, w, n) ||
          spirv_extended_arith(c, op, w, n);
}
