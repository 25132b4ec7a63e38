/* Gen12 software scoreboard (TGL PRM Vol 7 "Software Scoreboard"): the
 * hardware no longer tracks register dependencies.  In-order
 * instructions name how far back the instruction they wait for is
 * (RegDist @n); out-of-order ones (send, math) get a token ($n) that a
 * later instruction waits on before it reads their destination or
 * overwrites their sources or destination.
 *
 * This version is simple and safe: every in-order instruction waits for
 * the one before it (@1, so all earlier in-order work is done), each send
 * and math takes the next of the 16 tokens, and a token is waited for
 * before the first instruction that touches a register it covers, and
 * before any branch or loop boundary (the linear scan cannot see
 * dependencies across back edges).  Where the wait goes: an in-order
 * instruction's SWSB byte holds a RegDist and one token's .dst together
 * (bit 7, TGL PRM Vol 2a "SWSB"), and waiting for the destination covers
 * the sources too (the message read them before it wrote), so its first
 * token costs no instruction; further tokens, and the tokens an
 * out-of-order instruction or a branch waits for, take a sync.nop each,
 * or one sync.allwr when several are live. */
#include <string.h>

#include "gbe_lir.h"

#define TOKENS 16

struct pending {
   bool live;
   uint8_t dst_lo, dst_hi;     /* GRFs the reply writes, [lo, hi) */
   uint8_t src_lo, src_hi;     /* GRFs the message reads */
};

static void
grf_range(const struct gbe_reg *r, unsigned bytes, unsigned *lo, unsigned *hi)
{
   *lo = *hi = 0;
   if (r->file != GBE_FIXED || !bytes)
      return;
   *lo = r->nr + r->offset / 32;
   *hi = r->nr + (r->offset + bytes + 31) / 32;
}

static bool
overlaps(unsigned a_lo, unsigned a_hi, unsigned b_lo, unsigned b_hi)
{
   return a_lo < b_hi && b_lo < a_hi;
}

/* TGL PRM Vol 2a "SYNC": the function in the conditional-modifier field. */
enum { SYNC_NOP = 0, SYNC_ALLWR = 3 };

static void
sync_inst(struct gbe_prog *p, struct gbe_inst *before, uint8_t fn, uint8_t swsb)
{
   struct gbe_inst s = {
      .op = ISA_OP_SYNC, .exec_size = 1, .we_all = true, .swsb = swsb, .cmod = fn,
      .dst = gbe_null(ISA_TYPE_UB), .src = { gbe_null(ISA_TYPE_UB), gbe_null(ISA_TYPE_UB),
                                             gbe_null(ISA_TYPE_UB) },
   };
   gbe_insert_before(p, before, &s);
}

static uint8_t
token_dst(unsigned t)
{
   return (uint8_t)(0x20 | t);
}

/* Waits, before instruction i, for the tokens of mask (all done after):
 * one sync.nop for a single token, one sync.allwr for more. */
static void
wait_tokens(struct gbe_prog *p, struct gbe_inst *i, struct pending tok[TOKENS], uint32_t mask)
{
   if (!mask)
      return;
   if (mask & (mask - 1))
      sync_inst(p, i, SYNC_ALLWR, 0);
   else
      sync_inst(p, i, SYNC_NOP, token_dst((unsigned)__builtin_ctz(mask)));
   for (unsigned t = 0; t < TOKENS; t++) {
      if ((mask >> t) & 1)
         tok[t].live = false;
   }
}

static uint32_t
live_tokens(const struct pending tok[TOKENS])
{
   uint32_t m = 0;
   for (unsigned t = 0; t < TOKENS; t++)
      m |= (uint32_t)tok[t].live << t;
   return m;
}

static bool
is_out_of_order(const struct gbe_inst *i)
{
   return gbe_is_send(i) || i->op == ISA_OP_MATH;
}

/* Registers an instruction reads (sources) and writes. */
static void
footprint(const struct gbe_inst *i, unsigned rd[3][2], unsigned wr[2])
{
   for (unsigned s = 0; s < 3; s++) {
      unsigned bytes = gbe_reg_span(&i->src[s], i->exec_size);
      if (gbe_is_send(i))
         bytes = s == 0 ? i->mlen * 32u : s == 1 ? i->ex_mlen * 32u : 0;
      grf_range(&i->src[s], bytes, &rd[s][0], &rd[s][1]);
   }
   unsigned wb = gbe_is_send(i) ? i->rlen * 32 : gbe_reg_span(&i->dst, i->exec_size);
   grf_range(&i->dst, wb, &wr[0], &wr[1]);
}

/* The live tokens instruction i must wait for before it issues. */
static uint32_t
hazards(const struct gbe_inst *i, const struct pending tok[TOKENS])
{
   if (i->eot)
      return live_tokens(tok);
   unsigned rd[3][2], wr[2];
   footprint(i, rd, wr);
   uint32_t m = 0;
   for (unsigned t = 0; t < TOKENS; t++) {
      if (!tok[t].live)
         continue;
      bool raw = false;
      for (unsigned s = 0; s < 3; s++)
         raw |= overlaps(rd[s][0], rd[s][1], tok[t].dst_lo, tok[t].dst_hi);
      bool waw = overlaps(wr[0], wr[1], tok[t].dst_lo, tok[t].dst_hi);
      bool war = overlaps(wr[0], wr[1], tok[t].src_lo, tok[t].src_hi);
      m |= (uint32_t)(raw || waw || war) << t;
   }
   return m;
}

/* An out-of-order instruction takes the next token (waiting for its
 * previous holder) and records the registers the token covers. */
static void
take_token(struct gbe_prog *p, struct gbe_inst *i, struct pending tok[TOKENS], unsigned *next)
{
   unsigned t = *next;
   *next = (*next + 1) % TOKENS;
   if (tok[t].live)
      wait_tokens(p, i, tok, 1u << t);
   unsigned rd[3][2], wr[2];
   footprint(i, rd, wr);
   /* @1 too: its payload may come from the instruction before */
   i->swsb = (uint8_t)(0x80 | 1 << 4 | t);
   tok[t] = (struct pending){ true, (uint8_t)wr[0], (uint8_t)wr[1],
                              (uint8_t)rd[0][0], (uint8_t)rd[0][1] };
   /* the sources the token covers: a math's two, a split send's two
    * payloads (one range over both: waiting longer is safe) */
   if (i->op == ISA_OP_MATH || i->ex_mlen) {
      unsigned lo = rd[0][0], hi = rd[0][1];
      if (rd[1][1] > rd[1][0]) {
         lo = lo < rd[1][0] ? lo : rd[1][0];
         hi = hi > rd[1][1] ? hi : rd[1][1];
      }
      tok[t].src_lo = (uint8_t)lo;
      tok[t].src_hi = (uint8_t)hi;
   }
}

void
gbe_swsb(struct gbe_prog *p)
{
   if (p->gen != ISA_GEN12)
      return;
   struct pending tok[TOKENS];
   memset(tok, 0, sizeof(tok));
   unsigned next = 0;
   gbe_foreach_inst(i, p) {
      if (i->op == GBE_OP_DO || gbe_is_branch(i->op)) {
         /* a boundary of the linear view: every token is waited for */
         wait_tokens(p, i, tok, live_tokens(tok));
         if (i->op != GBE_OP_DO)
            i->swsb = 1;   /* the flag its predicate reads */
         continue;
      }
      if (i->op == ISA_OP_SYNC)
         continue;
      uint32_t wait = hazards(i, tok);
      if (is_out_of_order(i)) {
         wait_tokens(p, i, tok, wait);
         take_token(p, i, tok, &next);
         continue;
      }
      i->swsb = 1;   /* @1 */
      if (wait) {
         /* RegDist and the lowest token's .dst in the instruction itself */
         unsigned t = (unsigned)__builtin_ctz(wait);
         i->swsb = (uint8_t)(0x80 | 1 << 4 | t);
         tok[t].live = false;
         wait_tokens(p, i, tok, wait & (wait - 1));
      }
   }
}
