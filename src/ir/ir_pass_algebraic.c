/* Algebraic simplification driven by a declarative table of
 * pattern -> replacement rules.
 *
 * A pattern is an expression tree whose leaves are variables (a, b, c:
 * any value; a variable named twice must be the same SSA value, which is
 * why this pass runs after CSE) or constants that every component must
 * equal bit for bit.  A replacement is built from the same leaves; when
 * it combines constants (a+c1+c2 -> a+(c1+c2), log2 as find_lsb) the new
 * instruction is constant and const_fold evaluates it with the spec's
 * rules, so this table never computes a value itself.
 *
 * Float rules are only those that hold for every input under SPIR-V's
 * default float controls: signed zeros, infinities and NaNs give the same
 * result as the original expression (NaN payloads and signs are not
 * preserved by SPIR-V anyway, and denormals may be flushed or kept, so
 * dropping an op that might flush is allowed).  None of them fuses or
 * reassociates, so they are valid whether or not NoContraction decorates
 * the instruction.  Deliberately absent because they are only valid under
 * fast-math assumptions (no NaN/Inf, signed zeros insignificant):
 *   a + 0.0 -> a      (-0.0 + 0.0 is +0.0)
 *   a * 0.0 -> 0.0    (NaN, Inf, and -a * 0.0 is -0.0)
 *   a - a   -> 0.0    (NaN, Inf)
 *   -(a - b) -> b - a (a == b gives -0.0 vs +0.0)
 *   feq a, a -> true  (NaN)
 *   reassociation of fadd/fmul chains (rounding).
 * The rules are exact under every rounding direction, and so valid under
 * SignedZeroInfNanPreserve and RoundingModeRTZ.  Under DenormFlushToZero
 * a float operation must flush a denormal source, so the rules that
 * replace one by its operand (a * 1.0 -> a) do not apply there. */
#include <string.h>

#include "ir_builder.h"
#include "ir_pass.h"

enum alg_kind {
   ALG_VAR,     /* binds or compares variable `var` */
   ALG_INT,     /* int/bool constant, every component == k (in the type's bits) */
   ALG_FLOAT,   /* float constant, every component has exactly the bits of k */
   ALG_EXPR,
};

enum alg_cond {
   ALG_ANY,
   ALG_IS_CONST,   /* the variable must be a constant */
   ALG_IS_POW2,    /* ... whose components are all the same power of two */
};

#define ALG_MAX_VARS 4

struct alg_term {
   enum alg_kind kind;
   /* ALG_VAR: variable 1..3; constants in a replacement: 0 = the matched
    * instruction's type, n = variable n's type */
   unsigned var;
   enum alg_cond cond;
   int64_t k;
   double f;
   enum ir_op op;
   const struct alg_term *srcs[3];
};

struct alg_rule {
   const struct alg_term *pattern, *replacement;
   /* extra condition on the bound variables (NULL = none) */
   bool (*cond)(struct ir_instr *const *vars);
};

#define T(...) (&(const struct alg_term){ __VA_ARGS__ })
#define a T(.kind = ALG_VAR, .var = 1)
#define b T(.kind = ALG_VAR, .var = 2)
#define c T(.kind = ALG_VAR, .var = 3)
#define c1 T(.kind = ALG_VAR, .var = 2, .cond = ALG_IS_CONST)
#define c2 T(.kind = ALG_VAR, .var = 3, .cond = ALG_IS_CONST)
#define pow2 T(.kind = ALG_VAR, .var = 2, .cond = ALG_IS_POW2)
#define I(v) T(.kind = ALG_INT, .k = (v))
#define I_OF(v, n) T(.kind = ALG_INT, .k = (v), .var = (n))   /* typed like variable n */
#define F(v) T(.kind = ALG_FLOAT, .f = (v))
#define E1(o, x) T(.kind = ALG_EXPR, .op = IR_OP_##o, .srcs = { x })
#define E2(o, x, y) T(.kind = ALG_EXPR, .op = IR_OP_##o, .srcs = { x, y })
#define E3(o, x, y, z) T(.kind = ALG_EXPR, .op = IR_OP_##o, .srcs = { x, y, z })
#define TRUE I(1)
#define FALSE I(0)

/* Shift chains fold only while the total stays below the bit size: a count
 * >= bits has no defined result in SPIR-V, while each step here is defined. */
static bool
shift_sum_in_range(struct ir_instr *const *v)
{
   const struct ir_instr *x = v[2], *y = v[3];
   if (x->type != y->type)
      return false;
   unsigned bits = v[1]->type->bits;
   for (unsigned i = 0; i < x->type->comps; i++) {
      if (x->value[i] >= bits || y->value[i] >= bits || x->value[i] + y->value[i] >= bits)
         return false;
   }
   return true;
}

/* a + -c stays an add of a constant (the reverse of the isub rule below),
 * so that constant chains combine and the two rules never alternate. */
static bool
b_not_const(struct ir_instr *const *v)
{
   return v[2]->op != IR_OP_const;
}

/* Combining two constants needs them in one type (shift counts may differ). */
static bool
same_type(struct ir_instr *const *v)
{
   return v[2]->type == v[3]->type;
}

static const struct alg_rule rules[] = {
   /* integer identities; commutative ops also match with swapped sources */
   { E2(iadd, a, I(0)), a, NULL },
   { E2(isub, a, I(0)), a, NULL },
   { E2(isub, a, a), I(0), NULL },
   { E2(isub, I(0), a), E1(ineg, a), NULL },
   { E2(iadd, a, E1(ineg, b)), E2(isub, a, b), b_not_const },
   { E2(isub, a, E1(ineg, b)), E2(iadd, a, b), NULL },
   { E2(iadd, E2(iadd, a, c1), c2), E2(iadd, a, E2(iadd, c1, c2)), same_type },
   { E2(isub, a, c1), E2(iadd, a, E1(ineg, c1)), NULL },   /* feeds the chain rule */
   { E2(imul, a, I(1)), a, NULL },
   { E2(imul, a, I(0)), I(0), NULL },
   { E2(imul, a, I(-1)), E1(ineg, a), NULL },
   { E2(imul, a, pow2), E2(ishl, a, E1(find_lsb, pow2)), NULL },
   { E2(imul, E2(imul, a, c1), c2), E2(imul, a, E2(imul, c1, c2)), same_type },
   { E2(udiv, a, I(1)), a, NULL },
   { E2(sdiv, a, I(1)), a, NULL },
   { E2(udiv, a, pow2), E2(ushr, a, E1(find_lsb, pow2)), NULL },
   { E2(umod, a, pow2), E2(iand, a, E2(isub, pow2, I_OF(1, 2))), NULL },
   { E1(ineg, E1(ineg, a)), a, NULL },
   { E1(inot, E1(inot, a)), a, NULL },
   { E2(iand, a, a), a, NULL },
   { E2(iand, a, I(0)), I(0), NULL },
   { E2(iand, a, I(-1)), a, NULL },
   { E2(ior, a, a), a, NULL },
   { E2(ior, a, I(0)), a, NULL },
   { E2(ior, a, I(-1)), I(-1), NULL },
   { E2(ixor, a, a), I(0), NULL },
   { E2(ixor, a, I(0)), a, NULL },
   { E2(ixor, a, I(-1)), E1(inot, a), NULL },
   { E2(smin, a, a), a, NULL },
   { E2(smax, a, a), a, NULL },
   { E2(umin, a, a), a, NULL },
   { E2(umax, a, a), a, NULL },
   { E2(umin, a, I(0)), I(0), NULL },
   { E2(umax, a, I(0)), a, NULL },
   { E2(ishl, a, I(0)), a, NULL },
   { E2(ishr, a, I(0)), a, NULL },
   { E2(ushr, a, I(0)), a, NULL },
   { E2(ishl, E2(ishl, a, c1), c2), E2(ishl, a, E2(iadd, c1, c2)), shift_sum_in_range },
   { E2(ushr, E2(ushr, a, c1), c2), E2(ushr, a, E2(iadd, c1, c2)), shift_sum_in_range },
   { E2(ishr, E2(ishr, a, c1), c2), E2(ishr, a, E2(iadd, c1, c2)), shift_sum_in_range },

   /* integer compares of a value with itself or with the range's end */
   { E2(ieq, a, a), TRUE, NULL },
   { E2(ine, a, a), FALSE, NULL },
   { E2(slt, a, a), FALSE, NULL },
   { E2(sge, a, a), TRUE, NULL },
   { E2(ult, a, a), FALSE, NULL },
   { E2(uge, a, a), TRUE, NULL },
   { E2(ult, a, I(0)), FALSE, NULL },
   { E2(uge, a, I(0)), TRUE, NULL },

   /* booleans */
   { E1(bnot, E1(bnot, a)), a, NULL },
   { E2(band, a, a), a, NULL },
   { E2(band, a, TRUE), a, NULL },
   { E2(band, a, FALSE), FALSE, NULL },
   { E2(bor, a, a), a, NULL },
   { E2(bor, a, TRUE), TRUE, NULL },
   { E2(bor, a, FALSE), a, NULL },
   { E2(bxor, a, a), FALSE, NULL },
   { E2(bxor, a, FALSE), a, NULL },
   { E2(bxor, a, TRUE), E1(bnot, a), NULL },
   { E1(bnot, E2(ieq, a, b)), E2(ine, a, b), NULL },
   { E1(bnot, E2(ine, a, b)), E2(ieq, a, b), NULL },
   { E1(bnot, E2(slt, a, b)), E2(sge, a, b), NULL },
   { E1(bnot, E2(sge, a, b)), E2(slt, a, b), NULL },
   { E1(bnot, E2(ult, a, b)), E2(uge, a, b), NULL },
   { E1(bnot, E2(uge, a, b)), E2(ult, a, b), NULL },
   /* feq is ordered and fneu unordered: exact complements even for NaN
    * (flt/fge are not: both are false for NaN) */
   { E1(bnot, E2(feq, a, b)), E2(fneu, a, b), NULL },
   { E1(bnot, E2(fneu, a, b)), E2(feq, a, b), NULL },
   { E3(select, TRUE, a, b), a, NULL },
   { E3(select, FALSE, a, b), b, NULL },
   { E3(select, c, a, a), a, NULL },
   { E1(i2b, E1(b2i, a)), a, NULL },

   /* floats: exact for every input, see the top of the file */
   { E2(fmul, a, F(1.0)), a, NULL },
   { E2(fdiv, a, F(1.0)), a, NULL },
   { E2(fmul, a, F(-1.0)), E1(fneg, a), NULL },
   { E2(fadd, a, F(-0.0)), a, NULL },
   { E2(fsub, a, F(0.0)), a, NULL },
   { E2(fsub, F(-0.0), a), E1(fneg, a), NULL },
   { E1(fneg, E1(fneg, a)), a, NULL },
   { E1(fabs, E1(fneg, a)), E1(fabs, a), NULL },
   { E1(fabs, E1(fabs, a)), E1(fabs, a), NULL },
   { E2(fmin, a, a), a, NULL },
   { E2(fmax, a, a), a, NULL },
   { E3(ffma, a, F(1.0), b), E2(fadd, a, b), NULL },
   { E3(ffma, F(1.0), a, b), E2(fadd, a, b), NULL },
   /* a*b + -0.0 is a*b rounded once, signed zeros included */
   { E3(ffma, a, b, F(-0.0)), E2(fmul, a, b), NULL },
};

#undef T
#undef a
#undef b
#undef c
#undef c1
#undef c2
#undef pow2
#undef I
#undef I_OF
#undef F
#undef E1
#undef E2
#undef E3
#undef TRUE
#undef FALSE

static bool
const_is(const struct ir_instr *i, uint64_t bits)
{
   if (i->op != IR_OP_const)
      return false;
   uint64_t m = i->type->bits >= 64 ? ~0ull : (1ull << i->type->bits) - 1;
   for (unsigned k = 0; k < i->type->comps; k++) {
      if ((i->value[k] & m) != (bits & m))
         return false;
   }
   return true;
}

static bool
is_pow2_splat(const struct ir_instr *i)
{
   if (i->op != IR_OP_const || i->type->kind != IR_TYPE_INT)
      return false;
   uint64_t v = i->value[0];
   return v && !(v & (v - 1)) && const_is(i, v);
}

static bool match(const struct alg_term *t, struct ir_instr *i, struct ir_instr **vars);

static bool
match_var(const struct alg_term *t, struct ir_instr *i, struct ir_instr **vars)
{
   if (vars[t->var])
      return vars[t->var] == i;
   if ((t->cond == ALG_IS_CONST && i->op != IR_OP_const) ||
       (t->cond == ALG_IS_POW2 && !is_pow2_splat(i)))
      return false;
   vars[t->var] = i;
   return true;
}

static bool
match_srcs(const struct alg_term *t, struct ir_instr *i, struct ir_instr **vars,
           const unsigned *order)
{
   for (uint32_t s = 0; s < i->num_srcs; s++) {
      if (!match(t->srcs[order[s]], i->srcs[s], vars))
         return false;
   }
   return true;
}

static bool
match_expr(const struct alg_term *t, struct ir_instr *i, struct ir_instr **vars)
{
   static const unsigned straight[3] = { 0, 1, 2 }, swapped[3] = { 1, 0, 2 };
   if (i->op != t->op)
      return false;
   struct ir_instr *saved[ALG_MAX_VARS];
   memcpy(saved, vars, sizeof(saved));
   if (match_srcs(t, i, vars, straight))
      return true;
   memcpy(vars, saved, sizeof(saved));
   if (!(ir_op_infos[i->op].flags & IR_OP_COMMUT))
      return false;
   if (match_srcs(t, i, vars, swapped))
      return true;
   memcpy(vars, saved, sizeof(saved));
   return false;
}

static bool
match(const struct alg_term *t, struct ir_instr *i, struct ir_instr **vars)
{
   switch (t->kind) {
   case ALG_VAR:
      return match_var(t, i, vars);
   case ALG_INT:
      return i->type->kind != IR_TYPE_FLOAT && const_is(i, (uint64_t)t->k);
   case ALG_FLOAT:
      return i->type->kind == IR_TYPE_FLOAT && const_is(i, ir_float_bits(i->type->bits, t->f));
   case ALG_EXPR:
      return match_expr(t, i, vars);
   }
   return false;
}

static const struct ir_type *
expr_type(struct ir_shader *s, enum ir_op op, struct ir_instr *const *srcs)
{
   if (op == IR_OP_select)
      return srcs[1]->type;
   if (ir_op_infos[op].cls == IR_CLASS_CMP || op == IR_OP_i2b)
      return ir_type_bool(s, srcs[0]->type->comps);
   return srcs[0]->type;
}

static struct ir_instr *
build(struct ir_builder *bld, const struct alg_term *t, struct ir_instr *matched,
      struct ir_instr *const *vars)
{
   const struct ir_type *ty = t->var ? vars[t->var]->type : matched->type;
   switch (t->kind) {
   case ALG_VAR:
      return vars[t->var];
   case ALG_INT:
      return ir_const_splat(bld, ty, (uint64_t)t->k);
   case ALG_FLOAT:
      return ir_imm_float(bld, ty, t->f);
   case ALG_EXPR:
      break;
   }
   unsigned n = (unsigned)ir_op_infos[t->op].num_srcs;
   struct ir_instr *srcs[3];
   for (unsigned s = 0; s < n; s++)
      srcs[s] = build(bld, t->srcs[s], matched, vars);
   return ir_build(bld, t->op, expr_type(bld->shader, t->op, srcs), n, srcs);
}

/* A float operation replaced by its operand would not flush it. */
static bool
drops_flush(const struct alg_rule *rule, const struct ir_instr *i, struct ir_shader *s)
{
   const struct ir_type *st = i->srcs[0]->type;
   return rule->replacement->kind == ALG_VAR && st->kind == IR_TYPE_FLOAT &&
          (ir_float_modes(s, st->bits) & IR_FLOAT_DENORM_FLUSH);
}

static bool
simplify(struct ir_shader *s, struct ir_instr *i)
{
   for (size_t r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
      const struct alg_rule *rule = &rules[r];
      struct ir_instr *vars[ALG_MAX_VARS] = { 0 };
      if (rule->pattern->op != i->op || !match(rule->pattern, i, vars) ||
          (rule->cond && !rule->cond(vars)) || drops_flush(rule, i, s))
         continue;
      struct ir_builder bld;
      ir_builder_before(&bld, i);
      struct ir_instr *with = build(&bld, rule->replacement, i, vars);
      ir_replace_uses(s->entry, i, with);
      ir_instr_remove(i);
      return true;
   }
   return false;
}

bool
ir_pass_algebraic(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(blk, s->entry) {
      ir_foreach_instr_safe(i, blk) {
         if (ir_type_is_value(i->type))
            progress |= simplify(s, i);
      }
   }
   return progress;
}
