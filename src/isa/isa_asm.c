/* The assembler: reads the disassembler's text form back into an
 * instruction.  The visible text says almost everything; what it cannot
 * (fields the hardware stores but the text form leaves implicit) follows
 * in a trailing "[field=value ...]" block, so assemble(disassemble(x)) == x
 * for every valid instruction. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "isa_priv.h"
#include "isa_send.h"

struct parser {
   const char *s;
   enum isa_gen gen;
   bool align16;
   char *err;
   size_t err_size;
   bool failed;
};

static bool __attribute__((format(printf, 2, 3)))
fail(struct parser *p, const char *f, ...)
{
   if (!p->failed && p->err_size) {
      va_list ap;
      va_start(ap, f);
      vsnprintf(p->err, p->err_size, f, ap);
      va_end(ap);
   }
   p->failed = true;
   return false;
}

static void
ws(struct parser *p)
{
   while (*p->s == ' ' || *p->s == '\t')
      p->s++;
}

static bool
accept(struct parser *p, const char *tok)
{
   size_t n = strlen(tok);
   if (strncmp(p->s, tok, n))
      return false;
   p->s += n;
   return true;
}

static bool
expect(struct parser *p, const char *tok)
{
   ws(p);
   return accept(p, tok) || fail(p, "expected '%s' at '%.20s'", tok, p->s);
}

static bool
number(struct parser *p, long long *v)
{
   /* Hex digits are lower case: "0xbc00HF" ends at the type. */
   if (p->s[0] == '0' && p->s[1] == 'x') {
      const char *s = p->s + 2;
      unsigned long long u = 0;
      while (isdigit((unsigned char)*s) || (*s >= 'a' && *s <= 'f'))
         u = u * 16 + (isdigit((unsigned char)*s) ? *s - '0' : *s - 'a' + 10), s++;
      if (s == p->s + 2)
         return fail(p, "expected hex digits at '%.20s'", p->s);
      *v = (long long)u;
      p->s = s;
      return true;
   }
   char *end;
   *v = strtoll(p->s, &end, 10);
   if (end == p->s)
      return fail(p, "expected a number at '%.20s'", p->s);
   p->s = end;
   return true;
}

static int
lookup(const char *const *t, unsigned n, const char *s, size_t len)
{
   for (unsigned i = 0; i < n; i++) {
      if (t[i] && strlen(t[i]) == len && !strncmp(t[i], s, len))
         return i;
   }
   return -1;
}
#define LOOKUP(t, s, len) lookup(t, sizeof(t) / sizeof((t)[0]), s, len)

static bool
type_name(struct parser *p, uint8_t *type)
{
   /* Longest names first: "UD" before "D". */
   static const uint8_t order[] = {
      ISA_TYPE_UD, ISA_TYPE_UW, ISA_TYPE_UB, ISA_TYPE_UQ, ISA_TYPE_UV,
      ISA_TYPE_HF, ISA_TYPE_DF, ISA_TYPE_NF, ISA_TYPE_VF, ISA_TYPE_D,
      ISA_TYPE_W, ISA_TYPE_B, ISA_TYPE_Q, ISA_TYPE_F, ISA_TYPE_V,
   };
   for (unsigned i = 0; i < sizeof(order); i++) {
      if (accept(p, isa_type_name(order[i]))) {
         *type = order[i];
         return true;
      }
   }
   return fail(p, "expected a type at '%.20s'", p->s);
}

static const struct { const char *name; uint8_t base; } arfs[] = {
   { "null", ISA_ARF_NULL }, { "acc", ISA_ARF_ACC }, { "a", ISA_ARF_ADDRESS },
   { "f", ISA_ARF_FLAG }, { "mask", ISA_ARF_MASK }, { "msd", ISA_ARF_MASK_STACK_DEPTH },
   { "ms", ISA_ARF_MASK_STACK }, { "sr", ISA_ARF_STATE }, { "cr", ISA_ARF_CONTROL },
   { "n", ISA_ARF_NOTIFICATION }, { "ip", ISA_ARF_IP }, { "tdr0", ISA_ARF_TDR },
   { "tm", ISA_ARF_TIMESTAMP }, { "ARF", 0 },
};

/* Register name; returns false for no register. *regionless for IP/TDR. */
static bool
reg_name(struct parser *p, struct isa_reg *r, bool *regionless)
{
   long long n = 0;
   *regionless = false;
   if (accept(p, "g")) {
      r->file = ISA_FILE_GRF;
      if (!number(p, &n))
         return false;
      r->nr = n;
      return true;
   }
   if (accept(p, "imm")) {
      r->file = ISA_FILE_IMM;
      if (!number(p, &n))
         return false;
      r->nr = n;
      return true;
   }
   for (unsigned i = 0; i < sizeof(arfs) / sizeof(arfs[0]); i++) {
      if (!accept(p, arfs[i].name))
         continue;
      r->file = ISA_FILE_ARF;
      r->nr = arfs[i].base;
      if (arfs[i].base == ISA_ARF_NULL && strcmp(arfs[i].name, "ARF"))
         return true;
      if (arfs[i].base == ISA_ARF_IP || arfs[i].base == ISA_ARF_TDR) {
         *regionless = true;
         return true;
      }
      if (!isdigit((unsigned char)*p->s))
         return fail(p, "register number expected at '%.20s'", p->s);
      number(p, &n);
      r->nr = arfs[i].base | n;
      return true;
   }
   return fail(p, "register expected at '%.20s'", p->s);
}

static int
stride_code(const char *const *t, unsigned n, struct parser *p)
{
   const char *start = p->s;
   while (isalnum((unsigned char)*p->s))
      p->s++;
   int c = lookup(t, n, start, p->s - start);
   if (c < 0)
      fail(p, "bad stride '%.*s'", (int)(p->s - start), start);
   return c;
}

static const char *const vstrides[16] = { "0", "1", "2", "4", "8", "16", "32",
                                          [15] = "VxH" };
static const char *const widths[8] = { "1", "2", "4", "8", "16" };
static const char *const hstrides[4] = { "0", "1", "2", "4" };
static const char *const chans = "xyzw";

static bool
swizzle(struct parser *p, uint8_t *swz)
{
   *swz = 0xe4;
   if (*p->s != '.' || !strchr(chans, p->s[1]) || !p->s[1])
      return true;
   p->s++;
   unsigned c[4], n = 0;
   while (n < 4 && *p->s && strchr(chans, *p->s) && islower((unsigned char)*p->s))
      c[n++] = strchr(chans, *p->s++) - chans;
   if (n == 1)
      c[1] = c[2] = c[3] = c[0];
   else if (n != 4)
      return fail(p, "bad swizzle");
   *swz = c[0] | c[1] << 2 | c[2] << 4 | c[3] << 6;
   return true;
}

static bool
immediate(struct parser *p, struct isa_reg *r)
{
   long long v;
   bool neg = accept(p, "-");
   if (!number(p, &v) || !type_name(p, &r->type))
      return false;
   r->file = ISA_FILE_IMM;
   uint64_t u = neg ? (uint64_t)-v : (uint64_t)v;
   switch (r->type) {
   case ISA_TYPE_W: case ISA_TYPE_UW: case ISA_TYPE_HF:
      /* 16-bit immediates are replicated into both halves. */
      u &= 0xffff;
      u |= u << 16;
      break;
   case ISA_TYPE_UQ: case ISA_TYPE_Q: case ISA_TYPE_DF:
      break;
   default:
      u &= 0xffffffff;
   }
   r->imm = u;
   return true;
}

static bool
indirect(struct parser *p, struct isa_reg *r)
{
   long long v = 0;
   r->indirect = true;
   r->file = ISA_FILE_GRF;
   if (accept(p, ".")) {
      number(p, &v);
      r->addr_subnr = v;   /* the destination's is scaled after its type */
   }
   if (accept(p, " ")) {
      number(p, &v);
      r->addr_imm = v;
   }
   return expect(p, "]");
}

/* The register part of an operand: g[a0.n imm], or a named register with an
 * optional .subregister; *regionless for one that takes no region. */
static bool
operand_reg(struct parser *p, struct isa_reg *r, long long *sub, bool *regionless)
{
   *regionless = false;
   if (accept(p, "g[a0"))
      return indirect(p, r);
   if (!reg_name(p, r, regionless))
      return false;
   if (!*regionless && accept(p, "."))
      number(p, sub);
   return true;
}

static bool
dst_basic(struct parser *p, struct isa_reg *r)
{
   bool regionless;
   long long sub = 0;
   ws(p);
   if (!operand_reg(p, r, &sub, &regionless))
      return false;
   if (regionless)
      return true;
   if (!expect(p, "<"))
      return false;
   r->hstride = stride_code(hstrides, 4, p);
   if (!expect(p, ">"))
      return false;
   r->writemask = 0xf;
   if (p->align16 && *p->s == '.') {
      const char *start = p->s++;
      while (*p->s && strchr(chans, *p->s) && islower((unsigned char)*p->s))
         p->s++;
      int m = lookup(isa_writemask_names, 16, start, p->s - start);
      if (m < 0)
         return fail(p, "bad writemask");
      r->writemask = m;
   }
   if (!type_name(p, &r->type))
      return false;
   unsigned size = isa_type_size(r->type);
   r->subnr = p->align16 ? (sub ? 16 : 0) : sub * size;
   if (r->indirect)
      r->addr_subnr *= size;
   return true;
}

static bool
src_mods(struct parser *p, struct isa_reg *r)
{
   ws(p);
   if (accept(p, "-") || accept(p, "~")) {
      if (isdigit((unsigned char)*p->s)) {
         p->s--;   /* a negative immediate */
         return true;
      }
      r->negate = true;
   }
   if (accept(p, "(abs)"))
      r->abs = true;
   return true;
}

static bool
src_basic(struct parser *p, struct isa_reg *r)
{
   bool regionless;
   long long sub = 0;
   src_mods(p, r);
   if (isdigit((unsigned char)*p->s) || *p->s == '-')
      return immediate(p, r);
   if (!operand_reg(p, r, &sub, &regionless))
      return false;
   if (regionless)
      return true;
   if (!expect(p, "<"))
      return false;
   r->vstride = stride_code(vstrides, 16, p);
   if (p->align16) {
      if (!expect(p, ">") || !swizzle(p, &r->swizzle) || !type_name(p, &r->type))
         return false;
      r->subnr = sub ? 16 : 0;
      return true;
   }
   if (!expect(p, ","))
      return false;
   r->width = stride_code(widths, 8, p);
   if (!expect(p, ","))
      return false;
   r->hstride = stride_code(hstrides, 4, p);
   if (!expect(p, ">") || !type_name(p, &r->type))
      return false;
   r->subnr = sub * isa_type_size(r->type);
   return true;
}

static bool
src_3src(struct parser *p, const struct isa_gen_desc *d, struct isa_reg *r)
{
   bool regionless;
   long long sub = 0;
   src_mods(p, r);
   if (isdigit((unsigned char)*p->s) || *p->s == '-') {
      /* Three-source immediates are 16 bits, not replicated. */
      bool ok = immediate(p, r);
      r->imm &= 0xffff;
      return ok;
   }
   if (!reg_name(p, r, &regionless))
      return false;
   if (regionless)
      return true;
   if (accept(p, "."))
      number(p, &sub);
   if (!expect(p, "<"))
      return false;
   r->vstride = stride_code(vstrides, 16, p);
   expect(p, ",");
   r->width = stride_code(widths, 8, p);
   expect(p, ",");
   r->hstride = stride_code(hstrides, 4, p);
   if (!expect(p, ">"))
      return false;
   bool scalar = !r->vstride && !r->width && !r->hstride;
   /* A replicated scalar shows no swizzle; its field reads .xxxx. */
   r->swizzle = scalar ? 0 : 0xe4;
   if (p->align16 && !scalar && !swizzle(p, &r->swizzle))
      return false;
   if (!type_name(p, &r->type))
      return false;
   r->subnr = sub * isa_type_size(r->type);
   if (p->align16) {
      r->rep_ctrl = scalar;
      r->file = ISA_FILE_GRF;
   }
   (void)d;
   return true;
}

static bool
dst_3src(struct parser *p, struct isa_reg *r)
{
   bool regionless;
   long long sub = 0;
   ws(p);
   if (!reg_name(p, r, &regionless))
      return false;
   if (regionless)
      return true;
   if (accept(p, "."))
      number(p, &sub);
   if (!expect(p, "<1>"))
      return false;
   r->writemask = 0xf;
   r->hstride = 1;
   if (p->align16 && *p->s == '.') {
      const char *start = p->s++;
      while (*p->s && strchr(chans, *p->s) && islower((unsigned char)*p->s))
         p->s++;
      int m = lookup(isa_writemask_names, 16, start, p->s - start);
      if (m < 0)
         return fail(p, "bad writemask");
      r->writemask = m;
   }
   if (!type_name(p, &r->type))
      return false;
   r->subnr = sub * isa_type_size(r->type);
   return true;
}

/* Split-send operands: register and type only. */
static bool
send_reg(struct parser *p, struct isa_reg *r, bool sub_is_16)
{
   bool regionless;
   long long sub = 0;
   ws(p);
   if (!reg_name(p, r, &regionless))
      return false;
   if (accept(p, "."))
      number(p, &sub);
   r->subnr = sub_is_16 ? sub * 16 : sub;
   r->type = ISA_TYPE_UD;
   return expect(p, "UD");
}

static bool
desc_operand(struct parser *p, uint32_t *v, bool *is_reg, uint8_t *sub)
{
   long long n = 0;
   ws(p);
   if (accept(p, "a0")) {
      *is_reg = true;
      if (accept(p, "."))
         number(p, &n);
      *sub = n;
      return expect(p, "<0>UD");
   }
   if (!number(p, &n))
      return false;
   *v = (uint32_t)n;
   return true;
}


static bool
predicate(struct parser *p, struct isa_inst *in)
{
   long long nr, sub;
   if (!accept(p, "("))
      return true;
   in->pred_inv = accept(p, "-");
   if (!in->pred_inv)
      accept(p, "+");
   if (!expect(p, "f") || !number(p, &nr) || !expect(p, ".") || !number(p, &sub))
      return false;
   in->flag_nr = nr;
   in->flag_subnr = sub;
   const char *start = p->s;
   while (*p->s && *p->s != ')')
      p->s++;
   int c = p->align16 ? lookup(isa_pred_align16_names, 16, start, p->s - start)
                      : lookup(isa_pred_align1_names, 16, start, p->s - start);
   in->pred_ctrl = c <= 0 ? 1 : c;
   if (c < 0)
      return fail(p, "bad predicate control");
   return expect(p, ")");
}

static bool
mnemonic(struct parser *p, const struct isa_gen_desc *d, struct isa_inst *in)
{
   ws(p);
   const char *start = p->s;
   while (isalnum((unsigned char)*p->s))
      p->s++;
   size_t len = p->s - start;
   in->op = ISA_OP_ILLEGAL;
   for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
      const char *name = isa_opcode_info(op)->name;
      if (strlen(name) == len && !strncmp(name, start, len) &&
          isa_op_to_hw(d, op) >= 0)
         in->op = op;
   }
   if (in->op == ISA_OP_ILLEGAL)
      return fail(p, "unknown opcode '%.*s' for %s", (int)len, start, d->name);
   in->saturate = accept(p, ".sat");
   in->debug = accept(p, ".breakpoint");
   if (in->op == ISA_OP_MATH || in->op == ISA_OP_SYNC) {
      ws(p);
      start = p->s;
      while (isalnum((unsigned char)*p->s))
         p->s++;
      int f = in->op == ISA_OP_MATH ? LOOKUP(isa_math_fn_names, start, p->s - start)
                                    : LOOKUP(isa_sync_fn_names, start, p->s - start);
      if (f < 0)
         return fail(p, "unknown function '%.*s'", (int)(p->s - start), start);
      in->cond_mod = f;
      return true;
   }
   if (*p->s == '.') {
      start = p->s++;
      while (isalpha((unsigned char)*p->s))
         p->s++;
      int c = LOOKUP(isa_cmod_names, start, p->s - start);
      if (c <= 0)
         return fail(p, "unknown modifier '%.*s'", (int)(p->s - start), start);
      in->cond_mod = c;
      long long nr, sub;
      if (accept(p, ".f")) {
         if (!number(p, &nr) || !expect(p, ".") || !number(p, &sub))
            return false;
         in->flag_nr = nr;
         in->flag_subnr = sub;
      }
   }
   return true;
}

static bool
options(struct parser *p, struct isa_inst *in, const char *text)
{
   const char *o = strrchr(text, '{');
   const char *end = o ? strchr(o, '}') : NULL;
   int regdist = -1, sbid = -1, mode = 0;
   if (!o || !end)
      return true;   /* nop has none */
   char tok[32];
   for (const char *s = o + 1; s < end;) {
      while (s < end && *s == ' ')
         s++;
      size_t n = 0;
      while (s < end && *s != ' ' && n + 1 < sizeof(tok))
         tok[n++] = *s++;
      tok[n] = '\0';
      if (!n)
         break;
      unsigned v;
      char c;
      if (!strcmp(tok, "align1")) in->align16 = false;
      else if (!strcmp(tok, "align16")) in->align16 = true;
      else if (!strcmp(tok, "WE_all")) in->mask_ctrl = true;
      else if (!strcmp(tok, "NoDDClr")) in->no_dd_clear = true;
      else if (!strcmp(tok, "NoDDChk")) in->no_dd_check = true;
      else if (!strcmp(tok, "NoDDClr,NoDDChk")) in->no_dd_clear = in->no_dd_check = true;
      else if (!strcmp(tok, "compacted")) in->compacted = true;
      else if (!strcmp(tok, "atomic")) in->thread_ctrl = 1;
      else if (!strcmp(tok, "switch")) in->thread_ctrl = 2;
      else if (!strcmp(tok, "BranchCtrl") || !strcmp(tok, "AccWrEnable")) in->acc_wr = true;
      else if (!strcmp(tok, "EOT")) in->eot = true;
      else if (!strcmp(tok, "1H")) in->qtr_ctrl = 0;
      else if (!strcmp(tok, "2H")) in->qtr_ctrl = 2;
      else if (sscanf(tok, "%u%c", &v, &c) == 2 && c == 'Q' && v >= 1 && v <= 4)
         in->qtr_ctrl = v - 1;
      else if (sscanf(tok, "%u%c", &v, &c) == 2 && c == 'N' && v >= 1 && v <= 8) {
         in->qtr_ctrl = (v - 1) / 2;
         in->nib_ctrl = (v - 1) % 2;
      } else if (sscanf(tok, "@%u", &v) == 1)
         regdist = v;
      else if (sscanf(tok, "$%u", &v) == 1) {
         sbid = v;
         mode = strstr(tok, ".dst") ? 2 : strstr(tok, ".src") ? 3 : 4;
      } else
         return fail(p, "unknown option '%s'", tok);
   }
   /* Gen12 SWSB byte (see the disassembler). */
   if (regdist >= 0 && sbid >= 0)
      in->swsb = 0x80 | (regdist & 7) << 4 | (sbid & 15);
   else if (sbid >= 0)
      in->swsb = (mode == 2 ? 0x20 : mode == 3 ? 0x30 : 0x40) | (sbid & 15);
   else if (regdist >= 0)
      in->swsb = regdist & 7;
   return true;
}

static bool
operands(struct parser *p, const struct isa_gen_desc *d, struct isa_inst *in)
{
   const struct isa_opcode_info *info = isa_opcode_info(in->op);
   enum isa_form form = isa_op_form(d->gen, in->op);
   long long v;
   switch (form) {
   case ISA_FORM_BRANCH:
      if (in->op == ISA_OP_CALL && !dst_basic(p, &in->dst))
         return false;
      ws(p);
      if (!expect(p, "JIP:") || (ws(p), !number(p, &v)))
         return false;
      in->jip = v;
      ws(p);
      if (accept(p, "UIP:")) {
         ws(p);
         if (!number(p, &v))
            return false;
         in->uip = v;
      }
      return true;
   case ISA_FORM_3SRC:
      if (!dst_3src(p, &in->dst))
         return false;
      for (unsigned n = 0; n < 3; n++) {
         if (!src_3src(p, d, &in->src[n]))
            return false;
      }
      if (!p->align16)
         in->exec_type = in->dst.type == ISA_TYPE_F || in->dst.type == ISA_TYPE_HF ||
                         in->dst.type == ISA_TYPE_DF || in->dst.type == ISA_TYPE_NF;
      return true;
   case ISA_FORM_SPLIT_SEND:
      if (!send_reg(p, &in->dst, d->send_subreg16) ||
          !send_reg(p, &in->src[0], d->send_subreg16) ||
          !send_reg(p, &in->src[1], false) ||
          !desc_operand(p, &in->desc, &in->desc_is_reg, &in->ex_desc_subnr) ||
          !desc_operand(p, &in->ex_desc, &in->ex_desc_is_reg, &in->ex_desc_subnr))
         return false;
      /* With the extended descriptor in a0, its subregister number is kept
       * in the immediate descriptor field. */
      if (in->ex_desc_is_reg)
         in->ex_desc = (uint32_t)(in->ex_desc_subnr & 7) << d->exdesc_ia_lo;
      return true;
   case ISA_FORM_BASIC:
      break;
   }
   if (in->op == ISA_OP_JMPI)
      return src_basic(p, &in->src[1]);
   if (in->op == ISA_OP_RET) {
      /* RET reads the return IP and call mask CALL saved: written as a
       * source (Mesa's text shows none; without one it is null). */
      ws(p);
      return *p->s == '{' || src_basic(p, &in->src[0]);
   }
   if (info->ndst && !dst_basic(p, &in->dst))
      return false;
   for (unsigned n = 0; n < info->nsrc && n < 2; n++) {
      if (!src_basic(p, &in->src[n]))
         return false;
   }
   if (in->op == ISA_OP_SEND || in->op == ISA_OP_SENDC) {
      ws(p);
      /* A descriptor in a register comes before the immediate one. */
      if (!isdigit((unsigned char)*p->s)) {
         in->desc_is_reg = true;
         if (!src_basic(p, &in->src[1]))
            return false;
      }
      ws(p);
      if (!number(p, &v))
         return false;
      in->desc = (uint32_t)v & 0x7fffffff;
   }
   return true;
}

/* Operands the text form does not show take the values Mesa's and
 * genvk's code generators put there; anything else comes with the
 * "[field=value]" block. */
static void
implicit_operands(const struct isa_gen_desc *d, struct isa_inst *in)
{
   const struct isa_opcode_info *info = isa_opcode_info(in->op);
   enum isa_form form = isa_op_form(d->gen, in->op);
   struct isa_reg null = { .file = ISA_FILE_ARF, .type = d->reg_type[0] };
   if (form == ISA_FORM_BRANCH) {
      if (in->op != ISA_OP_CALL) {
         in->dst = null;
         in->dst.type = ISA_TYPE_D;
         in->dst.hstride = 1;
      }
      in->src[0] = null;
      in->src[0].type = ISA_TYPE_D;
      if (in->op == ISA_OP_ENDIF && !d->branch_in_src1) {
         /* Gen8+ ENDIF: no destination type or stride, an immediate D;
          * before Gen12 a src1 type D is left in what is the UIP field. */
         in->dst.type = d->reg_type[0];
         in->dst.hstride = 0;
         in->src[0].file = ISA_FILE_IMM;
         if (!d->file_is_imm_bit)
            in->uip = 1 << 27;
         return;
      }
      if (in->op == ISA_OP_CONT) {
         /* CONT names IP as its destination (and Gen7 source 0). */
         in->dst.nr = ISA_ARF_IP;
         in->dst.type = ISA_TYPE_UD;
      }
      if (in->op == ISA_OP_WHILE && !d->branch_in_src1 && !d->file_is_imm_bit)
         in->uip = 1 << 27;   /* a src1 type D, as for ENDIF */
      if (d->branch_in_src1) {
         /* Gen7: IF takes a scalar null src0; HALT, BREAK and CONT a D
          * immediate src1. */
         bool scalar = in->op == ISA_OP_IF;
         in->src[0].vstride = scalar ? 0 : 4;
         in->src[0].width = scalar ? 0 : 3;
         in->src[0].hstride = scalar ? 0 : 1;
         if (in->op == ISA_OP_CONT) {
            in->src[0].nr = ISA_ARF_IP;
            in->src[0].type = ISA_TYPE_UD;
            in->src[0].vstride = 3;
            in->src[0].width = in->src[0].hstride = 0;
         }
         in->src[1].file = ISA_FILE_IMM;
         in->src[1].type = in->op == ISA_OP_HALT || in->op == ISA_OP_BREAK ||
                           in->op == ISA_OP_CONT ? ISA_TYPE_D : ISA_TYPE_W;
      } else {
         in->src[0].file = ISA_FILE_IMM;
         if (d->file_is_imm_bit) {
            /* Gen12: JIP marks src0, UIP src1 as immediates. */
            bool d_type = in->op == ISA_OP_BREAK || in->op == ISA_OP_CONT;
            in->src[0].type = d_type ? ISA_TYPE_D : d->imm_type[0];
            in->src[1].file = in->op == ISA_OP_WHILE ? ISA_FILE_ARF
                                                     : ISA_FILE_IMM;
         }
      }
      return;
   }
   if (form != ISA_FORM_BASIC)
      return;
   if (!info->ndst && in->op != ISA_OP_JMPI)
      in->dst = null;
   if (in->op == ISA_OP_WAIT) {
      /* WAIT names its notification register as destination and source
       * 0; source 1 is a null register with the generic <8,8,1>F region
       * (Mesa's brw_WAIT). */
      in->src[0] = in->dst;
      in->src[0].vstride = 0;
      in->src[0].width = 0;
      in->src[0].hstride = 0;
      in->src[1] = null;
      in->src[1].type = ISA_TYPE_F;
      in->src[1].vstride = 4;
      in->src[1].width = 3;
      in->src[1].hstride = 1;
      return;
   }
   if (info->nsrc < 2 && in->op != ISA_OP_JMPI &&
       in->op != ISA_OP_SEND && in->op != ISA_OP_SENDC) {
      in->src[1] = null;
      /* Gen7–11: the src1 type field repeats an immediate src0's type
       * (in Align1 not a VF one). */
      if (in->src[0].file == ISA_FILE_IMM && !d->file_is_imm_bit &&
          (in->src[0].type != ISA_TYPE_VF || in->align16)) {
         for (unsigned hw = 0; hw < 16; hw++) {
            if (d->imm_type[hw] == in->src[0].type && d->reg_type[hw] != 0xff)
               in->src[1].type = d->reg_type[hw];
         }
      }
   }
}

void
isa_implicit_operands(enum isa_gen gen, struct isa_inst *in)
{
   implicit_operands(isa_gen_desc(gen), in);
}

/* "[field=value ...]": raw field values the text does not show. */
static bool
raw_overrides(struct parser *p, const char *text, struct isa_raw *raw)
{
   const char *close = strrchr(text, '}');
   const char *b = strchr(close ? close : text, '[');
   if (!b || !strchr(b, ']'))
      return true;
   for (const char *s = b + 1; *s && *s != ']';) {
      while (*s == ' ')
         s++;
      const char *eq = strchr(s, '=');
      if (!eq)
         break;
      int f = lookup(isa_field_names, F_COUNT, s, eq - s);
      if (f < 0)
         return fail(p, "unknown field '%.*s'", (int)(eq - s), s);
      char *end;
      raw->f[f] = strtoull(eq + 1, &end, 0);
      s = end;
   }
   return true;
}

/* Comments are the disassembler's: float values of immediates. */
static void
strip_comments(const char *in, char *out, size_t size)
{
   size_t n = 0;
   while (*in && n + 1 < size) {
      if (in[0] == '/' && in[1] == '*') {
         const char *e = strstr(in + 2, "*/");
         if (!e)
            break;
         in = e + 2;
         continue;
      }
      if (in[0] == '/' && in[1] == '/') {
         while (*in && *in != '\n')
            in++;
         continue;
      }
      out[n++] = *in++;
   }
   out[n] = '\0';
}

bool
isa_asm_raw(enum isa_gen gen, const char *source, struct isa_raw *raw,
            enum isa_op *op, bool *compacted_out, char *err, size_t err_size)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   char text[2048];
   strip_comments(source, text, sizeof(text));
   struct parser p = { text, gen, false, err, err_size, false };
   struct isa_inst in;
   memset(&in, 0, sizeof(in));
   if (!d)
      return fail(&p, "unknown generation");

   /* Options first: Align16 changes how operands read. */
   if (!options(&p, &in, text))
      return false;
   p.align16 = in.align16;
   bool compacted = in.compacted;

   ws(&p);
   if (!predicate(&p, &in) || !mnemonic(&p, d, &in))
      return false;
   if (in.op != ISA_OP_NOP) {
      long long size;
      if (!expect(&p, "(") || !number(&p, &size) || !expect(&p, ")"))
         return false;
      unsigned log2 = 0;
      while ((1ll << log2) < size)
         log2++;
      in.exec_size = log2;
   }
   if (in.op != ISA_OP_NOP && !operands(&p, d, &in))
      return false;
   if (in.op == ISA_OP_SEND || in.op == ISA_OP_SENDC ||
       in.op == ISA_OP_SENDS || in.op == ISA_OP_SENDSC) {
      /* The shared function is named first on the message line. */
      const char *nl = strchr(text, '\n');
      if (!nl)
         return fail(&p, "send without its message line");
      while (*nl == '\n' || *nl == ' ')
         nl++;
      const char *end = nl;
      while (*end && *end != ' ')
         end++;
      int sfid = -1;
      for (unsigned i = 0; i < 16; i++) {
         if (!strncmp(isa_sfid_name(i), nl, end - nl) &&
             strlen(isa_sfid_name(i)) == (size_t)(end - nl))
            sfid = i;
      }
      if (sfid < 0)
         return fail(&p, "unknown shared function '%.*s'", (int)(end - nl), nl);
      in.sfid = sfid;
      in.cond_mod = sfid;
   }

   implicit_operands(d, &in);

   if (!isa_inst_to_raw(d, &in, raw))
      memset(raw, 0, sizeof(*raw)), raw->f[F_OPCODE] = isa_op_to_hw(d, in.op);
   *op = in.op;
   *compacted_out = compacted;
   return raw_overrides(&p, text, raw);
}

bool
isa_asm_inst(enum isa_gen gen, const char *source, struct isa_inst *out,
             char *err, size_t err_size)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   struct isa_raw raw;
   enum isa_op op;
   bool compacted;
   if (!isa_asm_raw(gen, source, &raw, &op, &compacted, err, err_size))
      return false;
   /* Through the bit form: the result is exactly what the bits say. */
   struct parser p = { source, gen, false, err, err_size, false };
   uint64_t w[2];
   enum isa_group_id ids[12];
   if (isa_raw_encode(d, op, &raw, w, ids) < 0)
      return fail(&p, "operands do not fit the instruction's encoding");
   if (isa_decode(gen, w, 16, out) != 16)
      return fail(&p, "not a valid encoding for %s", d->name);
   out->compacted = compacted;
   return true;
}

/* A kernel: instructions one after another, each ending at the line that
 * holds its ';' (a send's message line included); empty lines and lines
 * starting with "//" are skipped. */
size_t
isa_asm_kernel(enum isa_gen gen, const char *text, uint8_t *out, size_t size,
               char *err, size_t err_size)
{
   char inst[2048];
   size_t used = 0, len = 0, off = 0;
   unsigned line = 0, first_line = 0;
   while (*text) {
      const char *eol = strchr(text, '\n');
      size_t n = eol ? (size_t)(eol - text) : strlen(text);
      line++;
      const char *s = text;
      text += n + (eol != NULL);
      while (n && (*s == ' ' || *s == '\t'))
         s++, n--;
      if (!n || (s[0] == '/' && s[1] == '/'))
         continue;
      if (!len)
         first_line = line;
      if (len + n + 2 >= sizeof(inst)) {
         snprintf(err, err_size, "line %u: instruction too long", first_line);
         return 0;
      }
      memcpy(inst + len, s, n);
      len += n;
      inst[len++] = '\n';
      inst[len] = '\0';
      /* the instruction ends with the line its ';' is on */
      char *c = strstr(inst, "/*");
      bool done = false;
      for (const char *q = inst; *q; q++) {
         if (c && q == c) {
            const char *e = strstr(c, "*/");
            if (!e)
               break;
            q = e + 1;
            c = strstr(e, "/*");
            continue;
         }
         done |= *q == ';';
      }
      if (!done)
         continue;
      struct isa_inst in;
      char msg[160];
      uint8_t bytes[16];
      if (!isa_asm_inst(gen, inst, &in, msg, sizeof(msg))) {
         snprintf(err, err_size, "line %u: %s", first_line, msg);
         return 0;
      }
      unsigned b = isa_encode(gen, &in, bytes);
      if (!b || off + b > size) {
         snprintf(err, err_size, "line %u: %s", first_line,
                  b ? "kernel does not fit" : "no encoding for this instruction");
         return 0;
      }
      memcpy(out + off, bytes, b);
      off += b;
      used++;
      len = 0;
   }
   if (len) {
      snprintf(err, err_size, "line %u: instruction without ';'", first_line);
      return 0;
   }
   (void)used;
   return off;
}
