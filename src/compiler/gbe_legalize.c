/* Operand forms the EU accepts (PRM Vol 7 "Register Region Restrictions",
 * "Immediate" operands of each instruction):
 * - an operand may span at most two GRFs: wider instructions are split in
 *   halves (with the channel group moved along, so predicates and flags
 *   follow their channels);
 * - immediates: only the last source of a two-source instruction, none on
 *   three-source instructions (Gen7-9 encodings have no field for them)
 *   nor on math; 64-bit immediates only on mov;
 * - Ivy Bridge DF instructions: four channels at most (needs_split). */
#include <stdlib.h>

#include "gbe_lir.h"

static bool
is_three_src(enum isa_op op)
{
   return op == ISA_OP_MAD || op == ISA_OP_BFE || op == ISA_OP_BFI2 || op == ISA_OP_LRP;
}

static unsigned
max_span(const struct gbe_inst *i)
{
   unsigned span = gbe_reg_span(&i->dst, i->exec_size);
   for (unsigned s = 0; s < 3; s++) {
      unsigned x = gbe_reg_span(&i->src[s], i->exec_size);
      span = x > span ? x : span;
   }
   return span;
}

static struct gbe_reg
half_of(struct gbe_reg r, unsigned h, unsigned n)
{
   if (r.file == GBE_IMM || r.file == GBE_NULL || !r.stride)
      return r;
   return gbe_channel(r, h * n);
}

/* Splits i into two instructions of half its width; returns false on OOM. */
static bool
split(struct gbe_prog *p, struct gbe_inst *i)
{
   unsigned n = i->exec_size / 2;
   for (unsigned h = 0; h < 2; h++) {
      struct gbe_inst t = *i;
      t.exec_size = (uint8_t)n;
      t.group = (uint8_t)(i->group + h * n);
      t.dst = half_of(i->dst, h, n);
      for (unsigned s = 0; s < 3; s++)
         t.src[s] = half_of(i->src[s], h, n);
      if (!gbe_insert_before(p, i, &t))
         return false;
   }
   gbe_inst_remove(i);
   return true;
}

/* Ivy Bridge runs a compressed DF instruction's second half under the
 * first half's channel enables (Mesa, found on the hardware, splits
 * masked DF instructions to four channels there): four channels, one
 * GRF of DF, an instruction. */
static bool
needs_split(const struct gbe_prog *p, const struct gbe_inst *i)
{
   if (gbe_is_send(i) || gbe_is_branch(i->op) || i->op == GBE_OP_DO || i->exec_size <= 1)
      return false;
   if (i->exec_size > 4 && gbe_ivb_df_pairs(p->gen, i))
      return true;
   return max_span(i) > 64;
}

/* The operands gbe_emit can express in Ivy Bridge's DF pair form, where
 * channel c of every operand is the pair's first float 2c: DF operands,
 * 32-bit sources, and 32-bit destinations in the qword layout (stride
 * 2: the conversion writes the pair's first float). */
static bool
ivb_df_operands_ok(const struct gbe_inst *i)
{
   if (is_three_src(i->op))
      return false;
   const struct gbe_reg *d = &i->dst;
   unsigned dsz = isa_type_size((enum isa_type)d->type);
   if (d->file != GBE_NULL && dsz != 8 && (dsz != 4 || d->stride % 2 || d->indirect))
      return false;
   unsigned ns = gbe_op_num_srcs(i->op);
   for (unsigned s = 0; s < ns && s < 3; s++) {
      const struct gbe_reg *r = &i->src[s];
      unsigned sz = isa_type_size((enum isa_type)r->type);
      if (r->file != GBE_IMM && r->file != GBE_NULL && (r->indirect || (sz != 8 && sz != 4)))
         return false;
   }
   return true;
}

/* An immediate moved into a register of the instruction's width. */
static bool
imm_to_reg(struct gbe_prog *p, struct gbe_inst *i, unsigned s)
{
   struct gbe_reg imm = i->src[s];
   enum isa_type t = (enum isa_type)imm.type;
   if (t == ISA_TYPE_UV || t == ISA_TYPE_V || t == ISA_TYPE_VF)
      return true;
   struct gbe_reg r = gbe_vreg(p, t, 1);
   struct gbe_inst m = {
      .op = ISA_OP_MOV, .exec_size = 1, .group = 0, .we_all = true,
      .dst = r, .src = { imm, gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD) },
   };
   if (!gbe_insert_before(p, i, &m))
      return false;
   /* one element, read by every channel */
   r.stride = 0;
   i->src[s] = r;
   return true;
}

static bool
commutes(enum isa_op op)
{
   return op == ISA_OP_ADD || op == ISA_OP_MUL || op == ISA_OP_AND || op == ISA_OP_OR ||
          op == ISA_OP_XOR;
}

static bool
fix_immediates(struct gbe_prog *p, struct gbe_inst *i)
{
   if (gbe_is_send(i) || gbe_is_branch(i->op) || i->op == GBE_OP_DO)
      return true;
   unsigned ns = gbe_op_num_srcs(i->op);
   if (is_three_src(i->op) || i->op == ISA_OP_MATH) {
      for (unsigned s = 0; s < ns; s++) {
         if (i->src[s].file == GBE_IMM && !imm_to_reg(p, i, s))
            return false;
      }
      return true;
   }
   if (ns == 2 && i->src[0].file == GBE_IMM) {
      if (i->src[1].file != GBE_IMM && commutes(i->op)) {
         struct gbe_reg t = i->src[0];
         i->src[0] = i->src[1];
         i->src[1] = t;
      } else if (!imm_to_reg(p, i, 0)) {
         return false;
      }
   }
   for (unsigned s = 0; s < ns; s++) {
      struct gbe_reg *r = &i->src[s];
      if (r->file != GBE_IMM)
         continue;
      unsigned sz = isa_type_size((enum isa_type)r->type);
      if (sz == 8 && i->op != ISA_OP_MOV && !imm_to_reg(p, i, s))
         return false;
      /* byte immediates do not exist: the word form reads the same */
      if (r->type == ISA_TYPE_UB)
         r->type = ISA_TYPE_UW;
      else if (r->type == ISA_TYPE_B)
         r->type = ISA_TYPE_W;
   }
   return true;
}

bool
gbe_legalize(struct gbe_prog *p)
{
   gbe_foreach_inst_safe(i, p) {
      if (!fix_immediates(p, i))
         return false;
   }
   if (!gbe_lower_64bit_moves(p))
      return false;
   gbe_foreach_inst(i, p) {
      if (gbe_ivb_df_pairs(p->gen, i) && !ivb_df_operands_ok(i))
         return gbe_fail(p, "a DF instruction (%s) with operands Ivy Bridge's DF pair form "
                         "cannot express", isa_opcode_info(i->op)->name);
   }
   bool again = true;
   while (again) {
      again = false;
      gbe_foreach_inst_safe(i, p) {
         if (needs_split(p, i)) {
            if (!split(p, i))
               return false;
            again = true;
         }
      }
   }
   return !p->oom;
}
