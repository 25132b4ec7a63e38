/* Splits function and private variables of struct type, and arrays of at
 * most 16 elements indexed only by constants, into one variable per
 * member/element, so that vars_to_ssa can promote them.  The front end
 * accesses composites leaf by leaf, so such variables are common (locals of
 * struct type, returned structs of inlined calls, small constant arrays). */
#include <stdio.h>
#include <stdlib.h>

#include "ir_builder.h"
#include "ir_pass.h"

#define MAX_SPLIT 16

static bool
local(const struct ir_var *v)
{
   return !v->promoted &&
          (v->storage == IR_STORAGE_FUNCTION || v->storage == IR_STORAGE_PRIVATE);
}

static uint32_t
num_parts(const struct ir_type *t)
{
   if (t->kind == IR_TYPE_STRUCT)
      return t->num_members;
   if (t->kind == IR_TYPE_ARRAY && t->length && t->length <= MAX_SPLIT)
      return t->length;
   return 0;
}

/* The part a deref selects, or -1 if it is not a constant selection. */
static int64_t
part_of(const struct ir_instr *i)
{
   if (i->op == IR_OP_deref_struct)
      return i->imm;
   if (i->op == IR_OP_deref_array && i->srcs[1]->op == IR_OP_const &&
       i->srcs[1]->value[0] < num_parts(i->srcs[0]->type->pointee))
      return (int64_t)i->srcs[1]->value[0];
   return -1;
}

bool
ir_pass_split_vars(struct ir_shader *s)
{
   struct ir_function *f = s->entry;
   uint32_t nv = s->num_vars;
   uint8_t *bad = calloc(nv + 1, 1);
   if (!bad)
      abort();
   ir_foreach_block(b, f) {
      ir_foreach_instr(i, b) {
         for (uint32_t k = 0; k < i->num_srcs; k++) {
            struct ir_instr *d = i->srcs[k];
            if (d->op == IR_OP_deref_var && (k != 0 || part_of(i) < 0))
               bad[d->var->index] = 1;
         }
      }
   }
   struct ir_var ***parts = calloc(nv + 1, sizeof(*parts));
   if (!parts)
      abort();
   bool progress = false;
   for (uint32_t v = 0; v < nv; v++) {
      struct ir_var *var = s->vars[v];
      uint32_t n = num_parts(var->type);
      parts[v] = NULL;
      if (bad[v] || !local(var) || !n)
         continue;
      parts[v] = ir_alloc(s->arena, n * sizeof(**parts));
      for (uint32_t p = 0; p < n; p++) {
         char name[256];
         snprintf(name, sizeof(name), "%s.%u", var->name, p);
         const struct ir_type *t = var->type->kind == IR_TYPE_STRUCT ? var->type->members[p]
                                                                     : var->type->elem;
         parts[v][p] = ir_var_create(s, name, var->storage, t);
      }
      var->promoted = true;
      progress = true;
   }
   /* deref_struct/array(deref_var(v), p) becomes deref_var(part p) in place */
   ir_foreach_block(b, f) {
      ir_foreach_instr(i, b) {
         if ((i->op != IR_OP_deref_struct && i->op != IR_OP_deref_array) ||
             i->srcs[0]->op != IR_OP_deref_var)
            continue;
         struct ir_var *var = i->srcs[0]->var;
         if (var->index >= nv || !parts[var->index])
            continue;
         i->var = parts[var->index][part_of(i)];
         i->op = IR_OP_deref_var;
         i->num_srcs = 0;
         i->imm = 0;
      }
   }
   free(bad);
   free(parts);
   return progress;
}
