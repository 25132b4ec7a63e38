/* Multiply-add contraction: a float add one of whose operands is a
 * product nothing else reads becomes one mad (PRM "mad": dst = src0 +
 * src1 * src2), the multiply dropped.
 *
 * vgpu models Gen's mad as rounding the product before it adds (and
 * gbe_isel.c's ffma relies on the same), so under the default float modes
 * (round to nearest even, single-precision denormals kept) the fusion
 * changes no result there.  Whether every generation's mad is unfused is
 * not something the tree can prove, so an operation SPIR-V marks
 * NoContraction (IR and LIR "exact") is never fused, as Vulkan requires of
 * a contraction; under other cr0 modes the kernel keeps its two
 * instructions.
 *
 * The operands are the ones the selection's ffma path gives mad: floats
 * in registers, packed or scalar; immediates would need moves of their
 * own (three-source instructions have none before Gen10) and gain
 * nothing. */
#include <stdlib.h>

#include "gbe_lir.h"

/* cr0.0 bits 5:4 (rounding mode) and 7 (single denormals kept): PRM
 * Vol 7 "Control Register", as gbe_isel.c's float_modes sets them. */
#define CR0_ROUND_MASK (3u << 4)
#define CR0_SINGLE_DENORMS (1u << 7)

/* Whether the kernel computes single floats under the default modes:
 * every cr0 write is an OR that keeps single denormals and sets no
 * rounding mode. */
static bool
default_float_modes(const struct gbe_prog *p)
{
   bool keeps_denormals = false;
   gbe_foreach_inst(i, p) {
      if (i->dst.file != GBE_ARF || i->dst.nr != ISA_ARF_CONTROL)
         continue;
      if (i->op != ISA_OP_OR || i->src[1].file != GBE_IMM || (i->src[1].imm & CR0_ROUND_MASK))
         return false;
      keeps_denormals |= (i->src[1].imm & CR0_SINGLE_DENORMS) != 0;
   }
   return keeps_denormals;
}

static bool
float_reg(const struct gbe_reg *r)
{
   return (r->file == GBE_VGRF || r->file == GBE_FIXED) && r->type == ISA_TYPE_F &&
          r->stride <= 1 && !r->indirect && !r->addr_of;
}

static bool
plain_float_op(const struct gbe_inst *i, enum isa_op op)
{
   return i->op == op && !i->pred && !i->cmod && i->dst.type == ISA_TYPE_F &&
          i->dst.file == GBE_VGRF && i->dst.stride == 1 && float_reg(&i->src[0]) &&
          float_reg(&i->src[1]);
}

static bool
same_place(const struct gbe_reg *a, const struct gbe_reg *b)
{
   return a->file == b->file && a->nr == b->nr && a->offset == b->offset &&
          a->stride == b->stride;
}

/* Whether i may write register r: any write of the payload's fixed
 * registers counts (a region may span several). */
static bool
writes_reg(const struct gbe_inst *i, const struct gbe_reg *r)
{
   return i->dst.file == r->file && (r->file == GBE_FIXED || i->dst.nr == r->nr);
}

/* m, before a in one straight-line stretch, with nothing between that
 * changes m's sources (a vreg or payload register written again). */
static bool
sources_hold(const struct gbe_inst *m, const struct gbe_inst *a)
{
   for (const struct gbe_inst *i = m->next; i != a; i = i->next) {
      if (gbe_is_branch(i->op) || i->op == GBE_OP_DO || i->dst.indirect ||
          writes_reg(i, &m->src[0]) || writes_reg(i, &m->src[1]))
         return false;
   }
   return true;
}

/* The multiply whose product add operand s reads, when it can fuse. */
static struct gbe_inst *
fusable_product(const struct gbe_inst *a, unsigned s, const uint32_t *defs,
                const uint32_t *reads, struct gbe_inst *const *def)
{
   const struct gbe_reg *r = &a->src[s];
   if (r->file != GBE_VGRF || r->abs || defs[r->nr] != 1 || reads[r->nr] != 1)
      return NULL;
   struct gbe_inst *m = def[r->nr];
   if (!plain_float_op(m, ISA_OP_MUL) || m->sat || m->exact || m->exec_size != a->exec_size ||
       m->group != a->group || m->we_all != a->we_all || !same_place(&m->dst, r) ||
       m->src[0].abs || m->src[1].abs)
      return NULL;
   for (const struct gbe_inst *i = m->next; i; i = i->next) {
      if (i == a)
         return sources_hold(m, a) ? m : NULL;
      if (gbe_is_branch(i->op) || i->op == GBE_OP_DO)
         return NULL;
   }
   return NULL;
}

/* a = c + m's product (the product negated when a reads it so). */
static void
fuse(struct gbe_inst *a, unsigned s, struct gbe_inst *m)
{
   struct gbe_reg c = a->src[1 - s], x = m->src[0], y = m->src[1];
   if (a->src[s].neg)
      x.neg = !x.neg;
   a->op = ISA_OP_MAD;
   a->src[0] = c;
   a->src[1] = x;
   a->src[2] = y;
   gbe_inst_remove(m);
}

bool
gbe_fuse_mad(struct gbe_prog *p)
{
   if (!default_float_modes(p))
      return false;
   uint32_t n = p->num_vregs ? p->num_vregs : 1;
   uint32_t *defs = calloc(n, sizeof(*defs)), *reads = calloc(n, sizeof(*reads));
   struct gbe_inst **def = calloc(n, sizeof(*def));
   if (!defs || !reads || !def) {
      free(defs);
      free(reads);
      free(def);
      p->oom = true;
      return false;
   }
   gbe_foreach_inst(i, p) {
      for (unsigned s = 0; s < 3; s++) {
         if (i->src[s].file == GBE_VGRF)
            reads[i->src[s].nr]++;
      }
      if (i->dst.file == GBE_VGRF && !defs[i->dst.nr]++)
         def[i->dst.nr] = i;
   }
   bool progress = false;
   gbe_foreach_inst(a, p) {
      if (!plain_float_op(a, ISA_OP_ADD) || a->exact)
         continue;
      for (unsigned s = 0; s < 2; s++) {
         struct gbe_inst *m = fusable_product(a, s, defs, reads, def);
         if (!m || !float_reg(&a->src[1 - s]) || a->src[1 - s].abs)
            continue;
         fuse(a, s, m);
         progress = true;
         break;
      }
   }
   free(defs);
   free(reads);
   free(def);
   return progress;
}
