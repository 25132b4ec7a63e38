/* Common subexpression elimination by hashing pure instructions: an
 * instruction equal to an earlier one that dominates it is replaced by it.
 * Loads are not pure (memory may change); a load of the same pointer as
 * an earlier load of its block, with nothing between that may write
 * memory (a store, an atomic, a barrier), reads what that one read and is
 * replaced by it; after a store of the same pointer and type it reads the
 * value stored.  Another invocation's write in between would be a data
 * race the memory model does not order (SPIR-V "Memory Model"), and the
 * invocation's own writes are all stores, atomics or barriers. */
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

/* The same pointer: one value, or equal steps from the same values (the
 * front end builds a deref chain, or an int_to_ptr, per access). */
static bool
same_pointer(const struct ir_instr *a, const struct ir_instr *b)
{
   if (a == b)
      return true;
   if (a->op != b->op || a->type != b->type || a->imm != b->imm || a->var != b->var ||
       a->num_srcs != b->num_srcs)
      return false;
   switch (a->op) {
   case IR_OP_deref_var:
      return true;
   case IR_OP_int_to_ptr: case IR_OP_deref_struct:
      return a->srcs[0] == b->srcs[0] ||
             (a->op != IR_OP_int_to_ptr && same_pointer(a->srcs[0], b->srcs[0]));
   case IR_OP_deref_array:
      return a->srcs[1] == b->srcs[1] && same_pointer(a->srcs[0], b->srcs[0]);
   default:
      return false;
   }
}

#define MAX_STEPS 16

/* p's deref steps from its root (a variable or an int_to_ptr) on, root
 * first; 0 when the chain is too long to look at. */
static unsigned
steps_of(const struct ir_instr *p, const struct ir_instr **steps)
{
   unsigned n = 0;
   const struct ir_instr *rev[MAX_STEPS];
   for (; p->op == IR_OP_deref_struct || p->op == IR_OP_deref_array; p = p->srcs[0]) {
      if (n + 1 >= MAX_STEPS)
         return 0;
      rev[n++] = p;
   }
   rev[n++] = p;
   for (unsigned k = 0; k < n; k++)
      steps[k] = rev[n - 1 - k];
   return n;
}

static bool
const_index(const struct ir_instr *i, uint64_t *v)
{
   if (i->op != IR_OP_const)
      return false;
   *v = i->type->bits == 64 ? i->value[0] : (uint32_t)i->value[0];
   return true;
}

/* Whether pointers a and b provably reach no common byte: from one root,
 * they part at different members of a struct or different constant
 * elements of an array.  Different roots may alias (two bindings of one
 * buffer, two addresses). */
static bool
disjoint(const struct ir_instr *a, const struct ir_instr *b)
{
   const struct ir_instr *sa[MAX_STEPS], *sb[MAX_STEPS];
   unsigned na = steps_of(a, sa), nb = steps_of(b, sb);
   if (!na || !nb || !same_pointer(sa[0], sb[0]))
      return false;
   for (unsigned k = 1; k < na && k < nb; k++) {
      const struct ir_instr *x = sa[k], *y = sb[k];
      if (x->op != y->op)
         return false;
      if (x->op == IR_OP_deref_struct) {
         if (x->imm != y->imm)
            return true;
         continue;
      }
      uint64_t u, v;
      if (x->srcs[1] == y->srcs[1])
         continue;
      return const_index(x->srcs[1], &u) && const_index(y->srcs[1], &v) && u != v;
   }
   return false;
}

/* Image operations count as writes: a storage image or texel buffer
 * store or atomic may reach the same memory as a buffer's load (a texel
 * buffer view of the buffer). */
static bool
may_write_memory(const struct ir_instr *i)
{
   switch (i->op) {
   case IR_OP_store: case IR_OP_atomic: case IR_OP_barrier: case IR_OP_demote:
   case IR_OP_emit_vertex: case IR_OP_end_primitive: case IR_OP_tex:
      return true;
   default:
      return false;
   }
}

#define MAX_LOADS 32

/* What memory is known to hold since the last write: a pointer and the
 * value a load of it gives (an earlier load, or the store's value). */
struct known {
   struct ir_instr *ptr, *value;
};

static struct ir_instr *
known_value(const struct known *k, unsigned n, const struct ir_instr *load)
{
   for (unsigned j = 0; j < n; j++) {
      if (k[j].value->type == load->type && same_pointer(k[j].ptr, load->srcs[0]))
         return k[j].value;
   }
   return NULL;
}

static bool
cse_loads(struct ir_function *f, struct ir_forwarding *fw)
{
   bool progress = false;
   ir_foreach_block(b, f) {
      struct known k[MAX_LOADS];
      unsigned n = 0;
      ir_foreach_instr_safe(i, b) {
         ir_forward_srcs(fw, i);
         if (may_write_memory(i)) {
            /* a store forgets what it may overwrite and makes its own
             * value known; anything else forgets everything */
            unsigned kept = 0;
            for (unsigned j = 0; i->op == IR_OP_store && j < n; j++) {
               if (disjoint(k[j].ptr, i->srcs[0]))
                  k[kept++] = k[j];
            }
            n = kept;
            if (i->op == IR_OP_store && n < MAX_LOADS)
               k[n++] = (struct known){ i->srcs[0], i->srcs[1] };
            continue;
         }
         if (i->op != IR_OP_load)
            continue;
         struct ir_instr *v = known_value(k, n, i);
         if (v) {
            ir_forward(fw, i, v);
            ir_instr_remove(i);
            progress = true;
         } else if (n < MAX_LOADS) {
            k[n++] = (struct known){ i->srcs[0], i };
         }
      }
   }
   return progress;
}

bool
ir_pass_cse(struct ir_shader *s)
{
   struct ir_function *f = s->entry;
   ir_compute_dominance(f);
   struct ir_forwarding fw;
   if (!ir_forwarding_init(&fw, f))
      abort();
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
         ir_forward_srcs(&fw, i);
         if (!candidate(i))
            continue;
         uint32_t slot = (uint32_t)hash_instr(i) & (size - 1);
         struct ir_instr *match = NULL;
         for (struct ir_instr *c = head[slot]; c && !match; c = next[c->index])
            if (equal(c, i) && dominates(c, i))
               match = c;
         if (match) {
            /* the users of an exact value keep an exact one */
            match->exact |= i->exact;
            ir_forward(&fw, i, match);
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
   /* the loads' walk sees the sources the first one forwarded */
   progress |= cse_loads(f, &fw);
   ir_forwarding_finish(&fw, f);
   return progress;
}
