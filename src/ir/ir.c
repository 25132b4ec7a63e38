/* Shader, function, block and instruction bookkeeping. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ir_private.h"

const struct ir_op_info ir_op_infos[IR_OP_COUNT] = {
#define IR_X(n, c, ns, fl) [IR_OP_##n] = { #n, IR_CLASS_##c, ns, fl },
   IR_OPCODES(IR_X)
#undef IR_X
};

const char *const ir_sysval_names[IR_SYSVAL_COUNT] = {
#define IR_X(n) [IR_SYSVAL_##n] = #n,
   IR_SYSVALS(IR_X)
#undef IR_X
};

const char *const ir_output_builtin_names[IR_OUTPUT_COUNT] = {
   [IR_OUTPUT_NONE] = "none",
#define IR_X(n) [IR_OUTPUT_##n] = #n,
   IR_OUTPUT_BUILTINS(IR_X)
#undef IR_X
};

struct ir_shader *
ir_shader_create(enum ir_stage stage)
{
   struct ir_arena *arena = ir_arena_create();
   struct ir_shader *s = ir_alloc(arena, sizeof(*s));
   s->arena = arena;
   s->stage = stage;
   s->types = ir_type_table_create(s);
   for (int i = 0; i < 3; i++)
      s->workgroup_size[i] = 1;
   return s;
}

unsigned
ir_float_modes(const struct ir_shader *s, unsigned bits)
{
   if (!s || (bits != 16 && bits != 32 && bits != 64))
      return 0;
   return s->float_modes[bits / 32];
}

void
ir_shader_destroy(struct ir_shader *s)
{
   if (s)
      ir_arena_destroy(s->arena);
}

struct ir_var *
ir_var_create(struct ir_shader *s, const char *name, enum ir_storage st,
              const struct ir_type *type)
{
   struct ir_var *v = ir_alloc(s->arena, sizeof(*v));
   v->name = ir_strdup(s->arena, name ? name : "");
   v->storage = st;
   v->type = type;
   v->xfb_buffer = IR_NO_XFB;
   if (s->num_vars == s->cap_vars) {
      s->cap_vars = s->cap_vars ? s->cap_vars * 2 : 16;
      struct ir_var **n = ir_alloc(s->arena, s->cap_vars * sizeof(*n));
      if (s->num_vars)
         memcpy(n, s->vars, s->num_vars * sizeof(*n));
      s->vars = n;
   }
   v->index = s->num_vars;
   s->vars[s->num_vars++] = v;
   return v;
}

struct ir_function *
ir_function_create(struct ir_shader *s, const char *name)
{
   struct ir_function *f = ir_alloc(s->arena, sizeof(*f));
   f->shader = s;
   f->name = ir_strdup(s->arena, name);
   if (!s->entry)
      s->entry = f;
   return f;
}

struct ir_block *
ir_block_create(struct ir_function *f)
{
   struct ir_block *b = ir_alloc(f->shader->arena, sizeof(*b));
   b->func = f;
   b->index = f->num_blocks++;
   b->prev = f->last;
   if (f->last)
      f->last->next = b;
   else
      f->first = b;
   f->last = b;
   return b;
}

void
ir_block_unlink(struct ir_block *b)
{
   struct ir_function *f = b->func;
   if (b->prev)
      b->prev->next = b->next;
   else
      f->first = b->next;
   if (b->next)
      b->next->prev = b->prev;
   else
      f->last = b->prev;
}

void
ir_block_move_after(struct ir_block *b, struct ir_block *after)
{
   struct ir_function *f = b->func;
   if (b == after || after->next == b)
      return;
   ir_block_unlink(b);
   b->prev = after;
   b->next = after->next;
   if (after->next)
      after->next->prev = b;
   else
      f->last = b;
   after->next = b;
}

void
ir_block_add_pred(struct ir_block *b, struct ir_block *pred)
{
   if (b->num_preds == b->cap_preds) {
      b->cap_preds = b->cap_preds ? b->cap_preds * 2 : 4;
      struct ir_block **n = ir_alloc(b->func->shader->arena, b->cap_preds * sizeof(*n));
      if (b->num_preds)
         memcpy(n, b->preds, b->num_preds * sizeof(*n));
      b->preds = n;
   }
   b->preds[b->num_preds++] = pred;
}

void
ir_block_set_succs(struct ir_block *b, enum ir_term term, unsigned n,
                   struct ir_block *const *succs)
{
   b->term = term;
   b->num_succs = n;
   b->succs = ir_alloc(b->func->shader->arena, (n ? n : 1) * sizeof(*b->succs));
   for (unsigned i = 0; i < n; i++)
      b->succs[i] = succs[i];
}

/* A switch may name one block for several cases; predecessors are unique. */
void
ir_rebuild_preds(struct ir_function *f)
{
   ir_foreach_block(b, f)
      b->num_preds = 0;
   ir_foreach_block(b, f) {
      for (uint32_t i = 0; i < b->num_succs; i++) {
         struct ir_block *s = b->succs[i];
         bool seen = false;
         for (uint32_t j = 0; j < s->num_preds; j++)
            seen |= s->preds[j] == b;
         if (!seen)
            ir_block_add_pred(s, b);
      }
   }
}

void
ir_instr_remove(struct ir_instr *instr)
{
   struct ir_block *b = instr->block;
   if (instr->prev)
      instr->prev->next = instr->next;
   else
      b->first = instr->next;
   if (instr->next)
      instr->next->prev = instr->prev;
   else
      b->last = instr->prev;
   instr->prev = instr->next = NULL;
   instr->block = NULL;
}

void
ir_replace_uses(struct ir_function *f, struct ir_instr *old, struct ir_instr *with)
{
   ir_foreach_block(b, f) {
      ir_foreach_instr(i, b) {
         for (uint32_t s = 0; s < i->num_srcs; s++) {
            if (i->srcs[s] == old)
               i->srcs[s] = with;
         }
      }
      if (b->cond == old)
         b->cond = with;
   }
}

bool
ir_forwarding_init(struct ir_forwarding *fw, struct ir_function *f)
{
   ir_index(f);
   fw->num_values = f->num_values;
   fw->to = calloc(fw->num_values, sizeof(*fw->to));
   return fw->to != NULL;
}

/* What v stands for now: the end of its chain of forwards. */
static struct ir_instr *
forwarded_value(const struct ir_forwarding *fw, struct ir_instr *v)
{
   while (v && v->index && v->index < fw->num_values && fw->to[v->index])
      v = fw->to[v->index];
   return v;
}

void
ir_forward(struct ir_forwarding *fw, struct ir_instr *old, struct ir_instr *with)
{
   assert(old->index && old->index < fw->num_values);
   fw->to[old->index] = forwarded_value(fw, with);
}

void
ir_forward_srcs(const struct ir_forwarding *fw, struct ir_instr *i)
{
   for (uint32_t s = 0; s < i->num_srcs; s++)
      i->srcs[s] = forwarded_value(fw, i->srcs[s]);
}

void
ir_forwarding_finish(struct ir_forwarding *fw, struct ir_function *f)
{
   ir_foreach_block(b, f) {
      ir_foreach_instr(i, b)
         ir_forward_srcs(fw, i);
      b->cond = forwarded_value(fw, b->cond);
   }
   free(fw->to);
   fw->to = NULL;
}

void
ir_index(struct ir_function *f)
{
   uint32_t bi = 0, vi = 0;
   ir_foreach_block(b, f) {
      b->index = bi++;
      ir_foreach_instr(i, b)
         i->index = i->type->kind == IR_TYPE_VOID ? 0 : ++vi;
   }
   f->num_blocks = bi;
   f->num_values = vi + 1;
}
