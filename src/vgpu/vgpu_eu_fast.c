/* The EU interpreter's specialised handlers: the integer ALU operations
 * of at most 32 bits that make up most of a compute kernel, run a whole
 * register region at a time with their operands' layout classified once
 * at decode.  Each gives bit for bit what the general path (vgpu_eu.c
 * exec_alu, vgpu_eu_alu.c) gives: integer operations there are computed
 * on 64-bit sign- or zero-extended values and wrapped to the destination,
 * so for a destination of at most 32 bits only the low 32 bits of the
 * extended sources matter, except for the comparisons and conditional
 * modifiers, which compare the extended values (PRM Vol 7 "cmp",
 * "Conditional Modifier"). */
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
   return scalar ? EU_REGION_SCALAR : contig ? EU_REGION_CONTIG : EU_REGION_GENERAL;
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

static enum eu_fast
pick_handler(const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   if (!e->ok || e->reads_ce || e->df_pairs || in->align16 || in->saturate || in->acc_wr ||
       e->dst.indirect || !int32_or_narrower(e->dst.type) || e->nsrc > 2)
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

void
eu_fast_classify(struct eu_inst *e)
{
   for (unsigned s = 0; s < e->nsrc && s < 3; s++)
      e->src_region[s] = (uint8_t)src_region(&e->src[s], e->n);
   e->dst_region = e->dst.indirect ? EU_REGION_GENERAL
                                   : (uint8_t)dst_region(&e->dst, e->n);
   e->fast = (uint8_t)pick_handler(e);
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

static inline __attribute__((always_inline)) void
fetch(const struct vgpu_eu_thread *t, const struct eu_inst *e, unsigned s,
      uint32_t *v, const unsigned n)
{
   const struct eu_operand *o = &e->src[s];
   switch (e->src_region[s]) {
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
      if (o->size == 4) {
         memcpy(v, &t->regs[o->off[0]], n * 4);
         return;
      }
      for (unsigned c = 0; c < n; c++)
         v[c] = extend32(eu_read_raw(&t->regs[o->off[0] + c * o->size], o->size), o->type);
      return;
   default:
      for (unsigned c = 0; c < n; c++)
         v[c] = extend32(eu_read_raw(&t->regs[o->off[c]], o->size), o->type);
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
 * hold for integers). */
static inline __attribute__((always_inline)) uint32_t
compare(unsigned cmod, const int64_t *a, const int64_t *b, const unsigned n)
{
   uint32_t f = 0;
   switch (cmod) {
   case ISA_CMOD_Z: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] == b[c]) << c; break;
   case ISA_CMOD_NZ: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] != b[c]) << c; break;
   case ISA_CMOD_G: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] > b[c]) << c; break;
   case ISA_CMOD_GE: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] >= b[c]) << c; break;
   case ISA_CMOD_L: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] < b[c]) << c; break;
   case ISA_CMOD_LE: for (unsigned c = 0; c < n; c++) f |= (uint32_t)(a[c] <= b[c]) << c; break;
   default: break;
   }
   return f;
}

/* ---- operations: every channel of the region, masked on write ---- */

static inline __attribute__((always_inline)) void
compute(const struct eu_inst *e, const uint32_t *a, const uint32_t *b,
        uint32_t *r, uint32_t *flag, uint32_t mask, const unsigned n)
{
   switch (e->fast) {
   case EU_FAST_MOV: memcpy(r, a, n * 4); return;
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
      int64_t wa[32], wb[32];
      widen(a, e->src[0].type, wa, n);
      widen(b, e->src[1].type, wb, n);
      uint32_t f = compare(e->in.cond_mod, wa, wb, n) & mask;
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
static uint64_t
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
static const uint32_t lane_bit[32] = {
   LANE_BITS(0), LANE_BITS(4), LANE_BITS(8), LANE_BITS(12),
   LANE_BITS(16), LANE_BITS(20), LANE_BITS(24), LANE_BITS(28),
};
#undef LANE_BITS

static inline __attribute__((always_inline)) void
write_dst(struct vgpu_eu_thread *t, const struct eu_inst *e, const uint32_t *r,
          uint32_t mask, const unsigned n)
{
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
         memcpy(d, r, n * 4);
         return;
      }
      /* A blend over the whole region rather than a walk over the set
       * bits: diverged channels would make the walk mispredict. */
      uint32_t v[32];
      memcpy(v, d, n * 4);
      for (unsigned c = 0; c < n; c++) {
         uint32_t keep = mask & lane_bit[c] ? ~0u : 0;
         v[c] = (r[c] & keep) | (v[c] & ~keep);
      }
      memcpy(d, v, n * 4);
      return;
   }
   for (uint32_t m = mask; m; m &= m - 1) {
      unsigned c = (unsigned)__builtin_ctz(m);
      memcpy(&t->regs[e->dst.off[c]], &r[c], 4);
   }
}

/* One instruction on n channels; n a constant where it is inlined so the
 * region loops and copies have a fixed length. */
static inline __attribute__((always_inline)) void
run_n(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t mask,
      const unsigned n)
{
   uint32_t a[32], b[32], r[32], flag = 0;
   fetch(t, e, 0, a, n);
   if (e->nsrc > 1)
      fetch(t, e, 1, b, n);
   compute(e, a, b, r, &flag, mask, n);
   if (!e->in.cond_mod) {
      write_dst(t, e, r, mask, n);
      return;
   }
   if (e->fast != EU_FAST_CMP)
      flag = result_flags(e, r, mask, n);
   uint64_t f = merged_flags(t, e, flag, mask);
   write_dst(t, e, r, mask, n);
   memcpy(&t->regs[VGPU_EU_ARF_FLAG], &f, 8);
}

/* Built twice, and picked by the processor at load time: the region loops
 * vectorise with AVX2's per-lane shifts and blends where it has them. */
__attribute__((target_clones("avx2", "default"))) void
eu_fast_alu(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t mask)
{
   if (!mask)
      return;
   switch (e->n) {
   case 8: run_n(t, e, mask, 8); return;
   case 16: run_n(t, e, mask, 16); return;
   default: run_n(t, e, mask, e->n < 32 ? e->n : 32); return;
   }
}
