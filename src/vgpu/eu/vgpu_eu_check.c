/* Checks of a kernel's own correctness, run around each instruction when
 * env->checks asks for them (vgpu_eu.c's checked loop), so that a wrong
 * kernel fails loudly on vgpu instead of passing because the interpreter
 * is sequential and its registers start at zero:
 *
 *   UNDEF    a source reads a GRF byte that nothing defined: neither the
 *            thread payload (vgpu_eu_thread_define) nor an earlier write by
 *            an enabled channel or a send's response.
 *   SWSB     Gen12 hardware does not track register dependencies itself; the
 *            kernel's software scoreboard annotations must (below).
 *   REGIONS  PRM Vol 7 "Register Region Restrictions", per generation.
 *
 * A violation either stops the thread (VGPU_EU_FAULT, t->why naming the
 * rule, the register and the instruction) or goes to env->check_report.
 * Facts: the PRMs' "Register Region Restrictions" and "Software
 * Scoreboard" (Gen12) sections; where the PRM text is not public, the
 * reading Mesa's compiler takes (brw_fs_scoreboard.cpp) is named. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vgpu_eu_priv.h"
#include "vgpu_sampler.h"

#define SB_A0   VGPU_EU_GRFS          /* scoreboard index of a0 */
#define SB_ACC  (VGPU_EU_GRFS + 1)    /* ... of acc0 */

/* ---- state and reports ---- */

static void
bits_set(uint8_t *bits, unsigned first, unsigned len)
{
   unsigned end = first + len < VGPU_EU_GRF_BYTES ? first + len : VGPU_EU_GRF_BYTES;
   unsigned b = first;
   for (; b < end && (b & 7); b++)
      bits[b >> 3] |= (uint8_t)(1u << (b & 7));
   if (end - b >= 8 && b < end) {
      memset(&bits[b >> 3], 0xff, (end - b) >> 3);
      b += (end - b) & ~7u;
   }
   for (; b < end; b++)
      bits[b >> 3] |= (uint8_t)(1u << (b & 7));
}

/* Whether every bit of [first, first + len) is set: whole bytes at a time,
 * the common answer found without a walk over single bits. */
static bool
bits_all(const uint8_t *bits, unsigned first, unsigned len)
{
   unsigned end = first + len < VGPU_EU_GRF_BYTES ? first + len : VGPU_EU_GRF_BYTES;
   unsigned b = first;
   for (; b < end && (b & 7); b++) {
      if (!((bits[b >> 3] >> (b & 7)) & 1))
         return false;
   }
   for (; b + 8 <= end; b += 8) {
      if (bits[b >> 3] != 0xff)
         return false;
   }
   for (; b < end; b++) {
      if (!((bits[b >> 3] >> (b & 7)) & 1))
         return false;
   }
   return true;
}

static void
bits_clear(uint8_t *bits, unsigned first, unsigned len)
{
   for (unsigned b = first; b < first + len && b < VGPU_EU_GRF_BYTES; b++)
      bits[b >> 3] &= (uint8_t)~(1u << (b & 7));
}

static bool
bit_get(const uint8_t *bits, unsigned b)
{
   return (bits[b >> 3] >> (b & 7)) & 1;
}

void
eu_check_start(struct vgpu_eu_thread *t)
{
   if (t->check_ready)
      return;
   struct vgpu_eu_check_state *s = &t->chk;
   memset(s, 0, sizeof(*s));
   for (unsigned r = 0; r < VGPU_EU_SB_REGS; r++) {
      s->reg[r].w_pos = -1;
      s->reg[r].r_pos = -1;
      s->reg[r].w_tok = -1;
   }
   t->check_ready = true;
}

void
vgpu_eu_thread_define(struct vgpu_eu_thread *t, unsigned first_byte,
                      unsigned len)
{
   eu_check_start(t);
   bits_set(t->chk.defined, first_byte, len);
   bits_set(t->chk.touched, first_byte, len);
}

bool
vgpu_eu_check_failed(const struct vgpu_eu_thread *t)
{
   return t->why && t->why == t->chk.why;
}

static bool
is_send(enum isa_op op)
{
   return op == ISA_OP_SEND || op == ISA_OP_SENDC || op == ISA_OP_SENDS ||
          op == ISA_OP_SENDSC;
}

/* "add(16)", or "add" for n 0 (an earlier instruction, size not kept) */
static const char *
inst_name(enum isa_op op, unsigned n, char *buf, size_t size)
{
   if (n)
      snprintf(buf, size, "%s(%u)", isa_opcode_info(op)->name, n);
   else
      snprintf(buf, size, "%s", isa_opcode_info(op)->name);
   return buf;
}

static const char *
reg_name(unsigned r, char *buf, size_t size)
{
   if (r == SB_A0)
      return "a0";
   if (r == SB_ACC)
      return "acc0";
   snprintf(buf, size, "g%u", r);
   return buf;
}

/* Formats a violation into the thread's buffer; then it is either
 * reported (and the thread goes on) or the thread's fault. */
static enum vgpu_eu_status
violation(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
          uint64_t kernel, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(t->chk.why, sizeof(t->chk.why), fmt, ap);
   va_end(ap);
   if (env->check_report) {
      env->check_report(env->user, t->chk.why);
      return VGPU_EU_DONE;
   }
   t->why = t->chk.why;
   t->fault_addr = kernel + t->ip;
   return VGPU_EU_FAULT;
}

/* The leading payload GRFs of a URB or render-target write that must
 * be defined: the header (a URB write's handles, then on Gen8+ the
 * per-slot offsets and channel masks when the descriptor asks for them;
 * a render-target write's two header GRFs when it has one: PRM Vol 2d
 * "URB" and "Render Target Write" payloads), -1 for other messages.  The
 * data registers may hold anything: a VUE row no later stage reads is
 * stored as the registers held it, and Mesa pads whole rows with
 * registers it never wrote (a vec2 output's other half, Gen7's reserved
 * clip-distance rows); a colour component the shader never wrote is
 * undefined in Vulkan too, and the format may not store it. */
static int
output_header_regs(enum isa_gen gen, const struct isa_send_msg *d)
{
   unsigned n;
   switch (d->msg) {
   case ISA_MSG_URB_WRITE_HWORD: case ISA_MSG_URB_WRITE_OWORD:
   case ISA_MSG_URB_SIMD8_WRITE:
      /* Gen7/7.5 keep the per-slot offsets and channel masks in the
       * header itself (DWords 3-5); Gen8+ in registers after it. */
      n = 1 + (gen >= ISA_GEN8 ? d->per_slot_offset + d->channel_masked : 0);
      break;
   case ISA_MSG_RT_WRITE:
      n = d->header ? 2 : 0;
      break;
   default:
      return -1;
   }
   return (int)(n < d->mlen ? n : d->mlen);
}

/* A send's message, payload and response lengths, as vgpu_eu_send reads
 * them (descriptors from a0 when the instruction says so). */
static void
send_lengths(const struct vgpu_eu_env *env, const struct vgpu_eu_thread *t,
             const struct isa_inst *in, struct eu_check_masks *m)
{
   uint32_t a0[8];
   memcpy(a0, &t->regs[VGPU_EU_ARF_A0], sizeof(a0));
   uint32_t desc = in->desc_is_reg ? a0[0] : in->desc;
   uint32_t ex_desc = in->ex_desc_is_reg ? a0[in->ex_desc_subnr & 7] : in->ex_desc;
   struct isa_send_msg d;
   isa_send_decode(env->gen, in->sfid, desc, ex_desc, &d);
   bool split = in->op == ISA_OP_SENDS || in->op == ISA_OP_SENDSC ||
                isa_op_form(env->gen, in->op) == ISA_FORM_SPLIT_SEND;
   m->mlen = d.mlen;
   m->ex_mlen = split ? d.ex_mlen : 0;
   m->rlen = d.rlen;
   int header = output_header_regs(env->gen, &d);
   m->defined_regs = header >= 0 ? (unsigned)header : m->mlen;
   m->defined_ex = header >= 0 ? 0 : m->ex_mlen;
}

/* ---- UNDEF: reads of GRF bytes nothing wrote ---- */

static bool raw_move(const struct isa_inst *in);

/* The first GRF an operand reads undefined bytes of, and which. */
struct undef_hit {
   int grf;
   unsigned lo, hi;
};

/* strict: the bytes must be defined (a live channel uses them); else it
 * is enough that a write's region covered them (a disabled channel's lane
 * of it: garbage the hardware may read and then ignore). */
static void
undef_bytes(const struct vgpu_eu_check_state *s, int off, unsigned len,
            bool strict, struct undef_hit *h)
{
   if (off < 0)
      return;   /* an indirect access outside the GRFs: execution faults */
   const uint8_t *bits = strict ? s->defined : s->touched;
   if (bits_all(bits, (unsigned)off, len))
      return;
   for (unsigned b = (unsigned)off; b < (unsigned)off + len && b < VGPU_EU_GRF_BYTES; b++) {
      if (bit_get(bits, b))
         continue;
      unsigned g = b / 32, in_reg = b % 32;
      if (h->grf < 0) {
         *h = (struct undef_hit){ (int)g, in_reg, in_reg };
      } else if (h->grf == (int)g) {
         h->lo = in_reg < h->lo ? in_reg : h->lo;
         h->hi = in_reg > h->hi ? in_reg : h->hi;
      }
   }
}

static enum vgpu_eu_status
undef_report(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
             uint64_t kernel, const struct eu_inst *e, const char *operand,
             const struct undef_hit *h)
{
   char name[32];
   return violation(env, t, kernel,
                    "undefined GRF read: g%d bytes %u-%u (%s) by %s at ip 0x%x: "
                    "neither the thread payload nor an earlier write by an "
                    "enabled channel defined them",
                    h->grf, h->lo, h->hi, operand,
                    inst_name(e->in.op, e->n, name, sizeof(name)), t->ip);
}

/* pln and line read a plane's coefficients at fixed places of src0 (.0,
 * .1 for pln, .3) and pln its x and y from a register pair per eight
 * channels of src1 (PRM Vol 7 "pln", "line"), not through the region. */
static void
undef_plane(const struct vgpu_eu_check_state *s, const struct eu_inst *e,
            unsigned src, const struct eu_check_masks *m, struct undef_hit *h)
{
   const struct eu_operand *o = &e->src[src];
   bool pln = e->in.op == ISA_OP_PLN;
   if (src == 0) {
      bool strict = m->strict != 0;
      undef_bytes(s, o->off[0], 4, strict, h);
      if (pln)
         undef_bytes(s, o->off[0] + 4, 4, strict, h);
      undef_bytes(s, o->off[0] + 12, 4, strict, h);
      return;
   }
   for (unsigned c = 0; c < e->n; c++) {
      if (!((m->read >> c) & 1))
         continue;
      bool strict = (m->strict >> c) & 1;
      if (!pln) {
         undef_bytes(s, o->off[c], o->size, strict, h);
         continue;
      }
      unsigned x = o->off[0] + (c / 8) * 64 + (c % 8) * 4;
      undef_bytes(s, (int)x, 4, strict, h);
      undef_bytes(s, (int)x + 32, 4, strict, h);
   }
}

static enum vgpu_eu_status
undef_alu_reads(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
                uint64_t kernel, const struct eu_inst *e,
                const struct eu_check_masks *m)
{
   static const char *const names[3] = { "src0", "src1", "src2" };
   bool plane = (e->in.op == ISA_OP_PLN || e->in.op == ISA_OP_LINE) &&
                !e->src[0].imm && !e->src[0].indirect &&
                (e->in.op == ISA_OP_LINE || (!e->src[1].imm && !e->src[1].indirect));
   for (unsigned s = 0; s < e->nsrc && s < 3; s++) {
      const struct eu_operand *o = &e->src[s];
      if (o->imm || (!o->indirect && o->reg.file != ISA_FILE_GRF))
         continue;
      /* A predicated sel uses src0 where the predicate holds and src1
       * elsewhere (PRM Vol 2a "sel"): the other one may hold anything. */
      uint32_t chans = m->read;
      if (e->in.op == ISA_OP_SEL && e->in.pred_ctrl && s < 2)
         chans &= s == 0 ? m->pred : ~m->pred;
      struct undef_hit h = { -1, 0, 0 };
      if (plane && s < 2) {
         undef_plane(&t->chk, e, s, m, &h);
      } else if (!o->indirect && e->src_region[s] == EU_REGION_CONTIG &&
                 chans == m->read && (m->strict & chans) == chans &&
                 chans == (e->n >= 32 ? ~0u : (1u << e->n) - 1)) {
         /* every channel of a contiguous region, strictly: one range */
         undef_bytes(&t->chk, o->off[0], e->n * o->size, true, &h);
      } else {
         for (unsigned c = 0; c < e->n; c++) {
            if (!((chans >> c) & 1))
               continue;
            int off = o->indirect ? eu_operand_offset(t, o, e->in.align16, c, false)
                                  : o->off[c];
            undef_bytes(&t->chk, off, o->size, (m->strict >> c) & 1, &h);
         }
      }
      if (h.grf >= 0)
         return undef_report(env, t, kernel, e, names[s], &h);
   }
   return VGPU_EU_DONE;
}

/* A send reads its payload as whole registers (mlen from src0, ex_mlen
 * from a split send's src1).  Which bytes belong to which channel depends
 * on the message, so the payload needs only have been covered by writes:
 * a lane a disabled channel skipped is garbage the message ignores. */
/* A sampler message reads the DWords of its payload the sampler says it
 * uses (a SIMD4x2 one only its parameters' components of each GRF);
 * false when it is no sampler message with a known layout. */
static bool
undef_sampler_payload(const struct vgpu_eu_env *env, const struct vgpu_eu_thread *t,
                      const struct eu_inst *e, const struct eu_check_masks *m,
                      struct undef_hit *h)
{
   uint8_t used[16];
   unsigned regs = m->defined_regs;
   if (regs > 16 || !e->msg_decoded || e->msg.msg != ISA_MSG_SAMPLER ||
       !vgpu_sampler_payload_used(env, &e->msg, used, regs))
      return false;
   for (unsigned r = 0; r < regs; r++) {
      for (unsigned d = 0; d < 8; d++) {
         if ((used[r] >> d) & 1)
            undef_bytes(&t->chk, (e->in.src[0].nr + r) * 32 + d * 4, 4, false, h);
      }
   }
   return true;
}

static enum vgpu_eu_status
undef_send_reads(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
                 uint64_t kernel, const struct eu_inst *e,
                 const struct eu_check_masks *m)
{
   const struct isa_inst *in = &e->in;
   struct undef_hit h = { -1, 0, 0 };
   if (in->src[0].file == ISA_FILE_GRF && !undef_sampler_payload(env, t, e, m, &h))
      undef_bytes(&t->chk, in->src[0].nr * 32, m->defined_regs * 32, false, &h);
   if (h.grf >= 0)
      return undef_report(env, t, kernel, e, "message payload", &h);
   if (m->defined_ex && in->src[1].file == ISA_FILE_GRF)
      undef_bytes(&t->chk, in->src[1].nr * 32, m->defined_ex * 32, false, &h);
   if (h.grf >= 0)
      return undef_report(env, t, kernel, e, "message payload, src1", &h);
   return VGPU_EU_DONE;
}

/* A WE_all raw move (MOV of the same bits: no conversion, source
 * modifier, saturate or conditional modifier) computes nothing with its
 * source.  Mesa's vec4 backend copies whole registers of which an Align16
 * writemask wrote only some components into a message payload whose
 * channel mask then drops the rest (hasvk's Gen7 HS: the components of a
 * temporary copied NoMask into a URB write masked to z and w).  Such a
 * move hands each byte's state to its destination instead of being
 * judged; a byte is judged where it is consumed: by an ALU instruction
 * that computes with it, or in the payload of a message that uses it. */
static bool
undef_copies(const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   const struct eu_operand *s = &e->src[0], *d = &e->dst;
   return in->op == ISA_OP_MOV && in->mask_ctrl && !in->cond_mod && raw_move(in) &&
          !e->df_pairs && !s->imm && s->size == d->size &&
          (s->indirect || s->reg.file == ISA_FILE_GRF) &&
          (d->indirect || d->reg.file == ISA_FILE_GRF);
}

/* A raw move of every channel's bytes onto themselves changes no byte:
 * Mesa's SIMD32 fragment shaders open a loop with such moves of the
 * halves of a register its iterations fill in under a predicate
 * (interpolateAtSample at a per-channel sample number), whose lanes are
 * still unwritten the first time round.  Whatever a byte held, it holds
 * the same afterwards, so the move is no use of its source: its bytes
 * keep their state, to be judged where something computes with them. */
static bool
undef_self_move(const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   const struct eu_operand *s = &e->src[0], *d = &e->dst;
   if (e->branch || !e->ok || in->op != ISA_OP_MOV || in->cond_mod || !raw_move(in) ||
       in->align16 ||
       e->df_pairs || s->imm || s->indirect || d->indirect ||
       s->reg.file != ISA_FILE_GRF || d->reg.file != ISA_FILE_GRF ||
       s->size != d->size || e->n > 32)
      return false;
   for (unsigned c = 0; c < e->n; c++) {
      if (s->off[c] != d->off[c])
         return false;
   }
   return true;
}

/* The copy itself, for the channels that write (predicate, Align16
 * writemask).  Every source byte's state is read before any destination
 * byte changes, so that an overlapping move copies what it read. */
static void
bit_put(uint8_t *bits, unsigned b, bool v)
{
   bits[b >> 3] = (uint8_t)((bits[b >> 3] & ~(1u << (b & 7))) | ((unsigned)v << (b & 7)));
}

/* A copy of whole contiguous registers' bytes on every channel (a spill
 * or a fill): the states move a byte of bits at a time. */
static bool
undef_copy_contiguous(struct vgpu_eu_check_state *s, const struct eu_inst *e,
                      const struct eu_check_masks *m)
{
   const unsigned len = e->n * e->dst.size;
   const uint32_t all = e->n >= 32 ? ~0u : (1u << e->n) - 1;
   if (e->in.align16 || e->dst.indirect || e->src[0].indirect ||
       e->dst_region != EU_REGION_CONTIG || e->src_region[0] != EU_REGION_CONTIG ||
       (m->exec & all) != all || e->src[0].size != 4)
      return false;
   const unsigned from = e->src[0].off[0], to = e->dst.off[0];
   if ((from | to | len) & 7 || from + len > VGPU_EU_GRF_BYTES || to + len > VGPU_EU_GRF_BYTES)
      return false;
   memmove(&s->defined[to >> 3], &s->defined[from >> 3], len >> 3);
   memmove(&s->touched[to >> 3], &s->touched[from >> 3], len >> 3);
   return true;
}

static void
undef_copy(struct vgpu_eu_thread *t, const struct eu_inst *e,
           const struct eu_check_masks *m)
{
   struct vgpu_eu_check_state *s = &t->chk;
   const struct isa_inst *in = &e->in;
   if (undef_copy_contiguous(s, e, m))
      return;
   unsigned size = e->dst.size, n = e->n < 32 ? e->n : 32;
   bool def[32][8], cov[32][8];
   int to[32];
   for (unsigned c = 0; c < n; c++) {
      to[c] = -1;
      if (!((m->exec >> c) & 1) || size > 8)
         continue;
      if (in->align16 && !((e->dst.writemask >> (c % 4)) & 1))
         continue;
      int from = eu_operand_offset(t, &e->src[0], in->align16, c, false);
      int dst = eu_operand_offset(t, &e->dst, in->align16, c, true);
      if (from < 0 || dst < 0 || from + size > VGPU_EU_GRF_BYTES ||
          dst + size > VGPU_EU_GRF_BYTES)
         continue;   /* execution faults an access outside the GRFs */
      to[c] = dst;
      for (unsigned b = 0; b < size; b++) {
         def[c][b] = bit_get(s->defined, (unsigned)from + b);
         cov[c][b] = bit_get(s->touched, (unsigned)from + b);
      }
   }
   for (unsigned c = 0; c < n; c++) {
      for (unsigned b = 0; to[c] >= 0 && b < size; b++) {
         unsigned at = (unsigned)to[c] + b;
         bit_put(s->defined, at, def[c][b]);
         bit_put(s->touched, at, cov[c][b]);
      }
   }
}

/* Enabled channels define their destination bytes (WE_all enables them
 * all); the lanes of the others are only covered.  A send's response
 * defines its rlen registers. */
static void
undef_writes(struct vgpu_eu_thread *t, const struct eu_inst *e,
             const struct eu_check_masks *m)
{
   struct vgpu_eu_check_state *s = &t->chk;
   const struct isa_inst *in = &e->in;
   if (is_send(in->op)) {
      if (!in->eot && in->dst.file == ISA_FILE_GRF && m->rlen) {
         bits_set(s->defined, in->dst.nr * 32, m->rlen * 32);
         bits_set(s->touched, in->dst.nr * 32, m->rlen * 32);
      }
      return;
   }
   const struct eu_operand *o = &e->dst;
   if (e->branch || !e->ok || (!o->indirect && o->reg.file != ISA_FILE_GRF))
      return;
   uint32_t all = e->n >= 32 ? ~0u : (1u << e->n) - 1;
   if (!o->indirect && !in->align16 && !e->df_pairs &&
       e->dst_region == EU_REGION_CONTIG && (m->exec & all) == all) {
      /* every channel of a contiguous region: one range */
      bits_set(s->defined, o->off[0], e->n * o->size);
      bits_set(s->touched, o->off[0], e->n * o->size);
      return;
   }
   for (unsigned c = 0; c < e->n; c++) {
      bool on = (m->exec >> c) & 1;
      if (in->align16 && !((o->writemask >> (c % 4)) & 1))
         continue;
      if (o->indirect && !on)
         continue;   /* a disabled channel's address means nothing */
      int off = o->indirect ? eu_operand_offset(t, o, in->align16, c, true) : o->off[c];
      if (off < 0 || off >= VGPU_EU_GRF_BYTES)
         continue;
      if (on)
         bits_set(s->defined, (unsigned)off, o->size);
      bits_set(s->touched, (unsigned)off, o->size);
      /* Ivy Bridge DF pairs: the odd element of a 32-bit destination
       * holds garbage now (vgpu_eu.c ivb_df_garbage). */
      if (on && e->df_pairs && o->size < 8 && in->dst.hstride)
         bits_clear(s->defined, (unsigned)off + (1u << (in->dst.hstride - 1)) * o->unit,
                    o->size);
   }
}

/* ---- SWSB: the Gen12 software scoreboard ----
 *
 * Gen12 (Tiger Lake PRMs: the instructions' SWSB field, "Software
 * Scoreboard") leaves register dependencies to the kernel.  In-order instructions (every
 * ALU instruction but math, and the branches) go down the ALU pipeline in
 * order; an instruction's RegDist @n waits until the in-order instruction
 * n before it (counting in-order instructions only) has completed, so all
 * older ones have too.  send and math run out of order: each takes an
 * SBID token ($n); a later instruction waits for the token's destination
 * write ($n.dst, or $n on an in-order instruction's combined form) or its
 * source reads ($n.src), directly or through sync.nop; sync.allwr and
 * sync.allrd wait for every token.  Allocating a token an earlier
 * instruction still holds waits until that one is done (Mesa hands its 16
 * tokens out round-robin and relies on it).
 *
 * The check replays that on the executed path.  For every register
 * (GRF, a0, acc0) it keeps the last writer and the readers since; an
 * instruction that reads a register (RAW), writes one (WAW, unless both
 * writes are in order: the pipe retires them in order), writes one an
 * out-of-order instruction may not have read yet (WAR), or, itself out of
 * order, writes one an in-order instruction read (WAR), must have waited
 * for that instruction.  How far back an in-order producer may still
 * be in flight is not in public PRM text; Mesa's scoreboard pass (the
 * reading every Gen12 kernel Mesa ships is built on) requires a RegDist
 * for in-order producers up to 10 in-order instructions back on Gen12.0,
 * which has a single in-order pipe for this purpose.  Flags, n0 and tdr
 * the hardware still tracks itself (same source). */

#define SB_INORDER_DEPTH 10

enum sb_class { SB_INORDER, SB_OUT_OF_ORDER, SB_SYNC };
enum sb_mode { SB_NONE, SB_SET, SB_DST, SB_SRC };

struct swsb {
   unsigned regdist, sbid;
   enum sb_mode mode;
};

static enum sb_class
sb_class(enum isa_op op)
{
   if (is_send(op) || op == ISA_OP_MATH)
      return SB_OUT_OF_ORDER;
   /* sync executes in the front end: not an in-order instruction. */
   return op == ISA_OP_SYNC ? SB_SYNC : SB_INORDER;
}

/* The SWSB byte (TGL PRM Vol 2a, instruction field SWSB): bit 7 set
 * combines a RegDist (6:4) with a token (3:0) that an out-of-order
 * instruction allocates and an in-order one waits for the destination of;
 * otherwise 6:4 = 2, 3, 4 are a token's .dst, .src and allocation, and 0
 * a RegDist alone in 2:0. */
static struct swsb
swsb_decode(uint8_t x, bool out_of_order)
{
   if (x & 0x80)
      return (struct swsb){ (x >> 4) & 7, x & 15u, out_of_order ? SB_SET : SB_DST };
   switch (x & 0x70) {
   case 0x20: return (struct swsb){ 0, x & 15u, SB_DST };
   case 0x30: return (struct swsb){ 0, x & 15u, SB_SRC };
   case 0x40: return (struct swsb){ 0, x & 15u, SB_SET };
   default: return (struct swsb){ x & 7u, 0, SB_NONE };
   }
}

/* A set of scoreboard registers, one bit each. */
static void
sb_add(uint32_t set[5], unsigned r)
{
   set[r / 32] |= 1u << (r % 32);
}

static void
sb_add_bytes(uint32_t set[5], int off, unsigned len)
{
   if (off < 0 || off >= VGPU_EU_GRF_BYTES)
      return;
   unsigned last = (unsigned)off + len - 1;
   for (unsigned r = (unsigned)off / 32; r <= last / 32 && r < VGPU_EU_GRFS; r++)
      sb_add(set, r);
}

/* The registers an ALU operand touches: its whole region (as the
 * hardware's dependency check sees it, whatever the channel mask), an
 * indirect one at the addresses of its channels, plus a0. */
static void
sb_operand(const struct vgpu_eu_thread *t, const struct eu_inst *e,
           const struct eu_operand *o, bool dst, uint32_t chans, uint32_t set[5])
{
   if (o->imm)
      return;
   if (o->indirect) {
      sb_add(set, SB_A0);
      for (unsigned c = 0; c < e->n; c++) {
         if ((chans >> c) & 1)
            sb_add_bytes(set, eu_operand_offset(t, o, e->in.align16, c, dst), o->size);
      }
      return;
   }
   if (o->reg.file == ISA_FILE_ARF) {
      if ((o->reg.nr & 0xf0) == ISA_ARF_ADDRESS)
         sb_add(set, SB_A0);
      else if ((o->reg.nr & 0xf0) == ISA_ARF_ACC)
         sb_add(set, SB_ACC);
      return;
   }
   for (unsigned c = 0; c < e->n; c++)
      sb_add_bytes(set, o->off[c], o->size);
}

static void
sb_footprint(const struct vgpu_eu_thread *t, const struct eu_inst *e,
             struct eu_check_masks *m)
{
   const struct isa_inst *in = &e->in;
   memset(m->sb_read, 0, sizeof(m->sb_read));
   memset(m->sb_write, 0, sizeof(m->sb_write));
   if (is_send(in->op)) {
      if (in->src[0].file == ISA_FILE_GRF)
         sb_add_bytes(m->sb_read, in->src[0].nr * 32, m->mlen * 32);
      if (m->ex_mlen && in->src[1].file == ISA_FILE_GRF)
         sb_add_bytes(m->sb_read, in->src[1].nr * 32, m->ex_mlen * 32);
      if (in->desc_is_reg || in->ex_desc_is_reg)
         sb_add(m->sb_read, SB_A0);
      if (in->dst.file == ISA_FILE_GRF && m->rlen)
         sb_add_bytes(m->sb_write, in->dst.nr * 32, m->rlen * 32);
      return;
   }
   if (e->branch || !e->ok || in->op == ISA_OP_SYNC || in->op == ISA_OP_NOP)
      return;
   for (unsigned s = 0; s < e->nsrc && s < 3; s++)
      sb_operand(t, e, &e->src[s], false, m->read, m->sb_read);
   if (in->op == ISA_OP_PLN && !e->src[1].imm && !e->src[1].indirect)
      sb_add_bytes(m->sb_read, e->src[1].off[0], e->n > 8 ? 128 : 64);
   sb_operand(t, e, &e->dst, true, m->exec, m->sb_write);
   if (in->acc_wr)
      sb_add(m->sb_write, SB_ACC);
}

static bool
sb_has(const uint32_t set[5], unsigned r)
{
   return (set[r / 32] >> (r % 32)) & 1;
}

/* The first register from r on an instruction reads or writes;
 * VGPU_EU_SB_REGS when none is left. */
static unsigned
sb_next(const struct eu_check_masks *m, unsigned r)
{
   for (unsigned w = r / 32; w < 5; w++) {
      uint32_t bits = m->sb_read[w] | m->sb_write[w];
      if (w == r / 32)
         bits &= ~0u << (r % 32);
      if (bits)
         return w * 32 + (unsigned)__builtin_ctz(bits);
   }
   return VGPU_EU_SB_REGS;
}

/* An in-order instruction at position p may still be in flight. */
static bool
inorder_pending(const struct vgpu_eu_check_state *s, int32_t p)
{
   return p >= 0 && (uint32_t)p >= s->done_below &&
          s->pos - (uint32_t)p <= SB_INORDER_DEPTH;
}

/* The waits an instruction's SWSB (and a sync's function) perform before
 * it issues. */
static void
sb_wait(struct vgpu_eu_check_state *s, const struct isa_inst *in,
        enum sb_class cls, struct swsb w)
{
   if (w.regdist && s->pos + 1 >= w.regdist) {
      uint32_t done = s->pos + 1 - w.regdist;
      s->done_below = done > s->done_below ? done : s->done_below;
   }
   uint16_t bit = (uint16_t)(1u << w.sbid);
   switch (w.mode) {
   case SB_DST:
   case SB_SET:   /* reallocation waits for the token's holder */
      s->src_pending &= (uint16_t)~bit;
      s->dst_pending &= (uint16_t)~bit;
      break;
   case SB_SRC:
      s->src_pending &= (uint16_t)~bit;
      break;
   case SB_NONE:
      break;
   }
   if (cls != SB_SYNC)
      return;
   /* sync.allrd / sync.allwr: every token, or those of an immediate mask. */
   uint16_t mask = in->src[0].file == ISA_FILE_IMM ? (uint16_t)in->src[0].imm : 0xffff;
   if (in->cond_mod == 2)
      s->src_pending &= (uint16_t)~mask;
   else if (in->cond_mod == 3)
      s->src_pending &= (uint16_t)~mask, s->dst_pending &= (uint16_t)~mask;
}

struct sb_ctx {
   const struct vgpu_eu_env *env;
   struct vgpu_eu_thread *t;
   uint64_t kernel;
   const struct eu_inst *e;
   struct swsb w;
};

/* A write of register r by an earlier instruction not waited for.
 * inorder: whether an in-order producer matters (not for an in-order
 * write after an in-order write: the pipe retires them in order). */
static enum vgpu_eu_status
sb_producer(const struct sb_ctx *x, unsigned r, const char *verb, bool inorder)
{
   const struct vgpu_eu_check_state *s = &x->t->chk;
   const struct vgpu_eu_sb_reg *g = &s->reg[r];
   char reg[16], me[32], it[32];
   if (g->w_tok >= 0 && ((s->dst_pending >> g->w_tok) & 1)) {
      inst_name(x->e->in.op, x->e->n, me, sizeof(me));
      return violation(x->env, x->t, x->kernel,
                       "SWSB: %s %s by %s at ip 0x%x without waiting on $%d of "
                       "%s at ip 0x%x (out of order: needs $%d.dst, sync.nop "
                       "$%d.dst or sync.allwr first)",
                       reg_name(r, reg, sizeof(reg)), verb, me, x->t->ip,
                       g->w_tok, inst_name(g->w_op, 0, it, sizeof(it)), g->w_ip,
                       g->w_tok, g->w_tok);
   }
   if (inorder && inorder_pending(s, g->w_pos)) {
      unsigned d = s->pos - (unsigned)g->w_pos;
      inst_name(x->e->in.op, x->e->n, me, sizeof(me));
      char has[16] = "none";
      if (x->w.regdist)
         snprintf(has, sizeof(has), "@%u", x->w.regdist);
      return violation(x->env, x->t, x->kernel,
                       "SWSB: %s %s by %s at ip 0x%x without waiting on %s at "
                       "ip 0x%x, %u in-order instruction%s before it (needs "
                       "RegDist @%u or less, has %s)",
                       reg_name(r, reg, sizeof(reg)), verb, me, x->t->ip,
                       inst_name(g->w_op, 0, it, sizeof(it)), g->w_ip, d,
                       d == 1 ? "" : "s", d < 7 ? d : 7, has);
   }
   return VGPU_EU_DONE;
}

/* A write of register r while earlier readers may not have read it. */
static enum vgpu_eu_status
sb_readers(const struct sb_ctx *x, unsigned r, enum sb_class cls)
{
   const struct vgpu_eu_check_state *s = &x->t->chk;
   const struct vgpu_eu_sb_reg *g = &s->reg[r];
   char reg[16], me[32], it[32];
   uint16_t toks = g->r_toks & s->src_pending;
   if (toks) {
      inst_name(x->e->in.op, x->e->n, me, sizeof(me));
      unsigned n = (unsigned)__builtin_ctz(toks);
      return violation(x->env, x->t, x->kernel,
                       "SWSB: %s written by %s at ip 0x%x while %s at ip 0x%x "
                       "may not have read it yet (needs $%u.src, sync.nop "
                       "$%u.src or sync.allrd first)",
                       reg_name(r, reg, sizeof(reg)), me, x->t->ip,
                       inst_name(x->t->chk.tok_op[n], 0, it, sizeof(it)),
                       x->t->chk.tok_ip[n], n, n);
   }
   /* In-order reads complete in order before a later in-order write; an
    * out-of-order write does not wait for them. */
   if (cls == SB_OUT_OF_ORDER && inorder_pending(s, g->r_pos)) {
      unsigned d = s->pos - (unsigned)g->r_pos;
      inst_name(x->e->in.op, x->e->n, me, sizeof(me));
      return violation(x->env, x->t, x->kernel,
                       "SWSB: %s written by out-of-order %s at ip 0x%x while "
                       "the in-order read at ip 0x%x, %u in-order instruction%s "
                       "before it, may be in flight (needs RegDist @%u or less)",
                       reg_name(r, reg, sizeof(reg)), me, x->t->ip, g->r_ip, d,
                       d == 1 ? "" : "s", d < 7 ? d : 7);
   }
   return VGPU_EU_DONE;
}

static enum vgpu_eu_status
sb_before(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
          uint64_t kernel, const struct eu_inst *e, struct eu_check_masks *m)
{
   struct vgpu_eu_check_state *s = &t->chk;
   const struct isa_inst *in = &e->in;
   enum sb_class cls = sb_class(in->op);
   struct sb_ctx x = { env, t, kernel, e, swsb_decode(in->swsb, cls == SB_OUT_OF_ORDER) };
   sb_wait(s, in, cls, x.w);
   char me[32];
   if (cls == SB_OUT_OF_ORDER && x.w.mode != SB_SET && !in->eot) {
      enum vgpu_eu_status st =
         violation(env, t, kernel, "SWSB: %s at ip 0x%x runs out of order but "
                   "allocates no SBID token ($n), so nothing can wait for it",
                   inst_name(in->op, e->n, me, sizeof(me)), t->ip);
      if (st != VGPU_EU_DONE)
         return st;
   }
   sb_footprint(t, e, m);
   for (unsigned r = sb_next(m, 0); r < VGPU_EU_SB_REGS; r = sb_next(m, r + 1)) {
      enum vgpu_eu_status st = VGPU_EU_DONE;
      if (sb_has(m->sb_read, r))
         st = sb_producer(&x, r, "read", true);
      /* acc0 as a destination is ordered by the hardware within the
       * in-order pipe (Mesa's scoreboard only tracks it across pipes,
       * which Gen12.0 does not have).  So are in-order writes after
       * in-order writes, which Mesa's code generator relies on (a header
       * built by mov then and(1) into the same register, no RegDist). */
      if (st == VGPU_EU_DONE && sb_has(m->sb_write, r) && r != SB_ACC) {
         st = sb_producer(&x, r, "written", cls == SB_OUT_OF_ORDER);
         if (st == VGPU_EU_DONE)
            st = sb_readers(&x, r, cls);
      }
      if (st != VGPU_EU_DONE)
         return st;
   }
   return VGPU_EU_DONE;
}

static void
sb_after(struct vgpu_eu_thread *t, const struct eu_inst *e,
         const struct eu_check_masks *m)
{
   struct vgpu_eu_check_state *s = &t->chk;
   const struct isa_inst *in = &e->in;
   enum sb_class cls = sb_class(in->op);
   struct swsb w = swsb_decode(in->swsb, cls == SB_OUT_OF_ORDER);
   int tok = cls == SB_OUT_OF_ORDER && w.mode == SB_SET ? (int)w.sbid : -1;
   if (tok >= 0) {
      /* The token's previous holder is done (its allocation waited):
       * forget what it read and wrote. */
      for (unsigned r = 0; r < VGPU_EU_SB_REGS; r++) {
         if (s->reg[r].w_tok == tok)
            s->reg[r].w_tok = -1;
         s->reg[r].r_toks &= (uint16_t)~(1u << tok);
      }
      s->src_pending |= (uint16_t)(1u << tok);
      s->dst_pending |= (uint16_t)(1u << tok);
      s->tok_ip[tok] = m->ip;
      s->tok_op[tok] = (uint8_t)in->op;
   }
   for (unsigned r = sb_next(m, 0); r < VGPU_EU_SB_REGS; r = sb_next(m, r + 1)) {
      struct vgpu_eu_sb_reg *g = &s->reg[r];
      if (sb_has(m->sb_read, r)) {
         /* A send takes its descriptors from a0 as it issues: Mesa
          * writes a0 for the next indirect send right after one (its
          * SIMD32 interpolateAtSample loops on Gen12) with no wait, its
          * scoreboard treating a send's descriptor sources as in-order
          * (brw_fs_scoreboard.cpp: only payload sources take SBID.src). */
         if (cls == SB_OUT_OF_ORDER && tok >= 0 && r != SB_A0) {
            g->r_toks |= (uint16_t)(1u << tok);
         } else if (cls == SB_INORDER) {
            g->r_pos = (int32_t)s->pos;
            g->r_ip = m->ip;
         }
      }
      if (sb_has(m->sb_write, r)) {
         g->w_pos = cls == SB_INORDER ? (int32_t)s->pos : -1;
         g->w_tok = (int8_t)tok;
         g->w_ip = m->ip;
         g->w_op = (uint8_t)in->op;
         g->r_pos = -1;
         g->r_toks = 0;
      }
   }
   if (cls == SB_INORDER)
      s->pos++;
}

/* ---- REGIONS: PRM Vol 7 "Register Region Restrictions" ---- */

#define REGION_PRM "(PRM Vol 7 \"Register Region Restrictions\")"

static const uint8_t vstride_elems[16] = { 0, 1, 2, 4, 8, 16, 32 };

static unsigned
hstride_elems(unsigned enc)
{
   return enc ? 1u << (enc - 1) : 0;
}

static bool
is_null(const struct isa_reg *r)
{
   return r->file == ISA_FILE_ARF && !r->indirect && (r->nr & 0xf0) == ISA_ARF_NULL;
}

static bool
is_64bit(unsigned type)
{
   return type == ISA_TYPE_Q || type == ISA_TYPE_UQ || type == ISA_TYPE_DF;
}

/* "General Restrictions on Regioning Parameters" for one Align1 source;
 * NULL when it keeps them. */
static const char *
src_region_rule(const struct isa_reg *r, unsigned n, unsigned size)
{
   unsigned width = 1u << r->width, hs = hstride_elems(r->hstride);
   if (n < width)
      return "ExecSize must be greater than or equal to Width";
   if (width == 1 && hs)
      return "If Width = 1, HorzStride must be 0";
   if (r->vstride == 0xf)
      return NULL;   /* VxH / Vx1 indirect: no vertical stride */
   unsigned vs = vstride_elems[r->vstride & 15];
   if (n == width && hs && vs != width * hs)
      return "If ExecSize = Width and HorzStride != 0, VertStride must be Width * HorzStride";
   if (n == 1 && width == 1 && (vs || hs))
      return "If ExecSize = Width = 1, both VertStride and HorzStride must be 0";
   if (!vs && !hs && width != 1)
      return "If VertStride = HorzStride = 0, Width must be 1";
   if (r->file != ISA_FILE_GRF || r->indirect)
      return NULL;
   /* "VertStride must be used to cross GRF register boundaries": the
    * elements of one row lie in the register of its first element. */
   for (unsigned y = 0; y < n / width; y++) {
      unsigned row = r->subnr + y * vs * size;
      for (unsigned x = 0; x < width; x++) {
         if ((row + x * hs * size + size - 1) / 32 != row / 32)
            return "VertStride must be used to cross GRF register boundaries";
      }
   }
   /* Region Alignment Rules: "In Direct Addressing mode, a source cannot
    * span more than 2 adjacent GRF registers." */
   unsigned last = ((n / width - 1) * vs + (width - 1) * hs) * size + r->subnr;
   if (last >= 64)
      return "A source cannot span more than 2 adjacent GRF registers";
   return NULL;
}

static const char *
dst_region_rule(const struct isa_reg *r, unsigned n, bool align16, unsigned size)
{
   if (align16)
      return r->hstride != 1 ? "In Align16 mode, the destination HorzStride must be 1" : NULL;
   if (!r->hstride)
      return "Dst.HorzStride must not be 0";
   if (r->file == ISA_FILE_GRF && !r->indirect &&
       (n - 1) * hstride_elems(r->hstride) * size + r->subnr >= 64)
      return "A destination cannot span more than 2 adjacent GRF registers";
   return NULL;
}

/* The execution data type's size: byte and packed-integer-vector sources
 * execute as words, VF as F. */
static unsigned
exec_size_of(unsigned type)
{
   switch (type) {
   case ISA_TYPE_B: case ISA_TYPE_UB: case ISA_TYPE_V: case ISA_TYPE_UV:
      return 2;
   default:
      return eu_type_size(type);
   }
}

static bool
mixed_float(const struct isa_inst *in, unsigned nsrc)
{
   bool f = in->dst.type == ISA_TYPE_F, hf = in->dst.type == ISA_TYPE_HF;
   for (unsigned s = 0; s < nsrc; s++) {
      f |= in->src[s].type == ISA_TYPE_F || in->src[s].type == ISA_TYPE_VF;
      hf |= in->src[s].type == ISA_TYPE_HF;
   }
   return f && hf;
}

static bool
raw_move(const struct isa_inst *in)
{
   const struct isa_reg *s = &in->src[0];
   unsigned a = in->dst.type, b = s->type;
   bool same = a == b || (eu_type_size(a) == eu_type_size(b) &&
                          a != ISA_TYPE_F && a != ISA_TYPE_HF && a != ISA_TYPE_DF &&
                          b != ISA_TYPE_F && b != ISA_TYPE_HF && b != ISA_TYPE_DF);
   return in->op == ISA_OP_MOV && !in->saturate && same && !s->negate && !s->abs &&
          b != ISA_TYPE_V && b != ISA_TYPE_UV && b != ISA_TYPE_VF;
}

/* "General Restrictions Based on Operand Types": "When the Execution
 * Data Type is wider than the destination data type, the destination
 * must be aligned as required by the wider execution data type and
 * specify a HorzStride equal to the ratio in sizes of the two data
 * types."  Mixed F/HF instructions have their own rules, and a raw byte
 * move may write packed bytes. */
static const char *
dst_type_rule(const struct isa_inst *in, unsigned nsrc, unsigned n)
{
   if (n == 1 || in->align16 || mixed_float(in, nsrc) ||
       in->op == ISA_OP_F32TO16 || in->op == ISA_OP_F16TO32)
      return NULL;
   unsigned exec = 0;
   for (unsigned s = 0; s < nsrc; s++) {
      unsigned z = exec_size_of(in->src[s].type);
      exec = z > exec ? z : exec;
   }
   if (nsrc == 1 && in->src[0].type == ISA_TYPE_HF)
      exec = eu_type_size(in->dst.type);
   unsigned dsize = eu_type_size(in->dst.type);
   bool byte_dst = dsize == 1;
   if (exec <= dsize || (byte_dst && raw_move(in)))
      return NULL;
   if (hstride_elems(in->dst.hstride) * dsize != exec)
      return "Destination stride must be equal to the ratio of the sizes of the "
             "execution data type to the destination type";
   unsigned sub = in->dst.subnr % exec;
   if (!in->dst.indirect && sub && !(byte_dst && sub == 1))
      return "Destination subregister must be aligned to the size of the execution data type";
   return NULL;
}

/* "When an immediate vector is used in an instruction, the destination
 * must be 128-bit aligned with destination horizontal stride equivalent
 * to a word for an immediate integer vector (v) and equivalent to a DWord
 * for an immediate float vector (vf)." */
static const char *
vector_imm_rule(const struct isa_inst *in, unsigned nsrc)
{
   if (!nsrc)
      return NULL;
   const struct isa_reg *imm = &in->src[nsrc - 1];
   if (imm->file != ISA_FILE_IMM || (imm->type != ISA_TYPE_V &&
                                     imm->type != ISA_TYPE_UV && imm->type != ISA_TYPE_VF))
      return NULL;
   unsigned stride = hstride_elems(in->dst.hstride) * eu_type_size(in->dst.type);
   if (in->dst.subnr % 16 || stride != (imm->type == ISA_TYPE_VF ? 4u : 2u))
      return "An immediate vector needs a 128-bit aligned destination with a "
             "stride of a word (V, UV) or a DWord (VF)";
   return NULL;
}

/* Cherryview and Broxton (Gemini Lake taken to be alike) PRMs: "When
 * source or destination datatype is 64b or operation is integer DWord
 * multiply, regioning in Align1 must follow these rules: source and
 * destination horizontal stride must be aligned to the same qword;
 * Src.Vstride = Src.Width * Src.Hstride; source and destination offset
 * must be the same, except the case of scalar source", and indirect
 * addressing, ARF registers (except null) and DepCtrl must not be used. */
static const char *
lp_64bit_rule(const struct isa_inst *in, unsigned nsrc, int *operand)
{
   bool dword_mul = in->op == ISA_OP_MUL &&
                    (in->src[0].type == ISA_TYPE_D || in->src[0].type == ISA_TYPE_UD) &&
                    (in->src[1].type == ISA_TYPE_D || in->src[1].type == ISA_TYPE_UD);
   bool wide = eu_type_size(in->dst.type) == 8 || dword_mul;
   for (unsigned s = 0; s < nsrc; s++)
      wide |= eu_type_size(in->src[s].type) == 8;
   if (!wide)
      return NULL;
   *operand = -1;
   if (in->no_dd_check || in->no_dd_clear)
      return "64-bit or integer DWord multiply: DepCtrl must not be used";
   if (in->op == ISA_OP_MAC || in->acc_wr ||
       (in->dst.file == ISA_FILE_ARF && !is_null(&in->dst)))
      return "64-bit or integer DWord multiply: ARF registers must not be used";
   if (in->dst.indirect)
      return "64-bit or integer DWord multiply: indirect addressing must not be used";
   unsigned dstride = hstride_elems(in->dst.hstride) * eu_type_size(in->dst.type);
   for (unsigned s = 0; s < nsrc; s++) {
      const struct isa_reg *r = &in->src[s];
      if (r->file == ISA_FILE_IMM)
         continue;
      *operand = (int)s;
      if (r->indirect)
         return "64-bit or integer DWord multiply: indirect addressing must not be used";
      if (r->file == ISA_FILE_ARF && !is_null(r))
         return "64-bit or integer DWord multiply: ARF registers must not be used";
      if (in->align16)
         continue;
      unsigned size = eu_type_size(r->type), width = 1u << r->width;
      unsigned hs = hstride_elems(r->hstride), vs = vstride_elems[r->vstride & 15];
      bool scalar = !vs && width == 1 && !hs;
      unsigned sstride = (hs ? hs : vs) * size;
      if (!scalar && (sstride % 8 || dstride % 8 || sstride != dstride))
         return "64-bit or integer DWord multiply: source and destination horizontal "
                "strides must be the same multiple of a QWord";
      if (vs != width * hs)
         return "64-bit or integer DWord multiply: VertStride must be Width * HorzStride";
      if (!scalar && r->subnr != in->dst.subnr)
         return "64-bit or integer DWord multiply: source and destination offsets must be the same";
   }
   return NULL;
}

/* Operand types every generation's region restrictions constrain. */
static const char *
type_rule(const struct vgpu_eu_env *env, const struct isa_inst *in,
          unsigned nsrc, bool three_src, int *operand)
{
   /* Ice Lake and Tiger Lake have no 64-bit ALU types at all (their PRMs
    * drop Q, UQ and DF from the ALU data types; the device tables give
    * them neither 64-bit float nor 64-bit integer). */
   if (env->gen >= ISA_GEN11) {
      *operand = -1;
      if (is_64bit(in->dst.type) && !is_null(&in->dst))
         return "No 64-bit data type (Q, UQ, DF) on this part";
      for (unsigned s = 0; s < nsrc; s++) {
         *operand = (int)s;
         if (is_64bit(in->src[s].type))
            return "No 64-bit data type (Q, UQ, DF) on this part";
      }
      /* ICL+: "Byte data type is not supported for src1 register
       * regioning", nor for src1/src2 of three-source instructions. */
      for (unsigned s = 1; s < nsrc && s < (three_src ? 3u : 2u); s++) {
         *operand = (int)s;
         if (in->src[s].file != ISA_FILE_IMM && eu_type_size(in->src[s].type) == 1)
            return "Byte data type is not supported for src1/src2 register regioning";
      }
   }
   return NULL;
}

/* Ivy Bridge's DF pair form (vgpu_eu.c ivb_df_pairs): "In Align1 mode,
 * all regioning parameters like stride, execution size, and width must
 * use the syntax of a pair of packed floats.  The offsets for these data
 * types must be 64-bit aligned.  The execution size and regioning
 * parameters are in terms of floats" (IVB PRM Vol 4 "Special
 * Requirements for Handling Double Precision Data Types"); and, as Mesa
 * found on the hardware, a compressed one applies the first half's
 * channel enables to both halves. */
static const char *
ivb_df_rule(const struct isa_inst *in, unsigned nsrc, int *operand)
{
   *operand = -1;
   if (in->exec_size == 0)
      return "Ivy Bridge DF: ExecSize counts floats, a pair per channel";
   if (in->exec_size > 3 && !in->mask_ctrl)
      return "Ivy Bridge DF: a compressed instruction applies the first half's channel "
             "enables to both halves (use four channels or NoMask)";
   if (in->dst.type == ISA_TYPE_DF && !is_null(&in->dst) &&
       (in->dst.hstride != 1 || in->dst.subnr % 8))
      return "Ivy Bridge DF: a DF destination is packed pairs of floats (HorzStride 1), "
             "64-bit aligned";
   for (unsigned s = 0; s < nsrc; s++) {
      const struct isa_reg *r = &in->src[s];
      if (r->type != ISA_TYPE_DF || r->file == ISA_FILE_IMM || r->indirect)
         continue;
      *operand = (int)s;
      if (r->hstride != 1 || r->width < 1 || r->subnr % 8)
         return "Ivy Bridge DF: a DF source region is pairs of packed floats (Width at "
                "least 2, HorzStride 1), 64-bit aligned";
   }
   return NULL;
}

/* The bytes a region parameter counts for an operand: a DF element of
 * Ivy Bridge's pair form counts as a float. */
static unsigned
region_unit(const struct isa_reg *r, bool pairs)
{
   unsigned size = eu_type_size(r->type);
   return pairs && size == 8 ? 4 : size;
}

static const char *
region_rule(const struct vgpu_eu_env *env, const struct isa_inst *in,
            bool pairs, int *operand)
{
   unsigned nsrc = isa_opcode_info(in->op)->nsrc;
   unsigned n = 1u << in->exec_size;
   bool three_src = isa_op_form(env->gen, in->op) == ISA_FORM_3SRC;
   const char *rule = type_rule(env, in, nsrc, three_src, operand);
   if (rule || three_src)
      return rule;
   if (env->lp_64bit_rules && (rule = lp_64bit_rule(in, nsrc, operand)))
      return rule;
   if (pairs && (rule = ivb_df_rule(in, nsrc, operand)))
      return rule;
   for (unsigned s = 0; s < nsrc; s++) {
      const struct isa_reg *r = &in->src[s];
      if (r->file == ISA_FILE_IMM || is_null(r))
         continue;
      *operand = (int)s;
      if (in->align16) {
         unsigned vs = r->vstride;
         if (vs != 0 && vs != 2 && vs != 3)
            return "In Align16 mode, only VertStride of 0, 2 or 4 is allowed";
      } else if ((rule = src_region_rule(r, n, region_unit(r, pairs)))) {
         return rule;
      }
   }
   *operand = -1;
   if (is_null(&in->dst))
      return NULL;
   if ((rule = dst_region_rule(&in->dst, n, in->align16, region_unit(&in->dst, pairs))))
      return rule;
   /* the pair form's 32-bit destination takes a float per pair */
   if (!pairs && (rule = dst_type_rule(in, nsrc, n)))
      return rule;
   *operand = (int)nsrc - 1;
   return vector_imm_rule(in, nsrc);
}

void
eu_check_classify(const struct vgpu_eu_env *env, struct eu_inst *e)
{
   int operand = -1;
   e->region_rule = region_rule(env, &e->in, e->df_pairs, &operand);
   e->region_operand = (int8_t)operand;
}

static enum vgpu_eu_status
check_regions(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
              uint64_t kernel, struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   if (e->branch || is_send(in->op) || in->op == ISA_OP_SYNC ||
       in->op == ISA_OP_NOP || in->op == ISA_OP_WAIT || in->op == ISA_OP_ILLEGAL)
      return VGPU_EU_DONE;
   if (!e->region_rule)
      return VGPU_EU_DONE;
   static const char *const names[3] = { "src0", "src1", "src2" };
   char me[32];
   return violation(env, t, kernel, "region rule broken by %s of %s at ip 0x%x: %s %s",
                    e->region_operand < 0 ? "dst" : names[e->region_operand % 3],
                    inst_name(in->op, e->n, me, sizeof(me)), t->ip,
                    e->region_rule, REGION_PRM);
}

/* ---- entry points (vgpu_eu.c) ---- */

enum vgpu_eu_status
eu_check_before(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
                uint64_t kernel, struct eu_inst *e, struct eu_check_masks *m)
{
   const struct isa_inst *in = &e->in;
   bool send = is_send(in->op);
   m->ip = t->ip;
   if (send)
      send_lengths(env, t, in, m);
   enum vgpu_eu_status st = VGPU_EU_DONE;
   if (env->checks & VGPU_EU_CHECK_REGIONS)
      st = check_regions(env, t, kernel, e);
   if (st == VGPU_EU_DONE && (env->checks & VGPU_EU_CHECK_UNDEF)) {
      if (send)
         st = undef_send_reads(env, t, kernel, e, m);
      else if (!e->branch && e->ok && undef_copies(e))
         undef_copy(t, e, m);   /* its whole effect: nothing after */
      else if (!e->branch && e->ok && !undef_self_move(e))
         st = undef_alu_reads(env, t, kernel, e, m);
   }
   if (st == VGPU_EU_DONE && (env->checks & VGPU_EU_CHECK_SWSB) &&
       env->gen >= ISA_GEN12)
      st = sb_before(env, t, kernel, e, m);
   return st;
}

void
eu_check_after(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
               const struct eu_inst *e, const struct eu_check_masks *m)
{
   if ((env->checks & VGPU_EU_CHECK_UNDEF) && !undef_copies(e) && !undef_self_move(e))
      undef_writes(t, e, m);
   if ((env->checks & VGPU_EU_CHECK_SWSB) && env->gen >= ISA_GEN12)
      sb_after(t, e, m);
}
