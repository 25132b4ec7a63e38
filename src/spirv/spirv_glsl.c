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

/* log(x) = log2(x) * ln(2) */
static struct ir_instr *
natural_log(struct spirv_ctx *c, struct ir_instr *x)
{
   struct ir_instr *l = ir_op1(&c->b, IR_OP_flog2, x);
   return ir_op2(&c->b, IR_OP_fmul, l, fconst(c, x, 0.6931471805599453));
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

/* pack/unpack{Unorm,Snorm}{4x8,2x16} (GLSL.std.450 §Pack*): fixed-point
 * components of `bits` bits in one 32-bit word, component 0 lowest. */
static const struct { uint16_t pack, unpack; uint8_t bits; bool snorm; } norm_packs[] = {
   { GLSLstd450PackUnorm4x8, GLSLstd450UnpackUnorm4x8, 8, false },
   { GLSLstd450PackSnorm4x8, GLSLstd450UnpackSnorm4x8, 8, true },
   { GLSLstd450PackUnorm2x16, GLSLstd450UnpackUnorm2x16, 16, false },
   { GLSLstd450PackSnorm2x16, GLSLstd450UnpackSnorm2x16, 16, true },
};

/* pack: round(clamp(c, lo, 1) * max) per component, or'ed into place */
static struct ir_instr *
pack_norm(struct spirv_ctx *c, struct ir_instr *v, unsigned bits, bool snorm)
{
   struct ir_builder *b = &c->b;
   const struct ir_type *u32 = ir_type_int(c->s, 32, 1);
   double max = snorm ? (1u << (bits - 1)) - 1 : (1u << bits) - 1;
   struct ir_instr *r = NULL;
   for (unsigned i = 0; i < 32 / bits; i++) {
      struct ir_instr *x = ir_extract(b, v, i);
      struct ir_instr *lo = ir_op2(b, IR_OP_fmax, x, fconst(c, x, snorm ? -1.0 : 0.0));
      struct ir_instr *cl = ir_op2(b, IR_OP_fmin, lo, fconst(c, x, 1.0));
      struct ir_instr *sc = ir_op1(b, IR_OP_fround_even, ir_op2(b, IR_OP_fmul, cl, fconst(c, x, max)));
      struct ir_instr *q = ir_alu1(b, snorm ? IR_OP_f2s : IR_OP_f2u, u32, sc);
      struct ir_instr *m = ir_op2(b, IR_OP_iand, q, ir_imm_u32(b, (1u << bits) - 1));
      struct ir_instr *p = ir_op2(b, IR_OP_ishl, m, ir_imm_u32(b, i * bits));
      r = r ? ir_op2(b, IR_OP_ior, r, p) : p;
   }
   return r;
}

/* unpack: c / max, snorm clamped to -1 after sign extension */
static struct ir_instr *
unpack_norm(struct spirv_ctx *c, struct ir_instr *w, unsigned bits, bool snorm)
{
   struct ir_builder *b = &c->b;
   const struct ir_type *f32 = ir_type_float(c->s, 32, 1);
   double max = snorm ? (1u << (bits - 1)) - 1 : (1u << bits) - 1;
   struct ir_instr *comps[4];
   unsigned n = 32 / bits;
   for (unsigned i = 0; i < n; i++) {
      struct ir_instr *up = ir_op2(b, IR_OP_ishl, w, ir_imm_u32(b, 32 - bits - i * bits));
      struct ir_instr *x = ir_op2(b, snorm ? IR_OP_ishr : IR_OP_ushr, up, ir_imm_u32(b, 32 - bits));
      struct ir_instr *f = ir_alu1(b, snorm ? IR_OP_s2f : IR_OP_u2f, f32, x);
      comps[i] = ir_op2(b, IR_OP_fdiv, f, ir_imm_float(b, f32, max));
      if (snorm)
         comps[i] = ir_op2(b, IR_OP_fmax, comps[i], ir_imm_float(b, f32, -1.0));
   }
   return ir_vec(b, n, comps);
}

/* packHalf2x16 / unpackHalf2x16: f16 bits in the low and high halves */
static struct ir_instr *
half2x16(struct spirv_ctx *c, struct ir_instr *v, bool pack)
{
   struct ir_builder *b = &c->b;
   const struct ir_type *u32 = ir_type_int(c->s, 32, 1), *u16 = ir_type_int(c->s, 16, 1);
   const struct ir_type *f16 = ir_type_float(c->s, 16, 1), *f32 = ir_type_float(c->s, 32, 1);
   struct ir_instr *comps[2];
   for (unsigned i = 0; i < 2; i++) {
      if (pack) {
         struct ir_instr *h = ir_alu1(b, IR_OP_f2f, f16, ir_extract(b, v, i));
         struct ir_instr *x = ir_alu1(b, IR_OP_u2u, u32, ir_alu1(b, IR_OP_bitcast, u16, h));
         comps[i] = ir_op2(b, IR_OP_ishl, x, ir_imm_u32(b, 16 * i));
      } else {
         struct ir_instr *x = ir_op2(b, IR_OP_ushr, v, ir_imm_u32(b, 16 * i));
         struct ir_instr *h = ir_alu1(b, IR_OP_bitcast, f16, ir_alu1(b, IR_OP_u2u, u16, x));
         comps[i] = ir_alu1(b, IR_OP_f2f, f32, h);
      }
   }
   return pack ? ir_op2(b, IR_OP_ior, comps[0], comps[1]) : ir_vec(b, 2, comps);
}

static struct ir_instr *
pack_unpack(struct spirv_ctx *c, uint32_t inst, struct ir_instr *v)
{
   bool fv = v->type->kind == IR_TYPE_FLOAT && v->type->bits == 32;
   bool word = v->type == ir_type_int(c->s, 32, 1);
   if (inst == GLSLstd450PackHalf2x16 || inst == GLSLstd450UnpackHalf2x16) {
      bool pack = inst == GLSLstd450PackHalf2x16;
      if (pack ? !fv || v->type->comps != 2 : !word)
         spirv_fail(c, "GLSL.std.450 %s operand type", spirv_glsl_name(inst));
      return half2x16(c, v, pack);
   }
   for (unsigned i = 0; i < sizeof(norm_packs) / sizeof(norm_packs[0]); i++) {
      bool pack = norm_packs[i].pack == inst;
      if (!pack && norm_packs[i].unpack != inst)
         continue;
      if (pack ? !fv || v->type->comps != 32u / norm_packs[i].bits : !word)
         spirv_fail(c, "GLSL.std.450 %s operand type", spirv_glsl_name(inst));
      return pack ? pack_norm(c, v, norm_packs[i].bits, norm_packs[i].snorm)
                  : unpack_norm(c, v, norm_packs[i].bits, norm_packs[i].snorm);
   }
   return NULL;
}

/* Operands of the instructions expand() builds, 0 for the others: the
 * expansions read a[0..n-1] without looking at the count, so a module that
 * gives fewer must be rejected before them. */
static uint32_t
expanded_operands(uint32_t inst)
{
   switch (inst) {
   case GLSLstd450FClamp: case GLSLstd450NClamp: case GLSLstd450UClamp:
   case GLSLstd450SClamp: case GLSLstd450FMix: case GLSLstd450SmoothStep:
   case GLSLstd450FaceForward: case GLSLstd450Refract:
      return 3;
   case GLSLstd450Step: case GLSLstd450Distance: case GLSLstd450Cross:
   case GLSLstd450Reflect:
      return 2;
   case GLSLstd450Exp: case GLSLstd450Log: case GLSLstd450Length:
   case GLSLstd450Normalize: case GLSLstd450Radians: case GLSLstd450Degrees:
   case GLSLstd450Sinh: case GLSLstd450Cosh: case GLSLstd450Tanh:
   case GLSLstd450Asinh: case GLSLstd450Acosh: case GLSLstd450Atanh:
   case GLSLstd450PackUnorm4x8: case GLSLstd450PackSnorm4x8: case GLSLstd450PackUnorm2x16:
   case GLSLstd450PackSnorm2x16: case GLSLstd450UnpackUnorm4x8: case GLSLstd450UnpackSnorm4x8:
   case GLSLstd450UnpackUnorm2x16: case GLSLstd450UnpackSnorm2x16:
   case GLSLstd450PackHalf2x16: case GLSLstd450UnpackHalf2x16:
   case GLSLstd450PackDouble2x32: case GLSLstd450UnpackDouble2x32:   /* bitcasts: the caller */
      return 1;
   default:
      return 0;
   }
}

static struct ir_instr *
expand(struct spirv_ctx *c, uint32_t inst, struct ir_instr **a, uint32_t n)
{
   struct ir_builder *b = &c->b;
   uint32_t want = expanded_operands(inst);
   if (want && n != want)
      spirv_fail(c, "GLSL.std.450 %s takes %u operands", spirv_glsl_name(inst), want);
   switch (inst) {
   case GLSLstd450Exp: {   /* e^x = 2^(x * log2(e)) */
      struct ir_instr *k = fconst(c, a[0], 1.4426950408889634);
      return ir_op1(b, IR_OP_fexp2, ir_op2(b, IR_OP_fmul, a[0], k));
   }
   case GLSLstd450Log:
      return natural_log(c, a[0]);
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
   case GLSLstd450PackUnorm4x8: case GLSLstd450PackSnorm4x8: case GLSLstd450PackUnorm2x16:
   case GLSLstd450PackSnorm2x16: case GLSLstd450UnpackUnorm4x8: case GLSLstd450UnpackSnorm4x8:
   case GLSLstd450UnpackUnorm2x16: case GLSLstd450UnpackSnorm2x16:
   case GLSLstd450PackHalf2x16: case GLSLstd450UnpackHalf2x16:
      return pack_unpack(c, inst, a[0]);
   case GLSLstd450Radians:
      return ir_op2(b, IR_OP_fmul, a[0], fconst(c, a[0], 0.017453292519943295));
   case GLSLstd450Degrees:
      return ir_op2(b, IR_OP_fmul, a[0], fconst(c, a[0], 57.29577951308232));
   case GLSLstd450FaceForward: {   /* dot(Nref, I) < 0 ? N : -N */
      struct ir_instr *d = dot(c, a[2], a[1]);
      struct ir_instr *neg = ir_op1(b, IR_OP_fneg, a[0]);
      return ir_select(b, ir_op2(b, IR_OP_flt, d, fconst(c, d, 0.0)), a[0], neg);
   }
   case GLSLstd450Refract: {
      /* k = 1 - eta^2 (1 - dot(N, I)^2); k < 0 ? 0 : eta I - (eta dot(N, I) + sqrt(k)) N */
      unsigned nc = a[0]->type->comps;
      struct ir_instr *d = dot(c, a[1], a[0]);
      struct ir_instr *eta = a[2]->type->bits == d->type->bits ? a[2]
                           : ir_alu1(b, IR_OP_f2f, d->type, a[2]);
      struct ir_instr *one = fconst(c, d, 1.0);
      struct ir_instr *dd = ir_op2(b, IR_OP_fmul, d, d);
      struct ir_instr *e2 = ir_op2(b, IR_OP_fmul, eta, eta);
      struct ir_instr *k = ir_op2(b, IR_OP_fsub, one, ir_op2(b, IR_OP_fmul, e2,
                                                             ir_op2(b, IR_OP_fsub, one, dd)));
      struct ir_instr *ed = ir_op2(b, IR_OP_fmul, eta, d);
      struct ir_instr *s = ir_op2(b, IR_OP_fadd, ed, ir_op1(b, IR_OP_fsqrt, k));
      struct ir_instr *ei = ir_op2(b, IR_OP_fmul, splat(c, eta, nc), a[0]);
      struct ir_instr *r = ir_op2(b, IR_OP_fsub, ei, ir_op2(b, IR_OP_fmul, splat(c, s, nc), a[1]));
      struct ir_instr *zero = fconst(c, a[0], 0.0);
      return ir_select(b, ir_op2(b, IR_OP_flt, k, fconst(c, k, 0.0)), zero, r);
   }
   case GLSLstd450Sinh:
   case GLSLstd450Cosh:
   case GLSLstd450Tanh: {   /* from e^x and e^-x, as the GLSL definitions */
      struct ir_instr *k = fconst(c, a[0], 1.4426950408889634);
      struct ir_instr *ep = ir_op1(b, IR_OP_fexp2, ir_op2(b, IR_OP_fmul, a[0], k));
      struct ir_instr *en = ir_op1(b, IR_OP_fexp2, ir_op2(b, IR_OP_fmul, ir_op1(b, IR_OP_fneg, a[0]), k));
      struct ir_instr *num = ir_op2(b, inst == GLSLstd450Cosh ? IR_OP_fadd : IR_OP_fsub, ep, en);
      if (inst == GLSLstd450Tanh)
         return ir_op2(b, IR_OP_fdiv, num, ir_op2(b, IR_OP_fadd, ep, en));
      return ir_op2(b, IR_OP_fmul, num, fconst(c, a[0], 0.5));
   }
   case GLSLstd450Asinh: {   /* sign(x) log(|x| + sqrt(x^2 + 1)): odd, no cancellation for x < 0 */
      struct ir_instr *ax = ir_op1(b, IR_OP_fabs, a[0]);
      struct ir_instr *x2 = ir_op2(b, IR_OP_fmul, ax, ax);
      struct ir_instr *r = ir_op1(b, IR_OP_fsqrt, ir_op2(b, IR_OP_fadd, x2, fconst(c, ax, 1.0)));
      struct ir_instr *l = natural_log(c, ir_op2(b, IR_OP_fadd, ax, r));
      return ir_op2(b, IR_OP_fmul, ir_op1(b, IR_OP_fsign, a[0]), l);
   }
   case GLSLstd450Acosh: {   /* log(x + sqrt(x^2 - 1)); undefined for x < 1 */
      struct ir_instr *x2 = ir_op2(b, IR_OP_fmul, a[0], a[0]);
      struct ir_instr *r = ir_op1(b, IR_OP_fsqrt, ir_op2(b, IR_OP_fsub, x2, fconst(c, x2, 1.0)));
      return natural_log(c, ir_op2(b, IR_OP_fadd, a[0], r));
   }
   case GLSLstd450Atanh: {   /* 0.5 log((1 + x) / (1 - x)); undefined for |x| >= 1 */
      struct ir_instr *one = fconst(c, a[0], 1.0);
      struct ir_instr *num = ir_op2(b, IR_OP_fadd, one, a[0]);
      struct ir_instr *q = ir_op2(b, IR_OP_fdiv, num, ir_op2(b, IR_OP_fsub, one, a[0]));
      return ir_op2(b, IR_OP_fmul, natural_log(c, q), fconst(c, q, 0.5));
   }
   case GLSLstd450Reflect: {   /* I - 2 dot(N, I) N */
      struct ir_instr *d = dot(c, a[1], a[0]);
      d = ir_op2(b, IR_OP_fmul, fconst(c, d, 2.0), d);
      struct ir_instr *dn = ir_op2(b, IR_OP_fmul, splat(c, d, a[0]->type->comps), a[1]);
      return ir_op2(b, IR_OP_fsub, a[0], dn);
   }
   default:
      return NULL;
   }
}

/* Cofactor expansion along the first of `rows` of the minor of m (column
 * major, m[col][row]) formed by `cols` and `rows`. */
static struct ir_instr *
minor_det(struct spirv_ctx *c, struct ir_instr *m[4][4], const unsigned *cols,
          const unsigned *rows, unsigned n)
{
   if (n == 1)
      return m[cols[0]][rows[0]];
   struct ir_instr *sum = NULL;
   for (unsigned j = 0; j < n; j++) {
      unsigned sub[3], k = 0;
      for (unsigned i = 0; i < n; i++)
         if (i != j)
            sub[k++] = cols[i];
      struct ir_instr *d = minor_det(c, m, sub, rows + 1, n - 1);
      struct ir_instr *t = ir_op2(&c->b, IR_OP_fmul, m[cols[j]][rows[0]], d);
      sum = !sum ? t : ir_op2(&c->b, (j & 1) ? IR_OP_fsub : IR_OP_fadd, sum, t);
   }
   return sum;
}

/* The entries of a square float matrix operand as scalars; returns its size. */
static unsigned
matrix_scalars(struct spirv_ctx *c, uint32_t id, struct ir_instr *m[4][4], struct stype **type)
{
   struct sval *v = spirv_ssa(c, id);
   *type = v->type;
   if (v->type->kind != ST_MATRIX || v->type->len != v->type->elem->len ||
       v->type->len < 2 || v->type->len > 4 || v->type->elem->elem->kind != ST_FLOAT)
      spirv_fail(c, "GLSL.std.450 matrix operand is not a square float matrix");
   unsigned n = v->type->len;
   for (unsigned col = 0; col < n; col++)
      for (unsigned row = 0; row < n; row++)
         m[col][row] = ir_extract(&c->b, v->elems[col]->def, row);
   return n;
}

/* Minor of m without row `skip_row` and column `skip_col`. */
static struct ir_instr *
cofactor_minor(struct spirv_ctx *c, struct ir_instr *m[4][4], unsigned n, unsigned skip_col,
               unsigned skip_row)
{
   unsigned cols[3], rows[3], nc = 0, nr = 0;
   for (unsigned i = 0; i < n; i++) {
      if (i != skip_col)
         cols[nc++] = i;
      if (i != skip_row)
         rows[nr++] = i;
   }
   return minor_det(c, m, cols, rows, n - 1);
}

/* inverse = adjugate / determinant: entry (row r, column col) is the
 * cofactor of (row col, column r).  GLSL leaves singular matrices undefined. */
static struct sval *
inverse(struct spirv_ctx *c, struct ir_instr *m[4][4], unsigned n, struct ir_instr *det,
        struct stype *rt)
{
   struct sval *r = spirv_new_tree(c, rt);
   for (unsigned col = 0; col < n; col++) {
      struct ir_instr *comps[4];
      for (unsigned row = 0; row < n; row++) {
         struct ir_instr *cof = cofactor_minor(c, m, n, row, col);
         if ((row + col) & 1)
            cof = ir_op1(&c->b, IR_OP_fneg, cof);
         comps[row] = ir_op2(&c->b, IR_OP_fdiv, cof, det);
      }
      r->elems[col] = spirv_new_leaf(c, rt->elem, ir_vec(&c->b, n, comps));
   }
   return r;
}

/* Determinant (cofactor expansion) and MatrixInverse. */
static void
matrix_func(struct spirv_ctx *c, uint32_t inst, struct stype *rt, uint32_t result, uint32_t id)
{
   static const unsigned idx[4] = { 0, 1, 2, 3 };
   struct ir_instr *m[4][4];
   struct stype *mt;
   unsigned n = matrix_scalars(c, id, m, &mt);
   struct ir_instr *det = minor_det(c, m, idx, idx, n);
   bool inv = inst == GLSLstd450MatrixInverse;
   if (inv ? rt != mt : spirv_value_type(c, rt) != det->type)
      spirv_fail(c, "GLSL.std.450 %s: result type mismatch", spirv_glsl_name(inst));
   spirv_set_value(c, result, rt, inv ? inverse(c, m, n, det, rt) : spirv_new_leaf(c, rt, det));
}

/* frexp by the bits: significand in [0.5, 1) with the exponent field set to
 * bias - 1.  Denormals are scaled by 2^(mantissa bits + 1) first, which
 * makes them normal exactly.  Zero gives (x, 0); for inf and NaN the spec
 * leaves the exponent undefined (0 here) and the significand is x. */
static void
frexp_parts(struct spirv_ctx *c, struct ir_instr *x, struct ir_instr **sig, struct ir_instr **exp)
{
   struct ir_builder *b = &c->b;
   const struct ir_type *ft = x->type;
   if (ft->kind != IR_TYPE_FLOAT)
      spirv_fail(c, "GLSL.std.450 Frexp operand is not a float");
   unsigned mant = ft->bits == 16 ? 10 : ft->bits == 32 ? 23 : 52;
   unsigned ebits = ft->bits - 1 - mant;
   uint64_t emax = (1ull << ebits) - 1, bias = emax >> 1;
   const struct ir_type *ut = ir_type_int(c->s, ft->bits, ft->comps);
   const struct ir_type *it = ir_type_int(c->s, 32, ft->comps);
   struct ir_instr *bits = ir_alu1(b, IR_OP_bitcast, ut, x);
   struct ir_instr *efield = ir_op2(b, IR_OP_iand, bits, ir_const_splat(b, ut, emax << mant));
   struct ir_instr *den = ir_op2(b, IR_OP_ieq, efield, ir_const_splat(b, ut, 0));
   struct ir_instr *scale = ir_imm_float(b, ft, (double)(1ull << (mant + 1)));
   struct ir_instr *xs = ir_select(b, den, ir_op2(b, IR_OP_fmul, x, scale), x);
   struct ir_instr *zero_i = ir_const_splat(b, it, 0);
   struct ir_instr *adj = ir_select(b, den, ir_const_splat(b, it, mant + 1), zero_i);
   struct ir_instr *bs = ir_alu1(b, IR_OP_bitcast, ut, xs);
   struct ir_instr *e = ir_op2(b, IR_OP_ushr, bs, ir_const_splat(b, ut, mant));
   e = ir_op2(b, IR_OP_iand, e, ir_const_splat(b, ut, emax));
   if (ft->bits != 32)
      e = ir_alu1(b, IR_OP_u2u, it, e);
   e = ir_op2(b, IR_OP_isub, e, ir_const_splat(b, it, bias - 1));
   e = ir_op2(b, IR_OP_isub, e, adj);
   uint64_t keep_bits = ~(emax << mant) & (~0ull >> (64 - ft->bits));
   struct ir_instr *sb = ir_op2(b, IR_OP_iand, bs, ir_const_splat(b, ut, keep_bits));
   sb = ir_op2(b, IR_OP_ior, sb, ir_const_splat(b, ut, (bias - 1) << mant));
   struct ir_instr *zero = ir_op2(b, IR_OP_feq, x, ir_imm_float(b, ft, 0.0));
   struct ir_instr *inf_nan = ir_op2(b, IR_OP_ieq, efield, ir_const_splat(b, ut, emax << mant));
   struct ir_instr *keep = ir_op2(b, IR_OP_bor, zero, inf_nan);
   *sig = ir_select(b, keep, x, ir_alu1(b, IR_OP_bitcast, ft, sb));
   *exp = ir_select(b, keep, zero_i, e);
}

/* modf: whole = trunc(x) (which keeps the sign), fraction = x - trunc(x),
 * exact, given x's sign as GLSL.std.450 requires of both parts: the
 * subtraction alone gives +0 for negative integers. */
static void
modf_parts(struct spirv_ctx *c, struct ir_instr *x, struct ir_instr **frac, struct ir_instr **whole)
{
   struct ir_builder *b = &c->b;
   if (x->type->kind != IR_TYPE_FLOAT)
      spirv_fail(c, "GLSL.std.450 Modf operand is not a float");
   const struct ir_type *ut = ir_type_int(c->s, x->type->bits, x->type->comps);
   uint64_t sign = 1ull << (x->type->bits - 1);
   *whole = ir_op1(b, IR_OP_ftrunc, x);
   struct ir_instr *f = ir_alu1(b, IR_OP_bitcast, ut, ir_op2(b, IR_OP_fsub, x, *whole));
   f = ir_op2(b, IR_OP_iand, f, ir_const_splat(b, ut, sign - 1));
   struct ir_instr *xs = ir_alu1(b, IR_OP_bitcast, ut, x);
   xs = ir_op2(b, IR_OP_iand, xs, ir_const_splat(b, ut, sign));
   *frac = ir_alu1(b, IR_OP_bitcast, x->type, ir_op2(b, IR_OP_ior, f, xs));
}

/* Modf/Frexp store their second part through a pointer operand; the
 * *Struct forms return both parts as a two-member struct. */
static void
two_parts(struct spirv_ctx *c, struct stype *rt, uint32_t result, uint32_t inst,
          const uint32_t *args, uint32_t nargs)
{
   bool is_struct = inst == GLSLstd450ModfStruct || inst == GLSLstd450FrexpStruct;
   if (nargs != (is_struct ? 1u : 2u))
      spirv_fail(c, "GLSL.std.450 %s: wrong operand count", spirv_glsl_name(inst));
   struct ir_instr *x = spirv_ssa_leaf(c, args[0]), *p0, *p1;
   if (inst == GLSLstd450Modf || inst == GLSLstd450ModfStruct)
      modf_parts(c, x, &p0, &p1);
   else
      frexp_parts(c, x, &p0, &p1);
   if (is_struct) {
      if (rt->kind != ST_STRUCT || rt->num_members != 2 ||
          spirv_value_type(c, rt->members[0]) != p0->type ||
          spirv_value_type(c, rt->members[1]) != p1->type)
         spirv_fail(c, "GLSL.std.450 %s: result type mismatch", spirv_glsl_name(inst));
      struct sval *r = spirv_new_tree(c, rt);
      r->elems[0] = spirv_new_leaf(c, rt->members[0], p0);
      r->elems[1] = spirv_new_leaf(c, rt->members[1], p1);
      spirv_set_value(c, result, rt, r);
      return;
   }
   struct sval *ptr = spirv_pointer(c, args[1]);
   if (ptr->def->type->pointee != p1->type || spirv_value_type(c, rt) != p0->type)
      spirv_fail(c, "GLSL.std.450 %s: operand or result type mismatch", spirv_glsl_name(inst));
   ir_store(&c->b, ptr->def, p1);
   spirv_set_value(c, result, rt, spirv_new_leaf(c, rt, p0));
}

/* InterpolateAt* (GLSL.std.450, fragment only): the interpolant operand is
 * a pointer to a float input variable, not its value. */
static void
interpolate_at(struct spirv_ctx *c, struct stype *rt, uint32_t result, uint32_t inst,
               const uint32_t *args, uint32_t nargs)
{
   static const struct { uint16_t inst; uint8_t op; uint8_t nargs; } forms[] = {
      { GLSLstd450InterpolateAtCentroid, IR_OP_interp_centroid, 1 },
      { GLSLstd450InterpolateAtSample, IR_OP_interp_sample, 2 },
      { GLSLstd450InterpolateAtOffset, IR_OP_interp_offset, 2 },
   };
   unsigned f = 0;
   while (forms[f].inst != inst)
      f++;
   if (c->s->stage != IR_STAGE_FRAGMENT)
      spirv_fail(c, "GLSL.std.450 %s outside a fragment shader", spirv_glsl_name(inst));
   if (nargs != forms[f].nargs)
      spirv_fail(c, "GLSL.std.450 %s takes %u operands", spirv_glsl_name(inst), forms[f].nargs);
   struct sval *ptr = spirv_pointer(c, args[0]);
   const struct ir_type *t = spirv_value_type(c, rt);
   const struct ir_type *pt = ptr->def->type;
   if (pt->storage != IR_STORAGE_INPUT || pt->pointee != t || t->kind != IR_TYPE_FLOAT)
      spirv_fail(c, "GLSL.std.450 %s: the interpolant is not a float input of the result type",
                 spirv_glsl_name(inst));
   struct ir_instr *srcs[2] = { ptr->def, nargs > 1 ? spirv_ssa_leaf(c, args[1]) : NULL };
   struct ir_instr *r = ir_build(&c->b, forms[f].op, t, nargs, srcs);
   spirv_set_value(c, result, rt, spirv_new_leaf(c, rt, r));
}

/* The instructions whose operands or result are not a single value. */
static bool
composite_instr(struct spirv_ctx *c, struct stype *rt, uint32_t result, uint32_t inst,
                const uint32_t *args, uint32_t nargs)
{
   switch (inst) {
   case GLSLstd450Determinant:
   case GLSLstd450MatrixInverse:
      if (nargs != 1)
         spirv_fail(c, "GLSL.std.450 %s takes 1 operand", spirv_glsl_name(inst));
      matrix_func(c, inst, rt, result, args[0]);
      return true;
   case GLSLstd450Modf: case GLSLstd450ModfStruct:
   case GLSLstd450Frexp: case GLSLstd450FrexpStruct:
      two_parts(c, rt, result, inst, args, nargs);
      return true;
   case GLSLstd450InterpolateAtCentroid:
   case GLSLstd450InterpolateAtSample:
   case GLSLstd450InterpolateAtOffset:
      interpolate_at(c, rt, result, inst, args, nargs);
      return true;
   default:
      return false;
   }
}

void
spirv_glsl_instr(struct spirv_ctx *c, struct stype *rt, uint32_t result, uint32_t inst,
                 const uint32_t *args, uint32_t nargs)
{
   struct ir_instr *a[4];
   if (nargs > 4)
      spirv_fail(c, "too many operands for GLSL.std.450 %s", spirv_glsl_name(inst));
   if (composite_instr(c, rt, result, inst, args, nargs))
      return;
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
   if (!r)
      r = expand(c, inst, a, nargs);
   if (!r)
      spirv_fail(c, "unsupported GLSL.std.450 instruction %s", spirv_glsl_name(inst));
   if (r->type != t)
      spirv_fail(c, "GLSL.std.450 %s: result type mismatch", spirv_glsl_name(inst));
   spirv_set_value(c, result, rt, spirv_new_leaf(c, rt, r));
}
