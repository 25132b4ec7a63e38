/* Function and private variables of value type whose every use is a
 * load or store, directly or through one vector component, become SSA
 * values (a component store becomes an insert into the current value): minimal SSA by dominance
 * frontiers (Cytron et al. 1991), renaming along the dominator tree.
 * Phis that turn out unused are left to DCE, trivial ones to copy_prop. */
#include <stdlib.h>
#include <string.h>

#include "ir_builder.h"
#include "ir_pass.h"

struct ssa_ctx {
   struct ir_shader *s;
   struct ir_function *f;
   struct ir_block **blocks;      /* by index */
   uint32_t nb, nv;
   int32_t *slot;                 /* var index -> promoted slot or -1 */
   uint32_t nslots;
   struct ir_var **slot_var;
   struct ir_instr ***phi_of;     /* [block][slot] placed phi or NULL */
   struct ir_instr **cur;         /* [slot] current definition during renaming */
   struct ir_forwarding fw;       /* removed loads -> their values */
};

static bool
local_storage(enum ir_storage st)
{
   return st == IR_STORAGE_FUNCTION || st == IR_STORAGE_PRIVATE;
}

/* A variable is promotable when its derefs feed loads and store addresses only. */
static void
find_promotable(struct ssa_ctx *c)
{
   uint8_t *bad = calloc(c->nv + 1, 1);
   ir_foreach_block(b, c->f) {
      ir_foreach_instr(i, b) {
         for (uint32_t k = 0; k < i->num_srcs; k++) {
            struct ir_instr *d = i->srcs[k];
            bool access = (i->op == IR_OP_load) || (i->op == IR_OP_store && k == 0);
            if (d->op == IR_OP_deref_var) {
               bool comp = i->op == IR_OP_deref_array && k == 0 && d->var->type->comps > 1;
               if (!access && !comp)
                  bad[d->var->index] = 1;
            } else if (d->op == IR_OP_deref_array && d->srcs[0]->op == IR_OP_deref_var) {
               if (!access)
                  bad[d->srcs[0]->var->index] = 1;
            }
         }
         if (b->cond && b->cond->op == IR_OP_deref_var)
            bad[b->cond->var->index] = 1;
      }
   }
   c->slot = malloc((c->nv + 1) * sizeof(*c->slot));
   c->slot_var = malloc((c->nv + 1) * sizeof(*c->slot_var));
   for (uint32_t v = 0; v < c->nv; v++) {
      struct ir_var *var = c->s->vars[v];
      c->slot[v] = -1;
      if (!var->promoted && !bad[v] && local_storage(var->storage) &&
          ir_type_is_value(var->type)) {
         c->slot_var[c->nslots] = var;
         c->slot[v] = (int32_t)c->nslots++;
      }
   }
   free(bad);
}

static int32_t
slot_of(struct ssa_ctx *c, const struct ir_instr *ptr)
{
   return ptr->op == IR_OP_deref_var ? c->slot[ptr->var->index] : -1;
}

/* The promoted slot a load/store address names, and the vector component
 * (NULL = whole value). */
static int32_t
access_slot(struct ssa_ctx *c, const struct ir_instr *i, struct ir_instr **comp)
{
   *comp = NULL;
   if ((i->op != IR_OP_load && i->op != IR_OP_store) || !i->num_srcs)
      return -1;
   const struct ir_instr *p = i->srcs[0];
   if (p->op == IR_OP_deref_array && p->srcs[0]->op == IR_OP_deref_var) {
      *comp = p->srcs[1];
      p = p->srcs[0];
   }
   return slot_of(c, p);
}

static struct ir_instr *current(struct ssa_ctx *c, uint32_t sl);

/* Replaces a load or store of a promoted variable; a store's value (or
 * the vector with the stored component inserted) becomes current. */
static void
rewrite_access(struct ssa_ctx *c, struct ir_instr *i, uint32_t sl, struct ir_instr *comp)
{
   struct ir_builder b;
   ir_builder_before(&b, i);
   struct ir_instr *cur = current(c, sl);
   bool is_const = comp && comp->op == IR_OP_const;
   /* a constant component past the end is an out-of-bounds access:
    * undefined, so the store is dropped and the load reads undef */
   bool outside = is_const && comp->value[0] >= cur->type->comps;
   if (i->op == IR_OP_store) {
      struct ir_instr *v = i->srcs[1];
      if (outside)
         v = cur;
      else if (is_const)
         v = ir_insert(&b, cur, v, (unsigned)comp->value[0]);
      else if (comp)
         v = ir_alu3(&b, IR_OP_insert_dyn, cur->type, cur, v, comp);
      c->cur[sl] = v;
   } else {
      struct ir_instr *v = cur;
      if (outside)
         v = ir_undef(&b, i->type);
      else if (is_const)
         v = ir_extract(&b, cur, (unsigned)comp->value[0]);
      else if (comp)
         v = ir_alu2(&b, IR_OP_extract_dyn, i->type, cur, comp);
      ir_forward(&c->fw, i, v);
   }
   ir_instr_remove(i);
}

/* Dominance frontier as bitsets per block. */
static uint8_t *
frontiers(struct ssa_ctx *c)
{
   uint8_t *df = calloc((size_t)c->nb * c->nb, 1);
   for (uint32_t bi = 0; bi < c->nb; bi++) {
      struct ir_block *b = c->blocks[bi];
      if (b->num_preds < 2 || b->rpo == UINT32_MAX)
         continue;
      for (uint32_t p = 0; p < b->num_preds; p++) {
         struct ir_block *r = b->preds[p];
         if (r->rpo == UINT32_MAX)
            continue;
         while (r != b->idom) {
            df[(size_t)r->index * c->nb + bi] = 1;
            if (r->idom == r)
               break;
            r = r->idom;
         }
      }
   }
   return df;
}

/* The blocks storing each slot, as a [slot][block] byte matrix: one walk
 * of the function for every slot. */
static uint8_t *
store_blocks(struct ssa_ctx *c)
{
   uint8_t *stores = calloc((size_t)c->nslots * c->nb, 1);
   for (uint32_t bi = 0; bi < c->nb; bi++) {
      ir_foreach_instr(i, c->blocks[bi]) {
         struct ir_instr *comp;
         int32_t sl = i->op == IR_OP_store ? access_slot(c, i, &comp) : -1;
         if (sl >= 0)
            stores[(size_t)sl * c->nb + bi] = 1;
      }
   }
   return stores;
}

static void
place_phis(struct ssa_ctx *c)
{
   uint8_t *df = frontiers(c), *stores = store_blocks(c);
   uint32_t *work = malloc((c->nb + 1) * sizeof(*work));
   uint8_t *has_phi = malloc(c->nb), *queued = malloc(c->nb);
   struct ir_builder bld = { .shader = c->s, .func = c->f };
   for (uint32_t sl = 0; sl < c->nslots; sl++) {
      memset(has_phi, 0, c->nb);
      memcpy(queued, stores + (size_t)sl * c->nb, c->nb);
      uint32_t nw = 0;
      for (uint32_t bi = 0; bi < c->nb; bi++)
         if (queued[bi])
            work[nw++] = bi;
      while (nw) {
         uint32_t x = work[--nw];
         for (uint32_t y = 0; y < c->nb; y++) {
            if (!df[(size_t)x * c->nb + y] || has_phi[y])
               continue;
            has_phi[y] = 1;
            struct ir_block *yb = c->blocks[y];
            c->phi_of[y][sl] = ir_phi(&bld, yb, c->slot_var[sl]->type, yb->num_preds);
            if (!queued[y]) {
               queued[y] = 1;
               work[nw++] = y;
            }
         }
      }
   }
   free(df);
   free(stores);
   free(work);
   free(has_phi);
   free(queued);
}

static struct ir_instr *
current(struct ssa_ctx *c, uint32_t sl)
{
   if (!c->cur[sl]) {
      /* read before any write: undefined (SPIR-V), made once at entry */
      struct ir_builder b;
      ir_builder_after_phis(&b, c->f->first);
      c->cur[sl] = ir_undef(&b, c->slot_var[sl]->type);
   }
   return c->cur[sl];
}

static void
rename_block(struct ssa_ctx *c, struct ir_block *b)
{
   for (uint32_t sl = 0; sl < c->nslots; sl++)
      if (c->phi_of[b->index][sl])
         c->cur[sl] = c->phi_of[b->index][sl];
   ir_foreach_instr_safe(i, b) {
      struct ir_instr *comp;
      int32_t sl = access_slot(c, i, &comp);
      if (sl >= 0)
         rewrite_access(c, i, (uint32_t)sl, comp);
   }
   for (uint32_t s = 0; s < b->num_succs; s++) {
      struct ir_block *succ = b->succs[s];
      for (uint32_t sl = 0; sl < c->nslots; sl++) {
         struct ir_instr *phi = c->phi_of[succ->index][sl];
         if (!phi)
            continue;
         for (uint32_t p = 0; p < succ->num_preds; p++)
            if (succ->preds[p] == b)
               ir_phi_set_src(phi, p, b, current(c, sl));
      }
   }
}

/* Preorder walk of the dominator tree with the current definitions saved
 * and restored around each subtree. */
static void
rename_tree(struct ssa_ctx *c)
{
   uint32_t *first_child = malloc(c->nb * sizeof(uint32_t));
   uint32_t *next_sib = malloc(c->nb * sizeof(uint32_t));
   for (uint32_t i = 0; i < c->nb; i++)
      first_child[i] = next_sib[i] = UINT32_MAX;
   for (uint32_t i = c->nb; i-- > 1;) {
      struct ir_block *b = c->blocks[i];
      if (b->rpo == UINT32_MAX || b->idom == b)
         continue;
      next_sib[i] = first_child[b->idom->index];
      first_child[b->idom->index] = i;
   }
   struct frame { uint32_t block, child; struct ir_instr **saved; };
   struct frame *stack = malloc(c->nb * sizeof(*stack));
   size_t save_size = (c->nslots ? c->nslots : 1) * sizeof(struct ir_instr *);
   uint32_t sp = 0;
   stack[sp++] = (struct frame){ 0, UINT32_MAX, malloc(save_size) };
   memcpy(stack[0].saved, c->cur, save_size);
   rename_block(c, c->blocks[0]);
   stack[0].child = first_child[0];
   while (sp) {
      struct frame *fr = &stack[sp - 1];
      if (fr->child == UINT32_MAX) {
         memcpy(c->cur, fr->saved, save_size);
         free(fr->saved);
         sp--;
         continue;
      }
      uint32_t ch = fr->child;
      fr->child = next_sib[ch];
      struct frame nf = { ch, first_child[ch], malloc(save_size) };
      memcpy(nf.saved, c->cur, save_size);
      stack[sp++] = nf;
      rename_block(c, c->blocks[ch]);
   }
   free(stack);
   free(first_child);
   free(next_sib);
}

/* Unreachable blocks were not renamed: their loads read undef. */
static void
clean_unreachable(struct ssa_ctx *c)
{
   for (uint32_t bi = 0; bi < c->nb; bi++) {
      struct ir_block *b = c->blocks[bi];
      for (uint32_t sl = 0; sl < c->nslots; sl++) {
         struct ir_instr *phi = c->phi_of[bi][sl];
         for (uint32_t p = 0; phi && p < phi->num_srcs; p++)
            if (!phi->srcs[p])
               ir_phi_set_src(phi, p, b->preds[p], current(c, sl));
      }
      if (b->rpo != UINT32_MAX)
         continue;
      ir_foreach_instr_safe(i, b) {
         struct ir_instr *comp;
         int32_t sl = access_slot(c, i, &comp);
         if (sl >= 0)
            rewrite_access(c, i, (uint32_t)sl, comp);
      }
   }
}

bool
ir_pass_vars_to_ssa(struct ir_shader *s)
{
   struct ssa_ctx c = { .s = s, .f = s->entry, .nv = s->num_vars };
   find_promotable(&c);
   if (!c.nslots) {
      free(c.slot);
      free(c.slot_var);
      return false;
   }
   /* loads are forwarded to their values and every use rewritten in one
    * walk at the end: a walk of the function per load was quadratic */
   if (!ir_forwarding_init(&c.fw, c.f)) {
      free(c.slot);
      free(c.slot_var);
      return false;
   }
   ir_compute_dominance(c.f);
   c.nb = c.f->num_blocks;
   c.blocks = malloc(c.nb * sizeof(*c.blocks));
   ir_foreach_block(b, c.f)
      c.blocks[b->index] = b;
   c.phi_of = malloc(c.nb * sizeof(*c.phi_of));
   for (uint32_t i = 0; i < c.nb; i++)
      c.phi_of[i] = calloc(c.nslots, sizeof(**c.phi_of));
   c.cur = calloc(c.nslots, sizeof(*c.cur));
   place_phis(&c);
   rename_tree(&c);
   memset(c.cur, 0, c.nslots * sizeof(*c.cur));
   clean_unreachable(&c);
   ir_forwarding_finish(&c.fw, c.f);
   /* the derefs of promoted variables are now unused */
   ir_foreach_block(b, c.f) {
      ir_foreach_instr_safe(i, b)
         if (i->op == IR_OP_deref_array && slot_of(&c, i->srcs[0]) >= 0)
            ir_instr_remove(i);
   }
   ir_foreach_block(b, c.f) {
      ir_foreach_instr_safe(i, b)
         if (slot_of(&c, i) >= 0)
            ir_instr_remove(i);
   }
   for (uint32_t sl = 0; sl < c.nslots; sl++)
      c.slot_var[sl]->promoted = true;
   for (uint32_t i = 0; i < c.nb; i++)
      free(c.phi_of[i]);
   free(c.phi_of);
   free(c.cur);
   free(c.blocks);
   free(c.slot);
   free(c.slot_var);
   return true;
}
