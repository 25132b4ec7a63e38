/* Copy propagation: users of a value that merely forwards another value
 * (a mov, a bitcast to the same type, a phi whose sources are all one value
 * or itself, a vec that
 * reassembles one vector, an extract of a vec) use the original instead. */
#include <stdlib.h>

#include "ir_pass.h"

static struct ir_instr *
forwarded(struct ir_instr *i)
{
   switch (i->op) {
   case IR_OP_mov:
      return i->srcs[0];
   case IR_OP_bitcast:   /* int <-> uint casts of the front end */
      return i->srcs[0]->type == i->type ? i->srcs[0] : NULL;
   case IR_OP_phi: {
      struct ir_instr *same = NULL;
      for (uint32_t s = 0; s < i->num_srcs; s++) {
         if (i->srcs[s] == i || i->srcs[s] == same)
            continue;
         if (same)
            return NULL;
         same = i->srcs[s];
      }
      return same;
   }
   case IR_OP_vec: {
      struct ir_instr *src = i->srcs[0]->op == IR_OP_extract ? i->srcs[0]->srcs[0] : NULL;
      if (!src || src->type != i->type)
         return NULL;
      for (uint32_t s = 0; s < i->num_srcs; s++) {
         if (i->srcs[s]->op != IR_OP_extract || i->srcs[s]->srcs[0] != src ||
             i->srcs[s]->imm != s)
            return NULL;
      }
      return src;
   }
   case IR_OP_extract: {
      struct ir_instr *v = i->srcs[0];
      if (v->op != IR_OP_vec)
         return NULL;
      unsigned c = 0;
      for (uint32_t s = 0; s < v->num_srcs; s++) {
         unsigned n = v->srcs[s]->type->comps;
         if (i->imm < c + n)
            return n == 1 ? v->srcs[s] : NULL;
         c += n;
      }
      return NULL;
   }
   default:
      return NULL;
   }
}

bool
ir_pass_copy_prop(struct ir_shader *s)
{
   bool progress = false;
   struct ir_function *f = s->entry;
   struct ir_forwarding fw;
   if (!ir_forwarding_init(&fw, f))
      abort();
   ir_foreach_block(b, f) {
      ir_foreach_instr_safe(i, b) {
         ir_forward_srcs(&fw, i);
         struct ir_instr *to = forwarded(i);
         if (!to || to == i)
            continue;
         ir_forward(&fw, i, to);
         ir_instr_remove(i);
         progress = true;
      }
   }
   ir_forwarding_finish(&fw, f);
   return progress;
}
