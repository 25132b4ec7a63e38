/* Constant folding through ir_eval_instr, the same evaluator the reference
 * interpreter uses, so folded and executed results are bit-identical.
 * Folding rewrites the instruction into a const in place: its users keep
 * pointing at it. */
#include "ir_pass.h"

static bool
fold(struct ir_instr *i)
{
   if (i->op == IR_OP_const || i->op == IR_OP_phi || !i->num_srcs ||
       !ir_type_is_value(i->type))
      return false;
   const uint64_t *srcs[IR_MAX_COMPS];
   if (i->num_srcs > IR_MAX_COMPS)
      return false;
   for (uint32_t s = 0; s < i->num_srcs; s++) {
      if (i->srcs[s]->op != IR_OP_const)
         return false;
      srcs[s] = i->srcs[s]->value;
   }
   uint64_t v[IR_MAX_COMPS];
   if (!ir_eval_instr(i, srcs, v))
      return false;
   for (unsigned c = 0; c < i->type->comps; c++)
      i->value[c] = v[c];
   i->op = IR_OP_const;
   i->num_srcs = 0;
   i->imm = 0;
   return true;
}

bool
ir_pass_const_fold(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(b, s->entry) {
      ir_foreach_instr(i, b)
         progress |= fold(i);
   }
   return progress;
}
