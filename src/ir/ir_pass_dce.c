/* Dead code elimination by marking: instructions with effects and branch
 * conditions are live, and so is everything they use.  Marking (not use
 * counts) also removes dead cycles of phis left by SSA construction. */
#include <stdlib.h>

#include "ir_pass.h"

/* Roots: memory writes, and every instruction that has an effect but no
 * value (barrier, demote, emit_vertex, end_primitive…). */
static bool
is_root(const struct ir_instr *i)
{
   if (i->op == IR_OP_store || i->op == IR_OP_atomic)
      return true;
   return i->type->kind == IR_TYPE_VOID && !(ir_op_infos[i->op].flags & IR_OP_PURE);
}

bool
ir_pass_dce(struct ir_shader *s)
{
   struct ir_function *f = s->entry;
   ir_index(f);
   uint8_t *live = calloc(f->num_values + 1, 1);
   uint32_t nv = 0, cap = 64;
   struct ir_instr **stack = malloc(cap * sizeof(*stack));
   if (!live || !stack)
      abort();
   /* void instructions share index 0; they are roots or dead anyway */
#define MARK(x)                                                             \
   do {                                                                     \
      struct ir_instr *x_ = (x);                                            \
      if (x_ && !live[x_->index]) {                                         \
         live[x_->index] = 1;                                               \
         if (nv == cap && !(stack = realloc(stack, (cap *= 2) * sizeof(*stack)))) \
            abort();                                                        \
         stack[nv++] = x_;                                                  \
      }                                                                     \
   } while (0)
   ir_foreach_block(b, f) {
      MARK(b->cond);
      ir_foreach_instr(i, b) {
         if (is_root(i)) {
            for (uint32_t k = 0; k < i->num_srcs; k++)
               MARK(i->srcs[k]);
         }
      }
   }
   while (nv) {
      struct ir_instr *i = stack[--nv];
      for (uint32_t k = 0; k < i->num_srcs; k++)
         MARK(i->srcs[k]);
   }
#undef MARK
   bool progress = false;
   ir_foreach_block(b, f) {
      ir_foreach_instr_safe(i, b) {
         if (!is_root(i) && !live[i->index]) {
            ir_instr_remove(i);
            progress = true;
         }
      }
   }
   free(live);
   free(stack);
   return progress;
}
