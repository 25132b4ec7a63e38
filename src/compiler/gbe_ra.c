/* Register allocation: live intervals over the linear instruction order,
 * assigned to runs of GRFs by a linear scan (README.md says why).
 *
 * The order is the order the EU executes, and the EU runs both arms of a
 * divergent IF one after the other on the same registers: an interval
 * from a value's first to its last mention covers everything that runs
 * while some channel still needs it.  Loops add the back edge: a value
 * live across the loop's boundary, or read in the loop before it is
 * written there (a loop-carried value), lives through the whole loop. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"

#define NUM_GRFS 127   /* g127 holds the end-of-thread payload */

struct interval {
   int32_t start, end;
   int32_t first_def;   /* first write, INT32_MAX when none */
   int32_t first_use;   /* first read, INT32_MAX when none */
};

static void
note(struct interval *iv, const struct gbe_reg *r, int32_t ip, bool def)
{
   if (r->file != GBE_VGRF)
      return;
   struct interval *v = &iv[r->nr];
   if (ip < v->start)
      v->start = ip;
   if (ip > v->end)
      v->end = ip;
   if (def && ip < v->first_def)
      v->first_def = ip;
   if (!def && ip < v->first_use)
      v->first_use = ip;
}

/* A predicated or partial write keeps the other channels' values: it is
 * also a read of the register. */
static bool
partial_write(const struct gbe_inst *i)
{
   return i->pred && i->op != ISA_OP_SEL;
}

static void
build_intervals(struct gbe_prog *p, struct interval *iv)
{
   for (uint32_t v = 0; v < p->num_vregs; v++)
      iv[v] = (struct interval){ INT32_MAX, -1, INT32_MAX, INT32_MAX };
   int32_t ip = 0;
   gbe_foreach_inst(i, p) {
      i->ip = (uint32_t)ip;
      for (unsigned s = 0; s < 3; s++)
         note(iv, &i->src[s], ip, false);
      note(iv, &i->dst, ip, !partial_write(i));
      if (partial_write(i))
         note(iv, &i->dst, ip, false);
      ip++;
   }
}

/* Widens intervals over the loops they cross; repeats for nesting. */
static void
extend_loops(struct gbe_prog *p, struct interval *iv)
{
   int32_t stack[64];
   unsigned depth = 0;
   int32_t loops[2 * 256];
   unsigned nloops = 0;
   gbe_foreach_inst(i, p) {
      if (i->op == GBE_OP_DO && depth < 64)
         stack[depth++] = (int32_t)i->ip;
      else if (i->op == ISA_OP_WHILE && depth) {
         depth--;
         if (nloops < 256) {
            loops[2 * nloops] = stack[depth];
            loops[2 * nloops + 1] = (int32_t)i->ip;
            nloops++;
         }
      }
   }
   bool changed = true;
   while (changed) {
      changed = false;
      for (unsigned l = 0; l < nloops; l++) {
         int32_t s = loops[2 * l], e = loops[2 * l + 1];
         for (uint32_t v = 0; v < p->num_vregs; v++) {
            struct interval *x = &iv[v];
            if (x->end < s || x->start > e || (x->start <= s && x->end >= e))
               continue;
            bool crosses = x->start < s || x->end > e;
            bool carried = x->first_use < x->first_def;
            if (!crosses && !carried)
               continue;
            if (s < x->start)
               x->start = s;
            if (e > x->end)
               x->end = e;
            changed = true;
         }
      }
   }
}

struct order {
   uint32_t v;
   int32_t start;
};

/* The live values ordered by start, then by number: a counting sort over
 * the instruction positions (a spill round re-sorts every value, so an
 * O(n log n) sort per round made spilling heavy kernels slow); stable, so
 * equal starts keep the ascending numbers.  Returns how many, or
 * UINT32_MAX when out of memory. */
static uint32_t
order_by_start(const struct interval *iv, uint32_t n, struct order *ord)
{
   int32_t last = 0;
   for (uint32_t v = 0; v < n; v++) {
      if (iv[v].end >= 0 && iv[v].start > last)
         last = iv[v].start;
   }
   uint32_t *first = calloc((size_t)last + 2, sizeof(*first));
   if (!first)
      return UINT32_MAX;
   for (uint32_t v = 0; v < n; v++) {
      if (iv[v].end >= 0)
         first[iv[v].start + 1]++;
   }
   for (int32_t s = 0; s <= last; s++)
      first[s + 1] += first[s];
   uint32_t m = first[last + 1];
   for (uint32_t v = 0; v < n; v++) {
      if (iv[v].end >= 0)
         ord[first[iv[v].start]++] = (struct order){ v, iv[v].start };
   }
   free(first);
   return m;
}

static int
find_run(const int32_t *busy_until, unsigned first, unsigned limit, unsigned n, int32_t at)
{
   for (unsigned g = first; g + n <= limit; g++) {
      unsigned k = 0;
      while (k < n && busy_until[g + k] < at)
         k++;
      if (k == n)
         return (int)g;
      g += k;
   }
   return -1;
}

static void
rewrite(struct gbe_prog *p, struct gbe_reg *r)
{
   if (r->file != GBE_VGRF)
      return;
   int32_t g = p->vregs[r->nr].grf;
   r->file = GBE_FIXED;
   r->nr = (uint32_t)g + r->offset / 32;
   r->offset %= 32;
}

/* ---- spilling ----
 *
 * A spilled value lives in the thread's scratch space (PRM Vol 2d
 * "Scratch Block Read/Write": whole registers at an offset in 32-byte
 * units from the thread's scratch pointer, R0.5 of the header).  Each
 * read of it is preceded by a fill into a short-lived register, each
 * write goes to such a register and is stored after.  A write only sets
 * the channels that execute it, and the store moves whole registers, so
 * the old value is filled first: the other channels keep theirs. */


/* Scratch block messages move 1, 2 or 4 registers (PRM "Scratch Block
 * Read": block size), so a value of n is moved in power-of-two pieces. */
static unsigned
piece(unsigned n)
{
   return n >= 4 ? 4 : n >= 2 ? 2 : 1;
}

static struct gbe_inst *
scratch_msg(struct gbe_prog *p, struct gbe_inst *before, bool write, unsigned hword,
            unsigned blocks, struct gbe_reg payload, struct gbe_reg dst)
{
   struct isa_send_msg m = {
      .msg = write ? ISA_MSG_SCRATCH_WRITE : ISA_MSG_SCRATCH_READ, .header = true,
      .offset = (uint16_t)hword, .blocks = (uint8_t)blocks, .elem_bytes = 16,
      .mlen = (uint8_t)(1 + (write ? blocks : 0)), .rlen = (uint8_t)(write ? 0 : blocks),
      .write = write,
   };
   unsigned sfid;
   uint32_t desc, ex_desc;
   const char *why = NULL;
   if (!isa_send_encode(p->gen, &m, &sfid, &desc, &ex_desc, &why)) {
      gbe_fail(p, "scratch message on %s: %s", isa_gen_name(p->gen), why ? why : "?");
      return NULL;
   }
   struct gbe_inst t = {
      .op = ISA_OP_SEND, .exec_size = 8, .we_all = true, .dst = dst,
      .src = { payload, gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD) },
      .sfid = (uint8_t)sfid, .desc = desc, .ex_desc = ex_desc, .mlen = m.mlen, .rlen = m.rlen,
   };
   return gbe_insert_before(p, before, &t);
}

/* The message's offset field counts 12 bits of HWords (128 KiB); a slot
 * beyond starts from a scratch pointer moved on in the header, whose
 * DWord 5 holds it in 1 KiB units (bits 31:10, the FFTID below). */
#define SCRATCH_OFFSET_HWORDS 4096u
#define HWORDS_PER_KB 32u

/* header: a copy of R0, whose DWord 5 is the thread's scratch pointer,
 * moved on by the whole KiBs of hword when the offset field cannot reach
 * it; returns the offset left for the descriptor. */
static unsigned
scratch_header(struct gbe_prog *p, struct gbe_inst *before, struct gbe_reg hdr,
               unsigned hword, unsigned blocks)
{
   struct gbe_inst t = {
      .op = ISA_OP_MOV, .exec_size = 8, .we_all = true, .dst = gbe_retype(hdr, ISA_TYPE_UD),
      .src = { gbe_fixed(0, 0, ISA_TYPE_UD, 1), gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD) },
   };
   gbe_insert_before(p, before, &t);
   if (hword + blocks <= SCRATCH_OFFSET_HWORDS)
      return hword;
   unsigned moved = hword & ~(HWORDS_PER_KB - 1);
   struct gbe_reg ptr = gbe_offset(gbe_retype(hdr, ISA_TYPE_UD), 5 * 4);
   ptr.stride = 0;
   struct gbe_inst add = {
      .op = ISA_OP_ADD, .exec_size = 1, .we_all = true, .dst = ptr,
      .src = { ptr, gbe_imm(ISA_TYPE_UD, moved * 32), gbe_null(ISA_TYPE_UD) },
   };
   gbe_insert_before(p, before, &add);
   return hword - moved;
}

/* Moves `regs` GRFs between scratch at hword and the registers at `at`
 * (GRF-aligned, in a vreg whose GRF before `at` is free for the header
 * when writing). */
static void
fill(struct gbe_prog *p, struct gbe_inst *before, unsigned hword, unsigned regs, struct gbe_reg at)
{
   for (unsigned b = 0, n; b < regs; b += n) {
      n = piece(regs - b);
      struct gbe_reg hdr = gbe_vreg_bytes(p, ISA_TYPE_UD, 32);
      unsigned off = scratch_header(p, before, hdr, hword + b, n);
      scratch_msg(p, before, false, off, n, hdr, gbe_offset(at, b * 32));
      p->stats_fills++;
   }
}

static void
spill(struct gbe_prog *p, struct gbe_inst *after, unsigned hword, unsigned regs, struct gbe_reg from)
{
   struct gbe_inst *before = after->next;
   for (unsigned b = 0, n; b < regs; b += n) {
      n = piece(regs - b);
      struct gbe_reg pl = gbe_vreg_bytes(p, ISA_TYPE_UD, 32 * (1 + n));
      unsigned off = scratch_header(p, before, pl, hword + b, n);
      for (unsigned r = 0; r < n; r++) {
         struct gbe_inst t = {
            .op = ISA_OP_MOV, .exec_size = 8, .we_all = true,
            .dst = gbe_offset(gbe_retype(pl, ISA_TYPE_UD), 32 * (1 + r)),
            .src = { gbe_offset(gbe_retype(from, ISA_TYPE_UD), 32 * (b + r)),
                     gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD) },
         };
         gbe_insert_before(p, before, &t);
      }
      scratch_msg(p, before, true, off, n, pl, gbe_null(ISA_TYPE_UD));
      p->stats_spills++;
   }
}

static bool
refers(const struct gbe_reg *r, uint32_t v)
{
   return r->file == GBE_VGRF && r->nr == v;
}

/* A scratch slot and the first and last instruction of the intervals of
 * the values spilled to it: values whose intervals (loops included) do
 * not overlap share a slot, so scratch grows with the values live at once
 * rather than with every value ever spilled. */
struct slot {
   unsigned hword, regs;
   struct gbe_inst *first, *last;
};

struct slots {
   struct slot *s;
   unsigned n, cap;
};

static struct gbe_inst *
inst_at(struct gbe_prog *p, int32_t ip)
{
   gbe_foreach_inst(i, p) {
      if ((int32_t)i->ip == ip)
         return i;
   }
   return NULL;
}

static unsigned
new_slot_hword(struct gbe_prog *p, unsigned regs)
{
   unsigned hword = p->scratch_bytes / 32;
   p->scratch_bytes += regs * 32;
   return hword;
}

/* The slot for a value of `regs` registers live over [start, end] (the
 * instruction numbers of the current allocation round). */
static unsigned
slot_for(struct gbe_prog *p, struct slots *sl, unsigned regs, int32_t start, int32_t end)
{
   struct gbe_inst *first = inst_at(p, start), *last = inst_at(p, end);
   if (!first || !last)
      return new_slot_hword(p, regs);
   for (unsigned k = 0; k < sl->n; k++) {
      struct slot *x = &sl->s[k];
      if (x->regs != regs || ((int32_t)x->first->ip <= end && start <= (int32_t)x->last->ip))
         continue;
      if (start < (int32_t)x->first->ip)
         x->first = first;
      if (end > (int32_t)x->last->ip)
         x->last = last;
      return x->hword;
   }
   if (sl->n == sl->cap) {
      unsigned cap = sl->cap ? 2 * sl->cap : 16;
      struct slot *grown = realloc(sl->s, cap * sizeof(*grown));
      if (!grown) {
         p->oom = true;
         return new_slot_hword(p, regs);
      }
      sl->s = grown;
      sl->cap = cap;
   }
   unsigned hword = new_slot_hword(p, regs);
   sl->s[sl->n++] = (struct slot){ hword, regs, first, last };
   return hword;
}

/* Rewrites every mention of vreg v through scratch at hword. */
/* Instruction i's operands of value v read a fill of its slot, and a
 * definition of it is spilled there. */
static void
spill_at(struct gbe_prog *p, struct gbe_inst *i, uint32_t v, unsigned hword)
{
   unsigned regs = p->vregs[v].size / 32;
   struct gbe_reg t = gbe_vreg_bytes(p, ISA_TYPE_UD, regs * 32);
   fill(p, i, hword, regs, t);
   for (unsigned s = 0; s < 3; s++) {
      if (refers(&i->src[s], v))
         i->src[s].nr = t.nr;
   }
   if (refers(&i->dst, v)) {
      i->dst.nr = t.nr;
      spill(p, i, hword, regs, t);
   }
}

static bool
mentions(const struct gbe_inst *i, uint32_t v)
{
   return refers(&i->dst, v) || refers(&i->src[0], v) || refers(&i->src[1], v) ||
          refers(&i->src[2], v);
}

static void
spill_vreg(struct gbe_prog *p, uint32_t v, unsigned hword)
{
   p->vregs[v].spilled = true;
   gbe_foreach_inst_safe(i, p) {
      if (mentions(i, v))
         spill_at(p, i, v, hword);
   }
}

/* Spill-all mode (the spill code's tests): every value that may be
 * spilled lives in its own slot, in one walk over the program rather than
 * one per value. */
static void
spill_all(struct gbe_prog *p)
{
   uint32_t n = p->num_vregs;
   unsigned *hword = malloc((n ? n : 1) * sizeof(*hword));
   if (!hword) {
      p->oom = true;
      return;
   }
   for (uint32_t v = 0; v < n; v++) {
      /* a value read through a0 keeps its register: its address is in the code */
      bool spill = !p->vregs[v].no_spill;
      hword[v] = spill ? new_slot_hword(p, p->vregs[v].size / 32) : UINT_MAX;
      p->vregs[v].spilled = spill;
   }
   gbe_foreach_inst_safe(i, p) {
      const struct gbe_reg *ops[4] = { &i->src[0], &i->src[1], &i->src[2], &i->dst };
      for (unsigned k = 0; k < 4; k++) {
         uint32_t v = ops[k]->nr;
         if (ops[k]->file == GBE_VGRF && v < n && hword[v] != UINT_MAX)
            spill_at(p, i, v, hword[v]);
      }
   }
   free(hword);
}

/* One allocation attempt; UINT32_MAX when everything fit, else the vreg
 * to spill. */
static uint32_t
try_allocate(struct gbe_prog *p, const struct interval *iv, struct order *ord, uint32_t m)
{
   int32_t busy_until[NUM_GRFS];
   uint32_t owner[NUM_GRFS];
   for (unsigned g = 0; g < NUM_GRFS; g++) {
      busy_until[g] = g < p->first_free_grf ? INT32_MAX : -1;
      owner[g] = UINT32_MAX;
   }
   unsigned used = p->first_free_grf;
   const unsigned limit = p->eot_regs > 1 ? 128 - p->eot_regs : NUM_GRFS;
   for (uint32_t k = 0; k < m; k++) {
      uint32_t v = ord[k].v;
      unsigned regs = p->vregs[v].size / 32;
      int g = find_run(busy_until, p->first_free_grf, limit, regs, iv[v].start);
      if (g < 0) {
         /* the live value that lasts longest makes the most room */
         uint32_t victim = v;
         int32_t best = iv[v].end;
         for (unsigned r = p->first_free_grf; r < NUM_GRFS; r++) {
            uint32_t o = owner[r];
            if (o != UINT32_MAX && busy_until[r] >= iv[v].start && iv[o].end > best &&
                !p->vregs[o].no_spill) {
               best = iv[o].end;
               victim = o;
            }
         }
         return victim;
      }
      p->vregs[v].grf = g;
      for (unsigned r = 0; r < regs; r++) {
         busy_until[g + r] = iv[v].end;
         owner[g + r] = v;
      }
      if ((unsigned)g + regs > used)
         used = (unsigned)g + regs;
   }
   p->grfs_used = used + 1;
   return UINT32_MAX;
}

/* Allocation rounds: each that does not fit spills one value, until one
 * fits. */
static bool
allocate_rounds(struct gbe_prog *p, struct slots *slots)
{
   for (unsigned round = 0;; round++) {
      uint32_t n = p->num_vregs;
      struct interval *iv = calloc(n ? n : 1, sizeof(*iv));
      struct order *ord = calloc(n ? n : 1, sizeof(*ord));
      if (!iv || !ord || p->oom) {
         free(iv);
         free(ord);
         p->oom = true;
         return false;
      }
      build_intervals(p, iv);
      extend_loops(p, iv);
      uint32_t m = order_by_start(iv, n, ord);
      if (m == UINT32_MAX) {
         free(iv);
         free(ord);
         p->oom = true;
         return false;
      }
      uint32_t victim = try_allocate(p, iv, ord, m);
      struct interval live = victim == UINT32_MAX ? (struct interval){ 0 } : iv[victim];
      free(iv);
      free(ord);
      if (victim == UINT32_MAX)
         break;
      if (p->vregs[victim].no_spill || round > 4 * n)
         return gbe_fail(p, "register pressure: values the spill code needs do not fit");
      uint32_t before = p->num_vregs;
      spill_vreg(p, victim, slot_for(p, slots, p->vregs[victim].size / 32, live.start,
                                     live.end));
      for (uint32_t v = before; v < p->num_vregs; v++)
         p->vregs[v].no_spill = true;
      if (p->failed)
         return false;
   }
   return true;
}

bool
gbe_regalloc(struct gbe_prog *p)
{
   if (p->opt->spill_all) {
      uint32_t n = p->num_vregs;
      spill_all(p);
      for (uint32_t v = n; v < p->num_vregs; v++)
         p->vregs[v].no_spill = true;
      if (p->failed || p->oom)
         return false;
   }
   struct slots slots = { 0 };
   bool ok = allocate_rounds(p, &slots);
   free(slots.s);
   if (!ok)
      return false;
   gbe_foreach_inst(i, p) {
      rewrite(p, &i->dst);
      for (unsigned s = 0; s < 3; s++)
         rewrite(p, &i->src[s]);
   }
   return true;
}
