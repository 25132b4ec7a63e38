/* Instruction selection for 64-bit integers and floats, and for ldexp.
 *
 * What each generation has (Mesa's device tables, intel_device_info.c,
 * and the PRM text its compiler quotes):
 *   - Q/UQ ALU types: Gen8 and Gen9 only (has_64bit_int); Gen7/7.5 never
 *     had them and Gen11/Gen12LP dropped them.  Gen7/7.5 have no 64-bit
 *     immediates at all (Vol 4 "Data Types"; isa_tables_gen7.c).
 *   - 64-bit multiply: "Instruction_multiply[DevBDW+]" allows a Q/UQ
 *     destination from D/UD sources on Gen8 and Gen9; no generation has a
 *     64x64 multiply.
 *   - DF ALU: Gen7, Gen7.5, Gen8, Gen9 (has_64bit_float); none on Gen11
 *     and Gen12LP.  On Ivy Bridge (Gen7) "each DF operand uses an element
 *     size of 4 rather than 8 and all regioning parameters are twice what
 *     the values would be: ExecSize, Width, HorzStride and VertStride"
 *     (IVB PRM "EU Changes by Processor Generation"): selection emits
 *     the same DF instructions there, which legalisation keeps at four
 *     channels and the encoder writes in that pair form.
 *   - The math box has no DF function, and Mesa lowers DF rcp, sqrt, rsq,
 *     div, trunc, floor, ceil, fract and round-even on every generation:
 *     here they are exact integer or DF-add algorithms.
 *   - Cherryview/Broxton regioning ("when source or destination datatype
 *     is 64b ... source and destination horizontal stride must be aligned
 *     to the same qword, source and destination offset must be the same,
 *     except the case of scalar source"): every instruction emitted here
 *     with a 64-bit operand keeps 32-bit operands in the qword layout
 *     (stride 2 dwords, at the destination's offset), so the code runs on
 *     the small cores too.  And on every generation, "when the execution
 *     data type is wider than the destination data type, the destination
 *     must ... specify a HorzStride equal to the ratio in sizes": DF to
 *     32-bit results go through a stride-2 register.
 *
 * A 64-bit value component is a vreg of 8 bytes per channel (UQ/Q/DF),
 * its low dword the UD view of stride 2, its high dword that view 4 bytes
 * on.  Emulated operations work on pairs of packed UD registers (struct
 * i64) and store the pair into the value at the end.  On generations
 * without 64-bit types, the moves and selects of 64-bit values that the
 * rest of selection emits become dword pairs in gbe_lower_64bit_moves(). */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"

/* ---- generation facts ---- */

static bool
native_int64(enum isa_gen gen)
{
   return gen == ISA_GEN8 || gen == ISA_GEN9;
}

/* DF arithmetic: Ivy Bridge (in its pair form, gbe_emit.c), Haswell,
 * Broadwell, Skylake. */
static bool
df_alu(enum isa_gen gen)
{
   return gen <= ISA_GEN9;
}

/* ---- small builders ---- */

static struct gbe_inst *
alu2(struct gbe_ctx *c, enum isa_op op, struct gbe_reg d, struct gbe_reg a, struct gbe_reg b)
{
   return gbe_alu2(&c->b, op, d, a, b);
}

static struct gbe_inst *
alu1(struct gbe_ctx *c, enum isa_op op, struct gbe_reg d, struct gbe_reg a)
{
   return gbe_alu1(&c->b, op, d, a);
}

static struct gbe_reg
ud(struct gbe_ctx *c)
{
   return gbe_tmp(c, ISA_TYPE_UD);
}

static struct gbe_reg
imm(uint32_t v)
{
   return gbe_imm(ISA_TYPE_UD, v);
}

/* A signed dword immediate. */
static struct gbe_reg
dimm(int32_t v)
{
   return gbe_imm(ISA_TYPE_D, (uint32_t)v);
}

static struct gbe_reg
as(struct gbe_reg r, enum isa_type t)
{
   return gbe_retype(r, t);
}

static struct gbe_inst *
pred(struct gbe_inst *i, bool inv)
{
   i->pred = 1;
   i->pred_inv = inv;
   return i;
}

static struct gbe_inst *
with_cmod(struct gbe_inst *i, enum isa_cmod m)
{
   i->cmod = (uint8_t)m;
   return i;
}

/* cmp into a 0/~0 dword mask (and f0.0); 32-bit sources. */
static struct gbe_reg
cmpm(struct gbe_ctx *c, enum isa_cmod m, struct gbe_reg a, struct gbe_reg b)
{
   struct gbe_reg d = ud(c);
   with_cmod(alu2(c, ISA_OP_CMP, as(d, a.type), a, b), m);
   return d;
}

/* cmp into f0.0 only. */
static void
cmpf(struct gbe_ctx *c, enum isa_cmod m, struct gbe_reg a, struct gbe_reg b)
{
   with_cmod(alu2(c, ISA_OP_CMP, gbe_null(a.type), a, b), m);
}

/* f0.0 = (a & b) != 0 */
static void
testf(struct gbe_ctx *c, struct gbe_reg a, struct gbe_reg b)
{
   with_cmod(alu2(c, ISA_OP_AND, gbe_null(ISA_TYPE_UD), as(a, ISA_TYPE_UD), b), ISA_CMOD_NZ);
}

/* d = f0.0 ? a : b */
static void
selp(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg a, struct gbe_reg b)
{
   if (a.file == GBE_IMM && b.file != GBE_IMM)
      pred(alu2(c, ISA_OP_SEL, d, b, a), true);
   else
      pred(alu2(c, ISA_OP_SEL, d, a, b), false);
}

/* A bool (0/~0) from f0.0. */
static void
bool_from_flag(struct gbe_ctx *c, struct gbe_reg d)
{
   alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), imm(0));
   pred(alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), imm(~0u)), false);
}

/* A counted loop (PRM "do"/"while"): every channel runs the body n
 * times, so the recurrences below are a few dozen instructions instead
 * of thousands.  The counter is per channel; WHILE repeats until it is
 * zero. */
static struct gbe_reg
loop_begin(struct gbe_ctx *c, unsigned n)
{
   struct gbe_reg cnt = ud(c);
   alu1(c, ISA_OP_MOV, cnt, imm(n));
   gbe_emit(&c->b, GBE_OP_DO, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
            gbe_null(ISA_TYPE_D));
   return cnt;
}

static void
loop_end(struct gbe_ctx *c, struct gbe_reg cnt)
{
   with_cmod(alu2(c, ISA_OP_ADD, cnt, cnt, imm(~0u)), ISA_CMOD_NZ);
   pred(gbe_emit(&c->b, ISA_OP_WHILE, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
                 gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D)), false);
}

/* ---- dword pairs ---- */

struct i64 {
   struct gbe_reg lo, hi;
};

/* Dword h (0 low, 1 high) of each channel of a 64-bit register. */
static struct gbe_reg
dword_of(struct gbe_reg r, unsigned h)
{
   if (r.file == GBE_IMM)
      return imm((uint32_t)(r.imm >> (32 * h)));
   r = as(r, ISA_TYPE_UD);
   r.stride = (uint8_t)(r.stride * 2);
   r.offset += 4 * h;
   return r;
}

/* Word h of each channel of a dword register. */
static struct gbe_reg
word_of(struct gbe_reg r, unsigned h)
{
   if (r.file == GBE_IMM)
      return gbe_imm(ISA_TYPE_UW, (r.imm >> (16 * h)) & 0xffff);
   r = as(r, ISA_TYPE_UW);
   r.stride = (uint8_t)(r.stride * 2);
   r.offset += 2 * h;
   return r;
}

static struct i64
halves(struct gbe_reg r)
{
   return (struct i64){ dword_of(r, 0), dword_of(r, 1) };
}

static struct i64
pair(struct gbe_ctx *c)
{
   return (struct i64){ ud(c), ud(c) };
}

static struct i64
pair_imm(uint64_t v)
{
   return (struct i64){ imm((uint32_t)v), imm((uint32_t)(v >> 32)) };
}

static struct i64
pair_copy(struct gbe_ctx *c, struct i64 a)
{
   struct i64 r = pair(c);
   alu1(c, ISA_OP_MOV, r.lo, a.lo);
   alu1(c, ISA_OP_MOV, r.hi, a.hi);
   return r;
}

/* Stores a pair into a 64-bit register. */
static void
store_pair(struct gbe_ctx *c, struct gbe_reg d, struct i64 v)
{
   alu1(c, ISA_OP_MOV, dword_of(d, 0), v.lo);
   alu1(c, ISA_OP_MOV, dword_of(d, 1), v.hi);
}

static struct gbe_reg
tmp64(struct gbe_ctx *c, enum isa_type t)
{
   return gbe_tmp(c, t);
}

/* A 32-bit source of an instruction with a 64-bit destination at offset
 * 0, in the qword layout the CHV/BXT rule asks for: immediates and
 * scalars as they are, a dword view at a qword boundary as it is, others
 * copied into the low dwords of a new qword register. */
static struct gbe_reg
widen(struct gbe_ctx *c, struct gbe_reg x)
{
   if (x.file == GBE_IMM || x.stride == 0 || (x.stride == 2 && x.offset % 32 == 0))
      return x;
   struct gbe_reg w = dword_of(tmp64(c, ISA_TYPE_UQ), 0);
   alu1(c, ISA_OP_MOV, w, as(x, ISA_TYPE_UD));
   return as(w, x.type);
}

/* Fills both halves of a pair with (value, sign or zero) from a dword. */
static struct i64
extend32(struct gbe_ctx *c, struct gbe_reg x, bool sgn)
{
   struct i64 r = { as(x, ISA_TYPE_UD), imm(0) };
   if (sgn) {
      if (x.file == GBE_IMM)
         return pair_imm((uint64_t)(int64_t)(int32_t)x.imm);
      r.hi = ud(c);
      alu2(c, ISA_OP_ASR, as(r.hi, ISA_TYPE_D), as(x, ISA_TYPE_D), imm(31));
   }
   return r;
}

/* ---- emulated 64-bit integer arithmetic on pairs ---- */

static struct i64
e_add(struct gbe_ctx *c, struct i64 a, struct i64 b)
{
   if (a.lo.file == GBE_IMM) {
      struct i64 t = a;
      a = b;
      b = t;
   }
   struct i64 r = pair(c);
   alu2(c, ISA_OP_ADD, r.lo, a.lo, b.lo);
   /* the carry out of the low dwords: the sum wrapped below an addend */
   struct gbe_reg carry = cmpm(c, ISA_CMOD_L, r.lo, a.lo);
   alu2(c, ISA_OP_ADD, r.hi, a.hi, b.hi);
   alu2(c, ISA_OP_ADD, r.hi, r.hi, gbe_negate(carry));
   return r;
}

static struct i64
e_sub(struct gbe_ctx *c, struct i64 a, struct i64 b)
{
   if (a.lo.file == GBE_IMM)
      a = pair_copy(c, a);
   struct i64 r = pair(c);
   alu2(c, ISA_OP_ADD, r.lo, a.lo, gbe_negate(b.lo));
   struct gbe_reg borrow = cmpm(c, ISA_CMOD_L, a.lo, b.lo);
   alu2(c, ISA_OP_ADD, r.hi, a.hi, gbe_negate(b.hi));
   alu2(c, ISA_OP_ADD, r.hi, r.hi, borrow);
   return r;
}

static struct i64
e_neg(struct gbe_ctx *c, struct i64 a)
{
   if (a.lo.file == GBE_IMM && a.hi.file == GBE_IMM)
      return pair_imm(0 - ((uint64_t)a.hi.imm << 32 | (uint32_t)a.lo.imm));
   struct i64 r = pair(c);
   alu1(c, ISA_OP_MOV, r.lo, gbe_negate(a.lo));
   /* -(hi:lo) = ~hi + (lo == 0) = -hi - (lo != 0) */
   struct gbe_reg nz = cmpm(c, ISA_CMOD_NZ, a.lo, imm(0));
   alu2(c, ISA_OP_ADD, r.hi, gbe_negate(a.hi), nz);
   return r;
}

static struct i64
e_logic(struct gbe_ctx *c, enum isa_op op, struct i64 a, struct i64 b)
{
   if (a.lo.file == GBE_IMM) {
      struct i64 t = a;
      a = b;
      b = t;
   }
   struct i64 r = pair(c);
   alu2(c, op, r.lo, a.lo, b.lo);
   alu2(c, op, r.hi, a.hi, b.hi);
   return r;
}

static struct i64
e_not(struct gbe_ctx *c, struct i64 a)
{
   struct i64 r = pair(c);
   alu1(c, ISA_OP_NOT, r.lo, a.lo);
   alu1(c, ISA_OP_NOT, r.hi, a.hi);
   return r;
}

/* Pairs with both halves xor'ed with a dword mask, minus the mask: the
 * absolute value when the mask is the sign, negation when it is ~0. */
static struct i64
e_xor_sub(struct gbe_ctx *c, struct i64 a, struct gbe_reg mask)
{
   struct i64 m = { mask, mask };
   return e_sub(c, e_logic(c, ISA_OP_XOR, a, m), m);
}

/* The sign of a pair as a dword mask. */
static struct gbe_reg
sign_mask(struct gbe_ctx *c, struct i64 a)
{
   struct gbe_reg s = ud(c);
   alu2(c, ISA_OP_ASR, as(s, ISA_TYPE_D), as(a.hi, ISA_TYPE_D), imm(31));
   return s;
}

/* f0.0 and a dword mask: a != 0 */
static struct gbe_reg
e_nonzero(struct gbe_ctx *c, struct i64 a)
{
   struct gbe_reg t = ud(c);
   alu2(c, ISA_OP_OR, t, a.lo, a.hi);
   return cmpm(c, ISA_CMOD_NZ, t, imm(0));
}

enum rel { REL_EQ, REL_NE, REL_ULT, REL_UGE, REL_SLT, REL_SGE };

/* A 64-bit relation as a 0/~0 dword, also left in f0.0: the high dwords
 * decide unless equal, then the low dwords (unsigned). */
static struct gbe_reg
e_cmp(struct gbe_ctx *c, enum rel rel, struct i64 a, struct i64 b)
{
   if (a.lo.file == GBE_IMM)
      a = pair_copy(c, a);
   struct gbe_reg r = ud(c);
   if (rel == REL_EQ || rel == REL_NE) {
      enum isa_cmod m = rel == REL_EQ ? ISA_CMOD_Z : ISA_CMOD_NZ;
      struct gbe_reg l = cmpm(c, m, a.lo, b.lo), h = cmpm(c, m, a.hi, b.hi);
      with_cmod(alu2(c, rel == REL_EQ ? ISA_OP_AND : ISA_OP_OR, r, l, h), ISA_CMOD_NZ);
      return r;
   }
   bool lt = rel == REL_ULT || rel == REL_SLT;
   enum isa_type ht = rel == REL_SLT || rel == REL_SGE ? ISA_TYPE_D : ISA_TYPE_UD;
   struct gbe_reg strict = cmpm(c, lt ? ISA_CMOD_L : ISA_CMOD_G, as(a.hi, ht), as(b.hi, ht));
   struct gbe_reg eq = cmpm(c, ISA_CMOD_Z, a.hi, b.hi);
   struct gbe_reg low = cmpm(c, lt ? ISA_CMOD_L : ISA_CMOD_GE, a.lo, b.lo);
   alu2(c, ISA_OP_AND, eq, eq, low);
   with_cmod(alu2(c, ISA_OP_OR, r, strict, eq), ISA_CMOD_NZ);
   return r;
}

/* r = f0.0 ? a : b */
static struct i64
e_sel(struct gbe_ctx *c, struct i64 a, struct i64 b)
{
   struct i64 r = pair(c);
   selp(c, r.lo, a.lo, b.lo);
   selp(c, r.hi, a.hi, b.hi);
   return r;
}

enum shift { SH_L, SH_RL, SH_RA };

static struct i64
shift_imm(struct gbe_ctx *c, enum shift k, struct i64 a, unsigned n)
{
   struct i64 r = pair(c);
   enum isa_op rop = k == SH_RA ? ISA_OP_ASR : ISA_OP_SHR;
   enum isa_type ht = k == SH_RA ? ISA_TYPE_D : ISA_TYPE_UD;
   struct gbe_reg t = ud(c);
   n &= 63;
   if (n == 0)
      return pair_copy(c, a);
   if (k == SH_L && n < 32) {
      alu2(c, ISA_OP_SHL, r.hi, a.hi, imm(n));
      alu2(c, ISA_OP_SHR, t, a.lo, imm(32 - n));
      alu2(c, ISA_OP_OR, r.hi, r.hi, t);
      alu2(c, ISA_OP_SHL, r.lo, a.lo, imm(n));
   } else if (k == SH_L) {
      alu2(c, ISA_OP_SHL, r.hi, a.lo, imm(n - 32));
      alu1(c, ISA_OP_MOV, r.lo, imm(0));
   } else if (n < 32) {
      alu2(c, ISA_OP_SHL, t, a.hi, imm(32 - n));
      alu2(c, ISA_OP_SHR, r.lo, a.lo, imm(n));
      alu2(c, ISA_OP_OR, r.lo, r.lo, t);
      alu2(c, rop, as(r.hi, ht), as(a.hi, ht), imm(n));
   } else {
      alu2(c, rop, as(r.lo, ht), as(a.hi, ht), imm(n - 32));
      if (k == SH_RA)
         alu2(c, ISA_OP_ASR, as(r.hi, ht), as(a.hi, ht), imm(31));
      else
         alu1(c, ISA_OP_MOV, r.hi, imm(0));
   }
   return r;
}

/* Shifts by a count in 0..63 (bits above are ignored, as the IR masks
 * them).  The hardware uses the low 5 bits of a dword shift count (PRM
 * "shl"/"shr"), so each half is shifted by n & 31, the bits crossing
 * between the halves come from a shift by 31 - (n & 31) after one by 1
 * (which gives 0 for n & 31 == 0), and bit 5 of n picks the arrangement. */
static struct i64
shift_var(struct gbe_ctx *c, enum shift k, struct i64 a, struct gbe_reg n)
{
   struct gbe_reg big = ud(c), small = ud(c), t = ud(c), inv = ud(c);
   struct i64 r = pair(c);
   if (a.lo.file == GBE_IMM)
      a = pair_copy(c, a);
   n = as(n, ISA_TYPE_UD);
   alu2(c, ISA_OP_XOR, inv, n, imm(31));
   if (k == SH_L) {
      alu2(c, ISA_OP_SHL, big, a.lo, n);
      alu2(c, ISA_OP_SHL, small, a.hi, n);
      alu2(c, ISA_OP_SHR, t, a.lo, imm(1));
      alu2(c, ISA_OP_SHR, t, t, inv);
      alu2(c, ISA_OP_OR, small, small, t);
      testf(c, n, imm(32));
      selp(c, r.hi, big, small);
      selp(c, r.lo, imm(0), big);
      return r;
   }
   enum isa_op rop = k == SH_RA ? ISA_OP_ASR : ISA_OP_SHR;
   enum isa_type ht = k == SH_RA ? ISA_TYPE_D : ISA_TYPE_UD;
   alu2(c, rop, as(big, ht), as(a.hi, ht), n);
   alu2(c, ISA_OP_SHR, small, a.lo, n);
   alu2(c, ISA_OP_SHL, t, a.hi, imm(1));
   alu2(c, ISA_OP_SHL, t, t, inv);
   alu2(c, ISA_OP_OR, small, small, t);
   struct gbe_reg fill = imm(0);
   if (k == SH_RA) {
      fill = ud(c);
      alu2(c, ISA_OP_ASR, as(fill, ISA_TYPE_D), as(a.hi, ISA_TYPE_D), imm(31));
   }
   testf(c, n, imm(32));
   selp(c, r.lo, big, small);
   selp(c, r.hi, fill, big);
   return r;
}

static struct i64
e_shift(struct gbe_ctx *c, enum shift k, struct i64 a, struct gbe_reg n)
{
   if (n.file == GBE_IMM)
      return shift_imm(c, k, a, (unsigned)n.imm);
   return shift_var(c, k, a, n);
}

/* The full 64-bit product of two dwords.  Gen8/9 multiply UD x UD into
 * UQ; the other generations' multiplier takes a word operand (PRM "mul":
 * no DWord x DWord), so the product is summed from four 16x16 products. */
static struct i64
umul_wide(struct gbe_ctx *c, struct gbe_reg x, struct gbe_reg y)
{
   x = as(x, ISA_TYPE_UD);
   y = as(y, ISA_TYPE_UD);
   if (x.file == GBE_IMM) {
      struct gbe_reg t = x;
      x = y;
      y = t;
   }
   if (native_int64(c->p->gen)) {
      struct gbe_reg w = tmp64(c, ISA_TYPE_UQ);
      alu2(c, ISA_OP_MUL, w, widen(c, x), widen(c, y));
      return halves(w);
   }
   struct gbe_reg p0 = ud(c), p1 = ud(c), p2 = ud(c), p3 = ud(c), t = ud(c), mid = ud(c);
   struct gbe_reg xl = word_of(x, 0), xh = word_of(x, 1), yl = word_of(y, 0), yh = word_of(y, 1);
   alu2(c, ISA_OP_MUL, p0, xl, yl);
   alu2(c, ISA_OP_MUL, p1, xl, yh);
   alu2(c, ISA_OP_MUL, p2, xh, yl);
   alu2(c, ISA_OP_MUL, p3, xh, yh);
   /* mid = p0 >> 16 + low words of p1 and p2 (at most 18 bits) */
   alu2(c, ISA_OP_SHR, mid, p0, imm(16));
   alu2(c, ISA_OP_AND, t, p1, imm(0xffff));
   alu2(c, ISA_OP_ADD, mid, mid, t);
   alu2(c, ISA_OP_AND, t, p2, imm(0xffff));
   alu2(c, ISA_OP_ADD, mid, mid, t);
   struct i64 r = pair(c);
   alu2(c, ISA_OP_SHR, t, p1, imm(16));
   alu2(c, ISA_OP_ADD, r.hi, p3, t);
   alu2(c, ISA_OP_SHR, t, p2, imm(16));
   alu2(c, ISA_OP_ADD, r.hi, r.hi, t);
   alu2(c, ISA_OP_SHR, t, mid, imm(16));
   alu2(c, ISA_OP_ADD, r.hi, r.hi, t);
   alu2(c, ISA_OP_SHL, t, mid, imm(16));
   alu2(c, ISA_OP_AND, r.lo, p0, imm(0xffff));
   alu2(c, ISA_OP_OR, r.lo, r.lo, t);
   return r;
}

/* The low dword of a dword product (x * y.lo16 + (x * y.hi16) << 16 where
 * the multiplier takes a word operand). */
static struct gbe_reg
mul_lo32(struct gbe_ctx *c, struct gbe_reg x, struct gbe_reg y)
{
   x = as(x, ISA_TYPE_UD);
   y = as(y, ISA_TYPE_UD);
   if (x.file == GBE_IMM) {
      struct gbe_reg t = x;
      x = y;
      y = t;
   }
   struct gbe_reg r = ud(c), t = ud(c);
   alu2(c, ISA_OP_MUL, r, x, word_of(y, 0));
   alu2(c, ISA_OP_MUL, t, x, word_of(y, 1));
   alu2(c, ISA_OP_SHL, t, t, imm(16));
   alu2(c, ISA_OP_ADD, r, r, t);
   return r;
}

/* The low 64 bits of a 64x64 product: lo*lo in full plus the low dwords
 * of the cross products in the high half. */
static struct i64
e_mul(struct gbe_ctx *c, struct i64 a, struct i64 b)
{
   struct i64 p = umul_wide(c, a.lo, b.lo);
   struct gbe_reg c1 = mul_lo32(c, a.lo, b.hi), c2 = mul_lo32(c, a.hi, b.lo);
   struct i64 r = pair(c);
   alu1(c, ISA_OP_MOV, r.lo, p.lo);
   alu2(c, ISA_OP_ADD, r.hi, p.hi, c1);
   alu2(c, ISA_OP_ADD, r.hi, r.hi, c2);
   return r;
}

/* Unsigned 64-bit division by restoring shift-subtract, one quotient bit
 * per step from the top: the remainder R takes the dividend's next bit
 * (the dividend N shifts left, its freed low bits collecting the
 * quotient), and R - D replaces R when R >= D.  R can reach 2^64 before
 * the compare (D > 2^63): the bit shifted out of R then forces the
 * subtraction, whose wrapped result is right.  Division by zero gives a
 * quotient of all ones and the dividend as remainder. */
static void
e_udivmod(struct gbe_ctx *c, struct i64 n, struct i64 d, struct i64 *q, struct i64 *rem)
{
   struct i64 r = pair(c), x = pair_copy(c, n);
   alu1(c, ISA_OP_MOV, r.lo, imm(0));
   alu1(c, ISA_OP_MOV, r.hi, imm(0));
   struct gbe_reg out = ud(c), t = ud(c), dl = ud(c), dh = ud(c), borrow = ud(c);
   struct gbe_reg b1 = ud(c), b2 = ud(c);
   struct gbe_reg cnt = loop_begin(c, 64);
   alu2(c, ISA_OP_SHR, out, r.hi, imm(31));
   alu2(c, ISA_OP_SHR, t, r.lo, imm(31));
   alu2(c, ISA_OP_SHL, r.hi, r.hi, imm(1));
   alu2(c, ISA_OP_OR, r.hi, r.hi, t);
   alu2(c, ISA_OP_SHR, t, x.hi, imm(31));
   alu2(c, ISA_OP_SHL, r.lo, r.lo, imm(1));
   alu2(c, ISA_OP_OR, r.lo, r.lo, t);
   alu2(c, ISA_OP_SHR, t, x.lo, imm(31));
   alu2(c, ISA_OP_SHL, x.hi, x.hi, imm(1));
   alu2(c, ISA_OP_OR, x.hi, x.hi, t);
   alu2(c, ISA_OP_SHL, x.lo, x.lo, imm(1));
   /* R - D and whether it borrows */
   alu2(c, ISA_OP_ADD, dl, r.lo, gbe_negate(d.lo));
   with_cmod(alu2(c, ISA_OP_CMP, borrow, r.lo, d.lo), ISA_CMOD_L);
   alu2(c, ISA_OP_ADD, dh, r.hi, gbe_negate(d.hi));
   alu2(c, ISA_OP_ADD, dh, dh, borrow);
   with_cmod(alu2(c, ISA_OP_CMP, b1, r.hi, d.hi), ISA_CMOD_L);
   with_cmod(alu2(c, ISA_OP_CMP, b2, r.hi, d.hi), ISA_CMOD_Z);
   alu2(c, ISA_OP_AND, b2, b2, borrow);
   alu2(c, ISA_OP_OR, b1, b1, b2);
   /* take it when R >= D (no borrow) or R overflowed */
   alu1(c, ISA_OP_NOT, b1, b1);
   with_cmod(alu2(c, ISA_OP_OR, gbe_null(ISA_TYPE_UD), b1, out), ISA_CMOD_NZ);
   pred(alu1(c, ISA_OP_MOV, r.lo, dl), false);
   pred(alu1(c, ISA_OP_MOV, r.hi, dh), false);
   pred(alu2(c, ISA_OP_OR, x.lo, x.lo, imm(1)), false);
   loop_end(c, cnt);
   *q = x;
   *rem = r;
}

/* ---- 64-bit integer operations of the IR ---- */

static enum isa_type
int_type(bool sgn)
{
   return sgn ? ISA_TYPE_Q : ISA_TYPE_UQ;
}

/* Source s, component k, as its value's register. */
static struct gbe_reg
src_reg(struct gbe_ctx *c, struct ir_instr *i, unsigned s, unsigned k)
{
   struct ir_instr *x = i->srcs[s];
   struct gbe_reg *v = gbe_val(c, x);
   if (!v)
      v = gbe_def(c, x);
   if (!v)
      return gbe_null(ISA_TYPE_UD);
   return v[x->type->comps == 1 ? 0 : k];
}

/* A narrower integer source as a dword: zero-extended as it lives, or
 * sign-extended for a signed read. */
static struct gbe_reg
src32(struct gbe_ctx *c, struct ir_instr *i, unsigned s, unsigned k, bool sgn)
{
   const struct ir_type *t = i->srcs[s]->type;
   struct gbe_reg r = src_reg(c, i, s, k);
   if (t->kind == IR_TYPE_FLOAT)
      return as(r, ISA_TYPE_F);
   if (!sgn || t->kind != IR_TYPE_INT || t->bits >= 32)
      return as(r, sgn ? ISA_TYPE_D : ISA_TYPE_UD);
   unsigned sh = 32 - t->bits;
   if (r.file == GBE_IMM)
      return gbe_imm(ISA_TYPE_D, (uint32_t)((int32_t)((uint32_t)r.imm << sh) >> sh));
   struct gbe_reg x = gbe_tmp(c, ISA_TYPE_D);
   alu2(c, ISA_OP_SHL, x, as(r, ISA_TYPE_D), imm(sh));
   alu2(c, ISA_OP_ASR, x, x, imm(sh));
   return x;
}

static bool
is64(const struct ir_type *t)
{
   return t->bits == 64 && (t->kind == IR_TYPE_INT || t->kind == IR_TYPE_FLOAT);
}

/* The low dword of a 64-bit source, or a narrower source as a dword. */
static struct gbe_reg
count_src(struct gbe_ctx *c, struct ir_instr *i, unsigned s, unsigned k)
{
   if (is64(i->srcs[s]->type))
      return dword_of(src_reg(c, i, s, k), 0);
   return src32(c, i, s, k, false);
}

/* Native Gen8/9 forms of the simple operations; false when the operation
 * has none. */
static bool
native_int_op(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   bool sg = i->op == IR_OP_ishr || i->op == IR_OP_smin || i->op == IR_OP_smax;
   struct gbe_reg a = as(src_reg(c, i, 0, k), int_type(sg));
   struct gbe_reg b = i->num_srcs > 1 ? as(src_reg(c, i, 1, k), int_type(sg)) : a;
   d = as(d, int_type(sg));
   if (a.file == GBE_IMM && i->num_srcs > 1 && b.file != GBE_IMM &&
       (i->op == IR_OP_iadd || i->op == IR_OP_iand || i->op == IR_OP_ior || i->op == IR_OP_ixor)) {
      struct gbe_reg t = a;
      a = b;
      b = t;
   }
   switch (i->op) {
   case IR_OP_iadd: alu2(c, ISA_OP_ADD, d, a, b); return true;
   case IR_OP_isub: alu2(c, ISA_OP_ADD, d, a, gbe_negate(b)); return true;
   case IR_OP_ineg:
      alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_Q), gbe_negate(as(a, ISA_TYPE_Q)));
      return true;
   case IR_OP_iand: alu2(c, ISA_OP_AND, d, a, b); return true;
   case IR_OP_ior: alu2(c, ISA_OP_OR, d, a, b); return true;
   case IR_OP_ixor: alu2(c, ISA_OP_XOR, d, a, b); return true;
   case IR_OP_inot: alu1(c, ISA_OP_NOT, d, a); return true;
   case IR_OP_ishl: case IR_OP_ishr: case IR_OP_ushr: {
      /* the count in the qword layout; the IR's count is modulo 64, as
       * the hardware's for a 64-bit shift (6 bits) */
      struct gbe_reg n = widen(c, count_src(c, i, 1, k));
      enum isa_op op = i->op == IR_OP_ishl ? ISA_OP_SHL : i->op == IR_OP_ishr ? ISA_OP_ASR : ISA_OP_SHR;
      if (n.file == GBE_IMM)
         n.imm &= 63;
      alu2(c, op, d, a, n);
      return true;
   }
   case IR_OP_smin: case IR_OP_umin: case IR_OP_smax: case IR_OP_umax: {
      bool mn = i->op == IR_OP_smin || i->op == IR_OP_umin;
      if (a.file == GBE_IMM) {
         struct gbe_reg t = a;
         a = b;
         b = t;
      }
      with_cmod(alu2(c, ISA_OP_SEL, d, a, b), mn ? ISA_CMOD_L : ISA_CMOD_GE);
      return true;
   }
   case IR_OP_imul: {
      /* lo*lo in full plus the cross products shifted up, all as UQ
       * products of dwords (sources in the qword layout) */
      struct i64 x = halves(a), y = halves(b);
      struct gbe_reg p = tmp64(c, ISA_TYPE_UQ), t1 = tmp64(c, ISA_TYPE_UQ), t2 = tmp64(c, ISA_TYPE_UQ);
      alu2(c, ISA_OP_MUL, p, widen(c, x.lo), widen(c, y.lo));
      alu2(c, ISA_OP_MUL, t1, widen(c, x.lo), widen(c, y.hi));
      alu2(c, ISA_OP_MUL, t2, widen(c, x.hi), widen(c, y.lo));
      alu2(c, ISA_OP_ADD, t1, t1, t2);
      alu2(c, ISA_OP_SHL, t1, t1, imm(32));
      alu2(c, ISA_OP_ADD, as(d, ISA_TYPE_UQ), p, t1);
      return true;
   }
   default:
      return false;
   }
}

static struct i64
src_pair(struct gbe_ctx *c, struct ir_instr *i, unsigned s, unsigned k)
{
   return halves(src_reg(c, i, s, k));
}

/* sdiv, srem, smod from the unsigned division of the magnitudes; the IR
 * (ir_eval.c) defines division by zero as all ones for every form. */
static struct i64
e_divide(struct gbe_ctx *c, enum ir_op op, struct i64 a, struct i64 b)
{
   bool sgn = op == IR_OP_sdiv || op == IR_OP_srem || op == IR_OP_smod;
   struct gbe_reg sa = imm(0), sb = imm(0);
   struct i64 ua = a, ub = b;
   if (sgn) {
      sa = sign_mask(c, a);
      sb = sign_mask(c, b);
      ua = e_xor_sub(c, a, sa);
      ub = e_xor_sub(c, b, sb);
   }
   struct i64 q, r, res;
   e_udivmod(c, ua, ub, &q, &r);
   switch (op) {
   case IR_OP_udiv:
      return q;
   case IR_OP_sdiv: {
      struct gbe_reg s = ud(c);
      alu2(c, ISA_OP_XOR, s, sa, sb);
      res = e_xor_sub(c, q, s);
      break;
   }
   case IR_OP_umod:
      res = r;
      break;
   default:
      /* the remainder takes the dividend's sign; smod then adds the
       * divisor when the signs differ and it is not zero */
      res = e_xor_sub(c, r, sa);
      if (op == IR_OP_smod) {
         struct i64 sum = e_add(c, res, b);
         struct gbe_reg nz = e_nonzero(c, res), diff = ud(c);
         struct gbe_reg rs = sign_mask(c, res);
         alu2(c, ISA_OP_XOR, diff, rs, sb);
         with_cmod(alu2(c, ISA_OP_AND, gbe_null(ISA_TYPE_UD), diff, nz), ISA_CMOD_NZ);
         res = e_sel(c, sum, res);
      }
      break;
   }
   e_cmp(c, REL_EQ, b, pair_imm(0));
   return e_sel(c, pair_imm(~0ull), res);
}

/* find_lsb, ufind_msb, sfind_msb, bitcount on a pair: a dword result (the
 * IR's result is 64-bit: -1 for "no bit" extends to all ones). */
static struct gbe_reg
e_bits(struct gbe_ctx *c, enum ir_op op, struct i64 a)
{
   struct gbe_reg r = ud(c), t = ud(c);
   if (a.lo.file == GBE_IMM)
      a = pair_copy(c, a);
   switch (op) {
   case IR_OP_bitcount:
      alu1(c, ISA_OP_CBIT, r, a.lo);
      alu1(c, ISA_OP_CBIT, t, a.hi);
      alu2(c, ISA_OP_ADD, r, r, t);
      return r;
   case IR_OP_find_lsb:
      /* fbl gives ~0 for 0 */
      alu1(c, ISA_OP_FBL, r, a.hi);
      alu2(c, ISA_OP_ADD, r, r, imm(32));
      cmpf(c, ISA_CMOD_Z, a.hi, imm(0));
      pred(alu1(c, ISA_OP_MOV, r, imm(~0u)), false);
      alu1(c, ISA_OP_FBL, t, a.lo);
      cmpf(c, ISA_CMOD_NZ, a.lo, imm(0));
      pred(alu1(c, ISA_OP_MOV, r, t), false);
      return r;
   default: {
      /* the highest set bit (of ~a when sfind_msb reads a negative a):
       * fbh counts from the top, ~0 when none */
      if (op == IR_OP_sfind_msb) {
         struct gbe_reg s = sign_mask(c, a);
         a = e_logic(c, ISA_OP_XOR, a, (struct i64){ s, s });
      }
      alu1(c, ISA_OP_FBH, t, a.lo);
      alu2(c, ISA_OP_ADD, as(r, ISA_TYPE_D), gbe_negate(as(t, ISA_TYPE_D)), dimm(31));
      cmpf(c, ISA_CMOD_Z, a.lo, imm(0));
      pred(alu1(c, ISA_OP_MOV, r, imm(~0u)), false);
      alu1(c, ISA_OP_FBH, t, a.hi);
      alu2(c, ISA_OP_ADD, as(t, ISA_TYPE_D), gbe_negate(as(t, ISA_TYPE_D)), dimm(63));
      cmpf(c, ISA_CMOD_NZ, a.hi, imm(0));
      pred(alu1(c, ISA_OP_MOV, r, t), false);
      return r;
   }
   }
}

static enum rel
rel_of(enum ir_op op)
{
   switch (op) {
   case IR_OP_ieq: return REL_EQ;
   case IR_OP_ine: return REL_NE;
   case IR_OP_ult: return REL_ULT;
   case IR_OP_uge: return REL_UGE;
   case IR_OP_slt: return REL_SLT;
   default: return REL_SGE;
   }
}

static enum isa_cmod
native_cmod(enum ir_op op, bool *sgn)
{
   *sgn = op == IR_OP_slt || op == IR_OP_sge;
   switch (op) {
   case IR_OP_ieq: return ISA_CMOD_Z;
   case IR_OP_ine: return ISA_CMOD_NZ;
   case IR_OP_ult: case IR_OP_slt: return ISA_CMOD_L;
   default: return ISA_CMOD_GE;
   }
}

/* 64-bit integer compares: a bool dword. */
static bool
int_compare(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   if (native_int64(c->p->gen)) {
      bool sgn;
      enum isa_cmod m = native_cmod(i->op, &sgn);
      struct gbe_reg a = as(src_reg(c, i, 0, k), int_type(sgn));
      struct gbe_reg b = as(src_reg(c, i, 1, k), int_type(sgn));
      if (a.file == GBE_IMM) {
         struct gbe_reg t = tmp64(c, a.type);
         alu1(c, ISA_OP_MOV, t, a);
         a = t;
      }
      cmpf(c, m, a, b);
      bool_from_flag(c, d);
      return true;
   }
   struct gbe_reg m = e_cmp(c, rel_of(i->op), src_pair(c, i, 0, k), src_pair(c, i, 1, k));
   alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), m);
   return true;
}

/* One component of a 64-bit integer result. */
static bool
int_op(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   if (native_int64(c->p->gen) && native_int_op(c, i, k, d))
      return true;
   struct i64 a = src_pair(c, i, 0, k), r;
   struct i64 b = i->num_srcs > 1 && is64(i->srcs[1]->type) ? src_pair(c, i, 1, k) : a;
   switch (i->op) {
   case IR_OP_mov: alu1(c, ISA_OP_MOV, d, as(src_reg(c, i, 0, k), d.type)); return true;
   case IR_OP_iadd: r = e_add(c, a, b); break;
   case IR_OP_isub: r = e_sub(c, a, b); break;
   case IR_OP_ineg: r = e_neg(c, a); break;
   case IR_OP_iand: r = e_logic(c, ISA_OP_AND, a, b); break;
   case IR_OP_ior: r = e_logic(c, ISA_OP_OR, a, b); break;
   case IR_OP_ixor: r = e_logic(c, ISA_OP_XOR, a, b); break;
   case IR_OP_inot: r = e_not(c, a); break;
   case IR_OP_ishl: r = e_shift(c, SH_L, a, count_src(c, i, 1, k)); break;
   case IR_OP_ushr: r = e_shift(c, SH_RL, a, count_src(c, i, 1, k)); break;
   case IR_OP_ishr: r = e_shift(c, SH_RA, a, count_src(c, i, 1, k)); break;
   case IR_OP_imul: r = e_mul(c, a, b); break;
   case IR_OP_udiv: case IR_OP_sdiv: case IR_OP_umod: case IR_OP_srem: case IR_OP_smod:
      r = e_divide(c, i->op, a, b);
      break;
   case IR_OP_smin: case IR_OP_smax: case IR_OP_umin: case IR_OP_umax: {
      bool s = i->op == IR_OP_smin || i->op == IR_OP_smax;
      bool mn = i->op == IR_OP_smin || i->op == IR_OP_umin;
      e_cmp(c, s ? REL_SLT : REL_ULT, a, b);
      r = mn ? e_sel(c, a, b) : e_sel(c, b, a);
      break;
   }
   case IR_OP_iabs:
      r = e_xor_sub(c, a, sign_mask(c, a));
      break;
   case IR_OP_isign: {
      /* high: the sign; low: the sign, or 1 when positive */
      struct gbe_reg nz = e_nonzero(c, a), s = sign_mask(c, a);
      r = pair(c);
      alu2(c, ISA_OP_AND, nz, nz, imm(1));
      alu1(c, ISA_OP_MOV, r.hi, s);
      alu2(c, ISA_OP_OR, r.lo, s, nz);
      break;
   }
   case IR_OP_bitreverse:
      if (a.lo.file == GBE_IMM)
         a = pair_copy(c, a);
      r = pair(c);
      alu1(c, ISA_OP_BFREV, r.lo, a.hi);
      alu1(c, ISA_OP_BFREV, r.hi, a.lo);
      break;
   case IR_OP_bitcount: case IR_OP_find_lsb: case IR_OP_ufind_msb: case IR_OP_sfind_msb: {
      struct gbe_reg v = e_bits(c, i->op, a);
      r = extend32(c, v, true);
      break;
   }
   default:
      return false;
   }
   store_pair(c, d, r);
   return true;
}

/* ---- DF helpers (Ivy Bridge, Haswell, Broadwell, Skylake) ---- */

static struct gbe_reg
df(struct gbe_ctx *c)
{
   return tmp64(c, ISA_TYPE_DF);
}

static struct gbe_reg
df_imm(double v)
{
   uint64_t b;
   memcpy(&b, &v, 8);
   return gbe_imm(ISA_TYPE_DF, b);
}

/* A 32-bit number (D, UD or F) as a DF, exactly. */
static struct gbe_reg
df_from32(struct gbe_ctx *c, struct gbe_reg x)
{
   if (x.file == GBE_IMM) {
      uint32_t u = (uint32_t)x.imm;
      float f;
      memcpy(&f, &u, 4);
      return df_imm(x.type == ISA_TYPE_F ? (double)f
                    : x.type == ISA_TYPE_D ? (double)(int32_t)u : (double)u);
   }
   struct gbe_reg d = df(c);
   alu1(c, ISA_OP_MOV, d, widen(c, x));
   return d;
}

/* A DF operand in a register (Gen7.5 has no DF immediates; elsewhere
 * only some sources take one). */
static struct gbe_reg
as_reg(struct gbe_ctx *c, struct gbe_reg x)
{
   if (x.file != GBE_IMM)
      return x;
   struct gbe_reg t = df(c);
   alu1(c, ISA_OP_MOV, t, x);
   return t;
}

/* A DF converted to a 32-bit type into d (packed): the conversion writes
 * a stride-2 register first (execution type wider than the destination). */
static void
df_to32(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg x)
{
   x = as_reg(c, x);
   struct gbe_reg w = as(dword_of(tmp64(c, ISA_TYPE_UQ), 0), d.type);
   alu1(c, ISA_OP_MOV, w, x);
   alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), as(w, ISA_TYPE_UD));
}

static struct gbe_reg
df_op2(struct gbe_ctx *c, enum isa_op op, struct gbe_reg a, struct gbe_reg b)
{
   struct gbe_reg d = df(c);
   if (a.file == GBE_IMM && b.file != GBE_IMM) {
      struct gbe_reg t = a;
      a = b;
      b = t;
   }
   alu2(c, op, d, a, b);
   return d;
}

/* A DF register from a pair of dwords. */
static struct gbe_reg
df_from_pair(struct gbe_ctx *c, struct i64 v)
{
   struct gbe_reg d = df(c);
   store_pair(c, d, v);
   return d;
}

/* f0.0 = (x relation y) for DF */
static void
df_cmpf(struct gbe_ctx *c, enum isa_cmod m, struct gbe_reg x, struct gbe_reg y)
{
   cmpf(c, m, as_reg(c, x), y);
}

/* ---- exact DF rounding: the DF add does it ---- */

/* |x| rounded to an integer, ties to even, for |x| < 2^52: the sum with
 * 2^52 has a unit in the last place of 1, so its rounding is the
 * integer's, and the subtraction is exact.  (The math box and rnd*
 * have no DF forms Mesa uses on any generation.) */
static struct gbe_reg
df_rint_abs(struct gbe_ctx *c, struct gbe_reg ax)
{
   struct gbe_reg t = df_op2(c, ISA_OP_ADD, ax, df_imm(4503599627370496.0));
   return df_op2(c, ISA_OP_ADD, t, df_imm(-4503599627370496.0));
}

/* y with x's sign bit; y is not negative. */
static struct gbe_reg
df_copysign(struct gbe_ctx *c, struct gbe_reg y, struct gbe_reg x)
{
   struct gbe_reg s = ud(c), r = df(c);
   alu2(c, ISA_OP_AND, s, dword_of(x, 1), imm(0x80000000u));
   alu1(c, ISA_OP_MOV, dword_of(r, 0), dword_of(y, 0));
   alu2(c, ISA_OP_OR, dword_of(r, 1), dword_of(y, 1), s);
   return r;
}

enum df_round { DR_TRUNC, DR_FLOOR, DR_CEIL, DR_EVEN };

/* trunc/floor/ceil/round-even: the rounding of |x| corrected by one
 * toward zero (trunc) or away (ceil of |x|), x's sign put back (floor of
 * a negative x is minus the ceiling of |x|); |x| >= 2^52, infinities and
 * NaN are their own roundings. */
static struct gbe_reg
df_round(struct gbe_ctx *c, enum df_round mode, struct gbe_reg x)
{
   struct gbe_reg ax = df(c);
   x = as_reg(c, x);
   struct gbe_reg xa = x;
   xa.abs = true;
   alu1(c, ISA_OP_MOV, ax, xa);
   struct gbe_reg t = df_rint_abs(c, ax), r = df(c);
   alu1(c, ISA_OP_MOV, r, t);
   if (mode != DR_EVEN) {
      struct gbe_reg tr = df(c), ce = df(c);
      alu1(c, ISA_OP_MOV, tr, t);
      df_cmpf(c, ISA_CMOD_G, t, ax);
      pred(alu2(c, ISA_OP_ADD, tr, t, df_imm(-1.0)), false);
      alu1(c, ISA_OP_MOV, ce, t);
      df_cmpf(c, ISA_CMOD_L, t, ax);
      pred(alu2(c, ISA_OP_ADD, ce, t, df_imm(1.0)), false);
      if (mode == DR_TRUNC) {
         alu1(c, ISA_OP_MOV, r, tr);
      } else {
         /* the magnitude rounds up for floor of a negative, ceil of a
          * positive */
         testf(c, dword_of(x, 1), imm(0x80000000u));
         if (mode == DR_FLOOR)
            selp(c, r, ce, tr);
         else
            selp(c, r, tr, ce);
      }
   }
   r = df_copysign(c, r, x);
   df_cmpf(c, ISA_CMOD_L, ax, df_imm(4503599627370496.0));
   struct gbe_reg out = df(c);
   selp(c, out, r, x);
   return out;
}

/* ---- exact DF division and square root by integer recurrences ---- */

/* A finite non-zero DF as a 53-bit integer significand (implicit bit
 * set) and the biased exponent of its leading bit (below 1 for
 * denormals, which are scaled by 2^54 first: exact). */
struct df_parts {
   struct i64 m;
   struct gbe_reg e;   /* D */
};

static struct df_parts
df_unpack(struct gbe_ctx *c, struct gbe_reg x)
{
   struct gbe_reg xs = df_op2(c, ISA_OP_MUL, x, df_imm(18014398509481984.0));
   struct gbe_reg xn = df(c), adj = ud(c), f = ud(c);
   testf(c, dword_of(x, 1), imm(0x7ff00000u));
   selp(c, xn, x, xs);
   selp(c, adj, imm(0), imm(54));
   struct df_parts p = { pair(c), gbe_tmp(c, ISA_TYPE_D) };
   alu2(c, ISA_OP_SHR, f, dword_of(xn, 1), imm(20));
   alu2(c, ISA_OP_AND, f, f, imm(0x7ff));
   alu2(c, ISA_OP_ADD, p.e, as(f, ISA_TYPE_D), gbe_negate(as(adj, ISA_TYPE_D)));
   alu2(c, ISA_OP_AND, p.m.hi, dword_of(xn, 1), imm(0x000fffffu));
   alu2(c, ISA_OP_OR, p.m.hi, p.m.hi, imm(0x00100000u));
   alu1(c, ISA_OP_MOV, p.m.lo, dword_of(xn, 0));
   return p;
}

/* Rounds sign * m * 2^(e - 1023 - 54) to a DF (to nearest, ties to even)
 * for m in [2^54, 2^55) (53 significant bits and two more) with sticky
 * non-zero when bits below m are: the normal case keeps m >> 2 with the
 * exponent field e; results below the normal range shift m further
 * right (denormals, zero); a carry of the rounding moves into the
 * exponent field by itself (the field and significand are added), and
 * results at or above 2^1024 become infinities. */
static struct i64
df_round_pack(struct gbe_ctx *c, struct gbe_reg sign, struct gbe_reg e, struct i64 m,
              struct gbe_reg sticky)
{
   struct gbe_reg s = gbe_tmp(c, ISA_TYPE_D), s1 = ud(c), field = gbe_tmp(c, ISA_TYPE_D);
   struct gbe_reg ec = gbe_tmp(c, ISA_TYPE_D);
   with_cmod(alu2(c, ISA_OP_SEL, ec, e, dimm(2100)), ISA_CMOD_L);
   /* s = max(3 - e, 2), at most 58 */
   alu2(c, ISA_OP_ADD, s, gbe_negate(ec), dimm(3));
   with_cmod(alu2(c, ISA_OP_SEL, s, s, dimm(2)), ISA_CMOD_GE);
   with_cmod(alu2(c, ISA_OP_SEL, s, s, dimm(58)), ISA_CMOD_L);
   alu2(c, ISA_OP_ADD, field, ec, dimm(-1));
   with_cmod(alu2(c, ISA_OP_SEL, field, field, dimm(0)), ISA_CMOD_GE);
   struct i64 mant = shift_var(c, SH_RL, m, as(s, ISA_TYPE_UD));
   alu2(c, ISA_OP_ADD, s1, as(s, ISA_TYPE_UD), imm(~0u));
   struct i64 g = shift_var(c, SH_RL, m, s1);
   /* the bits below the guard: m << (65 - s) */
   struct gbe_reg ls = ud(c);
   alu2(c, ISA_OP_ADD, as(ls, ISA_TYPE_D), gbe_negate(s), dimm(65));
   struct i64 rest = shift_var(c, SH_L, m, ls);
   struct gbe_reg st = ud(c), up = ud(c);
   alu2(c, ISA_OP_OR, st, rest.lo, rest.hi);
   alu2(c, ISA_OP_OR, st, st, sticky);
   cmpf(c, ISA_CMOD_NZ, st, imm(0));
   /* round up: guard and (sticky or odd) */
   alu1(c, ISA_OP_MOV, up, mant.lo);
   pred(alu1(c, ISA_OP_MOV, up, imm(1)), false);
   alu2(c, ISA_OP_AND, up, up, g.lo);
   alu2(c, ISA_OP_AND, up, up, imm(1));
   struct gbe_reg fh = ud(c);
   alu2(c, ISA_OP_SHL, fh, as(field, ISA_TYPE_UD), imm(20));
   struct i64 base = { mant.lo, ud(c) };
   alu2(c, ISA_OP_ADD, base.hi, mant.hi, fh);
   struct i64 r = e_add(c, base, (struct i64){ up, imm(0) });
   cmpf(c, ISA_CMOD_GE, r.hi, imm(0x7ff00000u));
   pred(alu1(c, ISA_OP_MOV, r.hi, imm(0x7ff00000u)), false);
   pred(alu1(c, ISA_OP_MOV, r.lo, imm(0)), false);
   alu2(c, ISA_OP_OR, r.hi, r.hi, sign);
   return r;
}

/* One step of a restoring recurrence: r -= t when r >= t (both below
 * 2^62, so the borrow is the sign of the high dword of the difference);
 * f0.0 says whether it did. */
static void
sub_if_ge(struct gbe_ctx *c, struct i64 r, struct i64 t)
{
   struct gbe_reg dl = ud(c), dh = ud(c), borrow = ud(c);
   alu2(c, ISA_OP_ADD, dl, r.lo, gbe_negate(t.lo));
   with_cmod(alu2(c, ISA_OP_CMP, borrow, r.lo, t.lo), ISA_CMOD_L);
   alu2(c, ISA_OP_ADD, dh, r.hi, gbe_negate(t.hi));
   alu2(c, ISA_OP_ADD, dh, dh, borrow);
   cmpf(c, ISA_CMOD_GE, as(dh, ISA_TYPE_D), dimm(0));
   pred(alu1(c, ISA_OP_MOV, r.lo, dl), false);
   pred(alu1(c, ISA_OP_MOV, r.hi, dh), false);
}

/* r <<= n (n < 32), in place */
static void
shl_in_place(struct gbe_ctx *c, struct i64 r, unsigned n)
{
   struct gbe_reg t = ud(c);
   alu2(c, ISA_OP_SHR, t, r.lo, imm(32 - n));
   alu2(c, ISA_OP_SHL, r.hi, r.hi, imm(n));
   alu2(c, ISA_OP_OR, r.hi, r.hi, t);
   alu2(c, ISA_OP_SHL, r.lo, r.lo, imm(n));
}

/* The significand quotient ma/mb of 53-bit significands as 55 bits
 * (leading bit 54) and whether a remainder is left: restoring division
 * from a remainder in [mb, 2mb), so the first quotient bit is 1; the
 * quotient shifts in one bit per step. */
static struct i64
div_significands(struct gbe_ctx *c, struct i64 rem, struct i64 mb, struct gbe_reg *sticky)
{
   struct i64 q = pair(c);
   alu1(c, ISA_OP_MOV, q.lo, imm(0));
   alu1(c, ISA_OP_MOV, q.hi, imm(0));
   struct gbe_reg cnt = loop_begin(c, 55);
   sub_if_ge(c, rem, mb);
   shl_in_place(c, q, 1);
   pred(alu2(c, ISA_OP_OR, q.lo, q.lo, imm(1)), false);
   shl_in_place(c, rem, 1);
   loop_end(c, cnt);
   *sticky = ud(c);
   alu2(c, ISA_OP_OR, *sticky, rem.lo, rem.hi);
   return q;
}

/* Special operands of a binary DF operation in f0.0-independent masks. */
struct df_class {
   struct gbe_reg nan, inf, zero;   /* 0/~0 dwords */
};

static struct df_class
df_classify(struct gbe_ctx *c, struct gbe_reg x)
{
   struct df_class k = { ud(c), ud(c), ud(c) };
   struct gbe_reg xa = x;
   xa.abs = true;
   df_cmpf(c, ISA_CMOD_NZ, x, x);
   bool_from_flag(c, k.nan);
   df_cmpf(c, ISA_CMOD_Z, xa, df_imm(__builtin_inf()));
   bool_from_flag(c, k.inf);
   df_cmpf(c, ISA_CMOD_Z, x, df_imm(0.0));
   bool_from_flag(c, k.zero);
   return k;
}

/* x with its NaN made quiet (x86's choice for a NaN operand, which the
 * IR's interpreter inherits). */
static struct i64
df_quiet(struct gbe_ctx *c, struct gbe_reg x)
{
   struct i64 r = { dword_of(x, 0), ud(c) };
   alu2(c, ISA_OP_OR, r.hi, dword_of(x, 1), imm(0x00080000u));
   return r;
}

/* The default NaN of an invalid operation (x86: negative quiet NaN). */
#define DF_DEFAULT_NAN 0xfff8000000000000ull

/* a / b correctly rounded: special operands by the IEEE rules, the rest
 * from the exact significand quotient. */
static struct gbe_reg
df_div(struct gbe_ctx *c, struct gbe_reg a, struct gbe_reg b)
{
   a = as_reg(c, a);
   b = as_reg(c, b);
   struct gbe_reg sign = ud(c);
   alu2(c, ISA_OP_XOR, sign, dword_of(a, 1), dword_of(b, 1));
   alu2(c, ISA_OP_AND, sign, sign, imm(0x80000000u));
   struct df_parts pa = df_unpack(c, a), pb = df_unpack(c, b);
   /* remainder in [mb, 2mb): double ma when ma < mb (exponent one less) */
   struct gbe_reg e = gbe_tmp(c, ISA_TYPE_D);
   alu2(c, ISA_OP_ADD, e, pa.e, gbe_negate(pb.e));
   alu2(c, ISA_OP_ADD, e, e, dimm(1023));
   struct i64 rem = pair_copy(c, pa.m), twice = pair_copy(c, pa.m);
   shl_in_place(c, twice, 1);
   e_cmp(c, REL_ULT, pa.m, pb.m);
   pred(alu1(c, ISA_OP_MOV, rem.lo, twice.lo), false);
   pred(alu1(c, ISA_OP_MOV, rem.hi, twice.hi), false);
   pred(alu2(c, ISA_OP_ADD, e, e, dimm(-1)), false);
   struct gbe_reg sticky;
   struct i64 q = div_significands(c, rem, pb.m, &sticky);
   struct i64 r = df_round_pack(c, sign, e, q, sticky);
   /* specials, lowest priority first */
   struct df_class ka = df_classify(c, a), kb = df_classify(c, b);
   struct gbe_reg t = ud(c), u = ud(c);
   /* zero: a zero or b infinite */
   alu2(c, ISA_OP_OR, t, ka.zero, kb.inf);
   testf(c, t, imm(~0u));
   r = e_sel(c, (struct i64){ imm(0), sign }, r);
   /* infinity: a infinite or b zero */
   alu2(c, ISA_OP_OR, t, ka.inf, kb.zero);
   testf(c, t, imm(~0u));
   struct gbe_reg inf_hi = ud(c);
   alu2(c, ISA_OP_OR, inf_hi, sign, imm(0x7ff00000u));
   r = e_sel(c, (struct i64){ imm(0), inf_hi }, r);
   /* invalid: 0/0, inf/inf */
   alu2(c, ISA_OP_AND, t, ka.zero, kb.zero);
   alu2(c, ISA_OP_AND, u, ka.inf, kb.inf);
   alu2(c, ISA_OP_OR, t, t, u);
   testf(c, t, imm(~0u));
   r = e_sel(c, pair_imm(DF_DEFAULT_NAN), r);
   testf(c, kb.nan, imm(~0u));
   r = e_sel(c, df_quiet(c, b), r);
   testf(c, ka.nan, imm(~0u));
   r = e_sel(c, df_quiet(c, a), r);
   return df_from_pair(c, r);
}

/* sqrt(x) correctly rounded: the digit-by-digit integer square root of
 * the significand scaled by 2^56 (and by 2 more when the exponent is
 * odd) gives 55 bits; u holds four times the root so far. */
static struct gbe_reg
df_sqrt(struct gbe_ctx *c, struct gbe_reg x)
{
   x = as_reg(c, x);
   struct df_parts p = df_unpack(c, x);
   struct gbe_reg ex = gbe_tmp(c, ISA_TYPE_D);
   alu2(c, ISA_OP_ADD, ex, p.e, dimm(-1023));
   struct i64 m = pair_copy(c, p.m), twice = pair_copy(c, p.m);
   shl_in_place(c, twice, 1);
   testf(c, ex, imm(1));
   pred(alu1(c, ISA_OP_MOV, m.lo, twice.lo), false);
   pred(alu1(c, ISA_OP_MOV, m.hi, twice.hi), false);
   pred(alu2(c, ISA_OP_ADD, ex, ex, dimm(-1)), false);
   struct i64 rem = pair(c), u = pair(c);
   alu1(c, ISA_OP_MOV, rem.lo, imm(0));
   alu1(c, ISA_OP_MOV, rem.hi, imm(0));
   alu1(c, ISA_OP_MOV, u.lo, imm(0));
   alu1(c, ISA_OP_MOV, u.hi, imm(0));
   struct gbe_reg bits = ud(c), trial = ud(c);
   /* the radicand's bits from the top: m (below 2^54) moved to the top
    * of a pair, shifted out two at a time (zeros after m's 27 pairs) */
   struct i64 rad = pair_copy(c, m);
   shl_in_place(c, rad, 10);
   struct gbe_reg cnt = loop_begin(c, 55);
   shl_in_place(c, rem, 2);
   alu2(c, ISA_OP_SHR, bits, rad.hi, imm(30));
   alu2(c, ISA_OP_OR, rem.lo, rem.lo, bits);
   shl_in_place(c, rad, 2);
   alu2(c, ISA_OP_OR, trial, u.lo, imm(1));
   sub_if_ge(c, rem, (struct i64){ trial, u.hi });
   shl_in_place(c, u, 1);
   pred(alu2(c, ISA_OP_OR, u.lo, u.lo, imm(4)), false);
   loop_end(c, cnt);
   struct i64 root = shift_imm(c, SH_RL, u, 2);
   struct gbe_reg sticky = ud(c), e = gbe_tmp(c, ISA_TYPE_D);
   alu2(c, ISA_OP_OR, sticky, rem.lo, rem.hi);
   alu2(c, ISA_OP_ASR, e, ex, imm(1));
   alu2(c, ISA_OP_ADD, e, e, dimm(1023));
   struct i64 r = df_round_pack(c, imm(0), e, root, sticky);
   /* +inf, zeros and NaN are their own roots; negatives are invalid */
   struct df_class k = df_classify(c, x);
   struct gbe_reg t = ud(c);
   alu2(c, ISA_OP_OR, t, k.inf, k.zero);
   testf(c, t, imm(~0u));
   r = e_sel(c, halves(x), r);
   df_cmpf(c, ISA_CMOD_L, x, df_imm(0.0));
   r = e_sel(c, pair_imm(DF_DEFAULT_NAN), r);
   testf(c, k.nan, imm(~0u));
   r = e_sel(c, df_quiet(c, x), r);
   return df_from_pair(c, r);
}

/* ---- ldexp ---- */

/* Clamps a D register to [lo, hi]. */
static struct gbe_reg
clamp_d(struct gbe_ctx *c, struct gbe_reg x, int32_t lo, int32_t hi)
{
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_D);
   with_cmod(alu2(c, ISA_OP_SEL, r, as(x, ISA_TYPE_D), dimm(lo)),
             ISA_CMOD_GE);
   with_cmod(alu2(c, ISA_OP_SEL, r, r, dimm(hi)), ISA_CMOD_L);
   return r;
}

/* The exponent operand of ldexp as a D (the IR reads it sign-extended). */
static struct gbe_reg
ldexp_exponent(struct gbe_ctx *c, struct ir_instr *i, unsigned k)
{
   if (is64(i->srcs[1]->type))
      return as(dword_of(src_reg(c, i, 1, k), 0), ISA_TYPE_D);
   return src32(c, i, 1, k, true);
}

/* ldexp by rebuilding the exponent field of a float's dword holding sign
 * and exponent (hi): x = m * 2^ex with ex + e normal gets the field
 * ex + e; above the range an infinity; below it the significand with
 * field (ex + e + bias - 1), clamped to stay normal, which the caller
 * multiplies by 2^(1 - bias): one rounding to the denormal (or zero)
 * result.  The caller scales denormal inputs up first (exactly) and
 * returns zeros, infinities and NaN itself.  Returns the new dword and,
 * in *below, a mask of the channels below the normal range. */
struct ldexp_fmt {
   unsigned fshift, emax, bias;   /* field position, all-ones field, bias */
   int lowest;                    /* below the denormals: results round to zero */
};

static struct gbe_reg
ldexp_field(struct gbe_ctx *c, const struct ldexp_fmt *f, struct gbe_reg hi, struct gbe_reg e,
            struct gbe_reg *below)
{
   struct gbe_reg ex = gbe_tmp(c, ISA_TYPE_D), en = gbe_tmp(c, ISA_TYPE_D), keep = ud(c);
   struct gbe_reg r = ud(c), t = ud(c);
   alu2(c, ISA_OP_SHR, as(ex, ISA_TYPE_UD), hi, imm(f->fshift));
   alu2(c, ISA_OP_AND, ex, ex, dimm((int32_t)(f->emax)));
   alu2(c, ISA_OP_ADD, en, ex, e);
   alu2(c, ISA_OP_AND, keep, hi, imm(~(f->emax << f->fshift)));
   /* normal: the new field */
   alu2(c, ISA_OP_SHL, t, as(en, ISA_TYPE_UD), imm(f->fshift));
   alu2(c, ISA_OP_OR, r, keep, t);
   /* below: field en + bias - 1, en at least `lowest` (so the field is
    * normal, and what is clamped rounds to zero all the same) */
   struct gbe_reg lo = clamp_d(c, en, f->lowest, 0);
   alu2(c, ISA_OP_ADD, lo, lo, dimm((int32_t)(f->bias - 1)));
   alu2(c, ISA_OP_SHL, t, as(lo, ISA_TYPE_UD), imm(f->fshift));
   struct gbe_reg rb = ud(c);
   alu2(c, ISA_OP_OR, rb, keep, t);
   /* above: infinity */
   struct gbe_reg inf = ud(c);
   alu2(c, ISA_OP_AND, inf, hi, imm(0x80000000u));
   alu2(c, ISA_OP_OR, inf, inf, imm(f->emax << f->fshift));
   cmpf(c, ISA_CMOD_GE, en, dimm((int32_t)(f->emax)));
   pred(alu1(c, ISA_OP_MOV, r, inf), false);
   *below = cmpm(c, ISA_CMOD_L, en, dimm(1));
   pred(alu1(c, ISA_OP_MOV, r, rb), false);
   return r;
}

/* f32 ldexp, exact per ir_eval.c: ldexp in double, rounded once to f32. */
static void
ldexp32(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg x, struct gbe_reg e)
{
   static const struct ldexp_fmt f32 = { 23, 0xff, 127, -30 };
   x = as(x, ISA_TYPE_F);
   if (x.file == GBE_IMM) {
      struct gbe_reg t = gbe_tmp(c, ISA_TYPE_F);
      alu1(c, ISA_OP_MOV, t, x);
      x = t;
   }
   struct gbe_reg ec = clamp_d(c, e, -400, 400);
   /* denormals: times 2^24, exactly */
   struct gbe_reg xn = gbe_tmp(c, ISA_TYPE_F), xs = gbe_tmp(c, ISA_TYPE_F);
   alu2(c, ISA_OP_MUL, xs, x, gbe_imm(ISA_TYPE_F, 0x4b800000u));
   alu1(c, ISA_OP_MOV, xn, x);
   testf(c, x, imm(0x7f800000u));
   pred(alu1(c, ISA_OP_MOV, xn, xs), true);
   pred(alu2(c, ISA_OP_ADD, ec, ec, dimm(-24)), true);
   struct gbe_reg below;
   struct gbe_reg bits = ldexp_field(c, &f32, as(xn, ISA_TYPE_UD), ec, &below);
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_F);
   alu1(c, ISA_OP_MOV, as(r, ISA_TYPE_UD), bits);
   struct gbe_reg scaled = gbe_tmp(c, ISA_TYPE_F);
   alu2(c, ISA_OP_MUL, scaled, as(bits, ISA_TYPE_F), gbe_imm(ISA_TYPE_F, 0x00800000u));
   testf(c, below, imm(~0u));
   pred(alu1(c, ISA_OP_MOV, r, scaled), false);
   /* zero, infinity: x; NaN: x made quiet (the conversion to double in
    * ir_eval.c does that) */
   struct gbe_reg t = ud(c);
   alu2(c, ISA_OP_AND, t, as(x, ISA_TYPE_UD), imm(0x7fffffffu));
   cmpf(c, ISA_CMOD_Z, t, imm(0));
   pred(alu1(c, ISA_OP_MOV, r, x), false);
   cmpf(c, ISA_CMOD_GE, t, imm(0x7f800000u));
   pred(alu1(c, ISA_OP_MOV, r, x), false);
   cmpf(c, ISA_CMOD_G, t, imm(0x7f800000u));
   pred(alu2(c, ISA_OP_OR, as(r, ISA_TYPE_UD), as(x, ISA_TYPE_UD), imm(0x00400000u)), false);
   alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), as(r, ISA_TYPE_UD));
}

/* f16 ldexp: halves live as the f32 they equal; for exponents in
 * [-64, 64] (beyond, the result is a zero or an infinity anyway) x * 2^e
 * is exact in f32, and the f16 rounding after it is the single rounding
 * ir_eval.c does. */
static void
ldexp16(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg d, struct gbe_reg x,
        struct gbe_reg e)
{
   struct gbe_reg ec = clamp_d(c, e, -64, 64), p = ud(c);
   alu2(c, ISA_OP_ADD, as(p, ISA_TYPE_D), ec, dimm(127));
   alu2(c, ISA_OP_SHL, p, p, imm(23));
   if (x.file == GBE_IMM) {
      struct gbe_reg t = gbe_tmp(c, ISA_TYPE_F);
      alu1(c, ISA_OP_MOV, t, as(x, ISA_TYPE_F));
      x = t;
   }
   alu2(c, ISA_OP_MUL, as(d, ISA_TYPE_F), as(x, ISA_TYPE_F), as(p, ISA_TYPE_F));
   gbe_normalize(c, i->type, as(d, ISA_TYPE_F));
}

/* f64 ldexp as f32's, with the exponent in the high dword. */
static struct gbe_reg
ldexp64(struct gbe_ctx *c, struct gbe_reg x, struct gbe_reg e)
{
   static const struct ldexp_fmt f64 = { 20, 0x7ff, 1023, -60 };
   x = as_reg(c, x);
   struct gbe_reg ec = clamp_d(c, e, -2200, 2200);
   struct gbe_reg xs = df_op2(c, ISA_OP_MUL, x, df_imm(18014398509481984.0)), xn = df(c);
   testf(c, dword_of(x, 1), imm(0x7ff00000u));
   selp(c, xn, x, xs);
   pred(alu2(c, ISA_OP_ADD, ec, ec, dimm(-54)), true);
   struct gbe_reg below;
   struct gbe_reg hi = ldexp_field(c, &f64, dword_of(xn, 1), ec, &below);
   struct gbe_reg r = df(c), lo = ud(c);
   alu1(c, ISA_OP_MOV, lo, dword_of(xn, 0));
   store_pair(c, r, (struct i64){ lo, hi });
   /* an infinity has a zero significand */
   struct gbe_reg t = ud(c);
   alu2(c, ISA_OP_AND, t, hi, imm(0x7ff00000u));
   cmpf(c, ISA_CMOD_Z, t, imm(0x7ff00000u));
   pred(alu1(c, ISA_OP_MOV, dword_of(r, 0), imm(0)), false);
   struct gbe_reg scaled = df_op2(c, ISA_OP_MUL, r, df_imm(2.2250738585072014e-308));
   struct gbe_reg out = df(c);
   testf(c, below, imm(~0u));
   selp(c, out, scaled, r);
   /* zero, infinity: x; NaN: x made quiet (as glibc's ldexp) */
   alu2(c, ISA_OP_AND, t, dword_of(x, 1), imm(0x7fffffffu));
   alu2(c, ISA_OP_OR, t, t, dword_of(x, 0));
   struct gbe_reg res = df(c);
   cmpf(c, ISA_CMOD_Z, t, imm(0));
   selp(c, res, x, out);
   alu2(c, ISA_OP_AND, t, dword_of(x, 1), imm(0x7ff00000u));
   cmpf(c, ISA_CMOD_Z, t, imm(0x7ff00000u));
   pred(alu1(c, ISA_OP_MOV, res, x), false);
   df_cmpf(c, ISA_CMOD_NZ, x, x);
   pred(alu2(c, ISA_OP_OR, dword_of(res, 1), dword_of(x, 1), imm(0x00080000u)), false);
   return res;
}

/* ---- conversions ---- */

/* A 64-bit integer (as a pair) to f32, rounded once: below 2^32 the
 * hardware's UD conversion; above, the top 32 bits after normalising,
 * with a sticky lowest bit for whatever is below them (it is 8 bits under
 * f32's rounding position, so ties and rounding come out right), scaled
 * back exactly. */
static struct gbe_reg
u64_to_f32(struct gbe_ctx *c, struct i64 a)
{
   if (a.lo.file == GBE_IMM)
      a = pair_copy(c, a);
   struct gbe_reg small = gbe_tmp(c, ISA_TYPE_F), n = ud(c), m = ud(c), t = ud(c);
   alu1(c, ISA_OP_MOV, small, a.lo);
   alu1(c, ISA_OP_FBH, n, a.hi);
   struct i64 s = shift_var(c, SH_L, a, n);
   cmpf(c, ISA_CMOD_NZ, s.lo, imm(0));
   alu1(c, ISA_OP_MOV, t, imm(0));
   pred(alu1(c, ISA_OP_MOV, t, imm(1)), false);
   alu2(c, ISA_OP_OR, m, s.hi, t);
   struct gbe_reg big = gbe_tmp(c, ISA_TYPE_F), scale = ud(c);
   alu1(c, ISA_OP_MOV, big, m);
   /* 2^(32 - n) */
   alu2(c, ISA_OP_ADD, as(scale, ISA_TYPE_D), gbe_negate(as(n, ISA_TYPE_D)),
        dimm(127 + 32));
   alu2(c, ISA_OP_SHL, scale, scale, imm(23));
   alu2(c, ISA_OP_MUL, big, big, as(scale, ISA_TYPE_F));
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_F);
   cmpf(c, ISA_CMOD_Z, a.hi, imm(0));
   selp(c, r, small, big);
   return r;
}

static struct gbe_reg
i64_to_f32(struct gbe_ctx *c, struct i64 a, bool sgn)
{
   if (!sgn)
      return u64_to_f32(c, a);
   if (a.lo.file == GBE_IMM)
      a = pair_copy(c, a);
   struct gbe_reg s = sign_mask(c, a);
   struct gbe_reg f = u64_to_f32(c, e_xor_sub(c, a, s));
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_F);
   alu2(c, ISA_OP_AND, s, s, imm(0x80000000u));
   alu2(c, ISA_OP_OR, as(r, ISA_TYPE_UD), as(f, ISA_TYPE_UD), s);
   return r;
}

/* A 64-bit integer to DF: hi * 2^32 + lo, both parts exact, one rounding. */
static struct gbe_reg
i64_to_df(struct gbe_ctx *c, struct i64 a, bool sgn)
{
   struct gbe_reg h = df_from32(c, as(a.hi, sgn ? ISA_TYPE_D : ISA_TYPE_UD));
   struct gbe_reg l = df_from32(c, as(a.lo, ISA_TYPE_UD));
   struct gbe_reg hs = df_op2(c, ISA_OP_MUL, h, df_imm(4294967296.0));
   return df_op2(c, ISA_OP_ADD, hs, l);
}

/* A non-negative float (F or DF) below 2^64 to a pair, truncating: the
 * high dword is the truncated x / 2^32 (exact scaling), the low one the
 * truncated exact difference x - hi * 2^32. */
static struct i64
float_to_u64_parts(struct gbe_ctx *c, struct gbe_reg x, bool dbl)
{
   struct i64 r = pair(c);
   if (dbl) {
      struct gbe_reg s = df_op2(c, ISA_OP_MUL, x, df_imm(1.0 / 4294967296.0));
      df_to32(c, r.hi, s);
      struct gbe_reg h = df_from32(c, r.hi);
      struct gbe_reg hs = df_op2(c, ISA_OP_MUL, h, df_imm(-4294967296.0));
      struct gbe_reg rest = df_op2(c, ISA_OP_ADD, x, hs);
      df_to32(c, r.lo, rest);
      return r;
   }
   struct gbe_reg s = gbe_tmp(c, ISA_TYPE_F), h = gbe_tmp(c, ISA_TYPE_F);
   alu2(c, ISA_OP_MUL, s, x, gbe_imm(ISA_TYPE_F, 0x2f800000u));   /* 2^-32 */
   alu1(c, ISA_OP_MOV, r.hi, s);
   alu1(c, ISA_OP_MOV, h, r.hi);
   alu2(c, ISA_OP_MUL, h, h, gbe_imm(ISA_TYPE_F, 0xcf800000u));   /* -2^32 */
   alu2(c, ISA_OP_ADD, h, x, h);
   alu1(c, ISA_OP_MOV, r.lo, h);
   return r;
}

/* f2u/f2s to 64 bits with ir_eval.c's saturation: NaN gives 0, the
 * range ends clamp. */
static struct i64
float_to_i64(struct gbe_ctx *c, struct gbe_reg x, bool dbl, bool sgn)
{
   if (x.file == GBE_IMM) {
      struct gbe_reg t = dbl ? df(c) : gbe_tmp(c, ISA_TYPE_F);
      alu1(c, ISA_OP_MOV, t, x);
      x = t;
   }
   struct gbe_reg ax = dbl ? df(c) : gbe_tmp(c, ISA_TYPE_F), xa = x;
   xa.abs = sgn;
   alu1(c, ISA_OP_MOV, ax, xa);
   struct i64 u = float_to_u64_parts(c, ax, dbl);
   struct gbe_reg lim = dbl ? df_imm(sgn ? 9223372036854775808.0 : 18446744073709551616.0)
                            : gbe_imm(ISA_TYPE_F, sgn ? 0x5f000000u : 0x5f800000u);
   if (dbl)
      df_cmpf(c, ISA_CMOD_GE, ax, lim);
   else
      cmpf(c, ISA_CMOD_GE, ax, lim);
   u = e_sel(c, pair_imm(sgn ? 0x7fffffffffffffffull : ~0ull), u);
   if (!sgn)
      return u;
   /* negative: the negated magnitude; at or below -2^63 the minimum */
   struct i64 n = e_neg(c, u);
   if (dbl)
      df_cmpf(c, ISA_CMOD_L, x, df_imm(0.0));
   else
      cmpf(c, ISA_CMOD_L, x, gbe_imm(ISA_TYPE_F, 0));
   u = e_sel(c, n, u);
   if (dbl)
      df_cmpf(c, ISA_CMOD_LE, x, df_imm(-9223372036854775808.0));
   else
      cmpf(c, ISA_CMOD_LE, x, gbe_imm(ISA_TYPE_F, 0xdf000000u));
   u = e_sel(c, pair_imm(0x8000000000000000ull), u);
   /* NaN: 0 (the unsigned parts already give 0) */
   if (dbl)
      df_cmpf(c, ISA_CMOD_NZ, x, x);
   else
      cmpf(c, ISA_CMOD_NZ, x, x);
   return e_sel(c, pair_imm(0), u);
}

/* A 64-bit integer to f16 as ir_eval.c does it (through double): every
 * magnitude from 2^17 on is an infinity in f16 whatever the rounding on
 * the way, and below that the value is exact in f32, whose f16 rounding
 * is then the only one.  So: clamp to [-2^17, 2^17], convert the low
 * dword, round to f16. */
static void
i64_to_f16(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg d, struct i64 a, bool sgn)
{
   struct i64 x = a;
   e_cmp(c, sgn ? REL_SLT : REL_ULT, pair_imm(1u << 17), x);
   x = e_sel(c, pair_imm(1u << 17), x);
   if (sgn) {
      e_cmp(c, REL_SLT, x, pair_imm((uint64_t)-(int64_t)(1 << 17)));
      x = e_sel(c, pair_imm((uint64_t)-(int64_t)(1 << 17)), x);
   }
   alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_F), as(x.lo, sgn ? ISA_TYPE_D : ISA_TYPE_UD));
   gbe_normalize(c, i->type, as(d, ISA_TYPE_F));
}

/* DF to f16 rounded once: to f32 rounding to odd (the nearest f32 toward
 * zero, its last bit set when inexact), then to f16: with 24 >= 11 + 2
 * bits the second rounding is the correct one. */
static void
df_to_f16(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg d, struct gbe_reg x)
{
   x = as_reg(c, x);
   struct gbe_reg f = gbe_tmp(c, ISA_TYPE_F);
   df_to32(c, f, x);
   struct gbe_reg back = df_from32(c, f), ab = df(c), ax = df(c);
   struct gbe_reg fa = back, xa = x;
   fa.abs = true;
   xa.abs = true;
   alu1(c, ISA_OP_MOV, ab, fa);
   alu1(c, ISA_OP_MOV, ax, xa);
   /* rounded away from zero: one step back toward it */
   df_cmpf(c, ISA_CMOD_G, ab, ax);
   pred(alu2(c, ISA_OP_ADD, as(f, ISA_TYPE_UD), as(f, ISA_TYPE_UD), imm(~0u)), false);
   /* inexact: the last bit set (a NaN compares unequal too; the bit is
    * below what its f16 keeps of the payload) */
   df_cmpf(c, ISA_CMOD_NZ, back, x);
   pred(alu2(c, ISA_OP_OR, as(f, ISA_TYPE_UD), as(f, ISA_TYPE_UD), imm(1)), false);
   alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_F), f);
   gbe_normalize(c, i->type, as(d, ISA_TYPE_F));
}

/* Saturates a D/UD value to a narrower integer range (ir_eval.c's float
 * to int conversions clamp to the destination's width). */
static void
clamp_narrow(struct gbe_ctx *c, struct gbe_reg d, unsigned bits, bool sgn)
{
   if (bits >= 32)
      return;
   if (sgn) {
      int32_t lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
      struct gbe_reg r = clamp_d(c, d, lo, hi);
      alu2(c, ISA_OP_AND, as(d, ISA_TYPE_UD), as(r, ISA_TYPE_UD), imm((1u << bits) - 1));
   } else {
      with_cmod(alu2(c, ISA_OP_SEL, as(d, ISA_TYPE_UD), as(d, ISA_TYPE_UD), imm((1u << bits) - 1)),
                ISA_CMOD_L);
   }
}

/* ---- the high dword of a 32 x 32 product ----
 *
 * The front end spells the high half of OpUMulExtended/OpSMulExtended as
 * trunc32((ext64(a) * ext64(b)) >> 32), both extensions zero- or both
 * sign-extending (spirv_int_extended.c).  Every generation computes it in
 * two instructions (PRM "mach"): mul puts a times b's low word in the
 * accumulator, mach adds a times b's high word and keeps the high dword
 * of the 64-bit sum.  The accumulator holds eight dwords: eight channels
 * a pair.  The 64-bit instructions selected before are left unread for
 * dead-code elimination. */

static bool
const_all(const struct ir_instr *x, uint64_t v)
{
   if (x->op != IR_OP_const)
      return false;
   for (unsigned k = 0; k < x->type->comps; k++) {
      if (x->value[k] != v)
         return false;
   }
   return true;
}

static bool
extends32(const struct ir_instr *x, enum ir_op ext)
{
   const struct ir_type *t = x->srcs[0]->type;
   return x->op == ext && t->kind == IR_TYPE_INT && t->bits == 32;
}

/* Whether conversion i is such a high dword; its extensions into *ea and
 * *eb. */
static bool
mul_high_of(struct ir_instr *i, struct ir_instr **ea, struct ir_instr **eb, bool *sgn)
{
   struct ir_instr *sh = i->srcs[0];
   if (i->type->kind != IR_TYPE_INT || i->type->bits != 32 ||
       (sh->op != IR_OP_ushr && sh->op != IR_OP_ishr) || !const_all(sh->srcs[1], 32))
      return false;
   struct ir_instr *m = sh->srcs[0];
   if (m->op != IR_OP_imul)
      return false;
   *ea = m->srcs[0];
   *eb = m->srcs[1];
   *sgn = (*ea)->op == IR_OP_s2s;
   enum ir_op ext = *sgn ? IR_OP_s2s : IR_OP_u2u;
   return extends32(*ea, ext) && extends32(*eb, ext);
}

static void
mul_high(struct gbe_ctx *c, struct ir_instr *ea, struct ir_instr *eb, bool sgn, unsigned k,
         struct gbe_reg d)
{
   enum isa_type t = sgn ? ISA_TYPE_D : ISA_TYPE_UD;
   struct gbe_reg a = src32(c, ea, 0, k, sgn), b = src32(c, eb, 0, k, sgn);
   if (a.file == GBE_IMM) {
      struct gbe_reg x = a;
      a = b;
      b = x;
   }
   if (a.file == GBE_IMM) {
      struct gbe_reg x = gbe_tmp(c, t);
      alu1(c, ISA_OP_MOV, x, a);
      a = x;
   }
   struct gbe_reg acc = { .file = GBE_ARF, .type = (uint8_t)t, .nr = ISA_ARF_ACC, .stride = 1 };
   struct gbe_builder saved = c->b;
   for (unsigned g = 0; g < saved.exec_size; g += 8) {
      c->b.exec_size = 8;
      c->b.group = (uint8_t)(saved.group + g);
      struct gbe_reg ag = gbe_channel(a, g), bg = gbe_channel(b, g), blo;
      if (b.file == GBE_IMM) {
         blo = gbe_imm(ISA_TYPE_UW, b.imm & 0xffff);
      } else {
         blo = as(bg, ISA_TYPE_UW);
         blo.stride = (uint8_t)(bg.stride * 2);
      }
      alu2(c, ISA_OP_MUL, acc, ag, blo);
      alu2(c, ISA_OP_MACH, gbe_channel(as(d, t), g), ag, bg);
   }
   c->b = saved;
}

static bool
conversion(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   const struct ir_type *st = i->srcs[0]->type, *dt = i->type;
   bool sgn = i->op == IR_OP_s2f || i->op == IR_OP_s2s || i->op == IR_OP_f2s;
   bool s64 = is64(st), d64 = is64(dt);
   switch (i->op) {
   case IR_OP_u2u: case IR_OP_s2s: {
      struct ir_instr *ea, *eb;
      bool signed_high;
      if (s64 && !d64 && mul_high_of(i, &ea, &eb, &signed_high)) {
         mul_high(c, ea, eb, signed_high, k, d);
         return true;
      }
      if (s64 && d64) {
         alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UQ), as(src_reg(c, i, 0, k), ISA_TYPE_UQ));
      } else if (d64) {
         store_pair(c, d, extend32(c, src32(c, i, 0, k, sgn), sgn));
      } else {
         struct gbe_reg lo = dword_of(src_reg(c, i, 0, k), 0);
         if (dt->bits < 32)
            alu2(c, ISA_OP_AND, as(d, ISA_TYPE_UD), lo, imm((1u << dt->bits) - 1));
         else
            alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), lo);
      }
      return true;
   }
   case IR_OP_u2f: case IR_OP_s2f:
      if (s64 && dt->bits == 64) {
         alu1(c, ISA_OP_MOV, d, i64_to_df(c, src_pair(c, i, 0, k), sgn));
      } else if (s64 && dt->bits == 32) {
         alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_F), i64_to_f32(c, src_pair(c, i, 0, k), sgn));
      } else if (d64) {
         struct gbe_reg x = src32(c, i, 0, k, sgn);
         alu1(c, ISA_OP_MOV, d, df_from32(c, as(x, sgn ? ISA_TYPE_D : ISA_TYPE_UD)));
      } else {
         i64_to_f16(c, i, d, src_pair(c, i, 0, k), sgn);
      }
      return true;
   case IR_OP_f2u: case IR_OP_f2s:
      if (d64) {
         struct gbe_reg x = s64 ? src_reg(c, i, 0, k) : src32(c, i, 0, k, false);
         store_pair(c, d, float_to_i64(c, x, s64, sgn));
      } else {
         df_to32(c, as(d, sgn ? ISA_TYPE_D : ISA_TYPE_UD), src_reg(c, i, 0, k));
         clamp_narrow(c, d, dt->bits, sgn);
      }
      return true;
   case IR_OP_f2f:
      if (d64) {
         alu1(c, ISA_OP_MOV, d, s64 ? src_reg(c, i, 0, k) : df_from32(c, src32(c, i, 0, k, false)));
         return true;
      }
      if (dt->bits == 16) {
         df_to_f16(c, i, d, src_reg(c, i, 0, k));
         return true;
      }
      df_to32(c, as(d, ISA_TYPE_F), src_reg(c, i, 0, k));
      return true;
   case IR_OP_b2i:
      if (dt->kind == IR_TYPE_FLOAT) {
         /* 1.0 is 0x3ff00000 in the high dword */
         struct i64 r = { imm(0), ud(c) };
         alu2(c, ISA_OP_AND, r.hi, as(src_reg(c, i, 0, k), ISA_TYPE_UD), imm(0x3ff00000u));
         store_pair(c, d, r);
      } else {
         struct i64 r = { ud(c), imm(0) };
         alu2(c, ISA_OP_AND, r.lo, as(src_reg(c, i, 0, k), ISA_TYPE_UD), imm(1));
         store_pair(c, d, r);
      }
      return true;
   case IR_OP_i2b: {
      /* ir_eval.c tests the bits (of floats too) */
      struct gbe_reg m = e_nonzero(c, src_pair(c, i, 0, k));
      alu1(c, ISA_OP_MOV, as(d, ISA_TYPE_UD), m);
      return true;
   }
   case IR_OP_fisnan: case IR_OP_fisinf: {
      struct gbe_reg x = as_reg(c, src_reg(c, i, 0, k));
      if (i->op == IR_OP_fisnan) {
         df_cmpf(c, ISA_CMOD_NZ, x, x);
      } else {
         x.abs = true;
         df_cmpf(c, ISA_CMOD_Z, x, df_imm(__builtin_inf()));
      }
      bool_from_flag(c, d);
      return true;
   }
   default:
      return false;
   }
}

/* ---- DF arithmetic ---- */

static enum isa_cmod
fcmp_cmod(enum ir_op op)
{
   switch (op) {
   case IR_OP_feq: return ISA_CMOD_Z;
   case IR_OP_fneu: return ISA_CMOD_NZ;
   case IR_OP_flt: return ISA_CMOD_L;
   default: return ISA_CMOD_GE;
   }
}

static bool
df_compare(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   struct gbe_reg a = src_reg(c, i, 0, k), b = src_reg(c, i, 1, k);
   enum isa_cmod m = fcmp_cmod(i->op);
   if (a.file == GBE_IMM) {
      /* cmp takes an immediate in src1 only: swap and mirror */
      struct gbe_reg t = a;
      a = b;
      b = t;
      m = m == ISA_CMOD_L ? ISA_CMOD_G : m == ISA_CMOD_GE ? ISA_CMOD_LE : m;
   }
   df_cmpf(c, m, a, b);
   bool_from_flag(c, d);
   return true;
}

static bool
df_op(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   struct gbe_reg a = src_reg(c, i, 0, k);
   struct gbe_reg b = i->num_srcs > 1 ? src_reg(c, i, 1, k) : a;
   d = as(d, ISA_TYPE_DF);
   switch (i->op) {
   case IR_OP_mov: alu1(c, ISA_OP_MOV, d, a); return true;
   case IR_OP_fadd: case IR_OP_fmul:
      if (a.file == GBE_IMM) {
         struct gbe_reg t = a;
         a = b;
         b = t;
      }
      alu2(c, i->op == IR_OP_fadd ? ISA_OP_ADD : ISA_OP_MUL, d, as_reg(c, a), b);
      return true;
   case IR_OP_fsub: alu2(c, ISA_OP_ADD, d, as_reg(c, a), gbe_negate(b)); return true;
   case IR_OP_ffma: {
      /* unfused, as the 32-bit path's mad (SPIR-V's Fma need not fuse) */
      struct gbe_reg p = df_op2(c, ISA_OP_MUL, a, b);
      alu1(c, ISA_OP_MOV, d, df_op2(c, ISA_OP_ADD, p, src_reg(c, i, 2, k)));
      return true;
   }
   case IR_OP_fneg: alu1(c, ISA_OP_MOV, d, gbe_negate(a)); return true;
   case IR_OP_fabs:
      if (a.file == GBE_IMM) {
         a.imm &= ~(1ull << 63);
      } else {
         a.abs = true;
         a.neg = false;
      }
      alu1(c, ISA_OP_MOV, d, a);
      return true;
   case IR_OP_fmin: case IR_OP_fmax: {
      /* sel.l/sel.ge give the non-NaN operand; of equal operands (zeros
       * of both signs) ir_eval.c's C fmin/fmax return the first: fmin
       * selects b only when b < a, fmax b only when not a >= b */
      bool mn = i->op == IR_OP_fmin;
      struct gbe_reg x = mn ? b : a, y = mn ? a : b;
      with_cmod(alu2(c, ISA_OP_SEL, d, as_reg(c, x), y), mn ? ISA_CMOD_L : ISA_CMOD_GE);
      return true;
   }
   case IR_OP_fsign: {
      /* 1 or -1; zeros and NaN are their own sign */
      a = as_reg(c, a);
      alu1(c, ISA_OP_MOV, d, a);
      df_cmpf(c, ISA_CMOD_G, a, df_imm(0.0));
      pred(alu1(c, ISA_OP_MOV, d, df_imm(1.0)), false);
      df_cmpf(c, ISA_CMOD_L, a, df_imm(0.0));
      pred(alu1(c, ISA_OP_MOV, d, df_imm(-1.0)), false);
      return true;
   }
   case IR_OP_ftrunc: alu1(c, ISA_OP_MOV, d, df_round(c, DR_TRUNC, a)); return true;
   case IR_OP_ffloor: alu1(c, ISA_OP_MOV, d, df_round(c, DR_FLOOR, a)); return true;
   case IR_OP_fceil: alu1(c, ISA_OP_MOV, d, df_round(c, DR_CEIL, a)); return true;
   case IR_OP_fround_even: alu1(c, ISA_OP_MOV, d, df_round(c, DR_EVEN, a)); return true;
   case IR_OP_ffract: {
      /* x - floor(x), as ir_eval.c */
      struct gbe_reg f = df_round(c, DR_FLOOR, a);
      alu1(c, ISA_OP_MOV, d, df_op2(c, ISA_OP_ADD, as_reg(c, a), gbe_negate(f)));
      return true;
   }
   case IR_OP_fdiv: alu1(c, ISA_OP_MOV, d, df_div(c, a, b)); return true;
   case IR_OP_fmod: {
      /* a - b * floor(a / b), each step rounded, as ir_eval.c */
      struct gbe_reg q = df_round(c, DR_FLOOR, df_div(c, a, b));
      struct gbe_reg p = df_op2(c, ISA_OP_MUL, as_reg(c, b), q);
      alu1(c, ISA_OP_MOV, d, df_op2(c, ISA_OP_ADD, as_reg(c, a), gbe_negate(p)));
      return true;
   }
   case IR_OP_fsqrt: alu1(c, ISA_OP_MOV, d, df_sqrt(c, a)); return true;
   case IR_OP_frsq:
      /* 1 / sqrt(x), both rounded: ir_eval.c's definition */
      alu1(c, ISA_OP_MOV, d, df_div(c, df_imm(1.0), df_sqrt(c, a)));
      return true;
   case IR_OP_fldexp: alu1(c, ISA_OP_MOV, d, ldexp64(c, a, ldexp_exponent(c, i, k))); return true;
   default:
      return false;
   }
}

/* ---- entry points ---- */

static bool
involves64(const struct ir_instr *i)
{
   if (i->type && is64(i->type))
      return true;
   for (unsigned s = 0; s < i->num_srcs; s++) {
      if (i->srcs[s]->type && is64(i->srcs[s]->type))
         return true;
   }
   return false;
}

static bool
involves_f64(const struct ir_instr *i)
{
   if (i->type && i->type->kind == IR_TYPE_FLOAT && i->type->bits == 64)
      return true;
   for (unsigned s = 0; s < i->num_srcs; s++) {
      const struct ir_type *t = i->srcs[s]->type;
      if (t && t->kind == IR_TYPE_FLOAT && t->bits == 64)
         return true;
   }
   return false;
}

bool
gbe_is_alu64(const struct ir_instr *i)
{
   return i->op == IR_OP_fldexp || involves64(i);
}

static bool
ldexp_narrow(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   struct gbe_reg x = src_reg(c, i, 0, k), e = ldexp_exponent(c, i, k);
   if (i->type->bits == 16)
      ldexp16(c, i, d, x, e);
   else
      ldexp32(c, d, x, e);
   return true;
}

/* A shift of a narrower integer by a 64-bit count: the count modulo the
 * width, as ir_eval.c. */
static bool
narrow_shift(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   const struct ir_type *t = i->type;
   bool sgn = i->op == IR_OP_ishr;
   struct gbe_reg a = src32(c, i, 0, k, sgn), n = ud(c);
   alu2(c, ISA_OP_AND, n, count_src(c, i, 1, k), imm(t->bits - 1));
   if (a.file == GBE_IMM) {
      struct gbe_reg x = ud(c);
      alu1(c, ISA_OP_MOV, as(x, a.type), a);
      a = as(x, a.type);
   }
   enum isa_op op = i->op == IR_OP_ishl ? ISA_OP_SHL : sgn ? ISA_OP_ASR : ISA_OP_SHR;
   alu2(c, op, as(d, sgn ? ISA_TYPE_D : ISA_TYPE_UD), a, n);
   if (t->bits < 32)
      alu2(c, ISA_OP_AND, as(d, ISA_TYPE_UD), as(d, ISA_TYPE_UD), imm((1u << t->bits) - 1));
   return true;
}

static bool
component(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   enum ir_op_class cls = ir_op_infos[i->op].cls;
   if (i->op == IR_OP_fldexp && i->type->bits != 64)
      return ldexp_narrow(c, i, k, d);
   if (cls == IR_CLASS_SHIFT && !is64(i->type))
      return narrow_shift(c, i, k, d);
   if (cls == IR_CLASS_CONV)
      return conversion(c, i, k, d);
   const struct ir_type *st = i->srcs[0]->type;
   if (cls == IR_CLASS_CMP)
      return st->kind == IR_TYPE_FLOAT ? df_compare(c, i, k, d) : int_compare(c, i, k, d);
   if (i->type->kind == IR_TYPE_FLOAT)
      return df_op(c, i, k, d);
   return int_op(c, i, k, d);
}

bool
gbe_emit_alu64(struct gbe_ctx *c, struct ir_instr *i)
{
   enum isa_gen gen = c->p->gen;
   if (involves_f64(i) && i->op != IR_OP_mov && !df_alu(gen))
      return gbe_fail(c->p, "%%%u (%s): %s lacks 64-bit floats (Gen11 and Gen12LP have no "
                      "DF arithmetic)", i->index, ir_op_infos[i->op].name, isa_gen_name(gen));
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   for (unsigned k = 0; k < i->type->comps; k++) {
      if (!component(c, i, k, d[k]))
         return gbe_fail(c->p, "%%%u (%s %u-bit from %u-bit): not supported by the back end "
                         "on %s yet", i->index, ir_op_infos[i->op].name, i->type->bits,
                         i->srcs[0]->type->bits, isa_gen_name(gen));
   }
   return !c->p->failed && !c->p->oom;
}

/* Bitcasts between 64-bit components and pairs of 32-bit ones (dword
 * moves, in either direction). */
bool
gbe_emit_bitcast64(struct gbe_ctx *c, struct ir_instr *i)
{
   const struct ir_type *st = i->srcs[0]->type, *dt = i->type;
   struct gbe_reg *v = gbe_val(c, i->srcs[0]);
   if (!v)
      v = gbe_def(c, i->srcs[0]);
   if (!v || !((st->bits == 32 && dt->bits == 64) || (st->bits == 64 && dt->bits == 32)))
      return gbe_fail(c->p, "%%%u (bitcast %u x %u-bit to %u x %u-bit): not supported on %s yet",
                      i->index, st->comps, st->bits, dt->comps, dt->bits,
                      isa_gen_name(c->p->gen));
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   if (dt->bits == 64) {
      for (unsigned k = 0; k < dt->comps; k++)
         store_pair(c, d[k], (struct i64){ as(v[2 * k], ISA_TYPE_UD), as(v[2 * k + 1], ISA_TYPE_UD) });
      return true;
   }
   for (unsigned k = 0; k < st->comps; k++) {
      alu1(c, ISA_OP_MOV, as(d[2 * k], ISA_TYPE_UD), dword_of(v[k], 0));
      alu1(c, ISA_OP_MOV, as(d[2 * k + 1], ISA_TYPE_UD), dword_of(v[k], 1));
   }
   return true;
}

/* ---- LIR: 64-bit moves on generations without 64-bit types ---- */

static bool
is_float_type(unsigned t)
{
   return t == ISA_TYPE_DF || t == ISA_TYPE_F || t == ISA_TYPE_HF;
}

/* A move or predicated select that copies 64-bit bits unchanged. */
static bool
raw_move64(const struct gbe_inst *i)
{
   if ((i->op != ISA_OP_MOV && i->op != ISA_OP_SEL) || i->sat || i->cmod ||
       i->dst.file == GBE_NULL || isa_type_size(i->dst.type) != 8 || i->dst.indirect)
      return false;
   if (i->op == ISA_OP_SEL && !i->pred)
      return false;
   unsigned ns = i->op == ISA_OP_MOV ? 1 : 2;
   for (unsigned s = 0; s < ns; s++) {
      const struct gbe_reg *r = &i->src[s];
      if (isa_type_size(r->type) != 8 || r->neg || r->abs || r->indirect || r->addr_of ||
          is_float_type(r->type) != is_float_type(i->dst.type))
         return false;
   }
   return true;
}

static bool
split_move64(struct gbe_prog *p, struct gbe_inst *i)
{
   for (unsigned h = 0; h < 2; h++) {
      struct gbe_inst t = *i;
      t.dst = dword_of(i->dst, h);
      for (unsigned s = 0; s < 2; s++) {
         if (t.src[s].file != GBE_NULL && isa_type_size(t.src[s].type) == 8)
            t.src[s] = dword_of(i->src[s], h);
      }
      if (!gbe_insert_before(p, i, &t))
         return false;
   }
   gbe_inst_remove(i);
   return true;
}

bool
gbe_lower_64bit_moves(struct gbe_prog *p)
{
   if (native_int64(p->gen))
      return true;
   gbe_foreach_inst_safe(i, p) {
      if (raw_move64(i) && !split_move64(p, i))
         return false;
   }
   return !p->oom;
}
