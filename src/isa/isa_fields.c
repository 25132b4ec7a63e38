/* Moving field values in and out of the 128-bit form, and choosing which
 * field groups make up an instruction.  The layout of an instruction
 * depends on its opcode class, its access mode, and on whether sources are
 * immediates or register-indirect: those few fields are read first
 * (G_PROBE) at the positions every layout of the generation agrees on. */
#include <string.h>

#include "isa_priv.h"

/* Field names of the disassembler's "[field=value]" block. */
const char *const isa_field_names[F_COUNT] = {
   [F_OPCODE] = "opcode",
   [F_ACCESS] = "access",
   [F_MASK] = "mask",
   [F_NODDCLR] = "noddclr",
   [F_NODDCHK] = "noddchk",
   [F_QTR] = "qtr",
   [F_NIB] = "nib",
   [F_THREAD] = "thread",
   [F_PRED] = "pred",
   [F_PREDINV] = "predinv",
   [F_EXECSIZE] = "execsize",
   [F_CMOD] = "cmod",
   [F_ACCWR] = "accwr",
   [F_CMPT] = "cmpt",
   [F_DEBUG] = "debug",
   [F_SAT] = "sat",
   [F_FLAGNR] = "flagnr",
   [F_FLAGSUB] = "flagsub",
   [F_SWSB] = "swsb",
   [F_ATOMIC] = "atomic",
   [F_DST_FILE] = "dst_file",
   [F_DST_TYPE] = "dst_type",
   [F_DST_AMODE] = "dst_amode",
   [F_DST_HS] = "dst_hs",
   [F_DST_NR] = "dst_nr",
   [F_DST_SUB] = "dst_sub",
   [F_DST_SUB16] = "dst_sub16",
   [F_DST_WMASK] = "dst_wmask",
   [F_DST_IASUB] = "dst_iasub",
   [F_DST_IAIMM] = "dst_iaimm",
   [F_DST_EXTRA] = "dst_extra",
   [F_S0_FILE] = "s0_file",
   [F_S0_ISIMM] = "s0_isimm",
   [F_S0_TYPE] = "s0_type",
   [F_S0_AMODE] = "s0_amode",
   [F_S0_NEG] = "s0_neg",
   [F_S0_ABS] = "s0_abs",
   [F_S0_NR] = "s0_nr",
   [F_S0_SUB] = "s0_sub",
   [F_S0_SUB16] = "s0_sub16",
   [F_S0_VS] = "s0_vs",
   [F_S0_W] = "s0_w",
   [F_S0_HS] = "s0_hs",
   [F_S0_SWZ] = "s0_swz",
   [F_S0_IASUB] = "s0_iasub",
   [F_S0_IAIMM] = "s0_iaimm",
   [F_S0_IMM] = "s0_imm",
   [F_S0_REP] = "s0_rep",
   [F_S0_EXTRA] = "s0_extra",
   [F_S1_FILE] = "s1_file",
   [F_S1_ISIMM] = "s1_isimm",
   [F_S1_TYPE] = "s1_type",
   [F_S1_AMODE] = "s1_amode",
   [F_S1_NEG] = "s1_neg",
   [F_S1_ABS] = "s1_abs",
   [F_S1_NR] = "s1_nr",
   [F_S1_SUB] = "s1_sub",
   [F_S1_SUB16] = "s1_sub16",
   [F_S1_VS] = "s1_vs",
   [F_S1_W] = "s1_w",
   [F_S1_HS] = "s1_hs",
   [F_S1_SWZ] = "s1_swz",
   [F_S1_IASUB] = "s1_iasub",
   [F_S1_IAIMM] = "s1_iaimm",
   [F_S1_IMM] = "s1_imm",
   [F_S1_REP] = "s1_rep",
   [F_S1_EXTRA] = "s1_extra",
   [F_S2_FILE] = "s2_file",
   [F_S2_ISIMM] = "s2_isimm",
   [F_S2_TYPE] = "s2_type",
   [F_S2_AMODE] = "s2_amode",
   [F_S2_NEG] = "s2_neg",
   [F_S2_ABS] = "s2_abs",
   [F_S2_NR] = "s2_nr",
   [F_S2_SUB] = "s2_sub",
   [F_S2_SUB16] = "s2_sub16",
   [F_S2_VS] = "s2_vs",
   [F_S2_W] = "s2_w",
   [F_S2_HS] = "s2_hs",
   [F_S2_SWZ] = "s2_swz",
   [F_S2_IASUB] = "s2_iasub",
   [F_S2_IAIMM] = "s2_iaimm",
   [F_S2_IMM] = "s2_imm",
   [F_S2_REP] = "s2_rep",
   [F_S2_EXTRA] = "s2_extra",
   [F_T_SRCTYPE] = "t_srctype",
   [F_T_S1HF] = "t_s1hf",
   [F_T_S2HF] = "t_s2hf",
   [F_T_EXECTYPE] = "t_exectype",
   [F_JIP] = "jip",
   [F_UIP] = "uip",
   [F_DESC] = "desc",
   [F_EXDESC] = "exdesc",
   [F_DESC_REG] = "desc_reg",
   [F_EXDESC_REG] = "exdesc_reg",
   [F_EOT] = "eot",
};

void
isa_group_extract(const struct isa_group *g, const uint64_t w[2],
                  struct isa_raw *raw, uint64_t cover[2])
{
   for (unsigned i = 0; i < g->n; i++) {
      const struct isa_piece *p = &g->p[i];
      if (!raw->present[p->field]) {
         raw->present[p->field] = true;
         raw->f[p->field] = 0;
      }
      if (p->hi == GAP) {
         raw->f[p->field] <<= p->lo;
         continue;
      }
      unsigned n = p->hi - p->lo + 1;
      raw->f[p->field] = (n == 64 ? 0 : raw->f[p->field] << n) |
                         isa_bits(w, p->hi, p->lo);
      if (cover)
         isa_set_bits(cover, p->hi, p->lo, ~0ull);
   }
}

/* Pieces are stored most significant first, so the value is consumed from
 * the last piece backwards; any bits left over did not fit. */
bool
isa_group_insert(const struct isa_group *g, const struct isa_raw *raw,
                 uint64_t w[2])
{
   uint64_t left[F_COUNT];
   bool seen[F_COUNT] = { false };

   for (int i = g->n - 1; i >= 0; i--) {
      const struct isa_piece *p = &g->p[i];
      if (!seen[p->field]) {
         seen[p->field] = true;
         left[p->field] = raw->f[p->field];
      }
      if (p->hi == GAP) {
         if (left[p->field] & ((1ull << p->lo) - 1))
            return false;
         left[p->field] >>= p->lo;
         continue;
      }
      unsigned n = p->hi - p->lo + 1;
      isa_set_bits(w, p->hi, p->lo, left[p->field]);
      left[p->field] = n == 64 ? 0 : left[p->field] >> n;
   }
   for (unsigned f = 0; f < F_COUNT; f++) {
      if (seen[f] && left[f])
         return false;
   }
   return true;
}

static bool
probe_src_is_imm(const struct isa_gen_desc *d, const struct isa_raw *pr,
                 unsigned n)
{
   if (d->file_is_imm_bit)
      return pr->f[F_SRC(n, F_S0_ISIMM)] != 0;
   return pr->f[F_SRC(n, F_S0_FILE)] == 3;
}

/* Three-source Align1 before Gen12: file bit 1 on src0/src2 means an
 * immediate, except that src0 of type NF is the accumulator. */
static bool
probe_3src_is_imm(const struct isa_gen_desc *d, const struct isa_raw *pr,
                  unsigned n)
{
   if (d->file_is_imm_bit)
      return pr->f[F_SRC(n, F_S0_ISIMM)] != 0;
   if (!pr->f[F_SRC(n, F_S0_FILE)])
      return false;
   unsigned exec = pr->f[F_T_EXECTYPE] & 1;
   unsigned t = pr->f[F_SRC(n, F_S0_TYPE)] & 7;
   return !(n == 0 && d->a1_3src_type[exec][t] == ISA_TYPE_NF);
}

static int
dst_group(const struct isa_raw *pr, bool a16)
{
   if (a16)
      return pr->f[F_DST_AMODE] ? G_DST_A16_IND : G_DST_A16;
   return pr->f[F_DST_AMODE] ? G_DST_A1_IND : G_DST_A1;
}

static int
src_reg_group(const struct isa_raw *pr, unsigned n, bool a16)
{
   static const int a1[2] = { G_S0_A1, G_S1_A1 };
   static const int ind[2] = { G_S0_A1_IND, G_S1_A1_IND };
   static const int a16g[2] = { G_S0_A16, G_S1_A16 };
   static const int a16ind[2] = { G_S0_A16_IND, G_S1_A16_IND };
   bool indirect = pr->f[F_SRC(n, F_S0_AMODE)] != 0;
   if (a16)
      return indirect ? a16ind[n] : a16g[n];
   return indirect ? ind[n] : a1[n];
}

static bool
imm_is_64bit(const struct isa_gen_desc *d, const struct isa_raw *pr)
{
   uint8_t t = d->imm_type[pr->f[F_S0_TYPE] & 15];
   return d->has_imm64 && t != 0xff && isa_type_size(t) == 8;
}

static int
select_3src(const struct isa_gen_desc *d, const struct isa_raw *pr,
            enum isa_group_id out[12])
{
   int n = 0;
   out[n++] = G_HDR3;
   out[n++] = G_CMOD;
   if (pr->f[F_ACCESS]) {
      if (!d->has_3src_a16)
         return -1;
      out[n++] = G_3SRC_A16;
      return n;
   }
   if (!d->has_3src_a1)
      return -1;
   out[n++] = G_3SRC_A1;
   out[n++] = probe_3src_is_imm(d, pr, 0) ? G_3SRC_A1_S0IMM : G_3SRC_A1_S0REG;
   out[n++] = probe_3src_is_imm(d, pr, 2) ? G_3SRC_A1_S2IMM : G_3SRC_A1_S2REG;
   return n;
}

int
isa_select_groups(const struct isa_gen_desc *d, enum isa_op op,
                  const struct isa_raw *pr, enum isa_group_id out[12])
{
   enum isa_form form = isa_op_form(d->gen, op);
   bool a16 = pr->f[F_ACCESS] != 0;
   int n = 0, g;

   if (form == ISA_FORM_3SRC)
      return select_3src(d, pr, out);
   if (form == ISA_FORM_SPLIT_SEND) {
      out[n++] = G_HDR;
      out[n++] = G_CMOD;
      out[n++] = G_SEND;
      return n;
   }

   out[n++] = G_HDR;
   if ((g = dst_group(pr, a16)) < 0)
      return -1;
   out[n++] = g;

   bool s0imm = probe_src_is_imm(d, pr, 0);
   if (form == ISA_FORM_BRANCH && !d->branch_in_src1) {
      /* Gen8+: JIP/UIP replace src0's region and all of src1. */
      out[n++] = G_S0_TYPE;
      out[n++] = G_BRANCH;
      if (!d->imm64_hides_cmod)
         out[n++] = G_CMOD;
      return n;
   }
   out[n++] = G_CMOD;
   if (s0imm) {
      bool wide = imm_is_64bit(d, pr);
      if (form == ISA_FORM_BRANCH)
         return -1;
      if (wide) {
         out[n++] = G_S0_IMM64;
         if (d->imm64_hides_cmod)
            n--, out[n - 1] = G_S0_IMM64;   /* drop G_CMOD */
         return n;
      }
      out[n++] = G_S0_IMM32;
      if (probe_src_is_imm(d, pr, 1))
         return -1;
      out[n++] = G_S1_TYPE;
      return n;
   }
   if ((g = src_reg_group(pr, 0, a16)) < 0)
      return -1;
   out[n++] = g;
   if (form == ISA_FORM_BRANCH) {
      /* Gen7: the jump targets are the src1 immediate. */
      out[n++] = G_S1_TYPE;
      out[n++] = G_BRANCH;
      return n;
   }
   if (probe_src_is_imm(d, pr, 1)) {
      out[n++] = G_S1_IMM32;
      return n;
   }
   if ((g = src_reg_group(pr, 1, a16)) < 0)
      return -1;
   out[n++] = g;
   return n;
}

/* Encodes raw with the groups its own probe fields select; fills ids. */
int
isa_raw_encode(const struct isa_gen_desc *d, enum isa_op op,
               const struct isa_raw *raw, uint64_t w[2],
               enum isa_group_id ids[12])
{
   int n = isa_select_groups(d, op, raw, ids);
   if (n < 0)
      return -1;
   w[0] = w[1] = 0;
   for (int i = 0; i < n; i++) {
      if (!d->groups[ids[i]].n || !isa_group_insert(&d->groups[ids[i]], raw, w))
         return -1;
   }
   return n;
}

/* The field values as they are stored by the given groups. */
void
isa_raw_canonical(const struct isa_gen_desc *d, const enum isa_group_id *ids,
                  int n, const struct isa_raw *raw, struct isa_raw *out)
{
   uint64_t w[2] = { 0, 0 };
   memset(out, 0, sizeof(*out));
   for (int i = 0; i < n; i++)
      isa_group_insert(&d->groups[ids[i]], raw, w);
   for (int i = 0; i < n; i++)
      isa_group_extract(&d->groups[ids[i]], w, out, NULL);
}
