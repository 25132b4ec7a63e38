/* Control-flow simplification:
 * - a conditional branch or switch on a constant becomes a branch; a
 *   selection header that no longer selects loses its merge annotation;
 * - unreachable blocks disappear, except those a reachable header names as
 *   merge or continue target (SPIR-V §2.11 keeps them): they are emptied
 *   and end in `unreachable`;
 * - a block whose only predecessor branches only to it is merged into that
 *   predecessor, unless structure names it (merge/continue target, loop
 *   header).  This removes the chains that inlining and the front end
 *   leave.  Phis are kept consistent with the new predecessors. */
#include <stdlib.h>
#include <string.h>

#include "ir_pass.h"

/* Removes the phi sources that flow in from `pred`. */
static void
drop_phi_edge(struct ir_block *b, struct ir_block *pred)
{
   ir_foreach_instr(i, b) {
      if (i->op != IR_OP_phi)
         break;
      uint32_t k = 0;
      for (uint32_t s = 0; s < i->num_srcs; s++) {
         if (i->phi_preds[s] == pred)
            continue;
         i->srcs[k] = i->srcs[s];
         i->phi_preds[k++] = i->phi_preds[s];
      }
      i->num_srcs = k;
   }
}

static bool
fold_constant_branch(struct ir_block *b)
{
   if ((b->term != IR_TERM_CBR && b->term != IR_TERM_SWITCH) || b->cond->op != IR_OP_const)
      return false;
   struct ir_block *taken;
   if (b->term == IR_TERM_CBR) {
      taken = b->succs[b->cond->value[0] ? 0 : 1];
   } else {
      unsigned bits = b->cond->type->bits;
      uint64_t m = bits >= 64 ? ~0ull : (1ull << bits) - 1;
      taken = b->succs[0];
      for (uint32_t c = 1; c < b->num_succs; c++)
         if ((b->case_values[c - 1] & m) == (b->cond->value[0] & m)) {
            taken = b->succs[c];
            break;
         }
   }
   for (uint32_t s = 0; s < b->num_succs; s++)
      if (b->succs[s] != taken)
         drop_phi_edge(b->succs[s], b);
   ir_block_set_succs(b, IR_TERM_BR, 1, &taken);
   b->cond = NULL;
   b->case_values = NULL;
   if (b->construct == IR_CONSTRUCT_SELECTION) {
      b->construct = IR_CONSTRUCT_NONE;
      b->merge = NULL;
   }
   return true;
}

static void
mark_reachable(struct ir_function *f, uint8_t *seen)
{
   uint32_t n = 0;
   struct ir_block **stack = malloc((f->num_blocks + 1) * sizeof(*stack));
   if (!stack)
      abort();
   seen[f->first->index] = 1;
   stack[n++] = f->first;
   while (n) {
      struct ir_block *b = stack[--n];
      for (uint32_t s = 0; s < b->num_succs; s++) {
         if (!seen[b->succs[s]->index]) {
            seen[b->succs[s]->index] = 1;
            stack[n++] = b->succs[s];
         }
      }
   }
   free(stack);
}

static bool
remove_unreachable(struct ir_function *f)
{
   ir_index(f);
   uint8_t *seen = calloc(f->num_blocks + 1, 1), *named = calloc(f->num_blocks + 1, 1);
   if (!seen || !named)
      abort();
   mark_reachable(f, seen);
   ir_foreach_block(b, f) {
      if (seen[b->index] && b->construct != IR_CONSTRUCT_NONE) {
         named[b->merge->index] = 1;
         if (b->cont)
            named[b->cont->index] = 1;
      }
   }
   bool progress = false;
   for (struct ir_block *b = f->first, *next; b; b = next) {
      next = b->next;
      if (seen[b->index])
         continue;
      for (uint32_t s = 0; s < b->num_succs; s++)
         drop_phi_edge(b->succs[s], b);
      if (named[b->index]) {
         if (b->term == IR_TERM_UNREACHABLE && !b->first)
            continue;
         b->first = b->last = NULL;
         ir_block_set_succs(b, IR_TERM_UNREACHABLE, 0, NULL);
         b->cond = NULL;
         b->construct = IR_CONSTRUCT_NONE;
         b->merge = b->cont = NULL;
      } else {
         ir_block_unlink(b);
      }
      progress = true;
   }
   free(seen);
   free(named);
   return progress;
}

static bool
named_by_structure(struct ir_function *f, const struct ir_block *x)
{
   ir_foreach_block(b, f)
      if (b->construct != IR_CONSTRUCT_NONE && (b->merge == x || b->cont == x))
         return true;
   return false;
}

static bool
merge_into_pred(struct ir_function *f, struct ir_block *b)
{
   if (b->num_preds != 1 || b == f->first || b->construct == IR_CONSTRUCT_LOOP)
      return false;
   struct ir_block *p = b->preds[0];
   if (p == b || p->term != IR_TERM_BR || p->construct != IR_CONSTRUCT_NONE ||
       named_by_structure(f, b))
      return false;
   /* with one predecessor every phi has one source: it is that value */
   while (b->first && b->first->op == IR_OP_phi) {
      struct ir_instr *phi = b->first;
      ir_replace_uses(f, phi, phi->srcs[0]);
      ir_instr_remove(phi);
   }
   for (struct ir_instr *i = b->first, *next; i; i = next) {
      next = i->next;
      ir_instr_remove(i);
      i->block = p;
      i->prev = p->last;
      if (p->last)
         p->last->next = i;
      else
         p->first = i;
      p->last = i;
   }
   p->term = b->term;
   p->cond = b->cond;
   p->num_succs = b->num_succs;
   p->succs = b->succs;
   p->case_values = b->case_values;
   p->construct = b->construct;
   p->merge = b->merge;
   p->cont = b->cont;
   for (uint32_t s = 0; s < p->num_succs; s++) {
      ir_foreach_instr(i, p->succs[s]) {
         if (i->op != IR_OP_phi)
            break;
         for (uint32_t k = 0; k < i->num_srcs; k++)
            if (i->phi_preds[k] == b)
               i->phi_preds[k] = p;
      }
   }
   ir_block_unlink(b);
   return true;
}

bool
ir_pass_cf(struct ir_shader *s)
{
   struct ir_function *f = s->entry;
   bool progress = false;
   ir_foreach_block(b, f)
      progress |= fold_constant_branch(b);
   progress |= remove_unreachable(f);
   ir_rebuild_preds(f);
   for (struct ir_block *b = f->first, *next; b; b = next) {
      next = b->next;
      if (merge_into_pred(f, b)) {
         progress = true;
         ir_rebuild_preds(f);
      }
   }
   return progress;
}
