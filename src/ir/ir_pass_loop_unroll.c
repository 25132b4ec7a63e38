/* Full unrolling of small loops whose trip count is a compile-time
 * constant.
 *
 * A loop qualifies when (limits chosen so that unrolling never grows a
 * shader by more than a few thousand instructions, and so that the shape
 * is the one glslang emits for `for (i = K0; i < K1; i += K2)`):
 * - it contains no other loop (inner loops unroll first; the outer one may
 *   qualify on a later iteration of ir_optimize);
 * - it has one exit: a single block E ends in `cbr` with one target the
 *   loop's merge block, and E dominates the continue block, so every
 *   iteration evaluates the exit test (no `break` in an if, no return or
 *   discard inside);
 * - the header's predecessors are the pre-header and the continue block,
 *   whose only successor is the header;
 * - the exit condition depends only on constants and header phis whose
 *   entry value is constant and whose back-edge value is computed from
 *   constants and such phis: the loop is simulated with ir_eval_instr (the
 *   folder's and interpreter's evaluator) to count iterations;
 * - it waits at no workgroup (or wider) control barrier: each iteration
 *   then waits for every thread of the workgroup, next to which the
 *   loop's compare and branch cost nothing measurable, so copies would
 *   only grow the code (and the instruction cache's load) for no gain;
 * - it runs at most UNROLL_MAX_TRIPS times, and the copies hold at most
 *   UNROLL_MAX_COST instructions that become code (constants, composites,
 *   phis and constant derefs do not) and UNROLL_MAX_INSTRS in all.
 * The copies are chained in layout order: iteration k's header phis become
 * the values of iteration k-1's back edge, E branches on to the body, the
 * last copy's E branches to the merge.  Blocks of the last copy after E
 * are unreachable and left for `cf` to remove. */
#include <stdlib.h>
#include <string.h>

#include "ir_builder.h"
#include "ir_pass.h"

#define UNROLL_MAX_TRIPS 32
/* About what Mesa allows (NIR: 32 iterations x 26 instructions of cost):
 * beyond it the copies cost instruction-cache space and compile time for
 * little gain on hardware that branches cheaply. */
#define UNROLL_MAX_COST 832
#define UNROLL_MAX_INSTRS 4096

struct loop {
   struct ir_function *f;
   struct ir_block *header, *cont, *merge, *exit, *pre;
   struct ir_block **blocks;     /* body in layout order, header first */
   uint32_t num_blocks;
   uint32_t *body_pos;           /* per block index: position + 1, 0 = outside */
   uint32_t num_indexed;         /* blocks numbered before unrolling (copies are not) */
   uint32_t num_instrs;
   uint32_t cost;                /* instructions that become code */
};

static bool
in_body(const struct loop *l, const struct ir_block *b)
{
   return b && b->index < l->num_indexed && l->body_pos[b->index] != 0;
}

/* Collects the body (blocks from which the back edge is reachable without
 * leaving through the merge) and checks the single-exit shape. */
static bool
becomes_code(const struct ir_instr *i)
{
   switch (i->op) {
   case IR_OP_const: case IR_OP_undef: case IR_OP_phi: case IR_OP_vec: case IR_OP_extract:
   case IR_OP_insert: case IR_OP_bitcast: case IR_OP_deref_var: case IR_OP_deref_struct:
      return false;
   default:
      return true;
   }
}

static bool
waits_for_workgroup(const struct ir_instr *i)
{
   return i->op == IR_OP_barrier && IR_BARRIER_EXEC_SCOPE_OF(i->imm) >= IR_SCOPE_WORKGROUP;
}

static bool
collect_body(struct loop *l)
{
   struct ir_block *h = l->header;
   ir_foreach_block(b, l->f) {
      if (b == l->merge || b->rpo == UINT32_MAX || !ir_block_dominates(h, b) ||
          ir_block_dominates(l->merge, b))
         continue;
      if (b != h && b->construct == IR_CONSTRUCT_LOOP)
         return false;
      l->body_pos[b->index] = ++l->num_blocks;
      ir_foreach_instr(i, b) {
         if (waits_for_workgroup(i))
            return false;
         l->num_instrs++;
         l->cost += becomes_code(i);
      }
   }
   l->blocks = malloc(l->num_blocks * sizeof(*l->blocks));
   if (!l->blocks)
      abort();
   ir_foreach_block(b, l->f) {
      if (in_body(l, b))
         l->blocks[l->body_pos[b->index] - 1] = b;
   }
   for (uint32_t k = 0; k < l->num_blocks; k++) {
      struct ir_block *b = l->blocks[k];
      if (b->term != IR_TERM_BR && b->term != IR_TERM_CBR && b->term != IR_TERM_SWITCH)
         return false;
      if (b->construct != IR_CONSTRUCT_NONE && b != h && !in_body(l, b->merge))
         return false;
      for (uint32_t s = 0; s < b->num_succs; s++) {
         struct ir_block *t = b->succs[s];
         if (t == l->merge) {
            if (l->exit || b->term != IR_TERM_CBR || b->succs[0] == b->succs[1])
               return false;
            l->exit = b;
         } else if (t == h ? b != l->cont : !in_body(l, t)) {
            return false;
         }
      }
   }
   return l->exit && in_body(l, l->cont) && ir_block_dominates(l->exit, l->cont) &&
          (l->cont->num_succs == 1 || l->cont == l->exit);
}

static bool
header_shape(struct loop *l)
{
   struct ir_block *h = l->header;
   if (h->num_preds != 2 || l->merge->num_preds != 1)
      return false;
   l->pre = h->preds[0] == l->cont ? h->preds[1] : h->preds[0];
   return !in_body(l, l->pre);
}

static struct ir_instr *
phi_src(const struct ir_instr *phi, const struct ir_block *pred)
{
   for (uint32_t s = 0; s < phi->num_srcs; s++)
      if (phi->phi_preds[s] == pred)
         return phi->srcs[s];
   return NULL;
}

enum { UNKNOWN, EVALUABLE, DROPPED };

/* Which body values the simulation can compute: a fixed point that starts
 * from all header phis with a constant entry value and drops (for good) the
 * ones whose back-edge value turns out not to be computable. */
static void
find_evaluable(const struct loop *l, uint8_t *ok)
{
   for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t k = 0; k < l->num_blocks; k++) {
         ir_foreach_instr(i, l->blocks[k]) {
            if (i->op == IR_OP_phi) {
               if (l->blocks[k] != l->header || ok[i->index] != UNKNOWN)
                  continue;
               struct ir_instr *init = phi_src(i, l->pre);
               ok[i->index] = init && init->op == IR_OP_const ? EVALUABLE : DROPPED;
               changed = true;
               continue;
            }
            bool v = (ir_op_infos[i->op].flags & IR_OP_PURE) && ir_type_is_value(i->type) &&
                     i->num_srcs > 0 && i->num_srcs <= 4;
            for (uint32_t s = 0; v && s < i->num_srcs; s++)
               v = i->srcs[s]->op == IR_OP_const ||
                   (in_body(l, i->srcs[s]->block) && ok[i->srcs[s]->index] == EVALUABLE);
            changed |= v != (ok[i->index] == EVALUABLE);
            ok[i->index] = v ? EVALUABLE : UNKNOWN;
         }
      }
      ir_foreach_instr(phi, l->header) {
         if (phi->op != IR_OP_phi)
            break;
         struct ir_instr *back = phi_src(phi, l->cont);
         if (ok[phi->index] == EVALUABLE && back->op != IR_OP_const &&
             !(in_body(l, back->block) && ok[back->index] == EVALUABLE)) {
            ok[phi->index] = DROPPED;
            changed = true;
            break;
         }
      }
   }
}

static const uint64_t *
value_of(const struct ir_instr *i, uint64_t (*vals)[IR_MAX_COMPS])
{
   return i->op == IR_OP_const ? i->value : vals[i->index];
}

/* Runs the evaluable part of the loop; returns the number of times the
 * back edge is taken, or -1 if the loop is not counted or too long. */
static int
count_trips(const struct loop *l)
{
   uint32_t n = l->f->num_values;
   uint8_t *ok = calloc(n, 1);
   uint64_t (*vals)[IR_MAX_COMPS] = calloc(n, sizeof(*vals));
   uint64_t (*next)[IR_MAX_COMPS] = calloc(n, sizeof(*next));
   if (!ok || !vals || !next)
      abort();
   find_evaluable(l, ok);
   int trips = -1;
   if (ok[l->exit->cond->index] != EVALUABLE && l->exit->cond->op != IR_OP_const)
      goto out;
   for (int k = 0; k <= UNROLL_MAX_TRIPS; k++) {
      ir_foreach_instr(phi, l->header) {
         if (phi->op != IR_OP_phi)
            break;
         if (ok[phi->index] == EVALUABLE)
            memcpy(vals[phi->index], k ? next[phi->index] : phi_src(phi, l->pre)->value,
                   sizeof(vals[0]));
      }
      for (uint32_t b = 0; b < l->num_blocks; b++) {
         ir_foreach_instr(i, l->blocks[b]) {
            if (i->op == IR_OP_phi || ok[i->index] != EVALUABLE)
               continue;
            const uint64_t *srcs[4];
            for (uint32_t s = 0; s < i->num_srcs; s++)
               srcs[s] = value_of(i->srcs[s], vals);
            if (!ir_eval_instr(i, srcs, vals[i->index]))
               goto out;
         }
      }
      bool taken = value_of(l->exit->cond, vals)[0] & 1;
      if (l->exit->succs[taken ? 0 : 1] == l->merge) {
         trips = k;
         break;
      }
      ir_foreach_instr(phi, l->header) {
         if (phi->op != IR_OP_phi)
            break;
         if (ok[phi->index] == EVALUABLE)
            memcpy(next[phi->index], value_of(phi_src(phi, l->cont), vals), sizeof(vals[0]));
      }
   }
out:
   free(ok);
   free(vals);
   free(next);
   return trips;
}

struct copy {
   struct ir_block **blocks;       /* per body position */
   struct ir_instr **map;          /* per original value index (NULL = not cloned) */
};

static struct ir_instr *
mapped(const struct loop *l, const struct copy *c, struct ir_instr *v)
{
   if (!v || !v->block || !in_body(l, v->block) || v->type->kind == IR_TYPE_VOID)
      return v;
   return c->map[v->index];
}

static struct ir_block *
mapped_block(const struct loop *l, const struct copy *c, struct ir_block *b)
{
   return in_body(l, b) ? c->blocks[l->body_pos[b->index] - 1] : b;
}

static void
clone_instrs(const struct loop *l, struct copy *c, const struct copy *prev)
{
   struct ir_shader *s = l->f->shader;
   for (uint32_t k = 0; k < l->num_blocks; k++) {
      struct ir_builder bld;
      ir_builder_at_end(&bld, c->blocks[k]);
      ir_foreach_instr(i, l->blocks[k]) {
         if (i->op == IR_OP_phi && l->blocks[k] == l->header) {
            c->map[i->index] = prev ? mapped(l, prev, phi_src(i, l->cont))
                                    : phi_src(i, l->pre);
            continue;
         }
         struct ir_instr *n = ir_instr_create(s, i->op, i->type, i->num_srcs);
         if (i->num_srcs)
            memcpy(n->srcs, i->srcs, i->num_srcs * sizeof(*n->srcs));
         memcpy(n->value, i->value, sizeof(n->value));
         n->imm = i->imm;
         n->exact = i->exact;
         n->var = i->var;
         if (i->phi_preds) {
            n->phi_preds = ir_alloc(s->arena, i->num_srcs * sizeof(*n->phi_preds));
            for (uint32_t p = 0; p < i->num_srcs; p++)
               n->phi_preds[p] = mapped_block(l, c, i->phi_preds[p]);
         }
         ir_builder_insert(&bld, n);
         if (i->type->kind != IR_TYPE_VOID)
            c->map[i->index] = n;
      }
   }
   for (uint32_t k = 0; k < l->num_blocks; k++) {
      ir_foreach_instr(n, c->blocks[k]) {
         for (uint32_t s2 = 0; s2 < n->num_srcs; s2++)
            n->srcs[s2] = mapped(l, c, n->srcs[s2]);
      }
   }
}

/* Terminators of copy `k`: the exit test is decided, the back edge goes
 * to the next copy's header, and the copies are no longer a loop. */
static void
clone_terminators(const struct loop *l, const struct copy *c, const struct copy *next,
                  bool last)
{
   for (uint32_t k = 0; k < l->num_blocks; k++) {
      struct ir_block *o = l->blocks[k], *n = c->blocks[k];
      if (o == l->exit) {   /* also the back edge when the exit test is in the latch */
         struct ir_block *to = o->succs[0] == l->merge ? o->succs[1] : o->succs[0];
         to = last ? l->merge : to == l->header ? next->blocks[0] : mapped_block(l, c, to);
         ir_block_set_succs(n, IR_TERM_BR, 1, &to);
         continue;
      }
      if (o == l->cont) {
         if (last)
            ir_block_set_succs(n, IR_TERM_UNREACHABLE, 0, NULL);
         else
            ir_block_set_succs(n, IR_TERM_BR, 1, &next->blocks[0]);
         continue;
      }
      struct ir_block *succs[o->num_succs ? o->num_succs : 1];
      for (uint32_t s = 0; s < o->num_succs; s++)
         succs[s] = mapped_block(l, c, o->succs[s]);
      ir_block_set_succs(n, o->term, o->num_succs, succs);
      n->cond = mapped(l, c, o->cond);
      n->case_values = o->case_values;
      if (o != l->header) {
         n->construct = o->construct;
         n->merge = mapped_block(l, c, o->merge);
      }
   }
}

/* Values of the loop used after it are the last copy's. */
static void
rewire_outside(const struct loop *l, const struct copy *last, struct ir_block *first)
{
   ir_foreach_block(b, l->f) {
      if (b->index >= l->num_indexed || in_body(l, b))
         continue;
      ir_foreach_instr(i, b) {
         for (uint32_t s = 0; s < i->num_srcs; s++) {
            i->srcs[s] = mapped(l, last, i->srcs[s]);
            if (i->phi_preds && i->phi_preds[s] == l->exit)
               i->phi_preds[s] = mapped_block(l, last, l->exit);
         }
      }
      b->cond = mapped(l, last, b->cond);
      for (uint32_t s = 0; s < b->num_succs; s++)
         if (b->succs[s] == l->header)
            b->succs[s] = first;
      if (b->construct != IR_CONSTRUCT_NONE && b->merge == l->header)
         b->merge = first;
   }
}

static void
unroll(struct loop *l, unsigned copies)
{
   struct copy *c = calloc(copies, sizeof(*c));
   if (!c)
      abort();
   struct ir_block *after = l->header->prev;
   for (unsigned k = 0; k < copies; k++) {
      c[k].blocks = malloc(l->num_blocks * sizeof(*c[k].blocks));
      c[k].map = calloc(l->f->num_values, sizeof(*c[k].map));
      if (!c[k].blocks || !c[k].map)
         abort();
      for (uint32_t b = 0; b < l->num_blocks; b++) {
         struct ir_block *n = ir_block_create(l->f);
         n->index = UINT32_MAX;   /* not a block of the original numbering */
         ir_block_move_after(n, after);
         after = n;
         c[k].blocks[b] = n;
      }
   }
   for (unsigned k = 0; k < copies; k++)
      clone_instrs(l, &c[k], k ? &c[k - 1] : NULL);
   for (unsigned k = 0; k < copies; k++)
      clone_terminators(l, &c[k], k + 1 < copies ? &c[k + 1] : NULL, k + 1 == copies);
   rewire_outside(l, &c[copies - 1], c[0].blocks[0]);
   for (uint32_t b = 0; b < l->num_blocks; b++)
      ir_block_unlink(l->blocks[b]);
   for (unsigned k = 0; k < copies; k++) {
      free(c[k].blocks);
      free(c[k].map);
   }
   free(c);
}

static bool
try_loop(struct ir_function *f, struct ir_block *h)
{
   struct loop l = { .f = f, .header = h, .cont = h->cont, .merge = h->merge,
                     .num_indexed = f->num_blocks };
   l.body_pos = calloc(f->num_blocks + 1, sizeof(*l.body_pos));
   if (!l.body_pos)
      abort();
   bool done = false;
   if (collect_body(&l) && header_shape(&l)) {
      int trips = count_trips(&l);
      if (trips >= 0 && (uint64_t)(trips + 1) * l.num_instrs <= UNROLL_MAX_INSTRS &&
          (uint64_t)(trips + 1) * l.cost <= UNROLL_MAX_COST) {
         unroll(&l, (unsigned)trips + 1);
         done = true;
      }
   }
   free(l.blocks);
   free(l.body_pos);
   return done;
}

bool
ir_pass_loop_unroll(struct ir_shader *s)
{
   struct ir_function *f = s->entry;
   bool progress = false;
   for (bool again = true; again;) {
      again = false;
      ir_rebuild_preds(f);
      ir_index(f);
      ir_compute_dominance(f);
      ir_foreach_block(h, f) {
         if (h->construct == IR_CONSTRUCT_LOOP && h->rpo != UINT32_MAX && try_loop(f, h)) {
            again = progress = true;
            break;
         }
      }
   }
   ir_rebuild_preds(f);
   return progress;
}
