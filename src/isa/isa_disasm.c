/* The text form of an instruction.  It follows the layout of Mesa's
 * INTEL_DEBUG printout closely (so the two can be compared, see
 * tests/isa) and shows every field that changes what the hardware does.
 * isa_asm.c reads it back. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "isa_priv.h"
#include "isa_send.h"

struct out {
   char *buf;
   size_t size, len;
   int col;
};

static void
put(struct out *o, const char *s)
{
   for (; *s; s++) {
      if (o->len + 1 < o->size)
         o->buf[o->len] = *s;
      o->len++;
      o->col = *s == '\n' ? 0 : o->col + 1;
   }
   if (o->size)
      o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

static void __attribute__((format(printf, 2, 3)))
fmt(struct out *o, const char *f, ...)
{
   char tmp[256];
   va_list ap;
   va_start(ap, f);
   vsnprintf(tmp, sizeof(tmp), f, ap);
   va_end(ap);
   put(o, tmp);
}

/* At least one space, then up to column c. */
static void
pad(struct out *o, int c)
{
   do
      put(o, " ");
   while (o->col < c);
}

static const char *const vstrides[16] = { "0", "1", "2", "4", "8", "16", "32",
                                          [15] = "VxH" };
static const char *const widths[8] = { "1", "2", "4", "8", "16" };
static const char *const hstrides[4] = { "0", "1", "2", "4" };
static const char *const chan[4] = { "x", "y", "z", "w" };
static const char *const thread_ctrls[4] = { "", "atomic", "switch", "?" };


static const char *
str(const char *const *t, unsigned i, unsigned n)
{
   return i < n && t[i] ? t[i] : "?";
}
#define STR(t, i) str(t, i, sizeof(t) / sizeof((t)[0]))

static bool
is_send(enum isa_op op)
{
   return op == ISA_OP_SEND || op == ISA_OP_SENDC || op == ISA_OP_SENDS ||
          op == ISA_OP_SENDSC;
}

static bool
is_logic(enum isa_op op)
{
   return op == ISA_OP_AND || op == ISA_OP_NOT || op == ISA_OP_OR ||
          op == ISA_OP_XOR;
}

/* Prints an ARF or GRF name; false when the register takes no region
 * (IP, TDR). */
static bool
reg_name(struct out *o, uint8_t file, uint8_t nr)
{
   if (file == ISA_FILE_GRF) {
      fmt(o, "g%u", nr);
      return true;
   }
   if (file == ISA_FILE_IMM) {
      fmt(o, "imm%u", nr);
      return true;
   }
   unsigned n = nr & 0xf;
   switch (nr & 0xf0) {
   case ISA_ARF_NULL: put(o, "null"); break;
   case ISA_ARF_ADDRESS: fmt(o, "a%u", n); break;
   case ISA_ARF_ACC: fmt(o, "acc%u", n); break;
   case ISA_ARF_FLAG: fmt(o, "f%u", n); break;
   case ISA_ARF_MASK: fmt(o, "mask%u", n); break;
   case ISA_ARF_MASK_STACK: fmt(o, "ms%u", n); break;
   case ISA_ARF_MASK_STACK_DEPTH: fmt(o, "msd%u", n); break;
   case ISA_ARF_STATE: fmt(o, "sr%u", n); break;
   case ISA_ARF_CONTROL: fmt(o, "cr%u", n); break;
   case ISA_ARF_NOTIFICATION: fmt(o, "n%u", n); break;
   case ISA_ARF_IP: put(o, "ip"); return false;
   case ISA_ARF_TDR: put(o, "tdr0"); return false;
   case ISA_ARF_TIMESTAMP: fmt(o, "tm%u", n); break;
   default: fmt(o, "ARF%u", nr); break;
   }
   return true;
}

static void
dst_basic(struct out *o, const struct isa_inst *in)
{
   const struct isa_reg *r = &in->dst;
   unsigned size = isa_type_size(r->type);
   if (r->indirect) {
      put(o, "g[a0");
      if (r->addr_subnr)
         fmt(o, ".%u", r->addr_subnr / size);
      if (r->addr_imm)
         fmt(o, " %u", r->addr_imm);
      fmt(o, "]<%s>%s%s", STR(hstrides, r->hstride),
          in->align16 ? isa_writemask_names[r->writemask & 15] : "", isa_type_name(r->type));
      return;
   }
   if (!reg_name(o, r->file, r->nr))
      return;
   if (in->align16) {
      if (r->subnr)
         fmt(o, ".%u", 16 / size);
      fmt(o, "<1>%s%s", isa_writemask_names[r->writemask & 15], isa_type_name(r->type));
      return;
   }
   if (r->subnr)
      fmt(o, ".%u", r->subnr / size);
   fmt(o, "<%s>%s", STR(hstrides, r->hstride), isa_type_name(r->type));
}

static float
vf_to_float(uint8_t v)
{
   if (!(v & 0x7f))
      return (v & 0x80) ? -0.0f : 0.0f;
   int e = (v >> 4) & 7;
   float m = 1.0f + (v & 0xf) / 16.0f;
   float f = ldexpf(m, e - 3);
   return (v & 0x80) ? -f : f;
}

static float
half_to_float(uint16_t h)
{
   int e = (h >> 10) & 0x1f, m = h & 0x3ff;
   float f = e == 0 ? ldexpf((float)m, -24)
           : e == 31 ? (m ? NAN : INFINITY)
           : ldexpf((float)(m | 0x400), e - 25);
   return (h & 0x8000) ? -f : f;
}

static void
imm(struct out *o, const struct isa_reg *r)
{
   uint32_t ud = (uint32_t)r->imm;
   union { uint32_t u; float f; } fu = { ud };
   union { uint64_t u; double d; } du = { r->imm };
   switch (r->type) {
   case ISA_TYPE_UQ: fmt(o, "0x%016" PRIx64 "UQ", r->imm); break;
   case ISA_TYPE_Q: fmt(o, "0x%016" PRIx64 "Q", r->imm); break;
   case ISA_TYPE_UD: fmt(o, "0x%08xUD", ud); break;
   case ISA_TYPE_D: fmt(o, "%dD", (int32_t)ud); break;
   case ISA_TYPE_UW: fmt(o, "0x%04xUW", (uint16_t)ud); break;
   case ISA_TYPE_W: fmt(o, "%dW", (int16_t)ud); break;
   case ISA_TYPE_UV: fmt(o, "0x%08xUV", ud); break;
   case ISA_TYPE_V: fmt(o, "0x%08xV", ud); break;
   case ISA_TYPE_VF:
      fmt(o, "0x%xVF", ud);
      pad(o, 48);
      fmt(o, "/* [%-gF, %-gF, %-gF, %-gF]VF */", vf_to_float(ud),
          vf_to_float(ud >> 8), vf_to_float(ud >> 16), vf_to_float(ud >> 24));
      break;
   case ISA_TYPE_F:
      fmt(o, "0x%xF", ud);
      pad(o, 48);
      fmt(o, " /* %-gF */", fu.f);
      break;
   case ISA_TYPE_DF:
      fmt(o, "0x%016" PRIx64 "DF", r->imm);
      pad(o, 48);
      fmt(o, "/* %-gDF */", du.d);
      break;
   case ISA_TYPE_HF:
      fmt(o, "0x%04xHF", (uint16_t)ud);
      pad(o, 48);
      fmt(o, "/* %-gHF */", half_to_float(ud));
      break;
   default:
      fmt(o, "0x%xINVALID", ud);
      break;
   }
}

static void
mods(struct out *o, const struct isa_inst *in, const struct isa_reg *r,
     bool not_for_logic)
{
   if (r->negate)
      put(o, not_for_logic && is_logic(in->op) ? "~" : "-");
   if (r->abs)
      put(o, "(abs)");
}

static void
swizzle(struct out *o, uint8_t swz)
{
   unsigned x = swz & 3, y = (swz >> 2) & 3, z = (swz >> 4) & 3, w = swz >> 6;
   if (x == y && x == z && x == w)
      fmt(o, ".%s", chan[x]);
   else if (swz != 0xe4)
      fmt(o, ".%s%s%s%s", chan[x], chan[y], chan[z], chan[w]);
}

static void
src_basic(struct out *o, enum isa_gen gen, const struct isa_inst *in,
          const struct isa_reg *r)
{
   if (r->file == ISA_FILE_IMM) {
      imm(o, r);
      return;
   }
   unsigned size = isa_type_size(r->type);
   mods(o, in, r, isa_gen_desc(gen)->logic_negate_is_not);
   if (r->indirect) {
      put(o, "g[a0");
      if (r->addr_subnr)
         fmt(o, ".%u", r->addr_subnr);
      if (r->addr_imm)
         fmt(o, " %u", r->addr_imm);
      if (in->align16) {
         fmt(o, "]<%s>", STR(vstrides, r->vstride));
         swizzle(o, r->swizzle);
         put(o, isa_type_name(r->type));
         return;
      }
      fmt(o, "]<%s,%s,%s>%s", STR(vstrides, r->vstride),
          STR(widths, r->width), STR(hstrides, r->hstride),
          isa_type_name(r->type));
      return;
   }
   if (!reg_name(o, r->file, r->nr))
      return;
   if (in->align16) {
      if (r->subnr)
         fmt(o, ".%u", 16 / size);
      fmt(o, "<%s>", STR(vstrides, r->vstride));
      swizzle(o, r->swizzle);
      put(o, isa_type_name(r->type));
      return;
   }
   if (r->subnr)
      fmt(o, ".%u", r->subnr / size);
   fmt(o, "<%s,%s,%s>%s", STR(vstrides, r->vstride), STR(widths, r->width),
       STR(hstrides, r->hstride), isa_type_name(r->type));
}

static void
dst_3src(struct out *o, const struct isa_inst *in)
{
   const struct isa_reg *r = &in->dst;
   if (!reg_name(o, r->file, r->nr))
      return;
   unsigned sub = r->subnr / isa_type_size(r->type);
   if (sub)
      fmt(o, ".%u", sub);
   put(o, "<1>");
   if (in->align16)
      put(o, isa_writemask_names[r->writemask & 15]);
   put(o, isa_type_name(r->type));
}

static void
src_3src(struct out *o, enum isa_gen gen, const struct isa_inst *in,
         const struct isa_reg *r)
{
   if (r->file == ISA_FILE_IMM) {
      if (r->type == ISA_TYPE_W)
         fmt(o, "%dW", (int16_t)r->imm);
      else if (r->type == ISA_TYPE_HF)
         fmt(o, "0x%04xHF", (uint16_t)r->imm);
      else
         fmt(o, "0x%04x%s", (uint16_t)r->imm, isa_type_name(r->type));
      return;
   }
   bool scalar = r->vstride == 0 && r->width == 0 && r->hstride == 0;
   mods(o, in, r, false);
   if (!reg_name(o, r->file, r->nr))
      return;
   unsigned sub = r->subnr / isa_type_size(r->type);
   if (sub || scalar)
      fmt(o, ".%u", sub);
   fmt(o, "<%s,%s,%s>", STR(vstrides, r->vstride), STR(widths, r->width),
       STR(hstrides, r->hstride));
   if (!scalar && in->align16)
      swizzle(o, r->swizzle);
   put(o, isa_type_name(r->type));
   (void)gen;
}

/* Gen12 SWSB byte: RegDist (@n) and/or SBID ($n, .dst, .src). */
static void
swsb(struct out *o, const struct isa_inst *in)
{
   unsigned x = in->swsb;
   bool unordered = in->op == ISA_OP_SEND || in->op == ISA_OP_SENDC ||
                    in->op == ISA_OP_MATH;
   if (x & 0x80) {
      if ((x >> 4) & 7)
         fmt(o, " @%u", (x >> 4) & 7);
      fmt(o, " $%u%s", x & 0xf, unordered ? "" : ".dst");
   } else if ((x & 0x70) == 0x20) {
      fmt(o, " $%u.dst", x & 0xf);
   } else if ((x & 0x70) == 0x30) {
      fmt(o, " $%u.src", x & 0xf);
   } else if ((x & 0x70) == 0x40) {
      fmt(o, " $%u", x & 0xf);
   } else if (x & 7) {
      fmt(o, " @%u", x & 7);
   }
}

static void
exec_group(struct out *o, const struct isa_inst *in, enum isa_gen gen)
{
   unsigned size = 1u << in->exec_size;
   if (size < 8 || in->nib_ctrl)
      fmt(o, " %uN", in->qtr_ctrl * 2 + in->nib_ctrl + 1);
   else if (size == 8)
      fmt(o, " %uQ", in->qtr_ctrl + 1);
   else if (size == 16)
      put(o, in->qtr_ctrl < 2 ? " 1H" : " 2H");
}

static void
options(struct out *o, enum isa_gen gen, const struct isa_inst *in)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   pad(o, 64);
   put(o, "{ ");
   put(o, in->align16 ? "align16" : "align1");
   if (in->mask_ctrl)
      put(o, " WE_all");
   if (!d->has_swsb && (in->no_dd_clear || in->no_dd_check))
      fmt(o, " %s%s%s", in->no_dd_clear ? "NoDDClr" : "",
          in->no_dd_clear && in->no_dd_check ? "," : "",
          in->no_dd_check ? "NoDDChk" : "");
   exec_group(o, in, gen);
   if (d->has_swsb)
      swsb(o, in);
   if (in->compacted)
      put(o, " compacted");
   if (in->thread_ctrl)
      fmt(o, " %s", d->has_swsb ? "atomic" : thread_ctrls[in->thread_ctrl & 3]);
   if (d->has_branch_ctrl && (in->op == ISA_OP_IF || in->op == ISA_OP_ELSE)) {
      if (in->acc_wr)
         put(o, " BranchCtrl");
   } else if (in->acc_wr) {
      put(o, " AccWrEnable");
   }
   if (is_send(in->op) && in->eot)
      put(o, " EOT");
   put(o, " };");
}

static void
send_operands(struct out *o, enum isa_gen gen, const struct isa_inst *in)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   bool split = isa_op_form(gen, in->op) == ISA_FORM_SPLIT_SEND;
   if (!split) {
      pad(o, 16);
      dst_basic(o, in);
      pad(o, 32);
      src_basic(o, gen, in, &in->src[0]);
      if (in->desc_is_reg) {
         pad(o, 48);
         src_basic(o, gen, in, &in->src[1]);
         pad(o, 64);
      } else {
         pad(o, 48);
      }
      fmt(o, "0x%08x", (uint32_t)((in->desc & 0x7fffffff) | (uint32_t)in->eot << 31));
      return;
   }
   pad(o, 16);
   reg_name(o, in->dst.file, in->dst.nr);
   if (d->send_subreg16 && in->dst.subnr)
      fmt(o, ".%u", in->dst.subnr / 16);
   put(o, "UD");
   pad(o, 32);
   reg_name(o, in->src[0].file, in->src[0].nr);
   if (d->send_subreg16 && in->src[0].subnr)
      put(o, ".1");
   put(o, "UD");
   pad(o, 48);
   reg_name(o, in->src[1].file, in->src[1].nr);
   put(o, "UD");
   pad(o, 64);
   if (in->desc_is_reg)
      put(o, "a0<0>UD");
   else
      fmt(o, "0x%08x", in->desc);
   pad(o, 80);
   if (in->ex_desc_is_reg) {
      /* a0 subregister from the ExDesc.IA field inside the descriptor. */
      unsigned sub = (in->ex_desc >> d->exdesc_ia_lo) & 7;
      if (sub)
         fmt(o, "a0.%u<0>UD", sub);
      else
         put(o, "a0<0>UD");
   } else {
      fmt(o, "0x%08x", in->ex_desc);
   }
}

static void
send_message(struct out *o, enum isa_gen gen, const struct isa_inst *in)
{
   bool split = isa_op_form(gen, in->op) == ISA_FORM_SPLIT_SEND;
   put(o, "\n");
   pad(o, 16);
   fmt(o, "            %s MsgDesc:", isa_sfid_name(in->sfid));
   if (in->desc_is_reg) {
      put(o, " indirect");
   } else {
      char tmp[200];
      isa_send_describe(gen, in->sfid, in->desc,
                        split && !in->ex_desc_is_reg ? in->ex_desc : 0,
                        tmp, sizeof(tmp));
      fmt(o, " %s mlen %u", tmp, isa_desc_mlen(in->desc));
   }
   if (split && !in->ex_desc_is_reg)
      fmt(o, " ex_mlen %u", isa_exdesc_mlen(in->ex_desc));
   if (!in->desc_is_reg)
      fmt(o, " rlen %u", isa_desc_rlen(in->desc));
}

static int
disasm_visible(enum isa_gen gen, const struct isa_inst *in, char *buf,
               size_t size)
{
   struct out o = { buf, size, 0, 0 };
   const struct isa_opcode_info *info = isa_opcode_info(in->op);
   enum isa_form form = isa_op_form(gen, in->op);
   if (size)
      buf[0] = '\0';

   if (in->pred_ctrl) {
      fmt(&o, "(%sf%u.%u%s) ", in->pred_inv ? "-" : "+", in->flag_nr,
          in->flag_subnr,
          in->align16 ? STR(isa_pred_align16_names, in->pred_ctrl) : STR(isa_pred_align1_names, in->pred_ctrl));
   }
   put(&o, info->name);
   if (!is_send(in->op) && in->saturate)
      put(&o, ".sat");
   if (in->debug)
      put(&o, ".breakpoint");
   if (in->op == ISA_OP_MATH) {
      fmt(&o, " %s", STR(isa_math_fn_names, in->cond_mod));
   } else if (in->op == ISA_OP_SYNC) {
      fmt(&o, " %s", STR(isa_sync_fn_names, in->cond_mod));
   } else if (!is_send(in->op) &&
              !(isa_gen_desc(gen)->imm64_hides_cmod && form == ISA_FORM_BASIC &&
                in->src[0].file == ISA_FILE_IMM &&
                isa_type_size(in->src[0].type) == 8)) {
      put(&o, STR(isa_cmod_names, in->cond_mod));
      if (in->cond_mod && in->op != ISA_OP_SEL && in->op != ISA_OP_CSEL &&
          in->op != ISA_OP_IF && in->op != ISA_OP_WHILE)
         fmt(&o, ".f%u.%u", in->flag_nr, in->flag_subnr);
   }
   if (in->op != ISA_OP_NOP)
      fmt(&o, "(%u)", 1u << in->exec_size);

   if (form == ISA_FORM_BRANCH) {
      if (in->op == ISA_OP_CALL) {
         /* CALL saves the return address in its destination. */
         pad(&o, 16);
         dst_basic(&o, in);
      }
      pad(&o, 16);
      fmt(&o, "JIP: %d", in->jip);
      if (isa_branch_has_uip(gen, in->op)) {
         pad(&o, 38);
         fmt(&o, "UIP: %d", in->uip);
      }
   } else if (in->op == ISA_OP_JMPI) {
      pad(&o, 16);
      src_basic(&o, gen, in, &in->src[1]);
   } else if (form == ISA_FORM_3SRC) {
      pad(&o, 16);
      dst_3src(&o, in);
      for (unsigned n = 0; n < 3; n++) {
         pad(&o, 32 + 16 * n);
         src_3src(&o, gen, in, &in->src[n]);
      }
   } else if (is_send(in->op)) {
      send_operands(&o, gen, in);
      send_message(&o, gen, in);
   } else {
      if (info->ndst) {
         pad(&o, 16);
         dst_basic(&o, in);
      }
      for (unsigned n = 0; n < info->nsrc && n < 2; n++) {
         pad(&o, 32 + 16 * n);
         src_basic(&o, gen, in, &in->src[n]);
      }
   }
   /* Mesa's text has no options for a plain NOP; other NOPs (a compacted
    * one is Mesa's alignment padding) need them read back. */
   if (in->op != ISA_OP_NOP || in->compacted || in->align16 || in->pred_ctrl) {
      options(&o, gen, in);
   } else {
      pad(&o, 64);
      put(&o, ";");
   }
   return (int)o.len;
}

/* Fields the text leaves implicit (operands an opcode does not show, bits
 * the hardware stores anyway): whatever the assembler would not rebuild
 * from the text is listed as "[field=value ...]". */
static void
hidden_fields(enum isa_gen gen, const struct isa_inst *in, struct out *o,
              const char *text)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   struct isa_raw want, got, cw, cg;
   enum isa_group_id ids[12];
   uint64_t w[2];
   if (!isa_inst_to_raw(d, in, &want))
      return;
   int n = isa_raw_encode(d, in->op, &want, w, ids);
   if (n < 0)
      return;
   enum isa_op op;
   bool compacted;
   char err[8];
   if (!isa_asm_raw(gen, text, &got, &op, &compacted, err, sizeof(err)))
      memset(&got, 0, sizeof(got));
   isa_raw_canonical(d, ids, n, &want, &cw);
   isa_raw_canonical(d, ids, n, &got, &cg);
   bool first = true;
   for (unsigned f = 0; f < F_COUNT; f++) {
      if (!cw.present[f] || cw.f[f] == cg.f[f])
         continue;
      fmt(o, "%s%s=0x%" PRIx64, first ? " [" : " ", isa_field_names[f], cw.f[f]);
      first = false;
   }
   if (!first)
      put(o, "]");
}

int
isa_disasm_inst(enum isa_gen gen, const struct isa_inst *in, char *buf,
                size_t size)
{
   char text[1024];
   disasm_visible(gen, in, text, sizeof(text));
   struct out o = { buf, size, 0, 0 };
   put(&o, text);
   hidden_fields(gen, in, &o, text);
   return (int)o.len;
}

int
isa_disasm_kernel(enum isa_gen gen, const void *code, size_t size, FILE *f)
{
   const uint8_t *p = code;
   size_t off = 0;
   int count = 0;
   while (off < size) {
      struct isa_inst in;
      unsigned n = isa_decode(gen, p + off, size - off, &in);
      if (!n) {
         fprintf(f, "%06zx: undecodable instruction\n", off);
         return -1;
      }
      char buf[512];
      isa_disasm_inst(gen, &in, buf, sizeof(buf));
      fprintf(f, "%s\n", buf);
      off += n;
      count++;
   }
   return count;
}
