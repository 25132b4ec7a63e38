/* GLSL.std.450 extended instructions: one IR op where one exists, short
 * expansions (following the formulas of the GLSL.std.450 specification)
 * otherwise.  Builder calls are sequenced one per statement: C leaves the
 * order of argument evaluation open, and the printed IR must not depend on
 * the compiler. */
#include <spirv/unified1/GLSL.std.450.h>

#include "spirv_private.h"
#include "spirv_tables.h"

static const struct { uint16_t inst; uint8_t op; } direct[] = {
   { GLSLstd450Round, IR_OP_fround_even }, /* halfway direction is implementation's */
   { GLSLstd450RoundEven, IR_OP_fround_even }, { GLSLstd450Trunc, IR_OP_ftrunc },
   { GLSLstd450FAbs, IR_OP_fabs }, { GLSLstd450SAbs, IR_OP_iabs },
   { GLSLstd450FSign, IR_OP_fsign }, { GLSLstd450SSign, IR_OP_isign },
   { GLSLstd450Floor, IR_OP_ffloor }, { GLSLstd450Ceil, IR_OP_fceil },
   { GLSLstd450Fract, IR_OP_ffract }, { GLSLstd450Sqrt, IR_OP_fsqrt },
   { GLSLstd450InverseSqrt, IR_OP_frsq }, { GLSLstd450Exp2, IR_OP_fexp2 },
   { GLSLstd450Log2, IR_OP_flog2 }, { GLSLstd450Sin, IR_OP_fsin },
   { GLSLstd450Cos, IR_OP_fcos }, { GLSLstd450Tan, IR_OP_ftan },
   { GLSLstd450Asin, IR_OP_fasin }, { GLSLstd450Acos, IR_OP_facos },
   { GLSLstd450Atan, IR_OP_fatan }, { GLSLstd450Atan2, IR_OP_fatan2 },
   { GLSLstd450Pow, IR_OP_fpow },
   { GLSLstd450FMin, IR_OP_fmin }, { GLSLstd450NMin, IR_OP_fmin },
   { GLSLstd450FMax, IR_OP_fmax }, { GLSLstd450NMax, IR_OP_fmax },
   { GLSLstd450UMin, IR_OP_umin }, { GLSLstd450SMin, IR_OP_smin },
   { GLSLstd450UMax, IR_OP_umax }, { GLSLstd450SMax, IR_OP_smax },
   { GLSLstd450Fma, IR_OP_ffma }, { GLSLstd450FindILsb, IR_OP_find_lsb },
   { GLSLstd450FindSMsb, IR_OP_sfind_msb }, { GLSLstd450FindUMsb, IR_OP_ufind_msb },
   { GLSLstd450Ldexp, IR_OP_fldexp },
};

static struct ir_instr *
fconst(struct spirv_ctx *c, struct ir_instr *like, double v)
{
   return ir_imm_float(&c->b, like->type, v);
}

static struct ir_instr *
clamp(struct spirv_ctx *c, enum ir_op mx, enum ir_op mn, struct ir_instr **a)
{
   struct ir_instr *lo = ir_op2(&c->b, mx, a[0], a[1]);
   return ir_op2(&c->b, mn, lo, a[2]);
}

static struct ir_instr *
dot(struct spirv_ctx *c, struct ir_instr *a, struct ir_instr *b)
{
   struct ir_builder *bl = &c->b;
   struct ir_instr *sum = NULL;
   for (unsigned i = 0; i < a->type->comps; i++) {
      struct ir_instr *x = ir_extract(bl, a, i), *y = ir_extract(bl, b, i);
      struct ir_instr *p = ir_op2(bl, IR_OP_fmul, x, y);
      sum = sum ? ir_op2(bl, IR_OP_fadd, sum, p) : p;
   }
   return sum;
}

static struct ir_instr *
splat(struct spirv_ctx *c, struct ir_instr *s, unsigned n)
{
   struct ir_instr *comps[IR_MAX_COMPS];
   if (s->type->comps == n)
      return s;
   for (unsigned i = 0; i < n; i++)
      comps[i] = s;
   return ir_vec(&c->b, n, comps);
}

static struct ir_instr *
expand(struct spirv_ctx *c, uint32_t inst, struct ir_instr **a, uint32_t n)
{
   struct ir_builder *b = &c->b;
   switch (inst) {
   case GLSLstd450Exp: {   /* e^x = 2^(x * log2(e)) */
      struct ir_instr *k = fconst(c, a[0], 1.4426950408889634);
      return ir_op1(b, IR_OP_fexp2, ir_op2(b, IR_OP_fmul, a[0], k));
   }
   case GLSLstd450Log: {
      struct ir_instr *l = ir_op1(b, IR_OP_flog2, a[0]);
      return ir_op2(b, IR_OP_fmul, l, fconst(c, a[0], 0.6931471805599453));
   }
   case GLSLstd450FClamp:
   case GLSLstd450NClamp:
      return clamp(c, IR_OP_fmax, IR_OP_fmin, a);
   case GLSLstd450UClamp: return clamp(c, IR_OP_umax, IR_OP_umin, a);
   case GLSLstd450SClamp: return clamp(c, IR_OP_smax, IR_OP_smin, a);
   case GLSLstd450FMix: {   /* x * (1 - a) + y * a */
      struct ir_instr *one = fconst(c, a[2], 1.0);
      struct ir_instr *one_minus = ir_op2(b, IR_OP_fsub, one, a[2]);
      struct ir_instr *xa = ir_op2(b, IR_OP_fmul, a[0], one_minus);
      struct ir_instr *ya = ir_op2(b, IR_OP_fmul, a[1], a[2]);
      return ir_op2(b, IR_OP_fadd, xa, ya);
   }
   case GLSLstd450Step: {   /* x < edge ? 0 : 1 */
      struct ir_instr *lt = ir_op2(b, IR_OP_flt, a[1], a[0]);
      struct ir_instr *zero = fconst(c, a[1], 0.0), *one = fconst(c, a[1], 1.0);
      return ir_select(b, lt, zero, one);
   }
   case GLSLstd450SmoothStep: {   /* t = clamp((x - e0) / (e1 - e0), 0, 1); t*t*(3 - 2t) */
      struct ir_instr *num = ir_op2(b, IR_OP_fsub, a[2], a[0]);
      struct ir_instr *den = ir_op2(b, IR_OP_fsub, a[1], a[0]);
      struct ir_instr *t = ir_op2(b, IR_OP_fdiv, num, den);
      t = ir_op2(b, IR_OP_fmax, t, fconst(c, t, 0.0));
      t = ir_op2(b, IR_OP_fmin, t, fconst(c, t, 1.0));
      struct ir_instr *two_t = ir_op2(b, IR_OP_fmul, fconst(c, t, 2.0), t);
      struct ir_instr *k = ir_op2(b, IR_OP_fsub, fconst(c, t, 3.0), two_t);
      return ir_op2(b, IR_OP_fmul, ir_op2(b, IR_OP_fmul, t, t), k);
   }
   case GLSLstd450Length:
      return ir_op1(b, IR_OP_fsqrt, dot(c, a[0], a[0]));
   case GLSLstd450Distance: {
      struct ir_instr *d = ir_op2(b, IR_OP_fsub, a[0], a[1]);
      return ir_op1(b, IR_OP_fsqrt, dot(c, d, d));
   }
   case GLSLstd450Normalize: {
      struct ir_instr *r = ir_op1(b, IR_OP_frsq, dot(c, a[0], a[0]));
      return ir_op2(b, IR_OP_fmul, a[0], splat(c, r, a[0]->type->comps));
   }
   case GLSLstd450Cross: {
      struct ir_instr *x[3], *y[3], *r[3];
      for (int i = 0; i < 3; i++) {
         x[i] = ir_extract(b, a[0], i);
         y[i] = ir_extract(b, a[1], i);
      }
      for (int i = 0; i < 3; i++) {
         int j = (i + 1) % 3, k = (i + 2) % 3;
         struct ir_instr *p = ir_op2(b, IR_OP_fmul, x[j], y[k]);
         struct ir_instr *q = ir_op2(b, IR_OP_fmul, y[j], x[k]);
         r[i] = ir_op2(b, IR_OP_fsub, p, q);
      }
      return ir_vec(b, 3, r);
   }
   case GLSLstd450PackDouble2x32:
   case GLSLstd450UnpackDouble2x32:
      return NULL;   /* bitcasts, handled by the caller who knows the result type */
   case GLSLstd450Radians:
      return ir_op2(b, IR_OP_fmul, a[0], fconst(c, a[0], 0.017453292519943295));
   case GLSLstd450Degrees:
      return ir_op2(b, IR_OP_fmul, a[0], fconst(c, a[0], 57.29577951308232));
   case GLSLstd450Reflect: {   /* I - 2 dot(N, I) N */
      struct ir_instr *d = dot(c, a[1], a[0]);
      d = ir_op2(b, IR_OP_fmul, fconst(c, d, 2.0), d);
      struct ir_instr *dn = ir_op2(b, IR_OP_fmul, splat(c, d, a[0]->type->comps), a[1]);
      return ir_op2(b, IR_OP_fsub, a[0], dn);
   }
   default:
      return NULL;
   }
   (void)n;
}

void
spirv_glsl_instr(struct spirv_ctx *c, struct stype *rt, uint32_t result, uint32_t inst,
                 const uint32_t *args, uint32_t nargs)
{
   struct ir_instr *a[4];
   if (nargs > 4)
      spirv_fail(c, "too many operands for GLSL.std.450 %s", spirv_glsl_name(inst));
   for (uint32_t i = 0; i < nargs; i++)
      a[i] = spirv_ssa_leaf(c, args[i]);
   const struct ir_type *t = spirv_value_type(c, rt);
   struct ir_instr *r = NULL;
   for (unsigned i = 0; i < sizeof(direct) / sizeof(direct[0]) && !r; i++) {
      if (direct[i].inst != inst)
         continue;
      int ns = ir_op_infos[direct[i].op].num_srcs;
      if ((uint32_t)ns != nargs)
         spirv_fail(c, "GLSL.std.450 %s takes %d operands", spirv_glsl_name(inst), ns);
      r = ir_build(&c->b, direct[i].op, t, nargs, a);
   }
   if (!r && nargs == 1 &&
       (inst == GLSLstd450PackDouble2x32 || inst == GLSLstd450UnpackDouble2x32))
      r = ir_alu1(&c->b, IR_OP_bitcast, t, a[0]);
   if (!r && nargs >= 1)
      r = expand(c, inst, a, nargs);
   if (!r)
      spirv_fail(c, "unsupported GLSL.std.450 instruction %s", spirv_glsl_name(inst));
   if (r->type != t)
      spirv_fail(c, "GLSL.std.450 %s: result type mismatch", spirv_glsl_name(inst));
   spirv_set_value(c, result, rt, spirv_new_leaf(c, rt, r));
}
