/* Decoding: 64- or 128-bit words → struct isa_inst.  The field groups of
 * the generation (isa_tables_gen*.c) say where each value lives; this file
 * turns the raw values into registers, regions and types, rejecting values
 * the hardware reserves. */
#include <string.h>

#include "isa_priv.h"

#define BAD 0xff

static bool
set_type(uint8_t *dst, const uint8_t table[16], uint64_t hw)
{
   if (hw > 15 || table[hw] == BAD)
      return false;
   *dst = table[hw];
   return true;
}

/* Gen7–11 register files: 0 ARF, 1 GRF, 2 MRF (gone since Gen7), 3 IMM. */
static bool
file_2bit(uint8_t *file, uint64_t v)
{
   static const uint8_t files[4] = { ISA_FILE_ARF, ISA_FILE_GRF, BAD,
                                     ISA_FILE_IMM };
   *file = files[v & 3];
   return *file != BAD;
}

static bool
src_file(const struct isa_gen_desc *d, const struct isa_raw *r, unsigned n,
         uint8_t *file)
{
   if (d->file_is_imm_bit) {
      if (r->f[F_SRC(n, F_S0_ISIMM)])
         *file = ISA_FILE_IMM;
      else
         *file = r->present[F_SRC(n, F_S0_FILE)] && !r->f[F_SRC(n, F_S0_FILE)]
                 ? ISA_FILE_ARF : ISA_FILE_GRF;
      return true;
   }
   return file_2bit(file, r->f[F_SRC(n, F_S0_FILE)]);
}

static bool
dst_basic(const struct isa_gen_desc *d, const struct isa_raw *r,
          struct isa_inst *in)
{
   struct isa_reg *dst = &in->dst;
   if (d->file_is_imm_bit)
      dst->file = r->present[F_DST_FILE] && !r->f[F_DST_FILE] ? ISA_FILE_ARF
                                                               : ISA_FILE_GRF;
   else if (!file_2bit(&dst->file, r->f[F_DST_FILE]))
      return false;
   if (!set_type(&dst->type, d->reg_type, r->f[F_DST_TYPE]))
      return false;
   dst->indirect = r->f[F_DST_AMODE];
   dst->nr = r->f[F_DST_NR];
   dst->hstride = r->f[F_DST_HS];
   dst->addr_subnr = r->f[F_DST_IASUB];
   dst->addr_imm = r->f[F_DST_IAIMM];
   dst->writemask = r->f[F_DST_WMASK];
   dst->subnr = in->align16 ? r->f[F_DST_SUB16] * 16 : r->f[F_DST_SUB];
   return true;
}

static bool
src_basic(const struct isa_gen_desc *d, const struct isa_raw *r, unsigned n,
          struct isa_inst *in)
{
   struct isa_reg *s = &in->src[n];
#define RF(x) r->f[F_SRC(n, F_S0_##x)]
   if (!r->present[F_SRC(n, F_S0_TYPE)])
      return true;   /* no such operand in this layout */
   if (!src_file(d, r, n, &s->file))
      return false;
   if (!set_type(&s->type, s->file == ISA_FILE_IMM ? d->imm_type : d->reg_type,
                 RF(TYPE)))
      return false;
   s->imm = RF(IMM);
   s->indirect = RF(AMODE);
   s->negate = RF(NEG);
   s->abs = RF(ABS);
   s->nr = RF(NR);
   s->vstride = RF(VS);
   s->width = RF(W);
   s->hstride = RF(HS);
   s->swizzle = RF(SWZ);
   s->addr_subnr = RF(IASUB);
   s->addr_imm = RF(IAIMM);
   s->subnr = in->align16 ? RF(SUB16) * 16 : RF(SUB);
#undef RF
   return true;
}

/* Width is implied by the strides in three-source Align1 regions. */
static uint8_t
implied_width(uint8_t vs, uint8_t hs)
{
   if (hs == 0)
      return vs == 0 ? 0 : vs - 1;
   return vs - hs;
}

static bool
src_3src(const struct isa_gen_desc *d, const struct isa_raw *r, unsigned n,
         struct isa_inst *in)
{
   struct isa_reg *s = &in->src[n];
#define RF(x) r->f[F_SRC(n, F_S0_##x)]
   s->nr = RF(NR);
   s->negate = RF(NEG);
   s->abs = RF(ABS);
   s->extra = RF(EXTRA);
   if (in->align16) {
      /* Mixed precision (Gen8+): SrcType gives src0's type; when it is F
       * or HF, src1 and src2 are F unless their own HF bit is set. */
      uint8_t t = d->a16_3src_type[r->f[F_T_SRCTYPE] & 7];
      bool is_float = t == ISA_TYPE_F || t == ISA_TYPE_HF;
      bool hf = n == 1 ? r->f[F_T_S1HF] : n == 2 ? r->f[F_T_S2HF] : false;
      if (t == BAD || (hf && !is_float))
         return false;
      s->type = hf ? ISA_TYPE_HF : (n && is_float) ? ISA_TYPE_F : t;
      s->file = ISA_FILE_GRF;
      s->subnr = RF(SUB) * 4;
      s->swizzle = RF(SWZ);
      s->rep_ctrl = RF(REP);
      s->vstride = s->rep_ctrl ? 0 : 3;
      s->width = s->rep_ctrl ? 0 : 2;
      s->hstride = s->rep_ctrl ? 0 : 1;
      return true;
   }
   uint8_t t = d->a1_3src_type[in->exec_type][RF(TYPE) & 7];
   if (t == BAD)
      return false;
   s->type = t;
   bool imm = r->present[F_SRC(n, F_S0_IMM)];
   if (imm) {
      s->file = ISA_FILE_IMM;
      s->imm = RF(IMM);
      return true;
   }
   if (d->file_is_imm_bit)
      s->file = RF(FILE) ? ISA_FILE_GRF : ISA_FILE_ARF;
   else
      s->file = RF(FILE) ? ISA_FILE_ARF : ISA_FILE_GRF;
   s->subnr = RF(SUB);
   s->hstride = RF(HS);
   s->vstride = n == 2 ? s->hstride : d->vs_a1_3src[RF(VS) & 3];
   s->width = implied_width(s->vstride, s->hstride);
#undef RF
   return true;
}

static bool
decode_3src(const struct isa_gen_desc *d, const struct isa_raw *r,
            struct isa_inst *in)
{
   in->exec_type = r->f[F_T_EXECTYPE];
   in->dst.nr = r->f[F_DST_NR];
   in->dst.extra = r->f[F_DST_EXTRA];
   if (in->align16) {
      uint8_t t = d->a16_3src_type[r->f[F_DST_TYPE] & 7];
      if (t == BAD)
         return false;
      in->dst.type = t;
      in->dst.file = ISA_FILE_GRF;
      in->dst.subnr = r->f[F_DST_SUB] * 4;
      in->dst.writemask = r->f[F_DST_WMASK];
      in->dst.hstride = 1;
   } else {
      uint8_t t = d->a1_3src_type[in->exec_type][r->f[F_DST_TYPE] & 7];
      if (t == BAD)
         return false;
      in->dst.type = t;
      if (d->file_is_imm_bit)
         in->dst.file = r->f[F_DST_FILE] ? ISA_FILE_GRF : ISA_FILE_ARF;
      else
         in->dst.file = r->f[F_DST_FILE] ? ISA_FILE_ARF : ISA_FILE_GRF;
      in->dst.subnr = r->f[F_DST_SUB] * 8;
      in->dst.hstride = r->f[F_DST_HS] + 1;
   }
   for (unsigned n = 0; n < 3; n++) {
      if (!src_3src(d, r, n, in))
         return false;
   }
   return true;
}

static bool
decode_split_send(const struct isa_gen_desc *d, const struct isa_raw *r,
                  struct isa_inst *in)
{
   in->dst.file = r->f[F_DST_FILE] ? ISA_FILE_GRF : ISA_FILE_ARF;
   in->dst.nr = r->f[F_DST_NR];
   in->dst.subnr = r->f[F_DST_SUB16] * 16;
   in->dst.indirect = r->f[F_DST_AMODE];
   in->dst.type = ISA_TYPE_UD;
   if (r->present[F_DST_TYPE] &&
       !set_type(&in->dst.type, d->reg_type, r->f[F_DST_TYPE]))
      return false;
   in->src[0].nr = r->f[F_S0_NR];
   in->src[0].subnr = r->f[F_S0_SUB16] * 16;
   in->src[0].indirect = r->f[F_S0_AMODE];
   in->src[0].type = ISA_TYPE_UD;
   /* Gen12 has a file bit; Gen9–11 sources are GRFs and keep whatever
    * the file field holds. */
   if (d->file_is_imm_bit)
      in->src[0].file = r->f[F_S0_FILE] ? ISA_FILE_GRF : ISA_FILE_ARF;
   else {
      in->src[0].file = ISA_FILE_GRF;
      in->src[0].extra = r->f[F_S0_FILE];
   }
   in->src[1].file = r->f[F_S1_FILE] ? ISA_FILE_GRF : ISA_FILE_ARF;
   in->src[1].nr = r->f[F_S1_NR];
   in->src[1].type = ISA_TYPE_UD;
   in->desc = r->f[F_DESC];
   in->ex_desc = r->f[F_EXDESC];
   in->desc_is_reg = r->f[F_DESC_REG];
   in->ex_desc_is_reg = r->f[F_EXDESC_REG];
   in->ex_desc_subnr = (in->ex_desc >> d->exdesc_ia_lo) & 7;
   in->eot = r->f[d->send_eot_field];
   if (d->send_eot_field == F_SAT)
      in->saturate = false;
   in->sfid = r->f[F_CMOD];
   return !in->dst.indirect && !in->src[0].indirect;
}

static bool
cmod_is_condition(enum isa_op op)
{
   return op != ISA_OP_MATH && op != ISA_OP_SYNC && op != ISA_OP_SEND &&
          op != ISA_OP_SENDC && op != ISA_OP_SENDS && op != ISA_OP_SENDSC;
}

static bool
decode_header(const struct isa_gen_desc *d, const struct isa_raw *r,
              struct isa_inst *in)
{
   in->op = isa_op_from_hw(d, r->f[F_OPCODE]);
   in->align16 = r->f[F_ACCESS];
   in->exec_size = r->f[F_EXECSIZE];
   in->qtr_ctrl = r->f[F_QTR];
   in->nib_ctrl = r->f[F_NIB];
   in->mask_ctrl = r->f[F_MASK];
   in->thread_ctrl = d->has_swsb ? r->f[F_ATOMIC] : r->f[F_THREAD];
   in->no_dd_clear = r->f[F_NODDCLR];
   in->no_dd_check = r->f[F_NODDCHK];
   in->pred_ctrl = r->f[F_PRED];
   in->pred_inv = r->f[F_PREDINV];
   in->flag_nr = r->f[F_FLAGNR];
   in->flag_subnr = r->f[F_FLAGSUB];
   in->cond_mod = r->f[F_CMOD];
   in->saturate = r->f[F_SAT];
   in->debug = r->f[F_DEBUG];
   in->acc_wr = r->f[F_ACCWR];
   in->swsb = r->f[F_SWSB];
   /* SIMD32 is the largest execution size; conditional modifiers stop at
    * 9 (.u), the field holding the math or sync function or (before
    * Gen12) a send's shared function id otherwise. */
   return in->op != ISA_OP_ILLEGAL && in->exec_size <= 5 &&
          (d->has_swsb || in->thread_ctrl != 3) &&
          (in->cond_mod <= ISA_CMOD_U || !cmod_is_condition(in->op));
}

static bool
is_send_basic(const struct isa_gen_desc *d, const struct isa_inst *in)
{
   return (in->op == ISA_OP_SEND || in->op == ISA_OP_SENDC) &&
          isa_op_form(d->gen, in->op) == ISA_FORM_BASIC;
}

/* Field values the PRM leaves reserved (Vol 2a "Region Parameters",
 * "Predication", "Math Function", "SYNC"): no instruction has them. */
static bool
region_reserved(const struct isa_reg *r)
{
   return r->file != ISA_FILE_IMM &&
          ((r->vstride > 6 && r->vstride != 15) || r->width > 4);
}

static bool
has_reserved_values(const struct isa_inst *in)
{
   const char *const *pred = in->align16 ? isa_pred_align16_names
                                         : isa_pred_align1_names;
   if (in->pred_ctrl && !pred[in->pred_ctrl])
      return true;
   if (in->op == ISA_OP_MATH && !isa_math_fn_names[in->cond_mod & 15])
      return true;
   if (in->op == ISA_OP_SYNC && !isa_sync_fn_names[in->cond_mod & 15])
      return true;
   for (unsigned n = 0; n < 3; n++) {
      if (region_reserved(&in->src[n]))
         return true;
   }
   return false;
}

static bool
raw_to_inst(const struct isa_gen_desc *d, const struct isa_raw *r,
            struct isa_inst *in)
{
   memset(in, 0, sizeof(*in));
   if (!decode_header(d, r, in))
      return false;
   switch (isa_op_form(d->gen, in->op)) {
   case ISA_FORM_3SRC:
      return decode_3src(d, r, in);
   case ISA_FORM_SPLIT_SEND:
      return decode_split_send(d, r, in);
   case ISA_FORM_BRANCH:
      in->jip = d->branch_in_src1 ? (int16_t)r->f[F_JIP] : (int32_t)r->f[F_JIP];
      in->uip = d->branch_in_src1 ? (int16_t)r->f[F_UIP] : (int32_t)r->f[F_UIP];
      if (d->file_is_imm_bit && r->f[F_S1_ISIMM])
         in->src[1].file = ISA_FILE_IMM;
      break;
   case ISA_FORM_BASIC:
      break;
   }
   if (!dst_basic(d, r, in) || !src_basic(d, r, 0, in) ||
       !src_basic(d, r, 1, in))
      return false;
   if (is_send_basic(d, in)) {
      in->sfid = in->cond_mod;
      in->desc_is_reg = in->src[1].file != ISA_FILE_IMM;
      in->desc = in->src[1].imm & 0x7fffffff;
      in->eot = (in->src[1].imm >> 31) & 1;
   }
   return true;
}

bool
isa_raw_to_inst(const struct isa_gen_desc *d, const struct isa_raw *r,
                struct isa_inst *in)
{
   return raw_to_inst(d, r, in) && !has_reserved_values(in);
}

static unsigned
decode_native(const struct isa_gen_desc *d, const uint64_t w[2],
              struct isa_inst *out)
{
   enum isa_op op = isa_op_from_hw(d, isa_bits(w, 6, 0));
   if (op == ISA_OP_ILLEGAL)
      return 0;

   struct isa_raw probe;
   memset(&probe, 0, sizeof(probe));
   bool three = isa_op_form(d->gen, op) == ISA_FORM_3SRC;
   isa_group_extract(&d->groups[three ? G_PROBE3 : G_PROBE], w, &probe, NULL);

   enum isa_group_id ids[12];
   int n = isa_select_groups(d, op, &probe, ids);
   if (n < 0)
      return 0;

   struct isa_raw raw;
   uint64_t cover[2] = { 0, 0 };
   memset(&raw, 0, sizeof(raw));
   for (int i = 0; i < n; i++) {
      if (!d->groups[ids[i]].n)
         return 0;
      isa_group_extract(&d->groups[ids[i]], w, &raw, cover);
   }
   /* Reserved bits must be zero; the compaction bit is not part of the
    * native form. */
   if ((w[0] & ~cover[0]) || (w[1] & ~cover[1]) || raw.f[F_CMPT])
      return 0;
   if (!isa_raw_to_inst(d, &raw, out))
      return 0;

   /* Values the tables accept but the instruction form cannot reproduce
    * (a mismatch of layout and meaning) are not valid encodings. */
   uint8_t again[16];
   if (isa_encode(d->gen, out, again) != 16 || memcmp(again, w, 16))
      return 0;
   return 16;
}

unsigned
isa_decode(enum isa_gen gen, const void *p, size_t avail, struct isa_inst *out)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   uint64_t w[2] = { 0, 0 };
   if (!d || avail < 8)
      return 0;
   memcpy(&w[0], p, 8);
   if (w[0] & (1ull << 29)) {
      uint64_t native[2];
      if (!isa_uncompact(gen, w[0], native) || !decode_native(d, native, out))
         return 0;
      out->compacted = true;
      uint8_t again[16];
      if (isa_encode(gen, out, again) != 8 || memcmp(again, p, 8))
         return 0;
      return 8;
   }
   if (avail < 16)
      return 0;
   memcpy(w, p, 16);
   return decode_native(d, w, out);
}
