/* Integer instructions with a two-member struct result (SPIR-V §3.52.13):
 * OpIAddCarry, OpISubBorrow, OpUMulExtended and OpSMulExtended.  The IR has
 * no carry flag and no high-half multiply, so both are expanded. */
#include "spirv_private.h"

static struct ir_instr *
splat_u(struct spirv_ctx *c, const struct ir_type *like, uint64_t v)
{
   return ir_const_splat(&c->b, like, v);
}

/* High half of the unsigned 64 x 64 product from four 32 x 32 -> 64
 * partial products: mid collects the carries out of the low word. */
static struct ir_instr *
umul_high64(struct spirv_ctx *c, struct ir_instr *a, struct ir_instr *b)
{
   struct ir_builder *bl = &c->b;
   const struct ir_type *t = a->type;
   struct ir_instr *lo_mask = splat_u(c, t, 0xffffffffu), *k32 = splat_u(c, t, 32);
   struct ir_instr *a_lo = ir_op2(bl, IR_OP_iand, a, lo_mask);
   struct ir_instr *a_hi = ir_op2(bl, IR_OP_ushr, a, k32);
   struct ir_instr *b_lo = ir_op2(bl, IR_OP_iand, b, lo_mask);
   struct ir_instr *b_hi = ir_op2(bl, IR_OP_ushr, b, k32);
   struct ir_instr *ll = ir_op2(bl, IR_OP_imul, a_lo, b_lo);
   struct ir_instr *lh = ir_op2(bl, IR_OP_imul, a_lo, b_hi);
   struct ir_instr *hl = ir_op2(bl, IR_OP_imul, a_hi, b_lo);
   struct ir_instr *hh = ir_op2(bl, IR_OP_imul, a_hi, b_hi);
   struct ir_instr *mid = ir_op2(bl, IR_OP_ushr, ll, k32);
   mid = ir_op2(bl, IR_OP_iadd, mid, ir_op2(bl, IR_OP_iand, lh, lo_mask));
   mid = ir_op2(bl, IR_OP_iadd, mid, ir_op2(bl, IR_OP_iand, hl, lo_mask));
   struct ir_instr *hi = ir_op2(bl, IR_OP_iadd, hh, ir_op2(bl, IR_OP_ushr, lh, k32));
   hi = ir_op2(bl, IR_OP_iadd, hi, ir_op2(bl, IR_OP_ushr, hl, k32));
   return ir_op2(bl, IR_OP_iadd, hi, ir_op2(bl, IR_OP_ushr, mid, k32));
}

/* High half of a * b: narrower operands are widened to 64 bits (sign- or
 * zero-extended) and the product shifted down; 64-bit operands take the
 * unsigned split product, corrected for signed operands by subtracting
 * b when a < 0 and a when b < 0 (two's complement: a = a_u - 2^64 [a < 0]). */
static struct ir_instr *
mul_high(struct spirv_ctx *c, struct ir_instr *a, struct ir_instr *b, bool is_signed)
{
   struct ir_builder *bl = &c->b;
   const struct ir_type *t = a->type;
   if (t->bits < 64) {
      const struct ir_type *wide = ir_type_int(c->s, 64, t->comps);
      enum ir_op ext = is_signed ? IR_OP_s2s : IR_OP_u2u;
      struct ir_instr *wa = ir_alu1(bl, ext, wide, a), *wb = ir_alu1(bl, ext, wide, b);
      struct ir_instr *p = ir_op2(bl, IR_OP_imul, wa, wb);
      return ir_alu1(bl, IR_OP_u2u, t, ir_op2(bl, IR_OP_ushr, p, splat_u(c, wide, t->bits)));
   }
   struct ir_instr *hi = umul_high64(c, a, b);
   if (!is_signed)
      return hi;
   struct ir_instr *zero = splat_u(c, t, 0);
   struct ir_instr *fa = ir_select(bl, ir_op2(bl, IR_OP_slt, a, zero), b, zero);
   struct ir_instr *fb = ir_select(bl, ir_op2(bl, IR_OP_slt, b, zero), a, zero);
   return ir_op2(bl, IR_OP_isub, ir_op2(bl, IR_OP_isub, hi, fa), fb);
}

bool
spirv_extended_arith(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   if (op != SpvOpIAddCarry && op != SpvOpISubBorrow && op != SpvOpUMulExtended &&
       op != SpvOpSMulExtended)
      return false;
   need(c, n, 4);
   struct stype *rt = spirv_result_type(c, w);
   struct ir_instr *a = spirv_ssa_leaf(c, w[2]), *b = spirv_ssa_leaf(c, w[3]);
   if (rt->kind != ST_STRUCT || rt->num_members != 2 || a->type->kind != IR_TYPE_INT ||
       a->type != b->type || spirv_value_type(c, rt->members[0]) != a->type ||
       spirv_value_type(c, rt->members[1]) != a->type)
      spirv_fail(c, "extended arithmetic: operand or result type mismatch");
   struct ir_instr *r0, *r1;
   if (op == SpvOpIAddCarry || op == SpvOpISubBorrow) {
      /* carry out of a + b iff the sum wrapped below a; borrow iff a < b */
      bool add = op == SpvOpIAddCarry;
      r0 = ir_op2(&c->b, add ? IR_OP_iadd : IR_OP_isub, a, b);
      struct ir_instr *flag = add ? ir_op2(&c->b, IR_OP_ult, r0, a)
                                  : ir_op2(&c->b, IR_OP_ult, a, b);
      struct ir_instr *one = splat_u(c, a->type, 1);
      r1 = ir_select(&c->b, flag, one, splat_u(c, a->type, 0));
   } else {
      r0 = ir_op2(&c->b, IR_OP_imul, a, b);
      r1 = mul_high(c, a, b, op == SpvOpSMulExtended);
   }
   struct sval *r = spirv_new_tree(c, rt);
   r->elems[0] = spirv_new_leaf(c, rt->members[0], r0);
   r->elems[1] = spirv_new_leaf(c, rt->members[1], r1);
   spirv_set_value(c, w[1], rt, r);
   return true;
}
