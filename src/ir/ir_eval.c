/* Bit-exact evaluation of pure IR operations.
 *
 * Floats: 32- and 64-bit ops run in their own C type (IEEE 754 round to
 * nearest even, as SPIR-V requires for add/sub/mul/div/fma/sqrt); 16-bit
 * ops run in float and round once, which is exact for +-*÷ and sqrt because
 * float has at least 2*11+2 significand bits (Figueroa); 16-bit fma rounds
 * to odd in double instead, and every conversion to f16 is a single
 * rounding from double.  Denormals of every width are preserved: Vulkan's
 * default float controls allow flushing or preserving, and preserving is
 * what DenormPreserve requests, so the folder never depends on a flush the
 * hardware might not do.  The shader's float controls change that per
 * width: DenormFlushToZero flushes denormal sources and results of float
 * operations to a zero of their sign, RoundingModeRTZ rounds results
 * toward zero (the C library's rounding direction, which every operation
 * and conversion here follows; a result rounded toward zero twice is
 * rounded toward zero once).  fmin/fmax return the non-NaN operand, which is
 * what NMin/NMax require and one of the results FMin/FMax allow.
 * Integer results that SPIR-V leaves undefined get a fixed answer so that
 * folding and interpretation agree: shifts use the count modulo the width,
 * division by zero gives all ones (unsigned) or -1 (signed), float to int
 * conversion saturates and maps NaN to 0. */
#include <fenv.h>
#include <math.h>
#include <string.h>
#include <tgmath.h>

#include "ir.h"

/* Correctly rounded double -> f16 in the current rounding direction (to
 * nearest even, or toward zero), NaN kept quiet, overflow to infinity
 * (toward zero: to the largest finite value), f16 denormals produced and
 * underflow to signed zero.  Going through float first would round twice. */
static uint16_t
f64_to_f16(double d)
{
   bool rtz = fegetround() == FE_TOWARDZERO;
   uint64_t x;
   memcpy(&x, &d, 8);
   uint16_t sign = (uint16_t)(x >> 48) & 0x8000;
   int exp = (int)(x >> 52) & 0x7ff;
   uint64_t man = x & ((1ull << 52) - 1);
   if (exp == 0x7ff)
      return sign | 0x7c00 | (man ? 0x200 | (uint16_t)(man >> 42) : 0);
   int e = exp - 1023 + 15;              /* biased f16 exponent */
   if (e >= 31)
      return sign | (rtz ? 0x7bff : 0x7c00);
   uint64_t m = man | (1ull << 52);      /* 53 significant bits */
   int shift = e <= 0 ? 43 - e : 42;    /* bits dropped to reach 11 (fewer for denormals) */
   if (shift > 53)
      return sign;
   uint64_t half = m >> shift, rest = m & ((1ull << shift) - 1), mid = 1ull << (shift - 1);
   if (!rtz && (rest > mid || (rest == mid && (half & 1))))
      half++;
   if (e <= 0)
      return sign | (uint16_t)half;      /* a carry into bit 10 makes it normal */
   return sign | (uint16_t)(((uint64_t)e << 10) + (half - 0x400));
}

uint16_t
ir_f32_to_f16(float f)
{
   return f64_to_f16(f);
}

/* fma for f16 operands, rounded to odd in double: the product of two
 * 11-bit significands is exact in double, TwoSum gives the exact error of
 * the addition, and a round-to-odd result with 53 >= 11 + 2 bits rounds to
 * f16 exactly as the infinitely precise sum would (no double rounding). */
static double
f16_fma_round_to_odd(double a, double b, double c)
{
   double p = a * b, s = p + c;
   if (!isfinite(s))
      return s;
   double bp = s - p, err = (p - (s - bp)) + (c - bp);
   if (err == 0)
      return s;
   uint64_t x;
   memcpy(&x, &s, 8);
   if ((err < 0) == (s > 0))
      x -= 1;                            /* s was rounded away from zero: truncate */
   x |= 1;
   memcpy(&s, &x, 8);
   return s;
}

float
ir_f16_to_f32(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
   uint32_t x;
   if (exp == 0x1f) {
      x = sign | 0x7f800000 | (man << 13);
   } else if (exp == 0) {
      float v = ldexpf((float)man, -24);
      return sign ? -v : v;
   } else {
      x = sign | ((exp + 112) << 23) | (man << 13);
   }
   float f;
   memcpy(&f, &x, 4);
   return f;
}

uint64_t
ir_float_bits(unsigned bits, double v)
{
   if (bits == 64) {
      uint64_t r;
      memcpy(&r, &v, 8);
      return r;
   }
   if (bits == 16)
      return f64_to_f16(v);
   float f = (float)v;
   uint32_t r;
   memcpy(&r, &f, 4);
   return r;
}

double
ir_float_value(unsigned bits, uint64_t raw)
{
   if (bits == 64) {
      double d;
      memcpy(&d, &raw, 8);
      return d;
   }
   if (bits == 16)
      return ir_f16_to_f32((uint16_t)raw);
   uint32_t r = (uint32_t)raw;
   float f;
   memcpy(&f, &r, 4);
   return f;
}

static float
get_f(unsigned bits, uint64_t raw)
{
   return (float)ir_float_value(bits, raw);
}

static double
get_d(unsigned bits, uint64_t raw)
{
   return ir_float_value(bits, raw);
}

static uint64_t
mask(unsigned bits)
{
   return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

static int64_t
sext(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)v;
   uint64_t m = 1ull << (bits - 1);
   v &= mask(bits);
   return (int64_t)((v ^ m) - m);
}

/* roundEven whatever the rounding direction in force (exact in double
 * for float values too). */
static double
round_even(double x)
{
   int saved = fegetround();
   fesetround(FE_TONEAREST);
   x = nearbyint(x);
   fesetround(saved);
   return x;
}

/* One body for float and double: tgmath picks sqrtf or sqrt by type. */
#define FLOAT_EVAL(NAME, T)                                                    \
static bool                                                                    \
NAME(enum ir_op op, T a, T b, T c, T *r)                                       \
{                                                                              \
   switch (op) {                                                               \
   case IR_OP_fadd: *r = a + b; break;                                         \
   case IR_OP_fsub: *r = a - b; break;                                         \
   case IR_OP_fmul: *r = a * b; break;                                         \
   case IR_OP_fdiv: *r = a / b; break;                                         \
   case IR_OP_fmod: *r = a - b * floor(a / b); break;                          \
   case IR_OP_frem: *r = fmod(a, b); break;                                    \
   case IR_OP_fmin: *r = fmin(a, b); break;                                    \
   case IR_OP_fmax: *r = fmax(a, b); break;                                    \
   case IR_OP_fpow: *r = pow(a, b); break;                                     \
   case IR_OP_fatan2: *r = atan2(a, b); break;                                 \
   case IR_OP_ffma: *r = fma(a, b, c); break;                                  \
   case IR_OP_fneg: *r = -a; break;                                            \
   case IR_OP_fabs: *r = fabs(a); break;                                       \
   case IR_OP_fsign: *r = a > 0 ? (T)1 : a < 0 ? (T)-1 : a; break;             \
   case IR_OP_ffloor: *r = floor(a); break;                                    \
   case IR_OP_fceil: *r = ceil(a); break;                                      \
   case IR_OP_ftrunc: *r = trunc(a); break;                                    \
   case IR_OP_fround_even: *r = (T)round_even(a); break;                      \
   case IR_OP_ffract: *r = a - floor(a); break;                                \
   case IR_OP_fsqrt: *r = sqrt(a); break;                                      \
   case IR_OP_frsq: *r = (T)1 / sqrt(a); break;                                \
   case IR_OP_fexp2: *r = exp2(a); break;                                      \
   case IR_OP_flog2: *r = log2(a); break;                                      \
   case IR_OP_fsin: *r = sin(a); break;                                        \
   case IR_OP_fcos: *r = cos(a); break;                                        \
   case IR_OP_ftan: *r = tan(a); break;                                        \
   case IR_OP_fasin: *r = asin(a); break;                                      \
   case IR_OP_facos: *r = acos(a); break;                                      \
   case IR_OP_fatan: *r = atan(a); break;                                      \
   default: return false;                                                      \
   }                                                                           \
   return true;                                                                \
}
FLOAT_EVAL(eval_f32, float)
FLOAT_EVAL(eval_f64, double)

static bool
eval_float(enum ir_op op, unsigned bits, uint64_t a, uint64_t b, uint64_t c, uint64_t *r)
{
   if (bits == 64) {
      double d;
      if (!eval_f64(op, get_d(64, a), get_d(64, b), get_d(64, c), &d))
         return false;
      *r = ir_float_bits(64, d);
      return true;
   }
   if (bits == 16 && op == IR_OP_ffma) {
      /* TwoSum is exact only when rounding to nearest */
      int saved = fegetround();
      fesetround(FE_TONEAREST);
      double odd = f16_fma_round_to_odd(get_d(16, a), get_d(16, b), get_d(16, c));
      fesetround(saved);
      *r = f64_to_f16(odd);
      return true;
   }
   float f;
   if (!eval_f32(op, get_f(bits, a), get_f(bits, b), get_f(bits, c), &f))
      return false;
   *r = ir_float_bits(bits, f);
   return true;
}

static bool
eval_fcmp(enum ir_op op, double a, double b, uint64_t *r)
{
   switch (op) {
   case IR_OP_feq: *r = a == b; break;
   case IR_OP_fneu: *r = !(a == b); break;
   case IR_OP_flt: *r = a < b; break;
   case IR_OP_fge: *r = a >= b; break;
   default: return false;
   }
   return true;
}

static uint64_t
find_msb_u(uint64_t v)
{
   for (int i = 63; i >= 0; i--)
      if (v >> i & 1)
         return (uint64_t)i;
   return ~0ull;
}

static bool
eval_int(enum ir_op op, unsigned bits, uint64_t a, uint64_t b, uint64_t c, uint64_t d,
         uint64_t *r)
{
   uint64_t m = mask(bits);
   int64_t sa = sext(a, bits), sb = sext(b, bits);
   unsigned sh = (unsigned)(b & (bits - 1));
   a &= m;
   b &= m;
   switch (op) {
   case IR_OP_mov: *r = a; break;
   case IR_OP_iadd: *r = a + b; break;
   case IR_OP_isub: *r = a - b; break;
   case IR_OP_imul: *r = a * b; break;
   case IR_OP_udiv: *r = b ? a / b : m; break;
   case IR_OP_umod: *r = b ? a % b : m; break;
   case IR_OP_sdiv:   /* INT_MIN / -1 overflows in C: negate in unsigned */
      *r = !sb ? m : sb == -1 ? (uint64_t)0 - a : (uint64_t)(sa / sb);
      break;
   case IR_OP_srem:
      *r = !sb ? m : sb == -1 ? 0 : (uint64_t)(sa % sb);
      break;
   case IR_OP_smod: {   /* result takes the divisor's sign */
      int64_t rem = !sb ? -1 : sb == -1 ? 0 : sa % sb;
      if (sb && rem && ((rem < 0) != (sb < 0)))
         rem += sb;
      *r = (uint64_t)rem;
      break;
   }
   case IR_OP_smin: *r = (uint64_t)(sa < sb ? sa : sb); break;
   case IR_OP_smax: *r = (uint64_t)(sa > sb ? sa : sb); break;
   case IR_OP_umin: *r = a < b ? a : b; break;
   case IR_OP_umax: *r = a > b ? a : b; break;
   case IR_OP_iand: *r = a & b; break;
   case IR_OP_ior: *r = a | b; break;
   case IR_OP_ixor: *r = a ^ b; break;
   case IR_OP_ineg: *r = 0 - a; break;
   case IR_OP_inot: *r = ~a; break;
   case IR_OP_iabs: *r = sa < 0 ? 0 - a : a; break;
   case IR_OP_isign: *r = (uint64_t)(sa > 0 ? 1 : sa < 0 ? -1 : 0); break;
   case IR_OP_bitcount: *r = (uint64_t)__builtin_popcountll(a); break;
   case IR_OP_bitreverse: {
      uint64_t v = 0;
      for (unsigned i = 0; i < bits; i++)
         v |= (a >> i & 1) << (bits - 1 - i);
      *r = v;
      break;
   }
   case IR_OP_find_lsb: *r = a ? (uint64_t)__builtin_ctzll(a) : m; break;
   case IR_OP_ufind_msb: *r = find_msb_u(a); break;
   case IR_OP_sfind_msb: *r = find_msb_u(sa < 0 ? ~a & m : a); break;
   case IR_OP_ishl: *r = a << sh; break;
   case IR_OP_ushr: *r = a >> sh; break;
   case IR_OP_ishr: *r = (uint64_t)(sa >> sh); break;
   case IR_OP_ubfe:
   case IR_OP_sbfe: {   /* offset b, count c: out-of-range counts are undefined */
      unsigned off = (unsigned)b & 63, cnt = (unsigned)c & 127;
      if (!cnt || off + cnt > bits) {
         *r = 0;
         break;
      }
      uint64_t f = (a >> off) & mask(cnt);
      *r = op == IR_OP_sbfe ? (uint64_t)sext(f, cnt) : f;
      break;
   }
   case IR_OP_bfi: {   /* base a, insert b, offset c, count d */
      unsigned off = (unsigned)c & 63, cnt = (unsigned)d & 127;
      if (off + cnt > bits) {
         *r = a;
         break;
      }
      uint64_t fm = mask(cnt) << off;
      *r = (a & ~fm) | ((b << off) & fm);
      break;
   }
   case IR_OP_ieq: *r = a == b; return true;
   case IR_OP_ine: *r = a != b; return true;
   case IR_OP_slt: *r = sa < sb; return true;
   case IR_OP_sge: *r = sa >= sb; return true;
   case IR_OP_ult: *r = a < b; return true;
   case IR_OP_uge: *r = a >= b; return true;
   case IR_OP_bnot: *r = !a; return true;
   case IR_OP_band: *r = a & b; return true;
   case IR_OP_bor: *r = a | b; return true;
   case IR_OP_bxor: *r = a ^ b; return true;
   default: return false;
   }
   *r &= m;
   (void)d;
   return true;
}

static uint64_t
sat_f2i(double v, unsigned bits, bool is_signed)
{
   if (isnan(v))
      return 0;
   v = trunc(v);
   if (is_signed) {
      double lo = -ldexp(1.0, (int)bits - 1), hi = ldexp(1.0, (int)bits - 1);
      if (v <= lo)
         return (uint64_t)(bits == 64 ? INT64_MIN : (int64_t)lo) & mask(bits);
      if (v >= hi)
         return mask(bits - 1);
      return (uint64_t)(int64_t)v & mask(bits);
   }
   double hi = ldexp(1.0, (int)bits);
   if (v <= 0)
      return 0;
   if (v >= hi)
      return mask(bits);
   return (uint64_t)v;
}

static bool
eval_conv(enum ir_op op, unsigned dbits, unsigned sbits, uint64_t a, uint64_t *r)
{
   switch (op) {
   case IR_OP_s2f:
      *r = ir_float_bits(dbits, (double)sext(a, sbits));
      /* int64 -> float32 via double would round twice */
      if (sbits == 64 && dbits == 32)
         *r = ir_float_bits(32, (float)sext(a, 64));
      return true;
   case IR_OP_u2f:
      *r = ir_float_bits(dbits, (double)(a & mask(sbits)));
      if (sbits == 64 && dbits == 32)
         *r = ir_float_bits(32, (float)a);
      return true;
   case IR_OP_f2s: *r = sat_f2i(get_d(sbits, a), dbits, true); return true;
   case IR_OP_f2u: *r = sat_f2i(get_d(sbits, a), dbits, false); return true;
   case IR_OP_f2f:
      *r = ir_float_bits(dbits, get_d(sbits, a));
      return true;
   case IR_OP_s2s: *r = (uint64_t)sext(a, sbits) & mask(dbits); return true;
   case IR_OP_u2u: *r = a & mask(sbits) & mask(dbits); return true;
   case IR_OP_b2i: *r = a & 1; return true;
   case IR_OP_i2b: *r = (a & mask(sbits)) != 0; return true;
   case IR_OP_fisnan: *r = isnan(get_d(sbits, a)); return true;
   case IR_OP_fisinf: *r = isinf(get_d(sbits, a)); return true;
   default: return false;
   }
}

static bool
eval_values(const struct ir_instr *in, const uint64_t *v, uint64_t *r)
{
   enum ir_op op = in->op;
   const struct ir_type *st = in->num_srcs ? in->srcs[0]->type : in->type;
   uint64_t a = v[0], b = v[1], c2 = v[2], d = v[3];
   switch (ir_op_infos[op].cls) {
   case IR_CLASS_CONV:
      return eval_conv(op, in->type->bits, st->bits, a, r);
   case IR_CLASS_CMP:
      if (st->kind == IR_TYPE_FLOAT)
         return eval_fcmp(op, get_d(st->bits, a), get_d(st->bits, b), r);
      return eval_int(op, st->bits, a, b, 0, 0, r);
   case IR_CLASS_SHIFT:
      if (op == IR_OP_fldexp) {
         double v = ldexp(get_d(st->bits, a), (int)sext(b, in->srcs[1]->type->bits));
         *r = ir_float_bits(st->bits, st->bits == 32 ? (float)v : v);
         return true;
      }
      break;
   default:
      break;
   }
   if (st->kind == IR_TYPE_FLOAT && op != IR_OP_mov)
      return eval_float(op, st->bits, a, b, c2, r);
   return eval_int(op, st->kind == IR_TYPE_BOOL ? 1 : st->bits, a, b, c2, d, r);
}

static unsigned
float_modes(const struct ir_instr *in, const struct ir_type *t)
{
   if (t->kind != IR_TYPE_FLOAT)
      return 0;
   return ir_float_modes(in->block ? in->block->func->shader : NULL, t->bits);
}

static uint64_t
flush_denorm(uint64_t raw, unsigned bits)
{
   uint64_t sign = 1ull << (bits - 1);
   uint64_t exp = bits == 16 ? 0x7c00 : bits == 32 ? 0x7f800000 : 0x7ff0000000000000ull;
   return raw & exp ? raw : raw & sign;
}

static bool
eval_toward_zero(const struct ir_instr *in, const uint64_t *v, uint64_t *r)
{
   int saved = fegetround();
   fesetround(FE_TOWARDZERO);
   bool ok = eval_values(in, v, r);
   fesetround(saved);
   return ok;
}

/* One component of an operation (moves and selects only move bits) under
 * the float controls of its source and result widths. */
static bool
eval_component(const struct ir_instr *in, unsigned c, const uint64_t *const *s,
               uint64_t *r)
{
   if (in->op == IR_OP_select) {
      /* scalar condition selects whole vectors */
      uint64_t cond = in->srcs[0]->type->comps == 1 ? s[0][0] : s[0][c];
      *r = cond ? s[1][c] : s[2][c];
      return true;
   }
   uint64_t v[4] = { 0 };
   bool moves = in->op == IR_OP_mov;
   for (unsigned i = 0; i < in->num_srcs && i < 4; i++) {
      v[i] = s[i][c];
      if (!moves && (float_modes(in, in->srcs[i]->type) & IR_FLOAT_DENORM_FLUSH))
         v[i] = flush_denorm(v[i], in->srcs[i]->type->bits);
   }
   unsigned modes = moves ? 0 : float_modes(in, in->type);
   bool ok = modes & IR_FLOAT_RTZ ? eval_toward_zero(in, v, r) : eval_values(in, v, r);
   if (ok && (modes & IR_FLOAT_DENORM_FLUSH))
      *r = flush_denorm(*r, in->type->bits);
   return ok;
}

static bool
eval_bitcast(const struct ir_instr *in, const uint64_t *src, uint64_t *dst)
{
   unsigned sb = in->srcs[0]->type->bits, db = in->type->bits;
   unsigned bytes = sb / 8 * in->srcs[0]->type->comps;
   uint8_t buf[IR_MAX_COMPS * 8];
   if (bytes != db / 8 * in->type->comps || bytes > sizeof(buf))
      return false;
   for (unsigned c = 0; c < in->srcs[0]->type->comps; c++)
      memcpy(buf + c * (sb / 8), &src[c], sb / 8);   /* little endian */
   for (unsigned c = 0; c < in->type->comps; c++) {
      dst[c] = 0;
      memcpy(&dst[c], buf + c * (db / 8), db / 8);
   }
   return true;
}

bool
ir_eval_instr(const struct ir_instr *in, const uint64_t *const *s, uint64_t *dst)
{
   unsigned n = in->type->comps;
   switch (in->op) {
   case IR_OP_const:
      memcpy(dst, in->value, n * sizeof(*dst));
      return true;
   case IR_OP_vec: {
      unsigned k = 0;
      for (unsigned i = 0; i < in->num_srcs; i++)
         for (unsigned c = 0; c < in->srcs[i]->type->comps; c++)
            dst[k++] = s[i][c];
      return true;
   }
   case IR_OP_extract:
      dst[0] = s[0][in->imm % in->srcs[0]->type->comps];
      return true;
   case IR_OP_extract_dyn:   /* out of bounds: undefined; take component 0 */
      dst[0] = s[1][0] < in->srcs[0]->type->comps ? s[0][s[1][0]] : s[0][0];
      return true;
   case IR_OP_insert:
   case IR_OP_insert_dyn: {
      memcpy(dst, s[0], n * sizeof(*dst));
      uint64_t idx = in->op == IR_OP_insert ? in->imm : s[2][0];
      if (idx < n)
         dst[idx] = s[1][0];
      return true;
   }
   case IR_OP_bitcast:
      return eval_bitcast(in, s[0], dst);
   default:
      break;
   }
   if (!(ir_op_infos[in->op].flags & IR_OP_PURE) || in->op == IR_OP_undef ||
       in->op == IR_OP_sysval || in->op == IR_OP_deref_var ||
       in->op == IR_OP_deref_struct || in->op == IR_OP_deref_array)
      return false;
   for (unsigned c = 0; c < n; c++) {
      if (!eval_component(in, c, s, &dst[c]))
         return false;
   }
   return true;
}
