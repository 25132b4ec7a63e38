/* Dominator tree by the iterative algorithm of Cooper, Harvey and Kennedy,
 * "A Simple, Fast Dominance Algorithm" (2001). */
#include <stdlib.h>

#include "ir.h"

static void
dfs_postorder(struct ir_block *b, struct ir_block **order, uint32_t *n, uint8_t *seen)
{
   /* Iterative DFS: malformed or generated shaders can be deep. */
   struct frame { struct ir_block *b; uint32_t next; };
   uint32_t cap = b->func->num_blocks + 1, sp = 0;
   struct frame *stack = malloc(cap * sizeof(*stack));
   if (!stack)
      abort();
   seen[b->index] = 1;
   stack[sp++] = (struct frame){ b, 0 };
   while (sp) {
      struct frame *fr = &stack[sp - 1];
      if (fr->next < fr->b->num_succs) {
         struct ir_block *s = fr->b->succs[fr->next++];
         /* a successor outside the function is the validator's to report */
         if (!s || s->func != fr->b->func || s->index >= cap - 1)
            continue;
         if (!seen[s->index]) {
            seen[s->index] = 1;
            stack[sp++] = (struct frame){ s, 0 };
         }
         continue;
      }
      order[(*n)++] = fr->b;
      sp--;
   }
   free(stack);
}

static struct ir_block *
intersect(struct ir_block *a, struct ir_block *b)
{
   while (a != b) {
      while (a->rpo > b->rpo)
         a = a->idom;
      while (b->rpo > a->rpo)
         b = b->idom;
   }
   return a;
}

void
ir_compute_dominance(struct ir_function *f)
{
   uint32_t nb = 0;
   ir_foreach_block(b, f) {
      b->index = nb++;
      b->rpo = UINT32_MAX;
      b->idom = NULL;
   }
   f->num_blocks = nb;
   if (!nb)
      return;
   struct ir_block **post = malloc(nb * sizeof(*post));
   uint8_t *seen = calloc(nb, 1);
   if (!post || !seen)
      abort();
   uint32_t n = 0;
   dfs_postorder(f->first, post, &n, seen);
   for (uint32_t i = 0; i < n; i++)
      post[i]->rpo = n - 1 - i;

   struct ir_block *entry = f->first;
   entry->idom = entry;
   for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = n - 1; i-- > 0;) {   /* reverse postorder, skip entry */
         struct ir_block *b = post[i], *idom = NULL;
         for (uint32_t p = 0; p < b->num_preds; p++) {
            struct ir_block *pred = b->preds[p];
            if (!pred->idom)
               continue;
            idom = idom ? intersect(pred, idom) : pred;
         }
         if (idom != b->idom) {
            b->idom = idom;
            changed = true;
         }
      }
   }
   free(post);
   free(seen);
}

bool
ir_block_dominates(const struct ir_block *a, const struct ir_block *b)
{
   if (a->rpo == UINT32_MAX || b->rpo == UINT32_MAX)
      return false;
   for (;;) {
      if (a == b)
         return true;
      if (b->idom == b)
         return false;
      b = b->idom;
   }
}
