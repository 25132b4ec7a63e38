/* The EU's arithmetic: per-channel integer and floating-point operations
 * with the hardware's source modifiers, saturation, conversions and
 * conditional modifiers (PRM Vol 7 "EU ISA": instruction descriptions,
 * "Destination Saturation", "Conditional Modifier", "Numeric Data
 * Types").
 *
 * Integer operations are computed in 64 bits and wrapped (or clamped with
 * .sat) to the destination type; single-precision operations in double and
 * rounded once to the destination (exact for add, mul and conversions;
 * mad/lrp round twice where the hardware fuses), in the rounding direction
 * cr0 selects, with denormal sources and results flushed to zero unless
 * cr0 keeps them.  Math functions use the C library in double: at least as
 * precise as the PRM's stated bounds (inv/sqrt/rsq 1 ulp, exp/log 2^-22
 * absolute, sin/cos 2^-20 absolute). */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "vgpu_eu_priv.h"
#include "vgpu_format.h"

enum { MATH_INV = 1, MATH_LOG, MATH_EXP, MATH_SQRT, MATH_RSQ, MATH_SIN,
       MATH_COS, MATH_FDIV = 9, MATH_POW, MATH_INT_DIV_BOTH, MATH_INT_DIV_QUOT,
       MATH_INT_DIV_REM, MATH_INVM, MATH_RSQRTM };

/* ---- number formats ---- */

/* IEEE half precision: the small-float code of the surface formats, with
 * cr0's rounding direction in force. */
static float
half_to_float(uint16_t h)
{
   return vgpu_small_float_decode(h, 5, 10, true);
}

static uint16_t
float_to_half(float f)
{
   return (uint16_t)vgpu_small_float_encode(f, 5, 10, true);
}

/* ---- cr0 floating-point modes ---- */

/* cr0.0 (PRM Vol 7 "Control Register"): bits 5:4 the rounding mode (RTNE,
 * RU, RD, RTZ); bits 6, 7 and 10 keep double, single and half precision
 * denormals, a clear bit flushes them to zero of the same sign. */

int
eu_cr0_fe_round(uint32_t cr0)
{
   static const int fe[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
   return fe[(cr0 >> CR0_ROUND_SHIFT) & 3];
}

/* Raw bits of a float type with a denormal flushed when cr0 says so
 * (PRM Vol 7 "Denormal": inputs and results of float arithmetic; a raw
 * mov never gets here). */
static uint64_t
flush_denorm(uint64_t raw, unsigned type, uint32_t cr0)
{
   switch (type) {
   case ISA_TYPE_F:
      return (cr0 & CR0_KEEP_F) || (raw & 0x7f800000u) ? raw : raw & 0x80000000u;
   case ISA_TYPE_DF:
      return (cr0 & CR0_KEEP_DF) || (raw & 0x7ff0000000000000ull) ? raw : raw & (1ull << 63);
   case ISA_TYPE_HF:
      return (cr0 & CR0_KEEP_HF) || (raw & 0x7c00u) ? raw : raw & 0x8000u;
   default:
      return raw;
   }
}

/* The 8-bit restricted float of VF immediates: sign, 3-bit exponent
 * (bias 3), 4-bit mantissa; exponent 0 with mantissa 0 is zero. */
uint32_t
eu_vf_to_f32(uint8_t vf)
{
   unsigned exp = (vf >> 4) & 7, man = vf & 0xf;
   if (!exp && !man)
      return (uint32_t)(vf & 0x80) << 24;
   uint32_t b = ((uint32_t)(vf & 0x80) << 24) | ((exp + 124) << 23) | (man << 19);
   return b;
}

static bool
type_is_float(unsigned t)
{
   return t == ISA_TYPE_F || t == ISA_TYPE_DF || t == ISA_TYPE_HF ||
          t == ISA_TYPE_VF || t == ISA_TYPE_NF;
}

static bool
type_is_signed(unsigned t)
{
   return t == ISA_TYPE_D || t == ISA_TYPE_W || t == ISA_TYPE_B ||
          t == ISA_TYPE_Q || t == ISA_TYPE_V;
}

static int64_t
as_int(uint64_t raw, unsigned t)
{
   switch (t) {
   case ISA_TYPE_D: return (int32_t)raw;
   case ISA_TYPE_UD: case ISA_TYPE_UV: return (uint32_t)raw;
   case ISA_TYPE_W: return (int16_t)raw;
   case ISA_TYPE_UW: return (uint16_t)raw;
   case ISA_TYPE_B: return (int8_t)raw;
   case ISA_TYPE_UB: return (uint8_t)raw;
   default: return (int64_t)raw;   /* Q, UQ, V (already sign-extended) */
   }
}

static double
as_float(uint64_t raw, unsigned t)
{
   switch (t) {
   case ISA_TYPE_F: case ISA_TYPE_VF: return eu_f32_from_bits((uint32_t)raw);
   case ISA_TYPE_DF: case ISA_TYPE_NF: return eu_f64_from_bits(raw);
   case ISA_TYPE_HF: return half_to_float((uint16_t)raw);
   case ISA_TYPE_UQ: return (double)raw;
   default: return (double)as_int(raw, t);
   }
}

/* Integer range of a destination type. */
static void
int_range(unsigned t, int64_t *lo, int64_t *hi)
{
   switch (t) {
   case ISA_TYPE_D: *lo = INT32_MIN; *hi = INT32_MAX; break;
   case ISA_TYPE_UD: *lo = 0; *hi = UINT32_MAX; break;
   case ISA_TYPE_W: *lo = INT16_MIN; *hi = INT16_MAX; break;
   case ISA_TYPE_UW: *lo = 0; *hi = UINT16_MAX; break;
   case ISA_TYPE_B: *lo = INT8_MIN; *hi = INT8_MAX; break;
   case ISA_TYPE_UB: *lo = 0; *hi = UINT8_MAX; break;
   case ISA_TYPE_UQ: *lo = 0; *hi = INT64_MAX; break;
   default: *lo = INT64_MIN; *hi = INT64_MAX; break;
   }
}

static uint64_t
round_to_float_type(double v, unsigned dt)
{
   if (dt == ISA_TYPE_F)
      return eu_f32_bits((float)v);
   if (dt == ISA_TYPE_HF)
      return float_to_half((float)v);
   return eu_f64_bits(v);
}

static uint64_t
store_int(int64_t v, unsigned dt, bool sat)
{
   if (type_is_float(dt)) {
      double d = (double)v;
      if (sat)
         d = d < 0 ? 0 : d > 1 ? 1 : d;
      return round_to_float_type(d, dt);
   }
   if (sat) {
      int64_t lo, hi;
      int_range(dt, &lo, &hi);
      v = v < lo ? lo : v > hi ? hi : v;
   }
   return (uint64_t)v;
}

/* Float to integer rounds toward zero and clamps to the destination's
 * range; NaN gives 0 (PRM "Floating Point to Integer Conversion"). */
static uint64_t
store_float(double v, unsigned dt, bool sat, uint32_t cr0)
{
   if (type_is_float(dt)) {
      if (sat)
         v = isnan(v) ? 0 : v < 0 ? 0 : v > 1 ? 1 : v;
      return flush_denorm(round_to_float_type(v, dt), dt, cr0);
   }
   if (isnan(v))
      return 0;
   int64_t lo, hi;
   int_range(dt, &lo, &hi);
   v = trunc(v);
   if (dt == ISA_TYPE_UQ) {
      if (v <= 0)
         return 0;
      return v >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)v;
   }
   if (v <= (double)lo)
      return (uint64_t)lo;
   if (v >= (double)hi)
      return (uint64_t)hi;
   return (uint64_t)(int64_t)v;
}

/* ---- conditional modifiers ---- */

static bool
cmod_int(unsigned cmod, int64_t v)
{
   switch (cmod) {
   case ISA_CMOD_Z: return v == 0;
   case ISA_CMOD_NZ: return v != 0;
   case ISA_CMOD_G: return v > 0;
   case ISA_CMOD_GE: return v >= 0;
   case ISA_CMOD_L: return v < 0;
   case ISA_CMOD_LE: return v <= 0;
   default: return false;   /* O, U: never for integers */
   }
}

static bool
cmod_float(unsigned cmod, double v)
{
   switch (cmod) {
   case ISA_CMOD_Z: return v == 0;
   case ISA_CMOD_NZ: return !(v == 0);
   case ISA_CMOD_G: return v > 0;
   case ISA_CMOD_GE: return v >= 0;
   case ISA_CMOD_L: return v < 0;
   case ISA_CMOD_LE: return v <= 0;
   case ISA_CMOD_O: return isinf(v);
   case ISA_CMOD_U: return isnan(v);
   default: return false;
   }
}

/* cmp: the relation between two sources. */
static bool
compare_int(unsigned cmod, int64_t a, int64_t b, bool unsigned64)
{
   if (unsigned64) {
      uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
      switch (cmod) {
      case ISA_CMOD_G: return ua > ub;
      case ISA_CMOD_GE: return ua >= ub;
      case ISA_CMOD_L: return ua < ub;
      case ISA_CMOD_LE: return ua <= ub;
      default: break;
      }
   }
   switch (cmod) {
   case ISA_CMOD_Z: return a == b;
   case ISA_CMOD_NZ: return a != b;
   case ISA_CMOD_G: return a > b;
   case ISA_CMOD_GE: return a >= b;
   case ISA_CMOD_L: return a < b;
   case ISA_CMOD_LE: return a <= b;
   default: return false;
   }
}

static bool
compare_float(unsigned cmod, double a, double b)
{
   switch (cmod) {
   case ISA_CMOD_Z: return a == b;
   case ISA_CMOD_NZ: return a != b;   /* unordered counts as not equal */
   case ISA_CMOD_G: return a > b;
   case ISA_CMOD_GE: return a >= b;
   case ISA_CMOD_L: return a < b;
   case ISA_CMOD_LE: return a <= b;
   case ISA_CMOD_U: return isnan(a) || isnan(b);
   default: return false;
   }
}

/* ---- integer operations ---- */

static unsigned
bits_of(unsigned t)
{
   return eu_type_size(t) * 8;
}

static uint32_t
bit_reverse(uint32_t v)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= ((v >> i) & 1) << (31 - i);
   return r;
}

/* fbh on a signed source: the first bit, from the top, that differs from
 * the sign bit; on an unsigned one the first set bit.  ~0 when none. */
static int64_t
first_bit_high(uint32_t v, bool is_signed)
{
   if (is_signed && (v >> 31))
      v = ~v;
   return v ? __builtin_clz(v) : -1;
}

static int64_t
bfe(uint32_t width, uint32_t offset, uint32_t value, bool is_signed)
{
   width &= 31;
   offset &= 31;
   if (!width)
      return 0;
   if (width + offset < 32) {
      uint32_t field = (value << (32 - width - offset));
      return is_signed ? (int64_t)((int32_t)field >> (32 - width))
                       : (int64_t)(field >> (32 - width));
   }
   return is_signed ? (int64_t)((int32_t)value >> offset)
                    : (int64_t)(value >> offset);
}

/* Integer result of one channel, or false for an operation the integer
 * path does not define. */
/* sel with .l/.le is a minimum, with .g/.ge a maximum, otherwise a
 * per-channel choice by the predicate (PRM Vol 7 "sel"). */
enum sel_kind { SEL_PRED, SEL_MIN, SEL_MAX };

static enum sel_kind
sel_kind(unsigned cmod)
{
   if (cmod == ISA_CMOD_L || cmod == ISA_CMOD_LE)
      return SEL_MIN;
   if (cmod == ISA_CMOD_G || cmod == ISA_CMOD_GE)
      return SEL_MAX;
   return SEL_PRED;
}

static bool
int_op(const struct eu_inst *e, const int64_t *s, unsigned c, uint32_t pred,
       struct vgpu_eu_thread *t, int64_t *r, bool *flag)
{
   const struct isa_inst *in = &e->in;
   const unsigned st0 = e->src[0].type;
   const bool u64 = eu_type_size(st0) == 8 && !type_is_signed(st0);
   const unsigned shift_mask = (eu_type_size(e->dst.type) == 8 ||
                                eu_type_size(st0) == 8) ? 63 : 31;
   int64_t a = s[0], b = s[1];
   switch (in->op) {
   case ISA_OP_MOV: *r = a; return true;
   case ISA_OP_SEL: {
      enum sel_kind k = sel_kind(in->cond_mod);
      bool first = k == SEL_PRED ? (pred >> c) & 1
                                 : compare_int(k == SEL_MIN ? ISA_CMOD_L : ISA_CMOD_GE, a, b, u64);
      *r = first ? a : b;
      return true;
   }
   case ISA_OP_NOT: *r = ~a; return true;
   case ISA_OP_AND: *r = a & b; return true;
   case ISA_OP_OR: *r = a | b; return true;
   case ISA_OP_XOR: *r = a ^ b; return true;
   case ISA_OP_SHL: *r = (int64_t)((uint64_t)a << (b & shift_mask)); return true;
   case ISA_OP_SHR: {
      uint64_t ua = (uint64_t)a;
      unsigned w = bits_of(st0);
      if (w < 64)
         ua &= (1ull << w) - 1;
      *r = (int64_t)(ua >> (b & shift_mask));
      return true;
   }
   case ISA_OP_ASR: *r = a >> (b & shift_mask); return true;
   case ISA_OP_ROL: case ISA_OP_ROR: {
      unsigned w = bits_of(e->dst.type);
      uint64_t m = w < 64 ? (1ull << w) - 1 : ~0ull;
      uint64_t v = (uint64_t)a & m;
      unsigned n = (unsigned)b & (w - 1);
      if (in->op == ISA_OP_ROR)
         n = (w - n) % w;
      *r = (int64_t)(n ? ((v << n) | (v >> (w - n))) & m : v);
      return true;
   }
   case ISA_OP_CMP: case ISA_OP_CMPN:
      *flag = compare_int(in->cond_mod, a, b, u64);
      *r = *flag ? -1 : 0;
      return true;
   case ISA_OP_ADD: *r = (int64_t)((uint64_t)a + (uint64_t)b); return true;
   case ISA_OP_MUL: *r = (int64_t)((uint64_t)a * (uint64_t)b); return true;
   case ISA_OP_AVG: *r = (a + b + 1) >> 1; return true;
   case ISA_OP_MACH: {
      /* The high 32 bits of the 64-bit product (the low half stays in
       * the accumulator). */
      bool sgn = type_is_signed(st0) || type_is_signed(e->src[1].type);
      uint64_t p = sgn ? (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b)
                       : (uint64_t)(uint32_t)a * (uint32_t)b;
      *r = sgn ? (int64_t)(int32_t)(p >> 32) : (int64_t)(p >> 32);
      return true;
   }
   case ISA_OP_ADDC: case ISA_OP_SUBB: {
      uint64_t ua = (uint32_t)a, ub = (uint32_t)b;
      uint64_t v = in->op == ISA_OP_ADDC ? ua + ub : ua - ub;
      uint32_t carry = in->op == ISA_OP_ADDC ? (uint32_t)(v >> 32) : ua < ub;
      memcpy(&t->regs[VGPU_EU_ARF_ACC + c * 4], &carry, 4);
      *r = (int64_t)(uint32_t)v;
      return true;
   }
   case ISA_OP_MAD: *r = (int64_t)((uint64_t)a + (uint64_t)b * (uint64_t)s[2]); return true;
   case ISA_OP_BFREV: *r = bit_reverse((uint32_t)a); return true;
   case ISA_OP_CBIT: *r = __builtin_popcountll((uint64_t)a & (bits_of(st0) < 64 ? (1ull << bits_of(st0)) - 1 : ~0ull)); return true;
   case ISA_OP_FBH: *r = first_bit_high((uint32_t)a, type_is_signed(st0)); return true;
   case ISA_OP_FBL: *r = (uint32_t)a ? __builtin_ctz((uint32_t)a) : -1; return true;
   case ISA_OP_LZD: *r = (uint32_t)a ? __builtin_clz((uint32_t)a) : 32; return true;
   case ISA_OP_BFE: *r = bfe((uint32_t)a, (uint32_t)b, (uint32_t)s[2], type_is_signed(e->dst.type)); return true;
   case ISA_OP_BFI1: {
      uint32_t w = (uint32_t)a & 31, off = (uint32_t)b & 31;
      *r = (uint32_t)(((1ull << w) - 1) << off);
      return true;
   }
   case ISA_OP_BFI2: {
      /* The inserted bits start at the mask's lowest set bit. */
      uint32_t m = (uint32_t)a, ins = m ? (uint32_t)b << __builtin_ctz(m) : 0;
      *r = (ins & m) | ((uint32_t)s[2] & ~m);
      return true;
   }
   case ISA_OP_MATH:
      switch (in->cond_mod) {
      case MATH_INT_DIV_QUOT:
         if (!b) { *r = -1; return true; }
         if (type_is_signed(st0))
            *r = (b == -1) ? (int64_t)(int32_t)(0u - (uint32_t)a) : (int32_t)a / (int32_t)b;
         else
            *r = (uint32_t)a / (uint32_t)b;
         return true;
      case MATH_INT_DIV_REM:
         if (!b) { *r = a; return true; }
         if (type_is_signed(st0))
            *r = (b == -1) ? 0 : (int32_t)a % (int32_t)b;
         else
            *r = (uint32_t)a % (uint32_t)b;
         return true;
      default:
         return false;
      }
   default:
      return false;
   }
}

/* ---- floating-point operations ---- */

static double
fmin_hw(double a, double b, bool less)
{
   /* sel.l / sel.ge return the other operand when one is NaN. */
   if (isnan(a))
      return b;
   if (isnan(b))
      return a;
   return less ? (a < b ? a : b) : (a >= b ? a : b);
}

static double
math_float(unsigned fn, double a, double b, bool dbl, bool *ok)
{
   switch (fn) {
   case MATH_INV: case MATH_INVM: return 1.0 / a;
   case MATH_LOG: return log2(a);
   case MATH_EXP: return exp2(a);
   case MATH_SQRT: return sqrt(a);
   case MATH_RSQ: case MATH_RSQRTM: return 1.0 / sqrt(a);
   case MATH_SIN: return dbl ? sin(a) : (double)sinf((float)a);
   case MATH_COS: return dbl ? cos(a) : (double)cosf((float)a);
   case MATH_FDIV: return a / b;
   case MATH_POW: return pow(a, b);
   default: *ok = false; return 0;
   }
}

/* rnde: to nearest, ties to even, whatever rounding direction cr0 holds
 * (remainder() is exact and ignores it); a zero result keeps the sign. */
static double
round_even(double a)
{
   if (!isfinite(a))
      return a;
   double r = a - remainder(a, 1.0);
   return r == 0 ? copysign(0.0, a) : r;
}

/* Rounds a single-precision intermediate the way the hardware does before
 * it is used again (mad, lrp). */
static double
round_f32(double v, bool dbl)
{
   return dbl ? v : (double)(float)v;
}

/* add, mul and mad on a NaN give the first NaN source, quiet: of two,
 * which one the host's arithmetic passes on depends on the operand order
 * its compiler picks, and the specialised handlers must agree. */
static bool
nan_in_arithmetic(enum isa_op op, const double *s, unsigned nsrc, double *r)
{
   if (op != ISA_OP_ADD && op != ISA_OP_MUL && op != ISA_OP_MAD)
      return false;
   for (unsigned i = 0; i < nsrc; i++) {
      if (isnan(s[i])) {
         *r = s[i];
         return true;
      }
   }
   return false;
}

static bool
float_op(const struct eu_inst *e, const double *s, unsigned c, uint32_t pred,
         double *r, bool *flag)
{
   const struct isa_inst *in = &e->in;
   bool dbl = e->dst.type == ISA_TYPE_DF || e->src[0].type == ISA_TYPE_DF;
   double a = s[0], b = s[1];
   if (nan_in_arithmetic(in->op, s, e->nsrc, r))
      return true;
   switch (in->op) {
   case ISA_OP_MOV: *r = a; return true;
   case ISA_OP_SEL: {
      enum sel_kind k = sel_kind(in->cond_mod);
      *r = k == SEL_PRED ? ((pred >> c) & 1 ? a : b) : fmin_hw(a, b, k == SEL_MIN);
      return true;
   }
   case ISA_OP_CMP: case ISA_OP_CMPN:
      *flag = compare_float(in->cond_mod, a, b);
      return true;
   case ISA_OP_ADD: *r = a + b; return true;
   case ISA_OP_MUL: *r = a * b; return true;
   case ISA_OP_MAD: *r = a + round_f32(b * s[2], dbl); return true;
   case ISA_OP_LRP: *r = round_f32(a * b, dbl) + round_f32((1.0 - a) * s[2], dbl); return true;
   case ISA_OP_FRC: *r = a - floor(a); return true;
   case ISA_OP_RNDD: *r = floor(a); return true;
   case ISA_OP_RNDU: *r = ceil(a); return true;
   case ISA_OP_RNDE: *r = round_even(a); return true;
   case ISA_OP_RNDZ: *r = trunc(a); return true;
   case ISA_OP_MATH: {
      bool ok = true;
      *r = math_float(in->cond_mod, a, b, dbl, &ok);
      return ok;
   }
   default:
      return false;
   }
}

/* ---- one instruction ---- */

static bool
is_logic(enum isa_op op)
{
   return op == ISA_OP_AND || op == ISA_OP_OR || op == ISA_OP_XOR ||
          op == ISA_OP_NOT;
}

static bool
float_class(const struct eu_inst *e)
{
   for (unsigned s = 0; s < e->nsrc; s++) {
      if (type_is_float(e->src[s].type))
         return true;
   }
   return false;
}

/* Source i of channel c as a number, with cr0's denormal mode and its abs
 * and negate modifiers. */
static double
src_float(const struct eu_alu_ctx *ctx, unsigned i, unsigned c)
{
   const struct eu_operand *o = &ctx->e->src[i];
   double v = as_float(flush_denorm(ctx->src[i][c], o->type, ctx->cr0), o->type);
   if (o->abs)
      v = fabs(v);
   return o->negate ? -v : v;
}

/* f32to16 / f16to32 (Gen7 half conversions): the half lives in the low
 * 16 bits of a dword channel; source modifiers apply to the value. */
static bool
half_conversion(struct eu_alu_ctx *ctx, uint32_t mask)
{
   const struct eu_inst *e = ctx->e;
   if (e->in.op != ISA_OP_F32TO16 && e->in.op != ISA_OP_F16TO32)
      return false;
   for (unsigned c = 0; c < e->n; c++) {
      if (!((mask >> c) & 1))
         continue;
      if (e->in.op == ISA_OP_F32TO16) {
         ctx->res[c] = flush_denorm(float_to_half((float)src_float(ctx, 0, c)),
                                    ISA_TYPE_HF, ctx->cr0);
         continue;
      }
      /* The source register holds half bits whatever its integer type;
       * abs and negate act on the half's value. */
      const struct eu_operand *o = &e->src[0];
      float v = half_to_float((uint16_t)flush_denorm(ctx->src[0][c], ISA_TYPE_HF, ctx->cr0));
      if (o->abs)
         v = fabsf(v);
      ctx->res[c] = eu_f32_bits(o->negate ? -v : v);
   }
   return true;
}

unsigned
eu_dot_terms(enum isa_op op)
{
   switch (op) {
   case ISA_OP_DP4: case ISA_OP_DPH: return 4;
   case ISA_OP_DP3: return 3;
   case ISA_OP_DP2: return 2;
   default: return 0;
   }
}

/* Align16 dot products (PRM Vol 7 "dp4", "dph", "dp3", "dp2"): every
 * channel of a group of four gets the group's sum; dph adds src1.w
 * instead of a fourth product.  The sum is rounded once. */
static bool
dot_product(struct eu_alu_ctx *ctx, uint32_t mask)
{
   const struct eu_inst *e = ctx->e;
   unsigned terms = eu_dot_terms(e->in.op);
   if (!terms)
      return false;
   for (unsigned c = 0; c < e->n; c++) {
      if (!((mask >> c) & 1))
         continue;
      unsigned g = c & ~3u;
      double sum = e->in.op == ISA_OP_DPH ? src_float(ctx, 1, g + 3) : 0;
      for (unsigned k = 0; k < (e->in.op == ISA_OP_DPH ? 3 : terms); k++)
         sum += src_float(ctx, 0, g + k) * src_float(ctx, 1, g + k);
      ctx->res[c] = store_float(sum, e->dst.type, e->in.saturate, ctx->cr0);
      if (e->in.cond_mod)
         ctx->flag |= (uint32_t)cmod_float(e->in.cond_mod,
                                           as_float(ctx->res[c], e->dst.type)) << c;
   }
   return true;
}

/* A single-precision source at a register-file offset, as src_float
 * reads one. */
static double
reg_float(const struct vgpu_eu_thread *t, const struct eu_operand *o,
          unsigned off, uint32_t cr0)
{
   uint32_t raw = (uint32_t)flush_denorm(eu_read_raw(&t->regs[off], 4), ISA_TYPE_F, cr0);
   double v = eu_f32_from_bits(raw);
   if (o->abs)
      v = fabs(v);
   return o->negate ? -v : v;
}

/* pln's x for channel c: src1 holds x and y of each group of eight
 * channels in a pair of registers, x first (PRM Vol 7 "pln"). */
static unsigned
pln_x_offset(const struct eu_inst *e, unsigned c)
{
   return e->src[1].off[0] + (c / 8) * 64 + (c % 8) * 4;
}

static bool
plane_operands_ok(const struct eu_inst *e)
{
   const struct eu_operand *s0 = &e->src[0], *s1 = &e->src[1];
   if (e->in.op == ISA_OP_MAC)
      return true;
   if (s0->imm || s0->indirect || s0->off[0] + 16u > VGPU_EU_GRF_BYTES)
      return false;
   return e->in.op != ISA_OP_PLN ||
          (!s1->imm && !s1->indirect &&
           s1->off[0] + (e->n > 8 ? 128u : 64u) <= VGPU_EU_GRF_BYTES);
}

/* pln, line and mac (PRM Vol 7 "pln", "line", "mac"), single precision:
 * pln is src0.0 * x + src0.1 * y + src0.3 with src0 a scalar region over
 * the plane's coefficients, line src0.0 * src1 + src0.3, mac the
 * accumulator plus src0 * src1 (the accumulator holds what an earlier
 * instruction with AccWrEnable left, as Mesa's line/mac pairs use it).
 * Computed in double and rounded once. */
static bool
plane_op(struct eu_alu_ctx *ctx, uint32_t mask, const struct vgpu_eu_thread *t,
         const char **why)
{
   const struct eu_inst *e = ctx->e;
   enum isa_op op = e->in.op;
   if (op != ISA_OP_PLN && op != ISA_OP_LINE && op != ISA_OP_MAC)
      return false;
   const struct eu_operand *s0 = &e->src[0], *s1 = &e->src[1];
   if (e->dst.type != ISA_TYPE_F || s0->type != ISA_TYPE_F || s1->type != ISA_TYPE_F) {
      *why = "pln/line/mac on a type other than F";
      return true;
   }
   if (!plane_operands_ok(e)) {
      *why = "pln/line source that is not a plane in the GRFs";
      return true;
   }
   const uint32_t cr0 = ctx->cr0;
   for (unsigned c = 0; c < e->n; c++) {
      if (!((mask >> c) & 1))
         continue;
      double r;
      if (op == ISA_OP_MAC) {
         r = eu_f32_from_bits((uint32_t)eu_read_raw(&t->regs[VGPU_EU_ARF_ACC + c * 4], 4)) +
             src_float(ctx, 0, c) * src_float(ctx, 1, c);
      } else {
         double x = op == ISA_OP_PLN ? reg_float(t, s1, pln_x_offset(e, c), cr0)
                                     : src_float(ctx, 1, c);
         r = src_float(ctx, 0, c) * x + reg_float(t, s0, s0->off[0] + 12, cr0);
         if (op == ISA_OP_PLN)
            r += reg_float(t, s0, s0->off[0] + 4, cr0) *
                 reg_float(t, s1, pln_x_offset(e, c) + 32, cr0);
      }
      ctx->res[c] = store_float(r, ISA_TYPE_F, e->in.saturate, cr0);
      if (e->in.cond_mod)
         ctx->flag |= (uint32_t)cmod_float(e->in.cond_mod,
                                           eu_f32_from_bits((uint32_t)ctx->res[c])) << c;
   }
   *why = NULL;
   return true;
}

static bool
raw_move(const struct eu_inst *e)
{
   return e->in.op == ISA_OP_MOV && !e->in.saturate && !e->in.cond_mod &&
          e->src[0].type == e->dst.type && !e->src[0].negate &&
          !e->src[0].abs;
}

static bool
is_dword_int(unsigned t)
{
   return t == ISA_TYPE_D || t == ISA_TYPE_UD;
}

/* The common 32-bit integer operations without source modifiers or
 * saturation, computed directly (the generic path below gives the same
 * bits, through 64-bit values): most of a kernel's instructions. */
static bool
fast_int32(struct eu_alu_ctx *ctx, uint32_t mask)
{
   const struct eu_inst *e = ctx->e;
   const struct isa_inst *in = &e->in;
   if (in->saturate || !is_dword_int(e->dst.type) || e->nsrc > 2)
      return false;
   for (unsigned i = 0; i < e->nsrc; i++) {
      if (!is_dword_int(e->src[i].type) || e->src[i].negate || e->src[i].abs)
         return false;
   }
   switch (in->op) {
   case ISA_OP_MOV: case ISA_OP_ADD: case ISA_OP_AND: case ISA_OP_OR:
   case ISA_OP_XOR: case ISA_OP_SHL: case ISA_OP_MUL:
      break;
   default:
      return false;
   }
   const bool sgn = e->dst.type == ISA_TYPE_D;
   for (unsigned c = 0; c < e->n; c++) {
      if (!((mask >> c) & 1))
         continue;
      uint32_t a = (uint32_t)ctx->src[0][c], b = (uint32_t)ctx->src[1][c], r;
      switch (in->op) {
      case ISA_OP_MOV: r = a; break;
      case ISA_OP_ADD: r = a + b; break;
      case ISA_OP_AND: r = a & b; break;
      case ISA_OP_OR: r = a | b; break;
      case ISA_OP_XOR: r = a ^ b; break;
      case ISA_OP_SHL: r = a << (b & 31); break;
      default: r = a * b; break;
      }
      ctx->res[c] = r;
      if (in->cond_mod)
         ctx->flag |= (uint32_t)cmod_int(in->cond_mod, sgn ? (int64_t)(int32_t)r : (int64_t)r) << c;
   }
   return true;
}

static const char *
alu_run(struct eu_alu_ctx *ctx, uint32_t mask, struct vgpu_eu_thread *t)
{
   const struct eu_inst *e = ctx->e;
   const struct isa_inst *in = &e->in;
   const char *why;
   ctx->flag = 0;
   if (half_conversion(ctx, mask) || dot_product(ctx, mask) ||
       fast_int32(ctx, mask))
      return NULL;
   if (plane_op(ctx, mask, t, &why))
      return why;
   if (raw_move(e)) {
      for (unsigned c = 0; c < e->n; c++)
         ctx->res[c] = ctx->src[0][c];
      return NULL;
   }
   const bool flt = float_class(e);
   const bool logic_not = is_logic(in->op) && t->gen >= ISA_GEN8;
   const unsigned dt = e->dst.type;
   ctx->flag = 0;
   for (unsigned c = 0; c < e->n; c++) {
      if (!((mask >> c) & 1))
         continue;
      bool flag = false;
      if (flt) {
         double s[3] = { 0 };
         for (unsigned i = 0; i < e->nsrc; i++)
            s[i] = src_float(ctx, i, c);
         double r = 0;
         if (!float_op(e, s, c, ctx->pred, &r, &flag))
            return isa_opcode_info(in->op)->name;
         if (in->op == ISA_OP_CMP || in->op == ISA_OP_CMPN) {
            ctx->res[c] = flag ? ~0ull : 0;
         } else {
            ctx->res[c] = store_float(r, dt, in->saturate, ctx->cr0);
            if (in->cond_mod)
               flag = type_is_float(dt) ? cmod_float(in->cond_mod, as_float(ctx->res[c], dt))
                                        : cmod_int(in->cond_mod, as_int(ctx->res[c], dt));
         }
      } else {
         int64_t s[3] = { 0 };
         for (unsigned i = 0; i < e->nsrc; i++) {
            s[i] = as_int(ctx->src[i][c], e->src[i].type);
            if (e->src[i].abs && s[i] < 0)
               s[i] = (int64_t)(0 - (uint64_t)s[i]);
            if (e->src[i].negate)
               s[i] = logic_not ? ~s[i] : (int64_t)(0 - (uint64_t)s[i]);
         }
         int64_t r = 0;
         if (!int_op(e, s, c, ctx->pred, t, &r, &flag))
            return isa_opcode_info(in->op)->name;
         ctx->res[c] = store_int(r, dt, in->saturate);
         if (in->cond_mod && in->op != ISA_OP_CMP && in->op != ISA_OP_CMPN)
            flag = type_is_float(dt) ? cmod_float(in->cond_mod, as_float(ctx->res[c], dt))
                                     : cmod_int(in->cond_mod, as_int(ctx->res[c], dt));
      }
      ctx->flag |= (uint32_t)flag << c;
   }
   return NULL;
}

const char *
eu_alu(struct eu_alu_ctx *ctx, uint32_t mask, struct vgpu_eu_thread *t)
{
   memcpy(&ctx->cr0, &t->regs[VGPU_EU_ARF_CR0], 4);
   unsigned round = (ctx->cr0 >> CR0_ROUND_SHIFT) & 3;
   if (!round)
      return alu_run(ctx, mask, t);
   /* The C library's rounding direction becomes cr0's for every operation
    * and conversion: a double result rounded to float in the same
    * direction is the directly rounded float. */
   int saved = fegetround();
   fesetround(eu_cr0_fe_round(ctx->cr0));
   const char *why = alu_run(ctx, mask, t);
   fesetround(saved);
   return why;
}
