/* Compaction: the 64-bit form replaces groups of native bits by 5-bit (or
 * 2-bit) indices into per-generation tables and copies a few fields
 * directly (PRM "EU Instruction Compaction").  Both directions are driven by
 * the generation's compaction layout; compacting succeeds exactly when
 * uncompacting gives the native instruction back. */
#include <string.h>

#include "isa_priv.h"

static uint64_t
cbits(uint64_t c, unsigned hi, unsigned lo)
{
   unsigned n = hi - lo + 1;
   return (c >> lo) & ((1ull << n) - 1);
}

static void
set_cbits(uint64_t *c, unsigned hi, unsigned lo, uint64_t v)
{
   unsigned n = hi - lo + 1;
   uint64_t m = ((1ull << n) - 1) << lo;
   *c = (*c & ~m) | ((v << lo) & m);
}

static uint64_t
table_entry(const struct isa_compact_field *f, unsigned i)
{
   return f->table_u64 ? ((const uint64_t *)f->table)[i]
                       : ((const uint32_t *)f->table)[i];
}

/* Scatter a table value over the native ranges, least significant last. */
static void
scatter(const struct isa_compact_field *f, uint64_t v, uint64_t w[2])
{
   for (int i = f->nat_n - 1; i >= 0; i--) {
      unsigned n = f->nat[i].hi - f->nat[i].lo + 1;
      isa_set_bits(w, f->nat[i].hi, f->nat[i].lo, v);
      v >>= n;
   }
}

/* Gather the native ranges into one value; mask has the bits that count. */
static uint64_t
gather(const struct isa_compact_field *f, const uint64_t w[2], bool imm,
       uint64_t *mask)
{
   uint64_t v = 0;
   *mask = 0;
   for (unsigned i = 0; i < f->nat_n; i++) {
      unsigned n = f->nat[i].hi - f->nat[i].lo + 1;
      bool skip = imm && f->nat[i].not_if_imm;
      v = (v << n) | (skip ? 0 : isa_bits(w, f->nat[i].hi, f->nat[i].lo));
      *mask = (*mask << n) | (skip ? 0 : (1ull << n) - 1);
   }
   return v;
}

/* Does this compacted field hold (part of) the compacted immediate? */
static bool
is_imm_field(const struct isa_gen_desc *d, const struct isa_compact_field *f)
{
   for (unsigned i = 0; i < 2; i++) {
      if (f->chi <= d->cmp_imm[i].hi && f->clo >= d->cmp_imm[i].lo)
         return true;
   }
   return false;
}

static bool
is_3src(const struct isa_gen_desc *d, unsigned hw_opcode)
{
   enum isa_op op = isa_op_from_hw(d, hw_opcode);
   return isa_op_form(d->gen, op) == ISA_FORM_3SRC;
}

/* The immediate source and its type, read through the probe fields. */
static bool
native_imm(const struct isa_gen_desc *d, const uint64_t w[2], uint8_t *type)
{
   struct isa_raw pr;
   memset(&pr, 0, sizeof(pr));
   isa_group_extract(&d->groups[G_PROBE], w, &pr, NULL);
   for (unsigned n = 0; n < 2; n++) {
      bool imm = d->file_is_imm_bit ? pr.f[F_SRC(n, F_S0_ISIMM)]
                                    : pr.f[F_SRC(n, F_S0_FILE)] == 3;
      if (!imm)
         continue;
      /* Only src0's type is in the probe; src1's is read directly. */
      uint64_t hw = pr.f[F_S0_TYPE];
      if (n == 1) {
         struct isa_raw r1;
         memset(&r1, 0, sizeof(r1));
         isa_group_extract(&d->groups[G_S1_TYPE], w, &r1, NULL);
         hw = r1.f[F_S1_TYPE];
      }
      *type = d->imm_type[hw & 15];
      return true;
   }
   return false;
}

/* Gen7–11: 13 bits, the top one replicated; Gen12: 12 bits placed by
 * type (floats keep their high bits, 16-bit types are replicated). */
static uint32_t
expand_imm(const struct isa_gen_desc *d, uint8_t type, uint32_t c)
{
   if (d->cmp_imm_bits == 13)
      return (uint32_t)((int32_t)(c << 19) >> 19);
   switch (type) {
   case ISA_TYPE_F: return c << 20;
   case ISA_TYPE_HF: return (c << 20) | (c << 4);
   case ISA_TYPE_UW: return (c << 16) | c;
   case ISA_TYPE_D: return (uint32_t)((int32_t)(c << 20) >> 20);
   case ISA_TYPE_W: {
      uint32_t lo = (uint16_t)((int16_t)(c << 4) >> 4);
      return (lo << 16) | lo;
   }
   default: return c;
   }
}

static bool
imm_fits(const struct isa_gen_desc *d, uint8_t type, uint32_t imm,
         uint32_t *c)
{
   unsigned bits = d->cmp_imm_bits;
   for (int pass = 0; pass < 2; pass++) {
      /* Candidates: the low bits, or (Gen12 floats) the high bits. */
      uint32_t cand = pass == 0 ? imm & ((1u << bits) - 1)
                                : (type == ISA_TYPE_HF ? imm >> 4 : imm >> 20) &
                                  ((1u << bits) - 1);
      if (expand_imm(d, type, cand) == imm) {
         *c = cand;
         return true;
      }
   }
   return false;
}

static void
uncompact_fields(const struct isa_compact_layout *l, uint64_t c,
                 uint64_t w[2], bool tables, bool skip_imm,
                 const struct isa_gen_desc *d)
{
   for (unsigned i = 0; i < l->n; i++) {
      const struct isa_compact_field *f = &l->f[i];
      if ((f->table != NULL) != tables)
         continue;
      if (skip_imm && is_imm_field(d, f))
         continue;
      uint64_t v = cbits(c, f->chi, f->clo);
      if (f->table)
         v = table_entry(f, v);
      scatter(f, v, w);
   }
}

bool
isa_uncompact(enum isa_gen gen, uint64_t c, uint64_t w[2])
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   if (!d || !(c & (1ull << 29)))
      return false;
   bool three = is_3src(d, c & 0x7f);
   const struct isa_compact_layout *l = three ? &d->cmp3 : &d->cmp;
   if (!l->n)
      return false;
   for (unsigned i = 0; i < l->n; i++) {
      const struct isa_compact_field *f = &l->f[i];
      if (f->table && cbits(c, f->chi, f->clo) >= f->table_len)
         return false;
   }
   w[0] = w[1] = 0;
   /* Tables first (they may cover a register number's top bit that the
    * direct copy then sets), then whether an immediate replaces src1. */
   uncompact_fields(l, c, w, true, !three, d);
   uint8_t type;
   bool imm = !three && native_imm(d, w, &type);
   if (!three && !imm) {
      for (unsigned i = 0; i < l->n; i++) {
         const struct isa_compact_field *f = &l->f[i];
         if (f->table && is_imm_field(d, f))
            scatter(f, table_entry(f, cbits(c, f->chi, f->clo)), w);
      }
   }
   uncompact_fields(l, c, w, false, imm, d);
   if (imm) {
      uint32_t ci = (uint32_t)((cbits(c, d->cmp_imm[0].hi, d->cmp_imm[0].lo)
                                << (d->cmp_imm[1].hi - d->cmp_imm[1].lo + 1)) |
                               cbits(c, d->cmp_imm[1].hi, d->cmp_imm[1].lo));
      isa_set_bits(w, 127, 96, expand_imm(d, type, ci));
   }
   return true;
}

static bool
compact_field(const struct isa_compact_field *f, const uint64_t w[2],
              bool imm, uint64_t *c)
{
   uint64_t mask;
   uint64_t v = gather(f, w, imm, &mask);
   if (!f->table) {
      if (v >> (f->chi - f->clo + 1))
         return false;
      set_cbits(c, f->chi, f->clo, v);
      return true;
   }
   for (unsigned i = 0; i < f->table_len; i++) {
      if ((table_entry(f, i) & mask) == v) {
         set_cbits(c, f->chi, f->clo, i);
         return true;
      }
   }
   return false;
}

bool
isa_compact(enum isa_gen gen, const uint64_t w[2], uint64_t *out)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   if (!d || isa_bits(w, 29, 29))
      return false;
   bool three = is_3src(d, isa_bits(w, 6, 0));
   const struct isa_compact_layout *l = three ? &d->cmp3 : &d->cmp;
   if (!l->n)
      return false;
   uint8_t type = ISA_TYPE_INVALID;
   bool imm = !three && native_imm(d, w, &type);
   uint64_t c = 0;
   for (unsigned i = 0; i < l->n; i++) {
      const struct isa_compact_field *f = &l->f[i];
      if (imm && is_imm_field(d, f))
         continue;
      if (!compact_field(f, w, imm, &c))
         return false;
   }
   if (imm) {
      uint32_t ci;
      if (type == ISA_TYPE_INVALID || !imm_fits(d, type, isa_bits(w, 127, 96), &ci))
         return false;
      unsigned lo_bits = d->cmp_imm[1].hi - d->cmp_imm[1].lo + 1;
      set_cbits(&c, d->cmp_imm[0].hi, d->cmp_imm[0].lo, ci >> lo_bits);
      set_cbits(&c, d->cmp_imm[1].hi, d->cmp_imm[1].lo, ci);
   }
   c |= 1ull << 29;
   uint64_t back[2];
   if (!isa_uncompact(gen, c, back) || back[0] != w[0] || back[1] != w[1])
      return false;
   *out = c;
   return true;
}
