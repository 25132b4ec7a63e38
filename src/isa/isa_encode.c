/* Encoding: struct isa_inst → raw field values → bits, through the same
 * per-generation groups the decoder reads. */
#include <string.h>

#include "isa_priv.h"

static int
type_to_hw(const uint8_t table[], unsigned n, uint8_t type)
{
   for (unsigned i = 0; i < n; i++) {
      if (table[i] == type)
         return i;
   }
   return -1;
}

#define SET(fld, v) (raw->f[fld] = (uint64_t)(v))

static bool
file_to_raw(const struct isa_gen_desc *d, struct isa_raw *raw,
            enum isa_field file_f, enum isa_field isimm_f, uint8_t file)
{
   if (d->file_is_imm_bit) {
      if (isimm_f != F_COUNT)
         SET(isimm_f, file == ISA_FILE_IMM);
      SET(file_f, file == ISA_FILE_GRF);
      return true;
   }
   static const uint8_t code[] = { [ISA_FILE_ARF] = 0, [ISA_FILE_GRF] = 1,
                                   [ISA_FILE_IMM] = 3 };
   if (file > ISA_FILE_IMM)
      return false;
   SET(file_f, code[file]);
   return true;
}

static bool
dst_basic(const struct isa_gen_desc *d, const struct isa_inst *in,
          struct isa_raw *raw)
{
   const struct isa_reg *r = &in->dst;
   int t = type_to_hw(d->reg_type, 16, r->type);
   if (t < 0 || !file_to_raw(d, raw, F_DST_FILE, F_COUNT, r->file))
      return false;
   if (d->file_is_imm_bit && r->file == ISA_FILE_IMM)
      return false;
   SET(F_DST_TYPE, t);
   SET(F_DST_AMODE, r->indirect);
   SET(F_DST_NR, r->nr);
   SET(F_DST_HS, r->hstride);
   SET(F_DST_IASUB, r->addr_subnr);
   SET(F_DST_IAIMM, r->addr_imm);
   SET(F_DST_WMASK, r->writemask);
   SET(F_DST_SUB, r->subnr);
   SET(F_DST_SUB16, r->subnr / 16);
   return !in->align16 || r->subnr % 16 == 0;
}

static bool
src_basic(const struct isa_gen_desc *d, const struct isa_inst *in,
          unsigned n, struct isa_raw *raw)
{
   const struct isa_reg *r = &in->src[n];
#define F(x) F_SRC(n, F_S0_##x)
   bool imm = r->file == ISA_FILE_IMM;
   int t = type_to_hw(imm ? d->imm_type : d->reg_type, 16, r->type);
   if (t < 0 || !file_to_raw(d, raw, F(FILE), F(ISIMM), r->file))
      return false;
   SET(F(TYPE), t);
   SET(F(IMM), r->imm);
   SET(F(AMODE), r->indirect);
   SET(F(NEG), r->negate);
   SET(F(ABS), r->abs);
   SET(F(NR), r->nr);
   SET(F(VS), r->vstride);
   SET(F(W), r->width);
   SET(F(HS), r->hstride);
   SET(F(SWZ), r->swizzle);
   SET(F(IASUB), r->addr_subnr);
   SET(F(IAIMM), r->addr_imm);
   SET(F(SUB), r->subnr);
   SET(F(SUB16), r->subnr / 16);
#undef F
   return !in->align16 || imm || r->subnr % 16 == 0;
}

static bool
src_3src(const struct isa_gen_desc *d, const struct isa_inst *in,
         unsigned n, struct isa_raw *raw)
{
   const struct isa_reg *r = &in->src[n];
#define F(x) F_SRC(n, F_S0_##x)
   SET(F(NR), r->nr);
   SET(F(NEG), r->negate);
   SET(F(ABS), r->abs);
   SET(F(EXTRA), r->extra);
   if (in->align16) {
      SET(F(SUB), r->subnr / 4);
      SET(F(SWZ), r->swizzle);
      SET(F(REP), r->rep_ctrl);
      return r->subnr % 4 == 0;
   }
   int t = type_to_hw(d->a1_3src_type[in->exec_type & 1], 8, r->type);
   if (t < 0)
      return false;
   SET(F(TYPE), t);
   if (r->file == ISA_FILE_IMM) {
      if (n == 1)
         return false;
      SET(F(IMM), r->imm);
      SET(F(ISIMM), 1);
      SET(F(FILE), d->file_is_imm_bit ? 0 : 1);
      return true;
   }
   SET(F(ISIMM), 0);
   if (d->file_is_imm_bit)
      SET(F(FILE), r->file == ISA_FILE_GRF);
   else
      SET(F(FILE), r->file != ISA_FILE_GRF);
   SET(F(SUB), r->subnr);
   SET(F(HS), r->hstride);
   int vs = type_to_hw(d->vs_a1_3src, 4, r->vstride);
   if (n != 2) {
      if (vs < 0)
         return false;
      SET(F(VS), vs);
   }
#undef F
   return true;
}

static bool
encode_3src(const struct isa_gen_desc *d, const struct isa_inst *in,
            struct isa_raw *raw)
{
   SET(F_T_EXECTYPE, in->exec_type);
   SET(F_DST_NR, in->dst.nr);
   SET(F_DST_EXTRA, in->dst.extra);
   if (in->align16) {
      int t = type_to_hw(d->a16_3src_type, 8, in->dst.type);
      int st = type_to_hw(d->a16_3src_type, 8, in->src[0].type);
      if (t < 0 || st < 0 || in->dst.subnr % 4)
         return false;
      bool s0_float = in->src[0].type == ISA_TYPE_F ||
                      in->src[0].type == ISA_TYPE_HF;
      SET(F_DST_TYPE, t);
      SET(F_T_SRCTYPE, st);
      SET(F_T_S1HF, s0_float && in->src[1].type == ISA_TYPE_HF);
      SET(F_T_S2HF, s0_float && in->src[2].type == ISA_TYPE_HF);
      SET(F_DST_SUB, in->dst.subnr / 4);
      SET(F_DST_WMASK, in->dst.writemask);
   } else {
      int t = type_to_hw(d->a1_3src_type[in->exec_type & 1], 8, in->dst.type);
      if (t < 0 || in->dst.subnr % 8 || in->dst.hstride < 1)
         return false;
      SET(F_DST_TYPE, t);
      if (d->file_is_imm_bit)
         SET(F_DST_FILE, in->dst.file == ISA_FILE_GRF);
      else
         SET(F_DST_FILE, in->dst.file != ISA_FILE_GRF);
      SET(F_DST_SUB, in->dst.subnr / 8);
      SET(F_DST_HS, in->dst.hstride - 1);
   }
   for (unsigned n = 0; n < 3; n++) {
      if (!src_3src(d, in, n, raw))
         return false;
   }
   return true;
}

static bool
encode_split_send(const struct isa_gen_desc *d, const struct isa_inst *in,
                  struct isa_raw *raw)
{
   SET(F_DST_FILE, in->dst.file == ISA_FILE_GRF);
   SET(F_DST_NR, in->dst.nr);
   SET(F_DST_SUB16, in->dst.subnr / 16);
   SET(F_DST_AMODE, 0);
   int t = type_to_hw(d->reg_type, 16, in->dst.type);
   SET(F_DST_TYPE, t < 0 ? 0 : t);
   SET(F_S0_NR, in->src[0].nr);
   SET(F_S0_SUB16, in->src[0].subnr / 16);
   SET(F_S0_AMODE, 0);
   SET(F_S0_FILE, d->file_is_imm_bit ? in->src[0].file == ISA_FILE_GRF
                                     : in->src[0].extra);
   SET(F_S1_FILE, in->src[1].file == ISA_FILE_GRF);
   SET(F_S1_NR, in->src[1].nr);
   SET(F_DESC, in->desc);
   SET(F_EXDESC, in->ex_desc);
   SET(F_DESC_REG, in->desc_is_reg);
   SET(F_EXDESC_REG, in->ex_desc_is_reg);
   SET(F_CMOD, in->sfid);
   SET(d->send_eot_field, in->eot);
   return t >= 0 && !in->dst.indirect && !in->src[0].indirect;
}

static void
encode_header(const struct isa_gen_desc *d, const struct isa_inst *in,
              struct isa_raw *raw)
{
   SET(F_ACCESS, in->align16);
   SET(F_EXECSIZE, in->exec_size);
   SET(F_QTR, in->qtr_ctrl);
   SET(F_NIB, in->nib_ctrl);
   SET(F_MASK, in->mask_ctrl);
   SET(F_THREAD, in->thread_ctrl);
   SET(F_ATOMIC, in->thread_ctrl);
   SET(F_NODDCLR, in->no_dd_clear);
   SET(F_NODDCHK, in->no_dd_check);
   SET(F_PRED, in->pred_ctrl);
   SET(F_PREDINV, in->pred_inv);
   SET(F_FLAGNR, in->flag_nr);
   SET(F_FLAGSUB, in->flag_subnr);
   SET(F_CMOD, in->cond_mod);
   SET(F_SAT, in->saturate);
   SET(F_DEBUG, in->debug);
   SET(F_ACCWR, in->acc_wr);
   SET(F_SWSB, in->swsb);
   SET(F_CMPT, 0);
}

bool
isa_inst_to_raw(const struct isa_gen_desc *d, const struct isa_inst *in,
                struct isa_raw *raw)
{
   memset(raw, 0, sizeof(*raw));
   int hw = isa_op_to_hw(d, in->op);
   if (hw < 0)
      return false;
   SET(F_OPCODE, hw);
   encode_header(d, in, raw);
   switch (isa_op_form(d->gen, in->op)) {
   case ISA_FORM_3SRC:
      return encode_3src(d, in, raw);
   case ISA_FORM_SPLIT_SEND:
      return encode_split_send(d, in, raw);
   case ISA_FORM_BRANCH:
      SET(F_JIP, d->branch_in_src1 ? (uint16_t)in->jip : (uint32_t)in->jip);
      SET(F_UIP, d->branch_in_src1 ? (uint16_t)in->uip : (uint32_t)in->uip);
      SET(F_S1_ISIMM, in->src[1].file == ISA_FILE_IMM);
      if (!dst_basic(d, in, raw) || !src_basic(d, in, 0, raw))
         return false;
      if (d->branch_in_src1 && !src_basic(d, in, 1, raw))
         return false;
      if (d->file_is_imm_bit)
         SET(F_S1_ISIMM, in->src[1].file == ISA_FILE_IMM);
      return true;
   case ISA_FORM_BASIC:
      break;
   }
   struct isa_inst tmp;
   if (in->op == ISA_OP_SEND || in->op == ISA_OP_SENDC) {
      /* Before Gen12 the SFID sits in the conditional modifier field and
       * the descriptor with EOT is the src1 immediate. */
      SET(F_CMOD, in->sfid);
      if (!in->desc_is_reg) {
         tmp = *in;
         tmp.src[1].file = ISA_FILE_IMM;
         tmp.src[1].type = ISA_TYPE_UD;
         tmp.src[1].imm = (in->desc & 0x7fffffff) | ((uint64_t)in->eot << 31);
         in = &tmp;
      }
   }
   if (!dst_basic(d, in, raw) || !src_basic(d, in, 0, raw))
      return false;
   /* src1 of a one-source instruction is still encoded (as zero fields). */
   return src_basic(d, in, 1, raw);
}

unsigned
isa_encode(enum isa_gen gen, const struct isa_inst *in, uint8_t out[16])
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   struct isa_raw raw;
   if (!d || !isa_inst_to_raw(d, in, &raw))
      return 0;

   enum isa_group_id ids[12];
   int n = isa_select_groups(d, in->op, &raw, ids);
   if (n < 0)
      return 0;
   uint64_t w[2] = { 0, 0 };
   for (int i = 0; i < n; i++) {
      if (!d->groups[ids[i]].n || !isa_group_insert(&d->groups[ids[i]], &raw, w))
         return 0;
   }
   if (in->compacted) {
      uint64_t c;
      if (!isa_compact(gen, w, &c))
         return 0;
      memcpy(out, &c, 8);
      return 8;
   }
   memcpy(out, w, 16);
   return 16;
}
