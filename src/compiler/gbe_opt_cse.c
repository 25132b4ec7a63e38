/* Address arithmetic clean-ups, part of gbe_optimize: selection builds
 * every message's byte offset from its index, (i + c) << s, so accesses
 * to neighbouring elements repeat i << s.
 * - reassociation: `add t, x, c ... shl a, t, s` (t read once) becomes
 *   `shl t, x, s ... add a, t, c << s`, equal modulo 2^32;
 * - local value numbering: an instruction computing what an earlier one
 *   in the same straight-line stretch computed, from the same single-
 *   definition operands, becomes a copy of its result, which copy
 *   propagation then takes out. */
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"

/* Earlier results a stretch remembers; more are simply not looked up. */
#define CSE_WINDOW 64

struct use {
   uint32_t defs, reads;
   /* every read is src0 of a SHL by this immediate (-1: some other read) */
   int32_t shift;
};

static bool
is_dword_int(unsigned t)
{
   return t == ISA_TYPE_UD || t == ISA_TYPE_D;
}

/* The immediate a read of source s of i shifts it left by, or -1. */
static int32_t
shifted_by(const struct gbe_inst *i, unsigned s)
{
   const struct gbe_reg *r = &i->src[0];
   if (i->op != ISA_OP_SHL || s || i->sat || r->offset || r->stride != 1 || r->neg || r->abs ||
       !is_dword_int(r->type) || !is_dword_int(i->dst.type) || i->src[1].file != GBE_IMM ||
       i->src[1].imm > 31)
      return -1;
   return (int32_t)i->src[1].imm;
}

static void
count(const struct gbe_prog *p, struct use *u)
{
   memset(u, 0, p->num_vregs * sizeof(*u));
   gbe_foreach_inst(i, p) {
      for (unsigned s = 0; s < 3; s++) {
         if (i->src[s].file != GBE_VGRF)
            continue;
         struct use *r = &u[i->src[s].nr];
         int32_t sh = shifted_by(i, s);
         r->shift = !r->reads++ || r->shift == sh ? sh : -1;
      }
      if (i->dst.file == GBE_VGRF)
         u[i->dst.nr].defs++;
   }
}

/* All of its vreg, unpredicated, on the program's channels. */
static bool
whole_def(const struct gbe_prog *p, const struct gbe_inst *i, const struct use *u)
{
   return i->dst.file == GBE_VGRF && u[i->dst.nr].defs == 1 && !i->pred && !i->we_all &&
          !i->group && i->exec_size == p->simd && !i->dst.offset && i->dst.stride == 1 &&
          !i->sat && !i->cmod;
}

/* A dword immediate's value, in *v. */
static bool
imm_of(const struct gbe_reg *r, uint32_t *v)
{
   if (r->file != GBE_IMM || !is_dword_int(r->type))
      return false;
   *v = (uint32_t)r->imm;
   return true;
}

/* t = x + c read only as `shl _, t, s`: t becomes x << s and each reader
 * t + (c << s).  x keeps its value (one definition), so every
 * instruction stays where it is. */
static bool
reassociate(struct gbe_prog *p, const struct use *u)
{
   bool progress = false;
   gbe_foreach_inst(a, p) {
      uint32_t c;
      if (a->op != ISA_OP_ADD || !whole_def(p, a, u) || u[a->dst.nr].shift < 0 ||
          !imm_of(&a->src[1], &c) || !is_dword_int(a->dst.type) ||
          !is_dword_int(a->src[0].type) || a->src[0].neg || a->src[0].abs ||
          (a->src[0].file == GBE_VGRF && u[a->src[0].nr].defs != 1))
         continue;
      uint32_t s = (uint32_t)u[a->dst.nr].shift;
      a->op = ISA_OP_SHL;
      a->src[1] = gbe_imm(ISA_TYPE_UD, s);
      gbe_foreach_inst(r, p) {
         if (r->src[0].file == GBE_VGRF && r->src[0].nr == a->dst.nr) {
            r->op = ISA_OP_ADD;
            r->src[1] = gbe_imm(r->dst.type, c << s);
         }
      }
      progress = true;
   }
   return progress;
}

static bool
same_operand(const struct gbe_reg *a, const struct gbe_reg *b)
{
   return a->file == b->file && a->type == b->type && a->stride == b->stride &&
          a->nr == b->nr && a->offset == b->offset && a->imm == b->imm && a->neg == b->neg &&
          a->abs == b->abs && !a->indirect && !b->indirect && !a->addr_of && !b->addr_of;
}

/* A result that depends only on its operands, each of which keeps its
 * value from its one definition on (the payload is only read; checked
 * by writes_payload). */
static bool
numberable(const struct gbe_prog *p, const struct gbe_inst *i, const struct use *u)
{
   if (gbe_is_send(i) || gbe_is_branch(i->op) || i->op == GBE_OP_DO ||
       i->op == ISA_OP_ADDC || i->op == ISA_OP_SUBB || i->op == ISA_OP_MACH ||
       i->op == ISA_OP_MAC || i->op == ISA_OP_WAIT || i->op == ISA_OP_SYNC ||
       i->op == ISA_OP_NOP || !whole_def(p, i, u))
      return false;
   for (unsigned s = 0; s < 3; s++) {
      const struct gbe_reg *r = &i->src[s];
      if (r->file == GBE_ARF || r->indirect || r->addr_of ||
          (r->file == GBE_FIXED && r->nr >= p->first_free_grf) ||
          (r->file == GBE_VGRF && u[r->nr].defs != 1))
         return false;
   }
   return true;
}

static bool
same_value(const struct gbe_inst *a, const struct gbe_inst *b)
{
   if (a->op != b->op || a->cmod != b->cmod || a->dst.type != b->dst.type ||
       a->exec_size != b->exec_size)
      return false;
   for (unsigned s = 0; s < 3; s++) {
      if (!same_operand(&a->src[s], &b->src[s]))
         return false;
   }
   return true;
}

/* Whether the kernel writes a payload register (below first_free_grf;
 * the end-of-thread copy goes above it). */
static bool
writes_payload(const struct gbe_prog *p)
{
   gbe_foreach_inst(i, p) {
      if (i->dst.file == GBE_FIXED && i->dst.nr < p->first_free_grf)
         return true;
   }
   return false;
}

static bool
number_values(struct gbe_prog *p, const struct use *u)
{
   struct gbe_inst *seen[CSE_WINDOW];
   unsigned n = 0;
   bool progress = false;
   gbe_foreach_inst(i, p) {
      if (gbe_is_branch(i->op) || i->op == GBE_OP_DO) {
         n = 0;
         continue;
      }
      if (!numberable(p, i, u))
         continue;
      unsigned k = 0;
      while (k < n && !same_value(seen[k], i))
         k++;
      if (k == n) {
         if (n < CSE_WINDOW)
            seen[n++] = i;
         continue;
      }
      i->op = ISA_OP_MOV;
      i->cmod = 0;
      i->src[0] = seen[k]->dst;
      i->src[1] = i->src[2] = gbe_null(ISA_TYPE_UD);
      progress = true;
   }
   return progress;
}

bool
gbe_cse(struct gbe_prog *p)
{
   struct use *u = malloc((p->num_vregs ? p->num_vregs : 1) * sizeof(*u));
   if (!u) {
      p->oom = true;
      return false;
   }
   count(p, u);
   bool a = reassociate(p, u);
   count(p, u);
   bool b = !writes_payload(p) && number_values(p, u);
   free(u);
   return a || b;
}
