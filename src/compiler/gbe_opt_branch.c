/* Branch clean-ups on the structured LIR, after copy propagation:
 * - an arm left empty (selection emits ELSE for every IF; the optimiser
 *   may empty an arm) costs an instruction for nothing: an empty ELSE arm
 *   loses its ELSE, an empty IF arm the ELSE with the IF's predicate
 *   inverted, an IF with nothing in it goes;
 * - an IF whose arms hold a few plain ALU instructions becomes those
 *   instructions predicated on the IF's flag (the else arm's inverted):
 *   a predicated write keeps the other channels as the IF's execution
 *   mask did (PRM Vol 7 "Predication"); an arm's own temporaries are
 *   computed unpredicated;
 * - a predicated move and the opposite one into the same register (the
 *   phi copies of the two arms) become one predicated SEL;
 * - an IF whose arm is a lone BREAK or CONT becomes the jump predicated;
 * - a bool moved into the flag that its compare just wrote is not moved
 *   again.
 * The emitter derives JIP/UIP from the structure, so removing branches
 * needs no fix-up. */
#include <stdlib.h>

#include "gbe_lir.h"

/* More than this many instructions in the arms stay branched over: both
 * arms execute once predicated, and Mesa's if-conversion stops about
 * here too. */
#define FLATTEN_MAX_INSTS 8

static bool
empty_arms(struct gbe_prog *p)
{
   bool progress = false;
   gbe_foreach_inst_safe(i, p) {
      struct gbe_inst *n = i->next;
      if (n == &p->head)
         break;
      if (i->op == ISA_OP_ELSE && n->op == ISA_OP_ENDIF) {
         gbe_inst_remove(i);
         progress = true;
      } else if (i->op == ISA_OP_IF && n->op == ISA_OP_ELSE) {
         i->pred_inv = !i->pred_inv;
         gbe_inst_remove(n);
         i_n = i->next;
         progress = true;
      } else if (i->op == ISA_OP_IF && n->op == ISA_OP_ENDIF) {
         i_n = n->next;
         gbe_inst_remove(i);
         gbe_inst_remove(n);
         progress = true;
      }
   }
   return progress;
}

static bool
plain_reg(const struct gbe_reg *r)
{
   return r->file != GBE_ARF && !r->indirect && !r->addr_of;
}

/* An instruction that computes into a register and nothing else, cheap
 * enough to run on channels that discard its result.  Two-source forms
 * only: the Align16 three-source encodings of Gen7-9 are left alone.  Not
 * SEL: a predicated SEL chooses its source by the predicate and writes
 * every channel. */
static bool
predicable(const struct gbe_prog *p, const struct gbe_inst *i)
{
   switch (i->op) {
   case ISA_OP_MOV: case ISA_OP_NOT: case ISA_OP_AND: case ISA_OP_OR:
   case ISA_OP_XOR: case ISA_OP_SHR: case ISA_OP_SHL: case ISA_OP_ASR: case ISA_OP_ADD:
   case ISA_OP_MUL: case ISA_OP_AVG: case ISA_OP_FRC: case ISA_OP_RNDD: case ISA_OP_RNDE:
   case ISA_OP_RNDZ: case ISA_OP_RNDU: case ISA_OP_LZD: case ISA_OP_FBH: case ISA_OP_FBL:
   case ISA_OP_CBIT: case ISA_OP_BFREV:
      break;
   default:
      return false;
   }
   if (i->pred || i->we_all || i->cmod || i->dst.file != GBE_VGRF ||
       i->exec_size != p->simd || isa_type_size(i->dst.type) > 4)
      return false;
   for (unsigned s = 0; s < 3; s++) {
      if (!plain_reg(&i->src[s]) || isa_type_size(i->src[s].type) > 4)
         return false;
   }
   return true;
}

/* The ELSE or ENDIF that ends the arm starting after `from`, when every
 * instruction on the way is predicable; counts them into *n. */
static struct gbe_inst *
arm_end(const struct gbe_prog *p, struct gbe_inst *from, unsigned *n)
{
   for (struct gbe_inst *i = from->next; i != &p->head; i = i->next) {
      if (i->op == ISA_OP_ELSE || i->op == ISA_OP_ENDIF)
         return i;
      if (!predicable(p, i) || ++*n > FLATTEN_MAX_INSTS)
         return NULL;
   }
   return NULL;
}

struct use {
   uint32_t defs, reads;
};

static unsigned
reads_of(const struct gbe_inst *i, uint32_t v)
{
   unsigned n = 0;
   for (unsigned s = 0; s < 3; s++)
      n += i->src[s].file == GBE_VGRF && i->src[s].nr == v;
   return n;
}

/* A temporary of the arm (one definition, read only in the arm, from
 * operands every channel has) is computed unpredicated: a predicated
 * first write would make the allocator keep it live back to the loop's
 * start, as a value read before it is written. */
static bool
arm_local(const struct use *u, const struct gbe_inst *from, const struct gbe_inst *i,
          const struct gbe_inst *end)
{
   uint32_t v = i->dst.nr;
   unsigned n = 0;
   for (const struct gbe_inst *j = i->next; j != end; j = j->next)
      n += reads_of(j, v);
   if (u[v].defs != 1 || n != u[v].reads)
      return false;
   for (const struct gbe_inst *j = from->next; j != i; j = j->next) {
      if (j->pred && j->dst.file == GBE_VGRF && reads_of(i, j->dst.nr))
         return false;
   }
   return true;
}

static void
predicate_arm(const struct use *u, struct gbe_inst *from, struct gbe_inst *end,
              const struct gbe_inst *f, bool inv)
{
   for (struct gbe_inst *i = from->next; i != end; i = i->next) {
      if (arm_local(u, from, i, end))
         continue;
      i->pred = f->pred;
      i->flag = f->flag;
      i->pred_inv = inv;
   }
}

static bool
flatten(struct gbe_prog *p, const struct use *u, struct gbe_inst *f)
{
   unsigned n = 0;
   struct gbe_inst *e = arm_end(p, f, &n), *endif = e;
   if (e && e->op == ISA_OP_ELSE)
      endif = arm_end(p, e, &n);
   if (!endif || endif->op != ISA_OP_ENDIF)
      return false;
   predicate_arm(u, f, e, f, f->pred_inv);
   if (e != endif) {
      predicate_arm(u, e, endif, f, !f->pred_inv);
      gbe_inst_remove(e);
   }
   gbe_inst_remove(endif);
   gbe_inst_remove(f);
   return true;
}

/* Flattening changes no register's definitions or reads: one count
 * serves the whole pass. */
static bool
flatten_ifs(struct gbe_prog *p)
{
   struct use *u = calloc(p->num_vregs ? p->num_vregs : 1, sizeof(*u));
   if (!u)
      return !(p->oom = true);
   gbe_foreach_inst(i, p) {
      for (unsigned s = 0; s < 3; s++) {
         if (i->src[s].file == GBE_VGRF)
            u[i->src[s].nr].reads++;
      }
      if (i->dst.file == GBE_VGRF)
         u[i->dst.nr].defs++;
   }
   bool progress = false;
   gbe_foreach_inst_safe(i, p) {
      if (i->op != ISA_OP_IF || !i->pred)
         continue;
      struct gbe_inst *prev = i->prev;
      if (flatten(p, u, i)) {
         i_n = prev->next;
         progress = true;
      }
   }
   free(u);
   return progress;
}

static bool
same_reg(const struct gbe_reg *a, const struct gbe_reg *b)
{
   return a->file == b->file && a->nr == b->nr && a->offset == b->offset &&
          a->stride == b->stride && a->type == b->type;
}

/* A predicated copy of a value of its own type. */
static bool
pred_copy(const struct gbe_inst *i)
{
   return i->op == ISA_OP_MOV && i->pred && !i->cmod && !i->we_all &&
          i->src[0].type == i->dst.type && plain_reg(&i->src[0]) && i->dst.file == GBE_VGRF;
}

static bool
mentions_vreg(const struct gbe_reg *r, const struct gbe_reg *v)
{
   return r->file == GBE_VGRF && v->file == GBE_VGRF && r->nr == v->nr;
}

/* Whether b may read a's source and write a's destination in a's
 * place: nothing between them mentions the destination, writes the
 * source or the flag, or branches. */
static bool
sel_movable(const struct gbe_inst *a, const struct gbe_inst *b)
{
   for (const struct gbe_inst *i = a->next; i != b; i = i->next) {
      if (gbe_is_branch(i->op) || i->op == GBE_OP_DO || i->dst.file == GBE_ARF ||
          (i->cmod && i->op != ISA_OP_SEL && i->op != ISA_OP_MATH) ||
          mentions_vreg(&i->dst, &a->dst) || mentions_vreg(&i->dst, &a->src[0]))
         return false;
      for (unsigned s = 0; s < 3; s++) {
         if (mentions_vreg(&i->src[s], &a->dst) || i->src[s].indirect)
            return false;
      }
   }
   return true;
}

/* The opposite predicated copy into a's destination after a, if any. */
static struct gbe_inst *
opposite_copy(struct gbe_prog *p, struct gbe_inst *a)
{
   for (struct gbe_inst *b = a->next; b != &p->head && !gbe_is_branch(b->op); b = b->next) {
      if (!mentions_vreg(&b->dst, &a->dst))
         continue;
      bool match = pred_copy(b) && same_reg(&b->dst, &a->dst) && b->flag == a->flag &&
                   b->pred == a->pred && b->pred_inv != a->pred_inv &&
                   b->exec_size == a->exec_size && b->group == a->group && b->sat == a->sat;
      return match && sel_movable(a, b) ? b : NULL;
   }
   return NULL;
}

static bool
merge_copies(struct gbe_prog *p)
{
   bool progress = false;
   gbe_foreach_inst_safe(a, p) {
      if (!pred_copy(a))
         continue;
      struct gbe_inst *b = opposite_copy(p, a);
      if (!b || (a->src[0].file == GBE_IMM && b->src[0].file == GBE_IMM))
         continue;
      /* SEL takes src0 where the predicate is set; only src1 may be an
       * immediate */
      const struct gbe_inst *on = a->src[0].file == GBE_IMM ? b : a;
      const struct gbe_inst *off = on == a ? b : a;
      b->op = ISA_OP_SEL;
      b->pred_inv = on->pred_inv;
      struct gbe_reg s0 = on->src[0], s1 = off->src[0];
      b->src[0] = s0;
      b->src[1] = s1;
      gbe_inst_remove(a);
      progress = true;
   }
   return progress;
}

/* The ENDIF of the IF whose ELSE is e. */
static struct gbe_inst *
endif_of(struct gbe_prog *p, struct gbe_inst *e)
{
   int depth = 0;
   for (struct gbe_inst *i = e->next; i != &p->head; i = i->next) {
      if (i->op == ISA_OP_IF)
         depth++;
      else if (i->op == ISA_OP_ENDIF && !depth--)
         return i;
   }
   return NULL;
}

/* IF, BREAK (or CONT), then ELSE or ENDIF: the jump predicated on the
 * IF's flag.  The channels it takes out stay out until the loop's end
 * (PRM "BREAK", "CONT"), so the ELSE arm's code after it runs on the
 * others, as under the IF. */
static bool
predicate_jump(struct gbe_prog *p, struct gbe_inst *f)
{
   struct gbe_inst *j = f->next, *e = j->next;
   if ((j->op != ISA_OP_BREAK && j->op != ISA_OP_CONT) || j->pred ||
       (e->op != ISA_OP_ELSE && e->op != ISA_OP_ENDIF))
      return false;
   struct gbe_inst *endif = e->op == ISA_OP_ELSE ? endif_of(p, e) : e;
   if (!endif)
      return false;
   j->pred = f->pred;
   j->pred_inv = f->pred_inv;
   j->flag = f->flag;
   if (e != endif)
      gbe_inst_remove(e);
   gbe_inst_remove(endif);
   gbe_inst_remove(f);
   return true;
}

static bool
predicate_jumps(struct gbe_prog *p)
{
   bool progress = false;
   gbe_foreach_inst_safe(i, p) {
      if (i->op != ISA_OP_IF || !i->pred)
         continue;
      struct gbe_inst *j = i->next;
      if (predicate_jump(p, i)) {
         i_n = j->next;
         progress = true;
      }
   }
   return progress;
}

static bool
writes_flag(const struct gbe_inst *i)
{
   return (i->cmod && i->op != ISA_OP_SEL && i->op != ISA_OP_MATH) || i->dst.file == GBE_ARF;
}

/* Whether d, which wrote v, left in flag `flag` what `mov.nz flag, v`
 * would: a compare sets it to the bool it writes (0 or ~0), a dword
 * result with .nz to whether it is non-zero. */
static bool
flag_holds(const struct gbe_inst *d, const struct gbe_inst *m)
{
   if (d->pred || d->flag != m->flag || d->exec_size != m->exec_size || d->group != m->group ||
       d->we_all != m->we_all || !same_reg(&d->dst, &m->src[0]) ||
       isa_type_size(d->dst.type) != 4)
      return false;
   if (d->op == ISA_OP_CMP)
      return true;
   return d->cmod == ISA_CMOD_NZ && d->op != ISA_OP_SEL && d->op != ISA_OP_MATH &&
          (d->dst.type == ISA_TYPE_UD || d->dst.type == ISA_TYPE_D);
}

static bool
is_flag_move(const struct gbe_inst *m)
{
   return m->op == ISA_OP_MOV && m->cmod == ISA_CMOD_NZ && !m->pred &&
          m->dst.file == GBE_NULL && m->src[0].file == GBE_VGRF && !m->src[0].neg &&
          !m->src[0].abs;
}

/* An earlier `mov.nz flag, v` of the same bits. */
static bool
same_flag_move(const struct gbe_inst *d, const struct gbe_inst *m)
{
   return is_flag_move(d) && d->flag == m->flag && same_reg(&d->src[0], &m->src[0]) &&
          d->exec_size == m->exec_size && d->group == m->group && d->we_all == m->we_all;
}

/* `mov.nz flag, v` drops out when the instruction that computed v (or
 * an earlier `mov.nz flag, v`), in the same straight-line stretch and
 * under the same channels, set the flag to the same bits and nothing
 * wrote it since. */
static bool
flag_redundant(const struct gbe_prog *p, const struct gbe_inst *m)
{
   if (!is_flag_move(m))
      return false;
   for (const struct gbe_inst *d = m->prev; d != &p->head; d = d->prev) {
      if (gbe_is_branch(d->op) || d->op == GBE_OP_DO)
         return false;
      if (mentions_vreg(&d->dst, &m->src[0]))
         return flag_holds(d, m);
      if (same_flag_move(d, m))
         return true;
      if (writes_flag(d))
         return false;
   }
   return false;
}

static bool
reuse_flags(struct gbe_prog *p)
{
   bool progress = false;
   gbe_foreach_inst_safe(i, p) {
      if (flag_redundant(p, i)) {
         gbe_inst_remove(i);
         progress = true;
      }
   }
   return progress;
}

bool
gbe_flatten_branches(struct gbe_prog *p)
{
   bool a = empty_arms(p);
   bool b = flatten_ifs(p);
   bool c = merge_copies(p);
   bool d = predicate_jumps(p);
   bool e = reuse_flags(p);
   return a || b || c || d || e;
}
