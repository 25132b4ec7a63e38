/* From allocated LIR to machine code: each instruction becomes a struct
 * isa_inst and src/isa encodes it.  Branch targets (PRM Vol 7 "Branch
 * and Control Flow Instructions", JIP/UIP) are resolved over the native
 * layout, then isa_kernel_set_compaction compacts what it can and moves
 * the targets along.  The operand fields an instruction's text leaves
 * implicit come from src/isa (isa_implicit_operands, and for sends, sync
 * and wait the assembler's parse of a template), so those conventions
 * live there only. */
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"

struct templates {
   struct isa_inst send, sends, sync, wait;
};

static bool
parse(enum isa_gen gen, const char *text, struct isa_inst *out)
{
   char err[128];
   return isa_asm_inst(gen, text, out, err, sizeof(err));
}

static bool
load_templates(enum isa_gen gen, struct templates *t)
{
   memset(t, 0, sizeof(*t));
   if (gen >= ISA_GEN12) {
      return parse(gen, "send(8) g10UD g2UD nullUD 0x02000000 0x00000000\n"
                        "    sampler MsgDesc: x { align1 1Q };", &t->send) &&
             parse(gen, "sync nop(1) null<0,1,0>UB { align1 WE_all 1N };", &t->sync);
   }
   /* Gen9-11: a message with a second payload is a split send (sends) */
   if (gen >= ISA_GEN9 && !parse(gen, "sends(8) g10UD g2UD g4UD 0x02000000 0x00000000\n"
                                      "    sampler MsgDesc: x { align1 1Q };", &t->sends))
      return false;
   return parse(gen, "send(8) g10<1>UD g2<8,8,1>UD 0x02000000\n"
                     "    sampler MsgDesc: x { align1 1Q };", &t->send) &&
          parse(gen, "wait(1) n0<1>UD { align1 WE_all 1N };", &t->wait);
}

static unsigned
log2u(unsigned x)
{
   return x <= 1 ? 0 : 32 - (unsigned)__builtin_clz(x - 1);
}

/* Quarter and nibble control of a channel group (PRM "Execution Mask
 * Control"): groups of 8 are quarters, smaller widths nibbles. */
static void
set_group(struct isa_inst *in, unsigned exec_size, unsigned group)
{
   in->exec_size = (uint8_t)log2u(exec_size);
   if (exec_size >= 8 || exec_size == 1) {
      in->qtr_ctrl = (uint8_t)(group / 8);
      in->nib_ctrl = 0;
   } else {
      in->qtr_ctrl = (uint8_t)(group / 8);
      in->nib_ctrl = (uint8_t)((group / 4) & 1);
   }
}

static uint8_t
hstride_code(unsigned stride)
{
   return stride == 0 ? 0 : stride == 1 ? 1 : stride == 2 ? 2 : 3;
}

static struct isa_reg
dst_reg(const struct gbe_reg *r)
{
   struct isa_reg d = { .type = r->type, .hstride = 1 };
   if (r->file == GBE_NULL) {
      d.file = ISA_FILE_ARF;
      d.nr = ISA_ARF_NULL;
      return d;
   }
   d.file = r->file == GBE_ARF ? ISA_FILE_ARF : ISA_FILE_GRF;
   d.nr = (uint8_t)(r->nr + (r->file == GBE_ARF ? 0 : r->offset / 32));
   d.subnr = (uint8_t)(r->file == GBE_ARF ? r->offset : r->offset % 32);
   d.hstride = hstride_code(r->stride ? r->stride : 1);
   return d;
}

/* A register-indirect source: g[a0.n imm] with a VxH region (an address
 * per channel) or <0;1,0> (one for all); the register fields are unused. */
static struct isa_reg
indirect_src(const struct gbe_reg *r, struct isa_reg s)
{
   s.file = ISA_FILE_GRF;
   s.indirect = true;
   s.addr_subnr = r->addr_subnr;
   s.addr_imm = (uint16_t)(r->imm & 0x3ff);
   s.vstride = r->stride ? 0xf : 0;
   s.width = 0;
   s.hstride = 0;
   return s;
}

static struct isa_reg
src_reg(const struct gbe_reg *r, unsigned exec_size)
{
   struct isa_reg s = { .type = r->type, .negate = r->neg, .abs = r->abs };
   if (r->indirect)
      return indirect_src(r, s);
   if (r->addr_of) {
      /* the allocated register's byte address, a word immediate */
      uint32_t a = (r->nr * 32 + r->offset) & 0xffff;
      s.file = ISA_FILE_IMM;
      s.type = ISA_TYPE_UW;
      s.imm = a | a << 16;
      return s;
   }
   switch (r->file) {
   case GBE_IMM:
      s.file = ISA_FILE_IMM;
      s.imm = r->imm;
      /* a word immediate fills both halves of the 32-bit field (PRM
       * "Immediate": the hardware reads either half); a packed vector
       * (V, UV: eight 4-bit values, whose element size is 2) is all bits */
      if (isa_type_size(r->type) == 2 && r->type != ISA_TYPE_UV && r->type != ISA_TYPE_V)
         s.imm = (r->imm & 0xffff) | (r->imm & 0xffff) << 16;
      return s;
   case GBE_NULL:
      s.file = ISA_FILE_ARF;
      s.nr = ISA_ARF_NULL;
      return s;
   default:
      break;
   }
   s.file = r->file == GBE_ARF ? ISA_FILE_ARF : ISA_FILE_GRF;
   s.nr = (uint8_t)(r->nr + (r->file == GBE_ARF ? 0 : r->offset / 32));
   s.subnr = (uint8_t)(r->file == GBE_ARF ? r->offset : r->offset % 32);
   if (!r->stride || exec_size == 1) {
      s.vstride = 0, s.width = 0, s.hstride = 0;
      return s;
   }
   /* one row per GRF: width elements of the stride fit 32 bytes */
   unsigned esz = isa_type_size(r->type), w = exec_size;
   while (w > 1 && w * r->stride * esz > 32)
      w /= 2;
   s.width = (uint8_t)log2u(w);
   s.hstride = hstride_code(r->stride);
   s.vstride = (uint8_t)(log2u(w * r->stride) + 1);
   return s;
}

/* Gen7-9 encode three-source instructions in Align16 only: every
 * channel's vec4 swizzle is the identity, and a scalar source is a
 * replicated element (PRM "3-Src Align16 Instructions"). */
static void
align16_3src(struct isa_inst *in, const struct gbe_inst *i)
{
   in->align16 = true;
   in->dst.writemask = 0xf;
   in->dst.hstride = 1;
   for (unsigned s = 0; s < 3; s++) {
      struct isa_reg *r = &in->src[s];
      if (!i->src[s].stride) {
         r->rep_ctrl = true;
         r->vstride = r->width = r->hstride = 0;
         r->swizzle = 0;
      } else {
         r->vstride = 3, r->width = 2, r->hstride = 1;
         r->swizzle = 0xe4;
      }
   }
}

static uint8_t
vstride_code(unsigned elems)
{
   return elems ? (uint8_t)(log2u(elems) + 1) : 0;
}

/* Ivy Bridge's DF form: "each DF operand uses an element size of 4
 * rather than 8 and all regioning parameters are twice what the values
 * would be based on the true element size: ExecSize, Width, HorzStride,
 * and VertStride.  Each DF operand uses a pair of channels" (IVB PRM
 * Vol 4 "EU Changes by Processor Generation"; "Special Requirements for
 * Handling Double Precision Data Types": Align1 regions are pairs of
 * packed floats, 64-bit aligned).  Channel c of every operand is the
 * pair's first float 2c: a DF region counts floats with HorzStride 1
 * (a scalar <0;2,1>, or <2;2,1> when ExecSize is one pair, which must
 * equal VertStride); a 32-bit source is read at float 2c, so <s;2,0>
 * gives channel c the element c * s (Mesa's F->DF regions); a 32-bit
 * destination of stride 2s (the qword layout) is written at float 2c,
 * HorzStride s.  The mask bits stay one per DF channel: quarter and
 * nibble control name the DF channel group (legalisation keeps these
 * instructions at four channels). */
static void
ivb_df_regions(struct isa_inst *in, const struct gbe_inst *i)
{
   in->exec_size = (uint8_t)log2u(2 * i->exec_size);
   in->qtr_ctrl = (uint8_t)(i->group / 8);
   in->nib_ctrl = (uint8_t)((i->group / 4) & 1);
   if (i->dst.file != GBE_NULL && isa_type_size((enum isa_type)i->dst.type) == 4)
      in->dst.hstride = hstride_code(i->dst.stride / 2);
   unsigned ns = gbe_op_num_srcs(i->op);
   for (unsigned s = 0; s < ns && s < 3; s++) {
      const struct gbe_reg *r = &i->src[s];
      struct isa_reg *x = &in->src[s];
      if (r->file == GBE_IMM || r->file == GBE_NULL)
         continue;
      unsigned stride = i->exec_size == 1 ? 0 : r->stride;
      if (isa_type_size((enum isa_type)r->type) == 4) {
         if (stride) {
            x->vstride = vstride_code(stride);
            x->width = (uint8_t)log2u(2);
            x->hstride = 0;
         }
         continue;
      }
      unsigned w = stride == 1 ? 2 * i->exec_size : 2;
      unsigned vs = i->exec_size == 1 ? 2 : stride == 1 ? w : 2 * stride;
      x->width = (uint8_t)log2u(w);
      x->hstride = 1;
      x->vstride = vstride_code(vs);
   }
}

static bool
is_three_src(enum isa_op op)
{
   return op == ISA_OP_MAD || op == ISA_OP_BFE || op == ISA_OP_BFI2 || op == ISA_OP_LRP;
}

static void
common_fields(struct isa_inst *in, const struct gbe_inst *i, bool gen_has_thread_ctrl)
{
   set_group(in, i->exec_size, i->group);
   in->mask_ctrl = i->we_all;
   in->pred_ctrl = i->pred;
   in->pred_inv = i->pred_inv;
   in->flag_nr = i->flag / 2;
   in->flag_subnr = i->flag % 2;
   in->swsb = i->swsb;
   if (i->thread_switch && gen_has_thread_ctrl)
      in->thread_ctrl = 2;
}

static bool
to_isa(enum isa_gen gen, const struct templates *t, const struct gbe_inst *i, struct isa_inst *in)
{
   if (gbe_is_branch(i->op)) {
      memset(in, 0, sizeof(*in));
      in->op = i->op;
      common_fields(in, i, gen <= ISA_GEN11);
      isa_implicit_operands(gen, in);
      return true;
   }
   if (gbe_is_send(i)) {
      *in = i->ex_mlen && gen < ISA_GEN12 ? t->sends : t->send;
      common_fields(in, i, gen <= ISA_GEN11);
      struct isa_reg dt = in->dst, st = in->src[0];
      in->dst.file = i->dst.file == GBE_NULL ? ISA_FILE_ARF : ISA_FILE_GRF;
      in->dst.nr = i->dst.file == GBE_NULL ? ISA_ARF_NULL : (uint8_t)(i->dst.nr + i->dst.offset / 32);
      in->dst.type = dt.type;
      in->src[0].nr = (uint8_t)(i->src[0].nr + i->src[0].offset / 32);
      in->src[0].type = st.type;
      in->sfid = i->sfid;
      in->desc = i->desc;
      in->ex_desc = i->ex_desc;
      in->eot = i->eot;
      if (i->ex_mlen) {
         /* the data part of a split send (PRM Vol 2a "sends": src1) */
         in->src[1].file = ISA_FILE_GRF;
         in->src[1].nr = (uint8_t)(i->src[1].nr + i->src[1].offset / 32);
      }
      if (i->src[1].file == GBE_ARF) {
         /* the descriptor in a0.0 (gbe_send_indirect): src1 before
          * Gen12, a flag of the split send on Gen12 */
         in->desc_is_reg = true;
         if (gen < ISA_GEN12)
            in->src[1] = src_reg(&i->src[1], 1);
      }
      return true;
   }
   if (i->op == ISA_OP_SYNC) {
      *in = t->sync;
      common_fields(in, i, gen <= ISA_GEN11);
      in->cond_mod = i->cmod;
      return true;
   }
   if (i->op == ISA_OP_WAIT) {
      *in = t->wait;
      common_fields(in, i, gen <= ISA_GEN11);
      return true;
   }
   memset(in, 0, sizeof(*in));
   in->op = i->op;
   common_fields(in, i, gen <= ISA_GEN11);
   in->cond_mod = i->cmod;
   in->saturate = i->sat;
   /* mach updates the accumulator it completes (PRM "mach": AccWrEn) */
   in->acc_wr = i->op == ISA_OP_MACH;
   in->dst = dst_reg(&i->dst);
   unsigned ns = gbe_op_num_srcs(i->op);
   for (unsigned s = 0; s < ns && s < 3; s++)
      in->src[s] = src_reg(&i->src[s], i->exec_size);
   if (gbe_ivb_df_pairs(gen, i))
      ivb_df_regions(in, i);
   isa_implicit_operands(gen, in);
   if (is_three_src(i->op)) {
      in->exec_type = i->dst.type == ISA_TYPE_F || i->dst.type == ISA_TYPE_DF ||
                      i->dst.type == ISA_TYPE_HF;
      if (gen <= ISA_GEN9)
         align16_3src(in, i);
   }
   return true;
}

/* ---- branch targets ---- */

/* The innermost block end after instruction at: the first ELSE, ENDIF
 * or WHILE not inside a construct that starts after it. */
static struct gbe_inst *
block_end(struct gbe_prog *p, struct gbe_inst *at)
{
   int depth = 0;
   for (struct gbe_inst *i = at->next; i != &p->head; i = i->next) {
      if (i->op == ISA_OP_IF || i->op == GBE_OP_DO) {
         depth++;
      } else if (i->op == ISA_OP_ENDIF || i->op == ISA_OP_WHILE) {
         if (!depth)
            return i;
         depth--;
      } else if (i->op == ISA_OP_ELSE && !depth) {
         return i;
      }
   }
   return NULL;
}

static struct gbe_inst *
next_real(struct gbe_prog *p, struct gbe_inst *i)
{
   for (i = i->next; i != &p->head && i->op == GBE_OP_DO; i = i->next)
      ;
   return i;
}

static bool
link_branches(struct gbe_prog *p)
{
   struct gbe_inst *ifs[64], *elses[64], *dos[64], *halt_target = NULL;
   unsigned nif = 0, ndo = 0;
   gbe_foreach_inst(i, p) {
      if (i->op == ISA_OP_HALT && i->next->op == ISA_OP_MOV && i->next->we_all)
         halt_target = i;
   }
   gbe_foreach_inst(i, p) {
      switch ((unsigned)i->op) {
      case ISA_OP_IF:
         if (nif == 64)
            return gbe_fail(p, "IFs nested deeper than 64");
         elses[nif] = NULL;
         ifs[nif++] = i;
         break;
      case ISA_OP_ELSE:
         if (!nif)
            return gbe_fail(p, "ELSE outside an IF");
         elses[nif - 1] = i;
         break;
      case ISA_OP_ENDIF: {
         if (!nif)
            return gbe_fail(p, "ENDIF outside an IF");
         nif--;
         struct gbe_inst *f = ifs[nif], *e = elses[nif];
         /* IF jumps past the ELSE, the ELSE to the ENDIF */
         f->jip = e ? next_real(p, e) : i;
         f->uip = i;
         if (e)
            e->jip = e->uip = i;
         i->jip = next_real(p, i);
         break;
      }
      case GBE_OP_DO:
         if (ndo == 64)
            return gbe_fail(p, "loops nested deeper than 64");
         dos[ndo++] = i;
         break;
      case ISA_OP_WHILE:
         if (!ndo)
            return gbe_fail(p, "WHILE outside a loop");
         i->jip = next_real(p, dos[--ndo]);
         break;
      default:
         break;
      }
   }
   if (nif || ndo)
      return gbe_fail(p, "unbalanced control flow");
   /* BREAK/CONT: UIP the loop's WHILE; HALT: UIP the HALT target; JIP the
    * innermost block end (where a channel could be enabled again) */
   gbe_foreach_inst(i, p) {
      if (i->op != ISA_OP_BREAK && i->op != ISA_OP_CONT && i->op != ISA_OP_HALT)
         continue;
      if (i == halt_target) {
         i->jip = i->uip = next_real(p, i);
         continue;
      }
      struct gbe_inst *end = block_end(p, i);
      if (i->op == ISA_OP_HALT) {
         i->uip = halt_target;
         i->jip = end ? end : halt_target;
         if (!halt_target)
            return gbe_fail(p, "HALT without its target");
         continue;
      }
      int depth = 0;
      struct gbe_inst *w = NULL;
      for (struct gbe_inst *x = i->next; x != &p->head && !w; x = x->next) {
         if (x->op == GBE_OP_DO)
            depth++;
         else if (x->op == ISA_OP_WHILE && !depth--)
            w = x;
      }
      if (!w)
         return gbe_fail(p, "BREAK or CONT outside a loop");
      i->uip = w;
      i->jip = end ? end : w;
   }
   return true;
}

/* Gen7/7.5 hold JIP and UIP in 16-bit signed fields counting 64-bit units
 * (IVB/HSW PRM Vol 4 Part 3 "EU ISA", branch instruction format: JIP and
 * UIP in the bits of src1), 16383 native instructions either way; Gen8+
 * in 32-bit byte counts, far beyond GBE_MAX_KERNEL_BYTES.  Compaction
 * re-targets the native encoding, so the native distance must fit. */
static bool
branch_fits(enum isa_gen gen, int32_t offset)
{
   return gen > ISA_GEN75 || (offset >= INT16_MIN && offset <= INT16_MAX);
}

bool
gbe_emit_code(struct gbe_prog *p, struct gbe_kernel *k)
{
   struct templates t;
   if (!load_templates(p->gen, &t))
      return gbe_fail(p, "the assembler has no templates for %s", isa_gen_name(p->gen));
   if (!link_branches(p))
      return false;
   uint32_t n = 0;
   gbe_foreach_inst(i, p) {
      i->ip = n;
      if (i->op != GBE_OP_DO)
         n++;
   }
   uint8_t *native = malloc((size_t)n * 16 + 16);
   uint8_t *out = malloc((size_t)n * 16 + 16);
   if (!native || !out) {
      free(native);
      free(out);
      p->oom = true;
      return false;
   }
   /* Gen7/7.5 count jumps in 64-bit units, later generations in bytes */
   int scale = p->gen <= ISA_GEN75 ? 2 : 16;
   struct gbe_stats *st = &k->stats;
   memset(st, 0, sizeof(*st));
   gbe_foreach_inst(i, p) {
      if (i->op == GBE_OP_DO)
         continue;
      struct isa_inst in;
      to_isa(p->gen, &t, i, &in);
      if (i->jip)
         in.jip = ((int32_t)i->jip->ip - (int32_t)i->ip) * scale;
      if (i->uip && isa_branch_has_uip(p->gen, i->op))
         in.uip = ((int32_t)i->uip->ip - (int32_t)i->ip) * scale;
      if (!branch_fits(p->gen, in.jip) || !branch_fits(p->gen, in.uip)) {
         free(native);
         free(out);
         int32_t far = branch_fits(p->gen, in.jip) ? in.uip : in.jip;
         return gbe_fail(p, "the branch at instruction %u jumps %d instructions, beyond "
                         "%s's branch range (JIP/UIP: signed 16-bit counts of 64-bit "
                         "units, 16383 instructions)", i->ip, far / scale,
                         isa_gen_name(p->gen));
      }
      in.compacted = false;
      if (isa_encode(p->gen, &in, native + i->ip * 16) != 16) {
         char text[256];
         isa_disasm_inst(p->gen, &in, text, sizeof(text));
         free(native);
         free(out);
         return gbe_fail(p, "instruction %u cannot be encoded on %s: %s", i->ip,
                         isa_gen_name(p->gen), text);
      }
      st->instructions++;
      st->sends += gbe_is_send(i);
      st->loops += i->op == ISA_OP_WHILE;
   }
   size_t size = (size_t)n * 16;
   if (!p->opt->no_compact) {
      size = isa_kernel_set_compaction(p->gen, native, size, true, out, (size_t)n * 16 + 16);
      if (!size) {
         free(native);
         free(out);
         return gbe_fail(p, "compaction failed on %s", isa_gen_name(p->gen));
      }
   } else {
      memcpy(out, native, size);
   }
   free(native);
   if (size > GBE_MAX_KERNEL_BYTES) {
      free(out);
      return gbe_fail(p, "the kernel takes %zu bytes, more than the %u bytes of the "
                      "largest kernel (GBE_MAX_KERNEL_BYTES)", size, GBE_MAX_KERNEL_BYTES);
   }
   k->code = out;
   k->code_size = (uint32_t)size;
   st->grfs = p->grfs_used;
   st->cycles = gbe_estimate_cycles(p);
   return true;
}
