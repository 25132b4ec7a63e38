/* Common subexpression elimination by hashing pure instructions: an
 * instruction equal to an earlier one that dominates it is replaced by it.
 * Loads are not pure (memory may change) and are left alone. */
#include <stdlib.h>
#include <string.h>

#include "ir_pass.h"

static uint64_t
hash_instr(const struct ir_instr *i)
{
   uint64_t h = 1469598103934665603ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ull)
   MIX(i->op);
   MIX((uintptr_t)i->type);
   MIX(i->imm);
   MIX((uintptr_t)i->var);
   for (uint32_t s = 0; s < i->num_srcs; s++)
      MIX((uintptr_t)i->srcs[s]);
   if (i->op == IR_OP_const)
      for (unsigned c = 0; c < i->type->comps; c++)
         MIX(i->value[c]);
#undef MIX
   return h;
}

static bool
equal(const struct ir_instr *a, const struct ir_instr *b)
{
   if (a->op != b->op || a->type != b->type || a->imm != b->imm || a->var != b->var ||
       a->num_srcs != b->num_srcs)
      return false;
   for (uint32_t s = 0; s < a->num_srcs; s++)
      if (a->srcs[s] != b->srcs[s])
         return false;
   return a->op != IR_OP_const ||
          !memcmp(a->value, b->value, a->type->comps * sizeof(uint64_t));
}

static bool
dominates(const struct ir_instr *a, const struct ir_instr *b)
{
   if (a->block != b->block)
      return ir_block_dominates(a->block, b->block);
   for (const struct ir_instr *p = b->prev; p; p = p->prev)
      if (p == a)
         return true;
   return false;
}

static bool
candidate(const struct ir_instr *i)
{
   return (ir_op_infos[i->op].flags & IR_OP_PURE) && i->op != IR_OP_undef &&
          i->type->kind != IR_TYPE_VOID;
}

bool
ir_pass_cse(struct ir_shader *s)
{
   struct ir_function *f = s->entry;
   ir_compute_dominance(f);
   ir_index(f);
   uint32_t size = 1;
   while (size < 2 * f->num_values)
      size <<= 1;
   /* chained buckets: next[] threads instructions sharing a bucket */
   struct ir_instr **head = calloc(size, sizeof(*head));
   struct ir_instr **next = calloc(f->num_values + 1, sizeof(*next));
   if (!head || !next)
      abort();
   bool progress = false;
   ir_foreach_block(b, f) {
      if (b->rpo == UINT32_MAX)
         continue;
      ir_foreach_instr_safe(i, b) {
         if (!candidate(i))
            continue;
         uint32_t slot = (uint32_t)hash_instr(i) & (size - 1);
         struct ir_instr *match = NULL;
         for (struct ir_instr *c = head[slot]; c && !match; c = next[c->index])
            if (equal(c, i) && dominates(c, i))
               match = c;
         if (match) {
            ir_replace_uses(f, i, match);
            ir_instr_remove(i);
            progress = true;
            continue;
         }
         next[i->index] = head[slot];
         head[slot] = i;
      }
   }
   free(head);
   free(next);
   return progress;
}
