/* Instruction scheduling and the cycle estimate.
 *
 * After register allocation, each straight-line stretch of instructions
 * (between control flow, messages that order memory, and architecture
 * register accesses) is list-scheduled: an instruction may move ahead of
 * others as long as every dependency on a register byte or the flag
 * register stays in order, and among the ready ones the longest remaining
 * latency path goes first, so that a message's reply is waited for as late
 * as possible.  The allocation is done, so scheduling cannot raise
 * register pressure.
 *
 * The same latency model gives the statistics' cycle count: an in-order
 * issue where an instruction waits for the results it reads. */
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"

/* Latencies in cycles, per generation: estimates in the spirit of the
 * PRMs' pipeline descriptions (an ALU result is usable some 14 cycles
 * later at SIMD8; the math box is slower; a data-port reply takes a few
 * hundred cycles, SLM far less). */
struct latencies {
   uint16_t alu, math, send, slm;
};

static const struct latencies lat[ISA_GEN_COUNT] = {
   [ISA_GEN7] = { 14, 22, 300, 60 },
   [ISA_GEN75] = { 14, 22, 300, 60 },
   [ISA_GEN8] = { 14, 22, 250, 50 },
   [ISA_GEN9] = { 14, 22, 250, 50 },
   [ISA_GEN11] = { 12, 20, 250, 50 },
   [ISA_GEN12] = { 10, 20, 250, 50 },
};

/* Register-file bytes an instruction reads and writes; the flag
 * register counts as one more resource. */
struct footprint {
   uint16_t rd_lo[3], rd_hi[3];
   uint16_t wr_lo, wr_hi;
   bool rd_flag, wr_flag;
   bool barrier;
};

static void
range(const struct gbe_reg *r, unsigned bytes, uint16_t *lo, uint16_t *hi)
{
   *lo = *hi = 0;
   if (r->file != GBE_FIXED || !bytes)
      return;
   *lo = (uint16_t)(r->nr * 32 + r->offset);
   *hi = (uint16_t)(*lo + bytes);
}

static bool
is_barrier(const struct gbe_inst *i)
{
   if (gbe_is_branch(i->op) || i->op == GBE_OP_DO || i->op == ISA_OP_WAIT ||
       i->op == ISA_OP_SYNC || i->eot)
      return true;
   if (i->dst.file == GBE_ARF)
      return true;
   for (unsigned s = 0; s < 3; s++) {
      /* an indirect source reads registers its operand does not name */
      if (i->src[s].file == GBE_ARF || i->src[s].indirect)
         return true;
   }
   return false;
}

static void
footprint(const struct gbe_inst *i, struct footprint *f)
{
   memset(f, 0, sizeof(*f));
   f->barrier = is_barrier(i);
   for (unsigned s = 0; s < 3; s++) {
      unsigned bytes = gbe_reg_span(&i->src[s], i->exec_size);
      if (gbe_is_send(i))
         bytes = s == 0 ? i->mlen * 32u : s == 1 ? i->ex_mlen * 32u : 0;
      range(&i->src[s], bytes, &f->rd_lo[s], &f->rd_hi[s]);
   }
   unsigned wb = gbe_is_send(i) ? i->rlen * 32u : gbe_reg_span(&i->dst, i->exec_size);
   range(&i->dst, wb, &f->wr_lo, &f->wr_hi);
   f->rd_flag = i->pred != 0;
   f->wr_flag = i->cmod && i->op != ISA_OP_SEL && i->op != ISA_OP_MATH;
}

static bool
overlap(uint16_t alo, uint16_t ahi, uint16_t blo, uint16_t bhi)
{
   return alo < bhi && blo < ahi;
}

static bool
reads_written(const struct footprint *r, const struct footprint *w)
{
   for (unsigned s = 0; s < 3; s++) {
      if (overlap(r->rd_lo[s], r->rd_hi[s], w->wr_lo, w->wr_hi))
         return true;
   }
   return r->rd_flag && w->wr_flag;
}

/* b must stay after a */
static bool
depends(const struct gbe_inst *a, const struct footprint *fa, const struct gbe_inst *b,
        const struct footprint *fb)
{
   if (fa->barrier || fb->barrier)
      return true;
   /* messages keep their order: they reach memory in it */
   if (gbe_is_send(a) && gbe_is_send(b))
      return true;
   return reads_written(fb, fa) || reads_written(fa, fb) ||
          overlap(fa->wr_lo, fa->wr_hi, fb->wr_lo, fb->wr_hi) || (fa->wr_flag && fb->wr_flag);
}

static unsigned
latency(const struct gbe_prog *p, const struct gbe_inst *i)
{
   const struct latencies *l = &lat[p->gen];
   if (gbe_is_send(i))
      return i->rlen ? l->send : 1;
   if (i->op == ISA_OP_MATH)
      return l->math;
   return l->alu;
}

/* Issue cycles: a SIMD16 32-bit instruction takes two passes of the
 * 8-wide ALU. */
static unsigned
issue(const struct gbe_inst *i)
{
   unsigned span = gbe_reg_span(&i->dst, i->exec_size);
   return span > 32 ? 2 : 1;
}

struct node {
   struct gbe_inst *inst;
   struct footprint f;
   uint32_t *succ;
   uint32_t nsucc, npred_left;
   uint32_t path;          /* longest latency path to the stretch's end */
};

static bool
schedule_stretch(struct gbe_prog *p, struct gbe_inst *first, struct gbe_inst *end, unsigned n)
{
   struct node *nd = calloc(n, sizeof(*nd));
   uint32_t *edges = calloc((size_t)n * n, sizeof(*edges));
   if (!nd || !edges) {
      free(nd);
      free(edges);
      p->oom = true;
      return false;
   }
   unsigned k = 0;
   for (struct gbe_inst *i = first; i != end; i = i->next, k++) {
      nd[k].inst = i;
      footprint(i, &nd[k].f);
      nd[k].succ = edges + (size_t)k * n;
   }
   for (unsigned a = 0; a < n; a++) {
      for (unsigned b = a + 1; b < n; b++) {
         if (depends(nd[a].inst, &nd[a].f, nd[b].inst, &nd[b].f)) {
            nd[a].succ[nd[a].nsucc++] = b;
            nd[b].npred_left++;
         }
      }
   }
   for (unsigned a = n; a-- > 0;) {
      uint32_t best = 0;
      for (unsigned s = 0; s < nd[a].nsucc; s++) {
         uint32_t x = nd[nd[a].succ[s]].path;
         best = x > best ? x : best;
      }
      nd[a].path = best + latency(p, nd[a].inst);
   }
   /* unlink the stretch and put it back in scheduled order */
   struct gbe_inst *before = first->prev;
   for (unsigned a = 0; a < n; a++) {
      struct gbe_inst *i = nd[a].inst;
      i->prev->next = i->next;
      i->next->prev = i->prev;
   }
   for (unsigned placed = 0; placed < n; placed++) {
      unsigned pick = n;
      for (unsigned a = 0; a < n; a++) {
         if (nd[a].npred_left || !nd[a].inst)
            continue;
         if (pick == n || nd[a].path > nd[pick].path)
            pick = a;
      }
      struct gbe_inst *i = nd[pick].inst;
      i->prev = before;
      i->next = before->next;
      before->next->prev = i;
      before->next = i;
      before = i;
      nd[pick].inst = NULL;
      nd[pick].npred_left = UINT32_MAX;
      for (unsigned s = 0; s < nd[pick].nsucc; s++)
         nd[nd[pick].succ[s]].npred_left--;
   }
   free(nd);
   free(edges);
   return true;
}

#define MAX_STRETCH 512

void
gbe_schedule(struct gbe_prog *p)
{
   struct gbe_inst *i = p->head.next;
   while (i != &p->head) {
      if (is_barrier(i)) {
         i = i->next;
         continue;
      }
      struct gbe_inst *first = i;
      unsigned n = 0;
      while (i != &p->head && !is_barrier(i) && n < MAX_STRETCH) {
         i = i->next;
         n++;
      }
      if (n > 2 && !schedule_stretch(p, first, i, n))
         return;
   }
}

/* The cycle estimate: in-order issue, each instruction waiting for the
 * registers it reads to be written (loops counted once). */
unsigned
gbe_estimate_cycles(const struct gbe_prog *p)
{
   uint32_t ready[128 + 1];
   memset(ready, 0, sizeof(ready));
   uint32_t t = 0;
   gbe_foreach_inst(i, p) {
      if (i->op == GBE_OP_DO)
         continue;
      struct footprint f;
      footprint(i, &f);
      uint32_t start = t;
      for (unsigned s = 0; s < 3; s++) {
         for (unsigned g = f.rd_lo[s] / 32; f.rd_hi[s] && g <= (unsigned)(f.rd_hi[s] - 1) / 32; g++)
            start = ready[g] > start ? ready[g] : start;
      }
      if (f.rd_flag)
         start = ready[128] > start ? ready[128] : start;
      uint32_t done = start + latency(p, i);
      for (unsigned g = f.wr_lo / 32; f.wr_hi && g <= (unsigned)(f.wr_hi - 1) / 32; g++)
         ready[g] = done;
      if (f.wr_flag)
         ready[128] = done;
      t = start + issue(i);
   }
   uint32_t end = t;
   for (unsigned g = 0; g <= 128; g++)
      end = ready[g] > end ? ready[g] : end;
   return end;
}
