/* Vector scalarisation: component-wise operations on vectors become one
 * scalar operation per component, reassembled with vec.  The Gen back end
 * runs SIMD8/16/32 across invocations (one channel per invocation), where a
 * vector op is just several scalar ops; copy_prop then removes the
 * extract/vec pairs this leaves between scalarised operations. */
#include "ir_builder.h"
#include "ir_pass.h"

static bool
componentwise(const struct ir_instr *i)
{
   switch (ir_op_infos[i->op].cls) {
   case IR_CLASS_UNOP: case IR_CLASS_BINOP: case IR_CLASS_TRIOP:
   case IR_CLASS_SHIFT: case IR_CLASS_CMP: case IR_CLASS_CONV:
      return i->type->comps > 1;
   default:
      return (i->op == IR_OP_select || i->op == IR_OP_ubfe || i->op == IR_OP_sbfe ||
              i->op == IR_OP_bfi) && i->type->comps > 1;
   }
}

static void
scalarize(struct ir_shader *s, struct ir_instr *i)
{
   struct ir_builder b;
   ir_builder_before(&b, i);
   const struct ir_type *st = ir_type_scalar(s, i->type);
   struct ir_instr *comps[IR_MAX_COMPS];
   for (unsigned c = 0; c < i->type->comps; c++) {
      struct ir_instr *srcs[4];
      for (uint32_t k = 0; k < i->num_srcs; k++)
         srcs[k] = ir_extract(&b, i->srcs[k], c);   /* scalars pass through */
      comps[c] = ir_build(&b, i->op, st, i->num_srcs, srcs);
      comps[c]->imm = i->imm;
      comps[c]->exact = i->exact;
   }
   ir_replace_uses(b.func, i, ir_vec(&b, i->type->comps, comps));
   ir_instr_remove(i);
}

bool
ir_pass_scalarize(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(blk, s->entry) {
      ir_foreach_instr_safe(i, blk) {
         if (componentwise(i) && i->num_srcs <= 4) {
            scalarize(s, i);
            progress = true;
         }
      }
   }
   return progress;
}
