/* LIR clean-ups between instruction selection and legalisation:
 * copy propagation and dead-code elimination.  Selection emits simple,
 * regular code (every IR value gets its own registers, every message its
 * own payload copy); these passes remove what that leaves over.
 *
 * Most vregs have exactly one writing instruction that writes all of
 * them (selection's SSA values); only those take part in propagation, so
 * a copy's source can never change between the copy and its uses. */
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"

struct vreg_use {
   uint32_t defs;           /* instructions writing it */
   uint32_t reads;          /* sources reading it */
   struct gbe_inst *def;    /* the first writer */
   /* every writer is the same whole copy of one source (the copies of
    * a phi whose edges all bring one value): a read may take the source */
   bool same_copy;
};

static bool same_copy(const struct gbe_prog *p, const struct gbe_inst *a,
                      const struct gbe_inst *b);

static bool
is_vgrf(const struct gbe_reg *r)
{
   return r->file == GBE_VGRF;
}

static void
count(struct gbe_prog *p, struct vreg_use *u)
{
   memset(u, 0, p->num_vregs * sizeof(*u));
   gbe_foreach_inst(i, p) {
      for (unsigned s = 0; s < 3; s++) {
         if (is_vgrf(&i->src[s]))
            u[i->src[s].nr].reads++;
      }
      if (is_vgrf(&i->dst)) {
         struct vreg_use *d = &u[i->dst.nr];
         d->same_copy = d->defs ? d->same_copy && same_copy(p, d->def, i) : true;
         if (!d->defs++)
            d->def = i;
         /* a predicated write keeps the other channels: it reads too */
         if (i->pred && i->op != ISA_OP_SEL)
            u[i->dst.nr].reads++;
      }
   }
}

/* Writes all of its vreg, on every channel the program runs with. */
static bool
full_write(const struct gbe_prog *p, const struct gbe_inst *i)
{
   if (!is_vgrf(&i->dst) || i->pred || i->dst.offset || i->dst.stride != 1 || i->group ||
       i->exec_size != p->simd || i->we_all)
      return false;
   return gbe_reg_span(&i->dst, i->exec_size) >= p->vregs[i->dst.nr].size ||
          gbe_reg_span(&i->dst, i->exec_size) == p->simd * isa_type_size(i->dst.type);
}

static bool
is_int_type(unsigned t)
{
   return t == ISA_TYPE_UD || t == ISA_TYPE_D || t == ISA_TYPE_UW || t == ISA_TYPE_W ||
          t == ISA_TYPE_UB || t == ISA_TYPE_B || t == ISA_TYPE_UQ || t == ISA_TYPE_Q;
}

/* A move that copies bits: the same type, or integers of one size (a
 * move between float and integer types converts the value). */
static bool
raw_copy(const struct gbe_inst *i)
{
   unsigned st = i->src[0].type, dt = i->dst.type;
   if (i->src[0].indirect || i->src[0].addr_of)
      return false;   /* reads through a0, not the register named */
   return i->op == ISA_OP_MOV && !i->sat && !i->cmod && !i->src[0].neg && !i->src[0].abs &&
          (st == dt || (is_int_type(st) && is_int_type(dt) &&
                        isa_type_size(st) == isa_type_size(dt) && i->src[0].file != GBE_IMM));
}

/* Whether source s of instruction i may read `with` (already offset and
 * typed for the use) instead of the copy. */
static bool
can_take(const struct gbe_inst *i, unsigned s, const struct gbe_reg *with)
{
   if (gbe_is_send(i) || i->op == ISA_OP_MATH)
      return with->file != GBE_IMM && (!gbe_is_send(i) || (with->offset % 32 == 0 && with->stride == 1));
   if (with->file != GBE_IMM)
      return true;
   /* an immediate only where the encoding has one: the last source of
    * a two-source instruction, or a move's */
   unsigned ns = gbe_op_num_srcs(i->op);
   if (i->op == ISA_OP_MAD || i->op == ISA_OP_BFE || i->op == ISA_OP_BFI2 || i->op == ISA_OP_LRP)
      return false;
   return (ns == 1 && s == 0) || (ns == 2 && s == 1);
}

static bool
same_reg(const struct gbe_reg *a, const struct gbe_reg *b)
{
   return a->file == b->file && a->type == b->type && a->stride == b->stride &&
          a->nr == b->nr && a->offset == b->offset && a->imm == b->imm;
}

/* Both whole copies of the same source.  Its value is the same at both
 * (a source propagation may read has one writer), and as the IR's phis
 * are in SSA form every read of the copies' register comes after one of
 * them: the reads may take the source. */
static bool
same_copy(const struct gbe_prog *p, const struct gbe_inst *a, const struct gbe_inst *b)
{
   return raw_copy(a) && raw_copy(b) && full_write(p, a) && full_write(p, b) &&
          a->dst.type == b->dst.type && same_reg(&a->src[0], &b->src[0]);
}

/* Whether a packed source of i may become a scalar region <0;1,0>:
 * not a message payload (whole registers), not the Align16 three-source
 * forms of Gen7-9, not next to a 64-bit operand (the Cherryview/Broxton
 * regions of gbe_isel_64.c want equal strides). */
static bool
takes_scalar(const struct gbe_inst *i)
{
   if (gbe_is_send(i) || gbe_op_num_srcs(i->op) > 2 || isa_type_size(i->dst.type) > 4)
      return false;
   for (unsigned s = 0; s < 3; s++) {
      if (isa_type_size(i->src[s].type) > 4)
         return false;
   }
   return true;
}

/* A read of r may take the source of r's copy. */
static bool
copy_def(const struct vreg_use *u, const struct gbe_reg *r)
{
   return u[r->nr].defs == 1 || (u[r->nr].defs > 1 && u[r->nr].same_copy);
}

static bool
propagate(struct gbe_prog *p, const struct vreg_use *u)
{
   bool progress = false;
   gbe_foreach_inst(i, p) {
      for (unsigned s = 0; s < 3; s++) {
         struct gbe_reg *r = &i->src[s];
         if (!is_vgrf(r) || !copy_def(u, r) || r->indirect || r->addr_of)
            continue;
         const struct gbe_inst *d = u[r->nr].def;
         if (d == i || !raw_copy(d) || !full_write(p, d))
            continue;
         const struct gbe_reg *src = &d->src[0];
         if (is_vgrf(src) && u[src->nr].defs != 1)
            continue;
         /* the use reads the copy the way the copy was written */
         if (isa_type_size(r->type) != isa_type_size(d->dst.type) || r->neg || r->abs)
            continue;
         struct gbe_reg with = *src;
         if (src->file != GBE_IMM) {
            if (r->stride > 1 || (src->stride == 0 && r->stride != 0 && !takes_scalar(i)))
               continue;
            unsigned elem = r->offset / isa_type_size(r->type);
            with = src->stride ? gbe_channel(*src, elem) : *src;
            with.stride = r->stride ? src->stride : 0;
         }
         with.type = r->type;
         if (!can_take(i, s, &with))
            continue;
         *r = with;
         progress = true;
      }
   }
   return progress;
}

static bool
has_effect(const struct gbe_inst *i)
{
   if (gbe_is_send(i) || gbe_is_branch(i->op) || i->op == GBE_OP_DO || i->op == ISA_OP_WAIT ||
       i->op == ISA_OP_SYNC)
      return true;
   if (i->cmod && i->op != ISA_OP_SEL && i->op != ISA_OP_MATH)
      return true;   /* writes a flag */
   return i->dst.file != GBE_VGRF && i->dst.file != GBE_NULL;
}

/* The vregs whose values matter: what instructions with an effect read,
 * then what the writers of such vregs read, over a worklist (a value is
 * live once one of its readers is).  Values that only feed each other,
 * as the temporaries of a dead 64-bit sequence built up in place do, stay
 * dead, which counting reads cannot see. */
static bool *
live_vregs(struct gbe_prog *p, const struct vreg_use *u)
{
   uint32_t n = p->num_vregs;
   bool *live = calloc(n ? n : 1, sizeof(*live));
   uint32_t *first = calloc(n + 1, sizeof(*first)), *stack = malloc((n ? n : 1) * sizeof(*stack));
   uint32_t total = 0, sp = 0;
   for (uint32_t v = 0; v < n; v++) {
      first[v] = total;
      total += u[v].defs;
   }
   first[n] = total;
   struct gbe_inst **writers = malloc((total ? total : 1) * sizeof(*writers));
   uint32_t *fill = calloc(n ? n : 1, sizeof(*fill));
   if (!live || !first || !stack || !writers || !fill) {
      free(live);
      live = NULL;
      p->oom = true;
      goto out;
   }
#define MARK(r)                                                  \
   do {                                                          \
      if (is_vgrf(&(r)) && !live[(r).nr]) {                      \
         live[(r).nr] = true;                                    \
         stack[sp++] = (r).nr;                                   \
      }                                                          \
   } while (0)
   gbe_foreach_inst(i, p) {
      if (is_vgrf(&i->dst))
         writers[first[i->dst.nr] + fill[i->dst.nr]++] = i;
      if (has_effect(i) || !is_vgrf(&i->dst)) {
         for (unsigned s = 0; s < 3; s++)
            MARK(i->src[s]);
      }
   }
   while (sp) {
      uint32_t v = stack[--sp];
      for (uint32_t w = first[v]; w < first[v + 1]; w++) {
         struct gbe_inst *i = writers[w];
         for (unsigned s = 0; s < 3; s++)
            MARK(i->src[s]);
      }
   }
#undef MARK
out:
   free(first);
   free(stack);
   free(writers);
   free(fill);
   return live;
}

static bool
dce(struct gbe_prog *p, const struct vreg_use *u)
{
   bool *live = live_vregs(p, u);
   if (!live)
      return false;
   bool progress = false;
   gbe_foreach_inst_safe(i, p) {
      if (!is_vgrf(&i->dst) || live[i->dst.nr])
         continue;
      if (has_effect(i)) {
         if (!gbe_is_send(i) && i->cmod) {
            i->dst = gbe_null(i->dst.type);
            progress = true;
         }
         continue;
      }
      gbe_inst_remove(i);
      progress = true;
   }
   free(live);
   return progress;
}

static bool
is_boundary(const struct gbe_inst *i)
{
   return gbe_is_branch(i->op) || i->op == GBE_OP_DO;
}

/* Bytes operand `which` (0-2 a source, 3 the destination) of i covers:
 * a message's payload and reply are whole registers. */
static unsigned
operand_bytes(const struct gbe_inst *i, unsigned which)
{
   if (gbe_is_send(i))
      return which == 3 ? i->rlen * 32u : which == 0 ? i->mlen * 32u :
             which == 1 ? i->ex_mlen * 32u : 0;
   return gbe_reg_span(which == 3 ? &i->dst : &i->src[which], i->exec_size);
}

/* Whether operand `which` of i may touch bytes [lo, hi) of vreg v; an
 * indirect operand or a register's address may reach any of them. */
static bool
touches(const struct gbe_inst *i, unsigned which, uint32_t v, unsigned lo, unsigned hi)
{
   const struct gbe_reg *r = which == 3 ? &i->dst : &i->src[which];
   if (!is_vgrf(r) || r->nr != v)
      return false;
   if (r->indirect || r->addr_of)
      return true;
   unsigned bytes = operand_bytes(i, which);
   return r->offset < hi && lo < r->offset + (bytes ? bytes : 1);
}

/* Whether any instruction strictly between a and b touches bytes
 * [lo, hi) of vreg v or is control flow.  The other parts of a message
 * payload, written between a value and its copy into the payload, leave
 * the copy's bytes alone. */
static bool
touched_between(const struct gbe_inst *a, const struct gbe_inst *b, uint32_t v, unsigned lo,
                unsigned hi)
{
   for (const struct gbe_inst *i = a->next; i != b; i = i->next) {
      if (is_boundary(i))
         return true;
      for (unsigned w = 0; w < 4; w++) {
         if (touches(i, w, v, lo, hi))
            return true;
      }
   }
   return false;
}

/* The copy's source written straight into the copy's destination: a
 * value computed only to be copied into a message payload (or a phi's
 * register) is computed there.  Both must be in one straight-line stretch
 * with nothing else touching the destination in between. */
static bool
coalesce(struct gbe_prog *p, struct vreg_use *u)
{
   bool progress = false;
   gbe_foreach_inst_safe(m, p) {
      if (!raw_copy(m) || m->pred || !is_vgrf(&m->src[0]) || !is_vgrf(&m->dst) ||
          m->src[0].offset || m->src[0].stride != 1 || m->dst.stride != 1)
         continue;
      uint32_t sv = m->src[0].nr;
      struct gbe_inst *d = u[sv].def;
      if (u[sv].defs != 1 || u[sv].reads != 1 || d == m || m->dst.nr == sv)
         continue;
      /* a reply fills whole registers, the channels the send did not run
       * included: only a destination nothing else writes (not a phi's
       * register, which other arms or iterations fill) may take it */
      bool as_send = gbe_is_send(d) && d->dst.offset == 0 && m->dst.offset % 32 == 0 &&
                     d->rlen * 32u == gbe_reg_span(&m->dst, m->exec_size) &&
                     u[m->dst.nr].defs == 1;
      if (!as_send && (gbe_is_send(d) || !full_write(p, d) || d->exec_size != m->exec_size ||
                       d->group != m->group || d->we_all != m->we_all ||
                       isa_type_size(d->dst.type) != isa_type_size(m->dst.type)))
         continue;
      unsigned lo = m->dst.offset, hi = lo + gbe_reg_span(&m->dst, m->exec_size);
      if (touched_between(d, m, m->dst.nr, lo, hi))
         continue;
      /* d must come before m in the same stretch */
      const struct gbe_inst *x = d;
      while (x != &p->head && x != m)
         x = x->next;
      if (x != m)
         continue;
      struct gbe_reg nd = m->dst;
      nd.type = d->dst.type;
      d->dst = nd;
      u[nd.nr].def = d;
      u[sv].defs = u[sv].reads = 0;
      gbe_inst_remove(m);
      progress = true;
   }
   return progress;
}

bool
gbe_optimize(struct gbe_prog *p)
{
   struct vreg_use *u = malloc((p->num_vregs ? p->num_vregs : 1) * sizeof(*u));
   if (!u) {
      p->oom = true;
      return false;
   }
   for (unsigned round = 0; round < 8; round++) {
      count(p, u);
      bool a = propagate(p, u);
      count(p, u);
      bool b = dce(p, u);
      count(p, u);
      bool c = coalesce(p, u);
      bool d = gbe_cse(p);
      /* after the copies it took out: a copy predicated in place would
       * no longer coalesce */
      if (!a && !b && !c && !d && !gbe_flatten_branches(p))
         break;
   }
   free(u);
   gbe_fuse_mad(p);
   return !p->oom;
}
