/* The EU interpreter's specialised handlers: the integer ALU operations
 * of at most 32 bits and the single-precision ones that make up most of a
 * kernel, run a whole register region at a time with their operands'
 * layout classified once at decode.  Each gives bit for bit what the
 * general path (vgpu_eu.c exec_alu, vgpu_eu_alu.c) gives: integer
 * operations there are computed on 64-bit sign- or zero-extended values
 * and wrapped to the destination, so for a destination of at most 32 bits
 * only the low 32 bits of the extended sources matter, except for the
 * comparisons and conditional modifiers, which compare the extended
 * values (PRM Vol 7 "cmp", "Conditional Modifier"); float operations are
 * computed in double and rounded to float once, which for one add, mul
 * or (unfused) mad is the float operation itself. */
#include <fenv.h>
#include <string.h>

#include "vgpu_eu_priv.h"

/* ---- classification ---- */

static bool
int32_or_narrower(unsigned type)
{
   switch (type) {
   case ISA_TYPE_D: case ISA_TYPE_UD: case ISA_TYPE_W: case ISA_TYPE_UW:
   case ISA_TYPE_B: case ISA_TYPE_UB:
      return true;
   default:
      return false;
   }
}

static bool
is_dword(unsigned type)
{
   return type == ISA_TYPE_D || type == ISA_TYPE_UD;
}

static enum eu_region
src_region(const struct eu_operand *o, unsigned n)
{
   if (o->imm)
      return EU_REGION_IMM;
   if (o->indirect)
      return EU_REGION_GENERAL;
   bool contig = true, scalar = true;
   for (unsigned c = 1; c < n; c++) {
      contig = contig && o->off[c] == o->off[0] + c * o->size;
      scalar = scalar && o->off[c] == o->off[0];
   }
   if (scalar)
      return EU_REGION_SCALAR;
   return contig && o->size == 4 ? EU_REGION_CONTIG : EU_REGION_GENERAL;
}

static enum eu_region
dst_region(const struct eu_operand *o, unsigned n)
{
   for (unsigned c = 1; c < n; c++) {
      if (o->off[c] != o->off[0] + c * o->size)
         return EU_REGION_GENERAL;
   }
   return EU_REGION_CONTIG;
}

static bool
word_pairs(const struct eu_operand *o, unsigned n)
{
   if (o->imm || o->indirect || o->size != 2 || o->off[0] + 4u * n > VGPU_EU_REGFILE)
      return false;
   for (unsigned c = 1; c < n; c++) {
      if (o->off[c] != o->off[0] + 4 * c)
         return false;
   }
   return true;
}

static enum eu_fast
fast_op(enum isa_op op)
{
   switch (op) {
   case ISA_OP_MOV: return EU_FAST_MOV;
   case ISA_OP_NOT: return EU_FAST_NOT;
   case ISA_OP_AND: return EU_FAST_AND;
   case ISA_OP_OR: return EU_FAST_OR;
   case ISA_OP_XOR: return EU_FAST_XOR;
   case ISA_OP_ADD: return EU_FAST_ADD;
   case ISA_OP_MUL: return EU_FAST_MUL;
   case ISA_OP_SHL: return EU_FAST_SHL;
   case ISA_OP_SHR: return EU_FAST_SHR;
   case ISA_OP_ASR: return EU_FAST_ASR;
   case ISA_OP_CMP: case ISA_OP_CMPN: return EU_FAST_CMP;
   default: return EU_FAST_NONE;
   }
}

/* A source the handlers read: an integer of at most 32 bits, direct or a
 * scalar immediate (not a V/UV/VF vector), without modifiers. */
static bool
plain_source(const struct eu_operand *o)
{
   return int32_or_narrower(o->type) && !o->negate && !o->abs && !o->indirect;
}

/* The single-precision operation of an instruction whose sources are all
 * F, direct or immediate: add, mul, mad, mov, sel.l/le/g/ge (min and max) and cmp, with an F destination (cmp: any
 * dword).  Saturation stays with the general path: it clamps the
 * unrounded result. */
static enum eu_fast
float_op(const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   for (unsigned s = 0; s < e->nsrc; s++) {
      if (e->src[s].type != ISA_TYPE_F || e->src[s].indirect)
         return EU_FAST_NONE;
   }
   bool f_dst = e->dst.type == ISA_TYPE_F;
   switch (in->op) {
   case ISA_OP_ADD: return f_dst ? EU_FAST_FADD : EU_FAST_NONE;
   case ISA_OP_MUL: return f_dst ? EU_FAST_FMUL : EU_FAST_NONE;
   case ISA_OP_MAD: return f_dst ? EU_FAST_FMAD : EU_FAST_NONE;
   case ISA_OP_MOV: return f_dst ? EU_FAST_FMOV : EU_FAST_NONE;
   case ISA_OP_SEL:
      return f_dst && !in->pred_ctrl && in->cond_mod >= ISA_CMOD_G &&
             in->cond_mod <= ISA_CMOD_LE ? EU_FAST_FSEL : EU_FAST_NONE;
   case ISA_OP_CMP: return e->dst.size == 4 ? EU_FAST_FCMP : EU_FAST_NONE;
   default: return EU_FAST_NONE;
   }
}

static enum eu_fast
pick_handler(const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   if (!e->ok || e->reads_ce || e->df_pairs || in->align16 || in->saturate || in->acc_wr ||
       e->dst.indirect || e->nsrc == 0)
      return EU_FAST_NONE;
   if (e->src[0].type == ISA_TYPE_F)
      return float_op(e);
   if (!int32_or_narrower(e->dst.type) || e->nsrc > 2)
      return EU_FAST_NONE;
   enum eu_fast f = fast_op(in->op);
   for (unsigned s = 0; s < e->nsrc; s++) {
      if (!plain_source(&e->src[s]))
         return EU_FAST_NONE;
   }
   /* shr masks its source to the source's width before shifting, asr
    * shifts the extended value: the same on 32 bits only for dwords. */
   if ((f == EU_FAST_SHR || f == EU_FAST_ASR) && !is_dword(e->src[0].type))
      return EU_FAST_NONE;
   return f;
}

/* ---- operands ---- */

/* A source's bits extended to 32 as the general path's as_int extends
 * them to 64. */
static inline uint32_t
extend32(uint64_t raw, unsigned type)
{
   switch (type) {
   case ISA_TYPE_W: return (uint32_t)(int32_t)(int16_t)raw;
   case ISA_TYPE_UW: return (uint16_t)raw;
   case ISA_TYPE_B: return (uint32_t)(int32_t)(int8_t)raw;
   case ISA_TYPE_UB: return (uint8_t)raw;
   default: return (uint32_t)raw;
   }
}

/* n dwords, in 32-byte vectors when n allows: a plain memcpy of an
 * unknown alignment would go through the stack in 16-byte pieces. */
typedef uint32_t eu_dword_vec __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) void
copy_dwords(void *dst, const void *src, const unsigned n)
{
   if (n % 8) {
      memcpy(dst, src, n * 4);
      return;
   }
   for (unsigned i = 0; i < n / 8; i++) {
      eu_dword_vec x;
      memcpy(&x, (const uint8_t *)src + 32 * i, 32);
      memcpy((uint8_t *)dst + 32 * i, &x, 32);
   }
}

/* Per-channel offsets: one loop per type, so that no channel switches on
 * the element size or extension. */
static inline __attribute__((always_inline)) void
fetch_general(const struct vgpu_eu_thread *t, const struct eu_operand *o,
              uint32_t *v, const unsigned n)
{
   const uint8_t *regs = t->regs;
   if (o->word_pairs) {
      uint32_t w[32];
      copy_dwords(w, &regs[o->off[0]], n);
      for (unsigned c = 0; c < n; c++)
         v[c] = o->type == ISA_TYPE_W ? (uint32_t)(int32_t)(int16_t)w[c] : w[c] & 0xffff;
      return;
   }
   switch (o->type) {
   case ISA_TYPE_W:
      for (unsigned c = 0; c < n; c++) {
         int16_t x;
         memcpy(&x, &regs[o->off[c]], 2);
         v[c] = (uint32_t)(int32_t)x;
      }
      return;
   case ISA_TYPE_UW:
      for (unsigned c = 0; c < n; c++) {
         uint16_t x;
         memcpy(&x, &regs[o->off[c]], 2);
         v[c] = x;
      }
      return;
   case ISA_TYPE_B:
      for (unsigned c = 0; c < n; c++)
         v[c] = (uint32_t)(int32_t)(int8_t)regs[o->off[c]];
      return;
   case ISA_TYPE_UB:
      for (unsigned c = 0; c < n; c++)
         v[c] = regs[o->off[c]];
      return;
   default:
      for (unsigned c = 0; c < n; c++)
         memcpy(&v[c], &regs[o->off[c]], 4);
      return;
   }
}

static inline __attribute__((always_inline)) void
fetch(const struct vgpu_eu_thread *t, const struct eu_inst *e, unsigned s,
      const unsigned region, uint32_t *v, const unsigned n)
{
   const struct eu_operand *o = &e->src[s];
   switch (region) {
   case EU_REGION_IMM: {
      uint32_t x = extend32(o->reg.imm, o->type);
      for (unsigned c = 0; c < n; c++)
         v[c] = x;
      return;
   }
   case EU_REGION_SCALAR: {
      uint32_t x = extend32(eu_read_raw(&t->regs[o->off[0]], o->size), o->type);
      for (unsigned c = 0; c < n; c++)
         v[c] = x;
      return;
   }
   case EU_REGION_CONTIG:
      copy_dwords(v, &t->regs[o->off[0]], n);
      return;
   default:
      fetch_general(t, o, v, n);
      return;
   }
}

static bool
is_signed(unsigned type)
{
   return type == ISA_TYPE_D || type == ISA_TYPE_W || type == ISA_TYPE_B;
}

/* The values the comparisons see: extended to 64 bits. */
static inline __attribute__((always_inline)) void
widen(const uint32_t *v, unsigned type, int64_t *w, const unsigned n)
{
   if (is_signed(type)) {
      for (unsigned c = 0; c < n; c++)
         w[c] = (int32_t)v[c];
   } else {
      for (unsigned c = 0; c < n; c++)
         w[c] = v[c];
   }
}

/* The relation cmod names between a and b, per channel (O and U never
 * hold for integers): on the extended values, and on 32-bit ones, which
 * are unsigned, a signed pair's values biased by 2^31 (which maps the
 * signed order onto the unsigned one). */
#define EU_COMPARE(name, T)                                                     \
   static inline __attribute__((always_inline)) uint32_t                       \
   name(unsigned cmod, const T *a, const T *b, const unsigned n)                \
   {                                                                           \
      uint32_t f = 0;                                                          \
      switch (cmod) {                                                          \
      case ISA_CMOD_Z: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] == b[c]) << c; break; \
      case ISA_CMOD_NZ: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] != b[c]) << c; break; \
      case ISA_CMOD_G: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] > b[c]) << c; break; \
      case ISA_CMOD_GE: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] >= b[c]) << c; break; \
      case ISA_CMOD_L: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] < b[c]) << c; break; \
      case ISA_CMOD_LE: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] <= b[c]) << c; break; \
      default: break;                                                          \
      }                                                                        \
      return f;                                                                \
   }
EU_COMPARE(compare, int64_t)
EU_COMPARE(compare32, uint32_t)
#undef EU_COMPARE

/* cmp's relation between its sources' extended values: when both are
 * signed or both unsigned, the 64-bit order is the 32-bit one. */
static inline __attribute__((always_inline)) uint32_t
compare_sources(const struct eu_inst *e, const uint32_t *a, const uint32_t *b,
                const unsigned n)
{
   const unsigned ta = e->src[0].type, tb = e->src[1].type;
   if (is_signed(ta) != is_signed(tb)) {
      int64_t wa[32], wb[32];
      widen(a, ta, wa, n);
      widen(b, tb, wb, n);
      return compare(e->in.cond_mod, wa, wb, n);
   }
   uint32_t bias = is_signed(ta) ? 0x80000000u : 0, ab[32], bb[32];
   for (unsigned c = 0; c < n; c++) {
      ab[c] = a[c] ^ bias;
      bb[c] = b[c] ^ bias;
   }
   return compare32(e->in.cond_mod, ab, bb, n);
}

/* ---- operations: every channel of the region, masked on write ---- */

static inline __attribute__((always_inline)) void
compute(const struct eu_inst *e, const enum eu_fast op, const uint32_t *a,
        const uint32_t *b, uint32_t *r, uint32_t *flag, uint32_t mask, const unsigned n)
{
   switch (op) {
   case EU_FAST_MOV: copy_dwords(r, a, n); return;
   case EU_FAST_NOT: for (unsigned c = 0; c < n; c++) r[c] = ~a[c]; return;
   case EU_FAST_AND: for (unsigned c = 0; c < n; c++) r[c] = a[c] & b[c]; return;
   case EU_FAST_OR: for (unsigned c = 0; c < n; c++) r[c] = a[c] | b[c]; return;
   case EU_FAST_XOR: for (unsigned c = 0; c < n; c++) r[c] = a[c] ^ b[c]; return;
   case EU_FAST_ADD: for (unsigned c = 0; c < n; c++) r[c] = a[c] + b[c]; return;
   case EU_FAST_MUL: for (unsigned c = 0; c < n; c++) r[c] = a[c] * b[c]; return;
   case EU_FAST_SHL: for (unsigned c = 0; c < n; c++) r[c] = a[c] << (b[c] & 31); return;
   case EU_FAST_SHR: for (unsigned c = 0; c < n; c++) r[c] = a[c] >> (b[c] & 31); return;
   case EU_FAST_ASR:
      if (e->src[0].type == ISA_TYPE_D) {
         for (unsigned c = 0; c < n; c++)
            r[c] = (uint32_t)((int32_t)a[c] >> (b[c] & 31));
      } else {
         for (unsigned c = 0; c < n; c++)
            r[c] = a[c] >> (b[c] & 31);
      }
      return;
   default: {
      uint32_t f = compare_sources(e, a, b, n) & mask;
      for (unsigned c = 0; c < n; c++)
         r[c] = (f >> c) & 1 ? ~0u : 0;
      *flag = f;
      return;
   }
   }
}

/* Conditional modifier on the result as the destination type holds it. */
static inline __attribute__((always_inline)) uint32_t
result_flags(const struct eu_inst *e, const uint32_t *r, uint32_t mask,
             const unsigned n)
{
   const unsigned dt = e->dst.type;
   uint32_t held[32];
   int64_t w[32], zero[32] = { 0 };
   for (unsigned c = 0; c < n; c++)
      held[c] = extend32(r[c], dt);
   widen(held, dt, w, n);
   return compare(e->in.cond_mod, w, zero, n) & mask;
}

/* The flag register pair with the channels of mask set from flag, as the
 * general path works it out: from the flags before the instruction, and
 * stored after the destination is written, so they win when the
 * destination is the flag register itself. */
static inline uint64_t
merged_flags(const struct vgpu_eu_thread *t, const struct eu_inst *e,
             uint32_t flag, uint32_t mask)
{
   uint64_t f;
   memcpy(&f, &t->regs[VGPU_EU_ARF_FLAG], 8);
   if (e->flag_base + e->n <= 64) {
      uint64_t bits = (uint64_t)mask << e->flag_base;
      return (f & ~bits) | ((uint64_t)(flag & mask) << e->flag_base);
   }
   for (uint32_t m = mask; m; m &= m - 1) {
      unsigned c = (unsigned)__builtin_ctz(m);
      unsigned bit = (e->flag_base + c) & 63;
      f = (f & ~(1ull << bit)) | ((uint64_t)((flag >> c) & 1) << bit);
   }
   return f;
}

#define LANE_BITS(b) 1u << (b), 1u << ((b) + 1), 1u << ((b) + 2), 1u << ((b) + 3)
const uint32_t eu_lane_bit[32] = {
   LANE_BITS(0), LANE_BITS(4), LANE_BITS(8), LANE_BITS(12),
   LANE_BITS(16), LANE_BITS(20), LANE_BITS(24), LANE_BITS(28),
};
#undef LANE_BITS

static inline __attribute__((always_inline)) void
write_dst(struct vgpu_eu_thread *t, const struct eu_inst *e, const uint32_t *r,
          uint32_t mask, const unsigned n)
{
   if (e->dst.word_pairs) {
      /* The other half of each dword written back as it was. */
      uint32_t v[32];
      uint8_t *d = &t->regs[e->dst.off[0]];
      copy_dwords(v, d, n);
      for (unsigned c = 0; c < n; c++) {
         uint32_t keep = mask & eu_lane_bit[c] ? 0xffffu : 0;
         v[c] = (r[c] & keep) | (v[c] & ~keep);
      }
      copy_dwords(d, v, n);
      return;
   }
   if (e->dst.size != 4) {
      for (uint32_t m = mask; m; m &= m - 1) {
         unsigned c = (unsigned)__builtin_ctz(m);
         eu_write_raw(&t->regs[e->dst.off[c]], e->dst.size, r[c]);
      }
      return;
   }
   if (e->dst_region == EU_REGION_CONTIG) {
      uint8_t *d = &t->regs[e->dst.off[0]];
      if (mask == (n >= 32 ? ~0u : (1u << n) - 1)) {
         copy_dwords(d, r, n);
         return;
      }
      /* A blend over the whole region rather than a walk over the set
       * bits: diverged channels would make the walk mispredict. */
      uint32_t v[32];
      copy_dwords(v, d, n);
      for (unsigned c = 0; c < n; c++) {
         uint32_t keep = mask & eu_lane_bit[c] ? ~0u : 0;
         v[c] = (r[c] & keep) | (v[c] & ~keep);
      }
      copy_dwords(d, v, n);
      return;
   }
   for (uint32_t m = mask; m; m &= m - 1) {
      unsigned c = (unsigned)__builtin_ctz(m);
      memcpy(&t->regs[e->dst.off[c]], &r[c], 4);
   }
}

/* The destination and flags of an instruction with a conditional
 * modifier, other than a comparison. */
static __attribute__((noinline)) void
finish(struct vgpu_eu_thread *t, const struct eu_inst *e, const uint32_t *r,
       uint32_t mask)
{
   const unsigned n = e->n < 32 ? e->n : 32;
   uint64_t f = merged_flags(t, e, result_flags(e, r, mask, n), mask);
   write_dst(t, e, r, mask, n);
   memcpy(&t->regs[VGPU_EU_ARF_FLAG], &f, 8);
}

static inline __attribute__((always_inline)) bool
unary(const enum eu_fast op)
{
   return op == EU_FAST_MOV || op == EU_FAST_NOT;
}

/* One instruction on n channels.  Inlined with op, the source regions
 * and n constant, each switch and loop below folds to straight-line
 * vector code; the catch-all handler passes them at run time. */
static inline __attribute__((always_inline)) void
run_spec(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t mask,
         const enum eu_fast op, const unsigned ra, const unsigned rb, const unsigned n)
{
   /* popcnt itself where the handler is built for AVX2 (which has it). */
   t->instructions++;
   t->channel_instructions += (unsigned)__builtin_popcount(mask);
   if (!mask)
      return;
   uint32_t a[32], b[32], r[32], flag = 0;
   fetch(t, e, 0, ra, a, n);
   if (!unary(op))
      fetch(t, e, 1, rb, b, n);
   compute(e, op, a, b, r, &flag, mask, n);
   if (op == EU_FAST_CMP) {
      uint64_t f = merged_flags(t, e, flag, mask);
      write_dst(t, e, r, mask, n);
      memcpy(&t->regs[VGPU_EU_ARF_FLAG], &f, 8);
      return;
   }
   if (!e->in.cond_mod) {
      write_dst(t, e, r, mask, n);
      return;
   }
   finish(t, e, r, mask);
}

/* Any width, operation and region: built twice and picked by the
 * processor at load time, so its loops vectorise with AVX2's per-lane
 * shifts and blends where it has them. */
__attribute__((target_clones("avx2", "default"))) static void
run_any(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t mask)
{
   run_spec(t, e, mask, (enum eu_fast)e->fast, e->src_region[0], e->src_region[1],
            e->n < 32 ? e->n : 32);
}

/* ---- single precision ---- */

static inline __attribute__((always_inline)) bool
f32_is_nan(uint32_t x)
{
   return (x & 0x7fffffffu) > 0x7f800000u;
}

/* A NaN as the general path's trip through double leaves it: quiet. */
static inline __attribute__((always_inline)) uint32_t
f32_quiet(uint32_t x)
{
   return f32_is_nan(x) ? x | 0x00400000u : x;
}

static inline __attribute__((always_inline)) uint32_t
f32_flush(uint32_t x, bool keep)
{
   return keep || (x & 0x7f800000u) ? x : x & 0x80000000u;
}

/* Source s as bits: denormals flushed unless cr0 keeps them, then abs
 * and negate, in the general path's order. */
static inline __attribute__((always_inline)) void
fetch_float(const struct vgpu_eu_thread *t, const struct eu_inst *e, unsigned s,
            bool keep, uint32_t *v, const unsigned n)
{
   const struct eu_operand *o = &e->src[s];
   fetch(t, e, s, e->src_region[s], v, n);
   const uint32_t abs = o->abs ? 0x7fffffffu : ~0u, neg = o->negate ? 0x80000000u : 0;
   for (unsigned c = 0; c < n; c++)
      v[c] = (f32_flush(v[c], keep) & abs) ^ neg;
}

/* cmp's relation and a conditional modifier's test of a result (PRM Vol
 * 7 "Conditional Modifier"): unordered counts as not equal; O is an
 * infinite result, U a NaN. */
static inline __attribute__((always_inline)) uint32_t
f32_compare(unsigned cmod, const uint32_t *a, const uint32_t *b, const unsigned n)
{
   uint32_t f = 0;
   for (unsigned c = 0; c < n; c++) {
      float x = eu_f32_from_bits(a[c]), y = eu_f32_from_bits(b[c]);
      bool v;
      switch (cmod) {
      case ISA_CMOD_Z: v = x == y; break;
      case ISA_CMOD_NZ: v = x != y; break;
      case ISA_CMOD_G: v = x > y; break;
      case ISA_CMOD_GE: v = x >= y; break;
      case ISA_CMOD_L: v = x < y; break;
      case ISA_CMOD_LE: v = x <= y; break;
      case ISA_CMOD_U: v = x != x || y != y; break;
      default: v = false; break;
      }
      f |= (uint32_t)v << c;
   }
   return f;
}

static inline __attribute__((always_inline)) uint32_t
f32_result_flags(unsigned cmod, const uint32_t *r, const unsigned n)
{
   uint32_t f = 0;
   for (unsigned c = 0; c < n; c++) {
      float x = eu_f32_from_bits(r[c]);
      bool v;
      switch (cmod) {
      case ISA_CMOD_Z: v = x == 0; break;
      case ISA_CMOD_NZ: v = !(x == 0); break;
      case ISA_CMOD_G: v = x > 0; break;
      case ISA_CMOD_GE: v = x >= 0; break;
      case ISA_CMOD_L: v = x < 0; break;
      case ISA_CMOD_LE: v = x <= 0; break;
      case ISA_CMOD_O: v = (r[c] & 0x7fffffffu) == 0x7f800000u; break;
      case ISA_CMOD_U: v = f32_is_nan(r[c]); break;
      default: v = false; break;
      }
      f |= (uint32_t)v << c;
   }
   return f;
}

/* Rounded once, as the general path's double result rounded to float is
 * (double has more than twice float's precision); a NaN source gives the
 * first one, quiet (vgpu_eu_alu.c nan_in_arithmetic); sel passes the other
 * operand of a NaN. */
static inline __attribute__((always_inline)) void
f32_compute(const struct eu_inst *e, const enum eu_fast op, const uint32_t *a,
            const uint32_t *b, const uint32_t *m, uint32_t *r, const unsigned n)
{
   for (unsigned c = 0; c < n; c++) {
      float x = eu_f32_from_bits(a[c]), y = eu_f32_from_bits(b[c]);
      uint32_t v;
      switch (op) {
      case EU_FAST_FADD: v = eu_f32_bits(x + y); break;
      case EU_FAST_FMUL: v = eu_f32_bits(x * y); break;
      case EU_FAST_FMAD: {
         float p = y * eu_f32_from_bits(m[c]);
         v = eu_f32_bits(x + p);
         v = f32_is_nan(m[c]) ? f32_quiet(m[c]) : v;
         break;
      }
      case EU_FAST_FSEL: {
         bool less = e->in.cond_mod >= ISA_CMOD_L;
         bool first = less ? x < y : x >= y;
         v = f32_is_nan(a[c]) ? b[c] : f32_is_nan(b[c]) ? a[c] : first ? a[c] : b[c];
         break;
      }
      default: v = a[c]; break;
      }
      if (op == EU_FAST_FADD || op == EU_FAST_FMUL || op == EU_FAST_FMAD)
         v = f32_is_nan(a[c]) ? f32_quiet(a[c]) : f32_is_nan(b[c]) ? f32_quiet(b[c]) : v;
      r[c] = f32_quiet(v);
   }
}

/* In cr0's rounding direction: out of line, so that the compiler cannot
 * move the arithmetic across the mode switches. */
static __attribute__((noinline)) void
f32_compute_rounded(const struct eu_inst *e, uint32_t cr0, const uint32_t *a,
                    const uint32_t *b, const uint32_t *m, uint32_t *r)
{
   const unsigned n = e->n < 32 ? e->n : 32;
   int saved = fegetround();
   fesetround(eu_cr0_fe_round(cr0));
   f32_compute(e, (enum eu_fast)e->fast, a, b, m, r, n);
   fesetround(saved);
}

static inline __attribute__((always_inline)) void
run_float(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t mask,
          const enum eu_fast op, const unsigned n)
{
   t->instructions++;
   t->channel_instructions += (unsigned)__builtin_popcount(mask);
   if (!mask)
      return;
   uint32_t cr0;
   memcpy(&cr0, &t->regs[VGPU_EU_ARF_CR0], 4);
   const bool keep = cr0 & CR0_KEEP_F;
   const unsigned cmod = e->in.cond_mod;
   uint32_t a[32], b[32], m[32], r[32], flag = 0;
   if (op == EU_FAST_FMOV && !cmod && !e->src[0].negate && !e->src[0].abs) {
      /* a raw copy, as the general path makes it */
      fetch(t, e, 0, e->src_region[0], r, n);
      write_dst(t, e, r, mask, n);
      return;
   }
   fetch_float(t, e, 0, keep, a, n);
   if (op != EU_FAST_FMOV)
      fetch_float(t, e, 1, keep, b, n);
   else
      memset(b, 0, n * 4);
   if (op == EU_FAST_FMAD)
      fetch_float(t, e, 2, keep, m, n);
   else
      memset(m, 0, n * 4);
   if (op == EU_FAST_FCMP) {
      flag = f32_compare(cmod, a, b, n) & mask;
      for (unsigned c = 0; c < n; c++)
         r[c] = (flag >> c) & 1 ? ~0u : 0;
   } else {
      if ((cr0 >> CR0_ROUND_SHIFT) & 3)
         f32_compute_rounded(e, cr0, a, b, m, r);
      else
         f32_compute(e, op, a, b, m, r, n);
      for (unsigned c = 0; c < n; c++)
         r[c] = f32_flush(r[c], keep);
      if (cmod && op != EU_FAST_FSEL)
         flag = f32_result_flags(cmod, r, n) & mask;
   }
   if (!cmod || op == EU_FAST_FSEL) {
      write_dst(t, e, r, mask, n);
      return;
   }
   uint64_t f = merged_flags(t, e, flag, mask);
   write_dst(t, e, r, mask, n);
   memcpy(&t->regs[VGPU_EU_ARF_FLAG], &f, 8);
}

__attribute__((target_clones("avx2", "default"))) static void
run_float_any(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t mask)
{
   run_float(t, e, mask, (enum eu_fast)e->fast, e->n < 32 ? e->n : 32);
}

/* ---- the specialised handlers: one per operation, source region
 * classes and width (8 or 16 channels) ---- */

#if defined(__x86_64__) || defined(__i386__)
#define EU_SPEC_TARGET __attribute__((target("avx2")))
#else
#define EU_SPEC_TARGET
#endif

#define EU_SPEC_NAME(op, ra, rb, n) spec_##op##_##ra##_##rb##_##n
#define EU_SPEC_DEFINE(op, ra, rb, n)                                          \
   static EU_SPEC_TARGET void                                               \
   EU_SPEC_NAME(op, ra, rb, n)(struct vgpu_eu_thread *t, const struct eu_inst *e, \
                               uint32_t mask)                               \
   {                                                                        \
      run_spec(t, e, mask, EU_FAST_##op, EU_REGION_##ra, EU_REGION_##rb, n); \
   }
#define EU_SPEC_ENTRY(op, ra, rb, n) \
   [EU_FAST_##op][EU_REGION_##ra][EU_REGION_##rb][(n) / 16] = EU_SPEC_NAME(op, ra, rb, n),

/* src0 of a two-source instruction is never an immediate (PRM Vol 7
 * "Immediate Operand"), a unary one's src1 does not exist (its class is
 * GENERAL, as decode leaves it), and asr is rare: those take run_any. */
#define EU_SPEC_SRC1(X, op, ra, n) \
   X(op, ra, GENERAL, n) X(op, ra, CONTIG, n) X(op, ra, SCALAR, n) X(op, ra, IMM, n)
#define EU_SPEC_BINARY(X, op, n) \
   EU_SPEC_SRC1(X, op, GENERAL, n) EU_SPEC_SRC1(X, op, CONTIG, n) EU_SPEC_SRC1(X, op, SCALAR, n)
#define EU_SPEC_UNARY(X, op, n) \
   X(op, GENERAL, GENERAL, n) X(op, CONTIG, GENERAL, n) X(op, SCALAR, GENERAL, n) \
   X(op, IMM, GENERAL, n)
#define EU_SPEC_WIDTH(X, n) \
   EU_SPEC_UNARY(X, MOV, n) EU_SPEC_UNARY(X, NOT, n) EU_SPEC_BINARY(X, AND, n) \
   EU_SPEC_BINARY(X, OR, n) EU_SPEC_BINARY(X, XOR, n) EU_SPEC_BINARY(X, ADD, n) \
   EU_SPEC_BINARY(X, MUL, n) EU_SPEC_BINARY(X, SHL, n) EU_SPEC_BINARY(X, SHR, n) \
   EU_SPEC_BINARY(X, CMP, n)
#define EU_SPEC_ALL(X) EU_SPEC_WIDTH(X, 8) EU_SPEC_WIDTH(X, 16)

EU_SPEC_ALL(EU_SPEC_DEFINE)

static const eu_fast_fn spec_table[EU_FAST_CMP + 1][4][4][2] = {
   EU_SPEC_ALL(EU_SPEC_ENTRY)
};

/* Single precision: per operation and width, the regions at run time. */
#define EU_FSPEC_NAME(op, n) fspec_##op##_##n
#define EU_FSPEC_DEFINE(op, n)                                                 \
   static EU_SPEC_TARGET void                                               \
   EU_FSPEC_NAME(op, n)(struct vgpu_eu_thread *t, const struct eu_inst *e,   \
                        uint32_t mask)                                      \
   {                                                                        \
      run_float(t, e, mask, EU_FAST_##op, n);                               \
   }
#define EU_FSPEC_ENTRY(op, n) [EU_FAST_##op - EU_FAST_FADD][(n) / 16] = EU_FSPEC_NAME(op, n),
#define EU_FSPEC_WIDTH(X, n) X(FADD, n) X(FMUL, n) X(FMAD, n) X(FMOV, n) X(FSEL, n) X(FCMP, n)
#define EU_FSPEC_ALL(X) EU_FSPEC_WIDTH(X, 8) EU_FSPEC_WIDTH(X, 16)

EU_FSPEC_ALL(EU_FSPEC_DEFINE)

static const eu_fast_fn fspec_table[EU_FAST_FCMP - EU_FAST_FADD + 1][2] = {
   EU_FSPEC_ALL(EU_FSPEC_ENTRY)
};

/* The specialised handlers are built for AVX2 on x86: a processor without
 * it runs everything through run_any. */
static bool
spec_usable(void)
{
#if defined(__x86_64__) || defined(__i386__)
   __builtin_cpu_init();
   return __builtin_cpu_supports("avx2");
#else
   return true;
#endif
}

static eu_fast_fn
pick_run(const struct eu_inst *e)
{
   static int usable = -1;
   int u = __atomic_load_n(&usable, __ATOMIC_RELAXED);
   if (u < 0) {
      u = spec_usable();
      __atomic_store_n(&usable, u, __ATOMIC_RELAXED);
   }
   bool flt = e->fast >= EU_FAST_FADD;
   eu_fast_fn any = flt ? run_float_any : run_any;
   if ((e->n != 8 && e->n != 16) || !u)
      return any;
   eu_fast_fn f = flt ? fspec_table[e->fast - EU_FAST_FADD][e->n / 16]
                      : spec_table[e->fast][e->src_region[0]][e->src_region[1]][e->n / 16];
   return f ? f : any;
}

void
eu_fast_classify(struct eu_inst *e)
{
   for (unsigned s = 0; s < e->nsrc && s < 3; s++) {
      e->src_region[s] = (uint8_t)src_region(&e->src[s], e->n);
      e->src[s].word_pairs = word_pairs(&e->src[s], e->n);
   }
   e->dst.word_pairs = word_pairs(&e->dst, e->n);
   e->dst_region = e->dst.indirect ? EU_REGION_GENERAL
                                   : (uint8_t)dst_region(&e->dst, e->n);
   e->fast = (uint8_t)pick_handler(e);
   e->run = e->fast ? pick_run(e) : NULL;
}
