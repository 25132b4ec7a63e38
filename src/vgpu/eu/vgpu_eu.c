/* The EU interpreter's core: decoded-kernel cache, operand regions,
 * execution masks and structured control flow.  The ALU is vgpu_eu_alu.c,
 * shared functions vgpu_eu_send.c.
 *
 * Control flow (PRM Vol 7 "EU Changes by Processor Generation" / "Branch
 * and Flow Control"): IF/ELSE/ENDIF/WHILE/BREAK/CONT/HALT/GOTO move channels
 * by their JIP/UIP.  vgpu keeps an IP per channel and always executes at
 * the lowest IP any live channel waits at, with the channels waiting there
 * as the execution mask: for the structured code the hardware requires
 * (forward branches except WHILE) this is exactly the per-channel mask
 * stack's behaviour, and JMPI/halt need no special cases.  CALL/RET add
 * the hardware's call mask: only channels inside the innermost call are
 * scheduled, so the ones that did not call wait at the return address
 * even though the subroutine lies at a higher IP. */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vgpu_eu.h"
#include "vgpu_eu_priv.h"

/* ---- decoded-kernel cache ---- */

#define KERNEL_MAX_BYTES (1u << 20)

struct vgpu_eu_kernel {
   struct vgpu_eu_kernel *next;
   enum isa_gen gen;
   uint64_t addr;
   const uint8_t *code;          /* host view for the current dispatch */
   size_t avail;
   struct eu_inst **at;          /* by byte offset / 8, decoded lazily */
   size_t slots;
   uint32_t *decoded;            /* offsets decoded, to revalidate */
   size_t n_decoded, cap_decoded;
};

struct vgpu_eu_cache {
   struct vgpu_eu_kernel *head;
};

struct vgpu_eu_cache *
vgpu_eu_cache_create(void)
{
   return calloc(1, sizeof(struct vgpu_eu_cache));
}

static void
kernel_forget(struct vgpu_eu_kernel *k)
{
   for (size_t i = 0; i < k->n_decoded; i++) {
      free(k->at[k->decoded[i] / 8]);
      k->at[k->decoded[i] / 8] = NULL;
   }
   k->n_decoded = 0;
}

void
vgpu_eu_cache_destroy(struct vgpu_eu_cache *cache)
{
   if (!cache)
      return;
   struct vgpu_eu_kernel *k = cache->head;
   while (k) {
      struct vgpu_eu_kernel *next = k->next;
      kernel_forget(k);
      free(k->at);
      free(k->decoded);
      free(k);
      k = next;
   }
   free(cache);
}

/* True while every instruction decoded earlier still has its bytes. */
static bool
kernel_still_valid(const struct vgpu_eu_kernel *k)
{
   for (size_t i = 0; i < k->n_decoded; i++) {
      const struct eu_inst *e = k->at[k->decoded[i] / 8];
      if (k->decoded[i] + e->size > k->avail ||
          memcmp(k->code + k->decoded[i], e->raw, e->size))
         return false;
   }
   return true;
}

struct vgpu_eu_kernel *
vgpu_eu_kernel_get(struct vgpu_eu_cache *cache, enum isa_gen gen,
                   uint64_t addr, const uint8_t *code, size_t avail)
{
   struct vgpu_eu_kernel *k;
   for (k = cache->head; k; k = k->next) {
      if (k->addr == addr && k->gen == gen)
         break;
   }
   if (!k) {
      k = calloc(1, sizeof(*k));
      if (!k)
         return NULL;
      k->gen = gen;
      k->addr = addr;
      k->next = cache->head;
      cache->head = k;
   }
   k->code = code;
   k->avail = avail < KERNEL_MAX_BYTES ? avail : KERNEL_MAX_BYTES;
   if (!kernel_still_valid(k))
      kernel_forget(k);
   /* The slot table gets its size here, before a dispatch's workers run:
    * they fill slots but never move the table. */
   size_t slots = k->avail / 8 + 2;
   if (slots > k->slots) {
      struct eu_inst **at = realloc(k->at, slots * sizeof(*at));
      if (!at)
         return NULL;
      memset(at + k->slots, 0, (slots - k->slots) * sizeof(*at));
      k->at = at;
      k->slots = slots;
   }
   return k;
}

/* ---- operand layout ---- */

static const uint8_t vstride_elems[16] = { 0, 1, 2, 4, 8, 16, 32 };

unsigned
eu_type_size(unsigned type)
{
   static const uint8_t size[ISA_TYPE_COUNT] = {
      [ISA_TYPE_UD] = 4, [ISA_TYPE_D] = 4, [ISA_TYPE_UW] = 2, [ISA_TYPE_W] = 2,
      [ISA_TYPE_UB] = 1, [ISA_TYPE_B] = 1, [ISA_TYPE_UQ] = 8, [ISA_TYPE_Q] = 8,
      [ISA_TYPE_HF] = 2, [ISA_TYPE_F] = 4, [ISA_TYPE_DF] = 8, [ISA_TYPE_NF] = 8,
      [ISA_TYPE_UV] = 4, [ISA_TYPE_V] = 4, [ISA_TYPE_VF] = 4,
   };
   return type < ISA_TYPE_COUNT ? size[type] : 0;
}

/* Byte offset of an architecture register in the register file, or -1
 * for one vgpu does not model. */
static int
arf_offset(unsigned nr)
{
   switch (nr & 0xf0) {
   case ISA_ARF_NULL: return VGPU_EU_ARF_NULL;
   case ISA_ARF_ADDRESS: return (nr & 0xf) ? -1 : VGPU_EU_ARF_A0;
   case ISA_ARF_ACC: return VGPU_EU_ARF_ACC + (int)(nr & 3) * 64;
   case ISA_ARF_FLAG: return (nr & 0xf) < 2 ? VGPU_EU_ARF_FLAG + (int)(nr & 1) * 4 : -1;
   case ISA_ARF_STATE: return VGPU_EU_ARF_SR0;
   case ISA_ARF_CONTROL: return VGPU_EU_ARF_CR0;
   case ISA_ARF_NOTIFICATION: return VGPU_EU_ARF_MISC + 2 * 32;
   case ISA_ARF_IP: return VGPU_EU_ARF_MISC + 3 * 32;
   case ISA_ARF_TDR: return VGPU_EU_ARF_MISC + 4 * 32;
   case ISA_ARF_TIMESTAMP: return VGPU_EU_ARF_MISC + 5 * 32;
   case ISA_ARF_MASK: return VGPU_EU_ARF_MISC + 6 * 32;
   default: return -1;
   }
}

static int
reg_base(const struct isa_reg *r)
{
   if (r->file == ISA_FILE_GRF)
      return r->nr * 32 + r->subnr;
   int a = arf_offset(r->nr);
   return a < 0 ? -1 : a + r->subnr;
}

/* Element index of channel c in an Align1 region or an Align16 operand. */
static unsigned
region_elem(const struct isa_reg *r, bool align16, unsigned c)
{
   if (align16) {
      unsigned vs = vstride_elems[r->vstride & 15];
      if (r->rep_ctrl)
         return 0;
      return (c / 4) * vs + ((r->swizzle >> ((c % 4) * 2)) & 3);
   }
   unsigned width = 1u << r->width;
   unsigned hs = r->hstride ? 1u << (r->hstride - 1) : 0;
   return (c / width) * vstride_elems[r->vstride & 15] + (c % width) * hs;
}

static void
layout_common(struct eu_operand *o, const struct isa_reg *r, bool pairs)
{
   o->type = r->type;
   o->size = eu_type_size(r->type);
   o->unit = pairs && o->size == 8 ? 4 : o->size;
   o->scale = pairs ? 2 : 1;
   o->indirect = r->indirect;
   o->reg = *r;
}

/* Precomputes the byte offset of each channel of a direct operand;
 * false when the region leaves the register file. */
static bool
layout_src(struct eu_operand *o, const struct isa_reg *r, bool align16,
           unsigned n, bool pairs)
{
   layout_common(o, r, pairs);
   o->negate = r->negate;
   o->abs = r->abs;
   o->imm = r->file == ISA_FILE_IMM;
   if (o->imm || o->indirect)
      return true;
   int base = reg_base(r);
   if (base < 0)
      return false;
   for (unsigned c = 0; c < n; c++) {
      unsigned off = base + region_elem(r, align16, c * o->scale) * o->unit;
      if (off + o->size > VGPU_EU_REGFILE)
         return false;
      o->off[c] = (uint16_t)off;
   }
   return true;
}

static bool
layout_dst(struct eu_operand *o, const struct isa_reg *r, bool align16,
           unsigned n, bool pairs)
{
   layout_common(o, r, pairs);
   o->writemask = align16 ? r->writemask : 0xf;
   if (o->indirect)
      return true;
   int base = reg_base(r);
   if (base < 0)
      return false;
   unsigned hs = align16 ? 1 : (r->hstride ? 1u << (r->hstride - 1) : 1);
   for (unsigned c = 0; c < n; c++) {
      unsigned off = base + c * o->scale * hs * o->unit;
      if (align16)
         off = base + (c / 4) * 4 * o->size + (c % 4) * o->size;
      if (off + o->size > VGPU_EU_REGFILE)
         return false;
      o->off[c] = (uint16_t)off;
   }
   return true;
}

/* The first channel an instruction's execution mask bits start at:
 * quarter and nibble control (PRM "Execution Mask" / QtrCtrl, NibCtrl). */
static unsigned
channel_group(const struct isa_inst *in)
{
   return in->qtr_ctrl * 8 + in->nib_ctrl * 4;
}

/* Ivy Bridge executes an Align1 instruction with a DF operand in pairs
 * of 32-bit channels: "each DF operand uses an element size of 4 rather
 * than 8 and all regioning parameters are twice what the values would be
 * based on the true element size: ExecSize, Width, HorzStride and
 * VertStride.  Each DF operand uses a pair of channels" (IVB PRM Vol 4
 * "EU Changes by Processor Generation").  DF channel c is the pair's
 * first channel 2c in every operand's region and takes execution mask
 * and flag bit c; a 32-bit source is read at channel 2c (the odd
 * channel's element is ignored, which Mesa's F->DF moves work around
 * with <N;2,0> regions) and a 32-bit destination written at 2c, its
 * odd channel's element filled with garbage (Mesa's DF->F comment). */
static bool
ivb_df_pairs(enum isa_gen gen, const struct isa_inst *in, unsigned nsrc)
{
   if (gen != ISA_GEN7 || in->align16)
      return false;
   if (in->dst.type == ISA_TYPE_DF)
      return true;
   for (unsigned s = 0; s < nsrc && s < 3; s++) {
      if (in->src[s].type == ISA_TYPE_DF)
         return true;
   }
   return false;
}

static bool
is_branch(enum isa_op op)
{
   switch (op) {
   case ISA_OP_IF: case ISA_OP_ELSE: case ISA_OP_ENDIF: case ISA_OP_WHILE:
   case ISA_OP_BREAK: case ISA_OP_CONT: case ISA_OP_HALT: case ISA_OP_JMPI:
   case ISA_OP_BRC: case ISA_OP_BRD: case ISA_OP_CALL: case ISA_OP_CALLA:
   case ISA_OP_RET: case ISA_OP_GOTO: case ISA_OP_JOIN:
      return true;
   default:
      return false;
   }
}

/* Bit of the flag register pair channel c of an instruction uses: the
 * flag subregister's 16-bit half plus the channel group. */
static inline unsigned
flag_bit(const struct isa_inst *in, unsigned group, unsigned c)
{
   return (in->flag_nr * 32 + in->flag_subnr * 16 + group + c) & 63;
}

static int32_t
branch_scale(enum isa_gen gen)
{
   /* JIP/UIP count 64-bit units on Gen7/7.5, bytes from Gen8. */
   return gen <= ISA_GEN75 ? 8 : 1;
}

/* Decodes the instruction at ip into a new eu_inst (NULL and why when it
 * cannot). */
static struct eu_inst *
decode_one(const struct vgpu_eu_env *env, const struct vgpu_eu_kernel *k,
           uint32_t ip, const char **why)
{
   struct eu_inst *e = calloc(1, sizeof(*e));
   if (!e) {
      *why = "out of memory decoding a kernel";
      return NULL;
   }
   unsigned size = isa_decode(k->gen, k->code + ip, k->avail - ip, &e->in);
   if (!size) {
      free(e);
      *why = "undecodable EU instruction";
      return NULL;
   }
   memcpy(e->raw, k->code + ip, size);
   e->size = (uint8_t)size;
   e->n = 1u << e->in.exec_size;
   e->nmask = e->n >= 32 ? ~0u : (1u << e->n) - 1;
   e->group = channel_group(&e->in);
   e->branch = is_branch(e->in.op);
   e->ok = true;
   bool a16 = e->in.align16;
   bool is_send = e->in.op == ISA_OP_SEND || e->in.op == ISA_OP_SENDC ||
                  e->in.op == ISA_OP_SENDS || e->in.op == ISA_OP_SENDSC;
   e->flag_base = (uint8_t)flag_bit(&e->in, e->group, 0);
   e->jip = ip + (uint32_t)(e->in.jip * branch_scale(k->gen));
   e->uip = ip + (uint32_t)(e->in.uip * branch_scale(k->gen));
   if (is_send && !e->in.desc_is_reg && !e->in.ex_desc_is_reg) {
      isa_send_decode(k->gen, e->in.sfid, e->in.desc, e->in.ex_desc, &e->msg);
      e->msg_decoded = true;
   }
   if (!e->branch && !is_send) {
      unsigned nsrc = isa_opcode_info(e->in.op)->nsrc;
      e->nsrc = (uint8_t)nsrc;
      e->df_pairs = ivb_df_pairs(k->gen, &e->in, nsrc);
      if (e->df_pairs && e->n > 1) {
         e->n /= 2;
         e->nmask = (1u << e->n) - 1;
      }
      if (!layout_dst(&e->dst, &e->in.dst, a16, e->n, e->df_pairs))
         e->ok = false;
      for (unsigned s = 0; s < nsrc && s < 3; s++) {
         if (!layout_src(&e->src[s], &e->in.src[s], a16, e->n, e->df_pairs))
            e->ok = false;
         if (e->in.src[s].file == ISA_FILE_ARF &&
             (e->in.src[s].nr & 0xf0) == ISA_ARF_MASK)
            e->reads_ce = true;
      }
      eu_fast_classify(e);
      eu_check_classify(env, e);
   }
   return e;
}

/* Threads of the pool's workers decode the same kernel at once: one
 * decodes each instruction, and publishes it with release order so a
 * lookup's acquire load sees it whole. */
static pthread_mutex_t decode_lock = PTHREAD_MUTEX_INITIALIZER;

static struct eu_inst *
decode_locked(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *k,
              uint32_t ip, const char **why)
{
   size_t slot = ip / 8;
   if (k->at[slot])
      return k->at[slot];
   if (k->n_decoded == k->cap_decoded) {
      size_t n = k->cap_decoded ? k->cap_decoded * 2 : 64;
      uint32_t *d = realloc(k->decoded, n * sizeof(*d));
      if (!d) {
         *why = "out of memory decoding a kernel";
         return NULL;
      }
      k->decoded = d;
      k->cap_decoded = n;
   }
   struct eu_inst *e = decode_one(env, k, ip, why);
   if (!e)
      return NULL;
   k->decoded[k->n_decoded++] = ip;
   __atomic_store_n(&k->at[slot], e, __ATOMIC_RELEASE);
   return e;
}

static struct eu_inst *
decode_at(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *k,
          uint32_t ip, const char **why)
{
   if (ip % 8 || ip >= k->avail || ip / 8 >= k->slots) {
      *why = "kernel execution left its buffer";
      return NULL;
   }
   pthread_mutex_lock(&decode_lock);
   struct eu_inst *e = decode_locked(env, k, ip, why);
   pthread_mutex_unlock(&decode_lock);
   return e;
}

/* The instructions control flow can reach from ip: the next one unless
 * it ends the thread, and a branch's targets (an over-estimate is
 * harmless). */
static unsigned
successors(const struct eu_inst *e, uint32_t ip, uint32_t out[3])
{
   const struct isa_inst *in = &e->in;
   bool send = in->op == ISA_OP_SEND || in->op == ISA_OP_SENDC ||
               in->op == ISA_OP_SENDS || in->op == ISA_OP_SENDSC;
   unsigned n = 0;
   if (!(send && in->eot))
      out[n++] = ip + e->size;
   if (in->op == ISA_OP_JMPI) {
      if (in->src[1].file == ISA_FILE_IMM)
         out[n++] = ip + e->size + (uint32_t)(int32_t)in->src[1].imm;
   } else if (e->branch) {
      out[n++] = e->jip;
      out[n++] = e->uip;
   }
   return n;
}

void
vgpu_eu_kernel_predecode(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *k)
{
   size_t cap = 64, n = 0;
   uint32_t *todo = malloc(cap * sizeof(*todo));
   if (!todo)
      return;
   todo[n++] = 0;
   while (n) {
      uint32_t ip = todo[--n];
      if (ip % 8 || ip >= k->avail || ip / 8 >= k->slots || k->at[ip / 8])
         continue;
      const char *why;
      struct eu_inst *e = decode_at(env, k, ip, &why);
      if (!e)
         continue;
      if (n + 3 > cap) {
         uint32_t *grown = realloc(todo, 2 * cap * sizeof(*todo));
         if (!grown)
            break;
         todo = grown;
         cap *= 2;
      }
      n += successors(e, ip, &todo[n]);
   }
   free(todo);
}

/* ---- operand access ---- */

static unsigned
indirect_offset(const struct vgpu_eu_thread *t, const struct isa_reg *r,
                bool align16, unsigned c, unsigned size, bool dst)
{
   const uint16_t *a0 = (const uint16_t *)&t->regs[VGPU_EU_ARF_A0];
   int16_t imm = (int16_t)(r->addr_imm << 6) >> 6;   /* 10-bit two's complement */
   unsigned width = dst ? 1 : 1u << r->width;
   unsigned sub = r->addr_subnr;
   /* VxH (vstride 0xf): each row of width channels takes the next
    * address subregister. */
   if (!dst && r->vstride == 0xf) {
      unsigned row = c / width;
      unsigned hs = r->hstride ? 1u << (r->hstride - 1) : 0;
      return (unsigned)(a0[(sub + row) & 15] + imm) + (c % width) * hs * size;
   }
   unsigned base = (unsigned)(a0[sub & 15] + imm);
   if (dst) {
      unsigned hs = r->hstride ? 1u << (r->hstride - 1) : 1;
      return base + c * hs * size;
   }
   return base + region_elem(r, align16, c) * size;
}

/* Byte offset of channel c of an operand in the register file; -1 for an
 * indirect access outside it. */
static inline int
operand_offset(const struct vgpu_eu_thread *t, const struct eu_operand *o,
               bool align16, unsigned c, bool dst)
{
   if (!o->indirect)
      return o->off[c];
   unsigned off = indirect_offset(t, &o->reg, align16, c * o->scale, o->unit, dst);
   return off + o->size <= VGPU_EU_GRF_BYTES ? (int)off : -1;
}

int
eu_operand_offset(const struct vgpu_eu_thread *t, const struct eu_operand *o,
                  bool align16, unsigned c, bool dst)
{
   return operand_offset(t, o, align16, c, dst);
}

/* Raw bits of channel c of a source (immediate vectors expanded). */
static inline uint64_t
src_raw(const struct vgpu_eu_thread *t, const struct eu_inst *e,
        const struct eu_operand *o, unsigned c, bool *bad)
{
   if (o->imm) {
      uint64_t imm = o->reg.imm;
      switch (o->type) {
      case ISA_TYPE_V: return (uint64_t)(int64_t)((int32_t)(imm << (28 - 4 * (c % 8))) >> 28);
      case ISA_TYPE_UV: return (imm >> (4 * (c % 8))) & 0xf;
      case ISA_TYPE_VF: return eu_vf_to_f32((uint8_t)(imm >> (8 * (c % 4))));
      default: return imm;
      }
   }
   int off = operand_offset(t, o, e->in.align16, c, false);
   if (off < 0) {
      *bad = true;
      return 0;
   }
   return eu_read_raw(&t->regs[off], o->size);
}

/* ---- execution mask and predication ---- */

static inline uint64_t
flags_get(const struct vgpu_eu_thread *t)
{
   uint64_t f;
   memcpy(&f, &t->regs[VGPU_EU_ARF_FLAG], 8);
   return f;
}

static inline void
flags_set(struct vgpu_eu_thread *t, uint64_t f)
{
   memcpy(&t->regs[VGPU_EU_ARF_FLAG], &f, 8);
}

/* Predicate per channel (bit c of the result), PRM "Predication". */
static uint32_t
predicate(const struct vgpu_eu_thread *t, const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   uint64_t f = flags_get(t);
   /* any/all of N horizontal channels read N flag bits whatever the
    * execution size. */
   unsigned nbits = in->pred_ctrl >= 2 && !in->align16 ? 32 : e->n;
   /* Flag bit (flag_base + c) mod 64 of channel c: a rotation. */
   uint64_t rot = e->flag_base ? (f >> e->flag_base) | (f << (64 - e->flag_base)) : f;
   uint32_t bits = nbits >= 32 ? (uint32_t)rot : (uint32_t)rot & ((1u << nbits) - 1);
   uint32_t res = bits;
   unsigned pc = in->pred_ctrl;
   if (in->align16) {
      /* Align16: .x .y .z .w replicate one channel of each group of
       * four; any4h/all4h combine the group. */
      if (pc >= 2 && pc <= 5) {
         res = 0;
         for (unsigned c = 0; c < e->n; c++)
            res |= ((bits >> ((c & ~3u) + pc - 2)) & 1) << c;
      } else if (pc == 6 || pc == 7) {
         res = 0;
         for (unsigned c = 0; c < e->n; c++) {
            uint32_t g = (bits >> (c & ~3u)) & 0xf;
            res |= (uint32_t)(pc == 6 ? g != 0 : g == 0xf) << c;
         }
      }
   } else if (pc >= 2) {
      /* anyv/allv (2, 3) span the execution size; 4..13 are any/all of
       * 2, 4, 8, 16 and 32 horizontal channels. */
      unsigned span = pc <= 3 ? e->n : 2u << ((pc - 4) / 2);
      bool any = pc <= 3 ? pc == 2 : pc % 2 == 0;
      res = 0;
      for (unsigned c = 0; c < e->n; c++) {
         unsigned first = (c / span) * span;
         uint32_t want = span >= 32 ? ~0u : ((1u << span) - 1) << first;
         res |= (uint32_t)(any ? (bits & want) != 0 : (bits & want) == want) << c;
      }
   }
   return in->pred_inv ? ~res : res;
}

/* Channels an instruction executes on, as bits 0..n-1. */
static inline __attribute__((always_inline)) uint32_t
exec_mask(const struct vgpu_eu_thread *t, const struct eu_inst *e)
{
   if (e->in.mask_ctrl)
      return e->nmask;
   uint32_t m = (t->at_ip >> e->group) & e->nmask;
   if (!e->df_pairs || e->n <= 4)
      return m;
   /* Ivy Bridge applies the first half's channel enables to both halves
    * of a compressed DF instruction (found on the hardware by Mesa, whose
    * compiler splits masked DF instructions to four channels there). */
   uint32_t same = m & 0xf;
   for (unsigned g = 4; g < e->n; g += 4)
      same |= (m & 0xf) << g;
   return same;
}

/* Ivy Bridge's DF pair form: the odd channel of a 32-bit destination's
 * pair (ivb_df_pairs), which the instruction fills with garbage. */
static void
ivb_df_garbage(struct vgpu_eu_thread *t, const struct eu_inst *e, int off, uint64_t v)
{
   if (!e->df_pairs || e->dst.size == 8 || e->in.dst.file != ISA_FILE_GRF)
      return;
   unsigned hs = e->in.dst.hstride ? 1u << (e->in.dst.hstride - 1) : 1;
   unsigned at = (unsigned)off + hs * e->dst.unit;
   if (at + e->dst.size <= VGPU_EU_GRF_BYTES)
      eu_write_raw(&t->regs[at], e->dst.size, ~v);
}

/* ---- control flow ---- */

/* Channel c's IP, or UINT32_MAX (waiting nowhere) outside runnable. */
static inline __attribute__((always_inline)) void
reschedule_n(struct vgpu_eu_thread *t, uint32_t runnable, const unsigned n)
{
   /* Separate branch-free passes (diverged channels would make a set-bit
    * walk mispredict), each a vector reduction: the lowest IP, the
    * channels there, and the lowest IP of the others. */
   uint32_t pc[32], lowest = UINT32_MAX, next = UINT32_MAX, at = 0;
   for (unsigned c = 0; c < n; c++)
      pc[c] = (runnable >> c) & 1 ? t->pc[c] : UINT32_MAX;
   for (unsigned c = 0; c < n; c++)
      lowest = pc[c] < lowest ? pc[c] : lowest;
   for (unsigned c = 0; c < n; c++)
      at |= (uint32_t)(pc[c] == lowest) << c;
   for (unsigned c = 0; c < n; c++) {
      uint32_t other = pc[c] | -(uint32_t)(pc[c] == lowest);
      next = other < next ? other : next;
   }
   t->ip = lowest;
   t->at_ip = lowest == UINT32_MAX ? 0 : at;
   t->next_wait = next;
}

__attribute__((target_clones("avx2", "default"))) static void
reschedule(struct vgpu_eu_thread *t)
{
   uint32_t runnable = t->live & t->call_mask;
   if (!(runnable >> 16)) {
      if (!(runnable >> 8))
         reschedule_n(t, runnable, 8);
      else
         reschedule_n(t, runnable, 16);
      return;
   }
   reschedule_n(t, runnable, 32);
}

/* Moves the channels of at_ip to ip (pc[] made explicit first). */
static void
settle(struct vgpu_eu_thread *t)
{
   /* A blend over every channel, not a walk over the set bits. */
   for (unsigned c = 0; c < 32; c++)
      t->pc[c] = t->at_ip & eu_lane_bit[c] ? t->ip : t->pc[c];
}

static void
advance(struct vgpu_eu_thread *t, unsigned size)
{
   t->ip += size;
   if (t->ip < t->next_wait)
      return;
   settle(t);
   reschedule(t);
}

/* Per-channel branch: channels of taken go to target, the rest of at_ip
 * fall through. */
__attribute__((target_clones("avx2", "default"))) static void
branch_channels(struct vgpu_eu_thread *t, const struct eu_inst *e,
                uint32_t taken, uint32_t target)
{
   uint32_t next = t->ip + e->size;
   for (unsigned c = 0; c < 32; c++) {
      uint32_t to = taken & eu_lane_bit[c] ? target : next;
      t->pc[c] = t->at_ip & eu_lane_bit[c] ? to : t->pc[c];
   }
   reschedule(t);
}

/* branch_channels for the branches that leave the call mask alone: when
 * no channel moves the instruction only advances, and when all of them
 * move below the next waiting channel the schedule keeps its channels
 * (the same state reschedule would reach). */
static void
branch_masked(struct vgpu_eu_thread *t, const struct eu_inst *e,
              uint32_t taken, uint32_t target)
{
   uint32_t moving = taken & t->at_ip;
   if (!moving) {
      advance(t, e->size);
      return;
   }
   if (moving == t->at_ip && target < t->next_wait) {
      t->ip = target;
      return;
   }
   branch_channels(t, e, taken, target);
}

/* The two dwords of a CALL's destination or a RET's source: return IP
 * and call mask.  -1 when they are not in the GRFs. */
static int
call_frame_offset(const struct isa_reg *r)
{
   if (r->file != ISA_FILE_GRF || r->indirect)
      return -1;
   unsigned off = r->nr * 32u + r->subnr;
   return off + 8 <= VGPU_EU_GRF_BYTES ? (int)off : -1;
}

/* A SIMD1 CALL or RET moves every channel enabled at it (the PRM's scalar
 * form, marked WE_all); a wider one the channels it executes on. */
static uint32_t
call_channels(const struct vgpu_eu_thread *t, const struct eu_inst *e,
              uint32_t on)
{
   return e->n == 1 && on ? t->at_ip : on;
}

/* CALL (PRM Vol 7 "call"): dst.0 gets the return IP (the next
 * instruction, kernel-relative bytes) and dst.1 the call mask in force;
 * the calling channels become the call mask and jump by JIP.  A CALL no
 * channel executes is not taken. */
static enum vgpu_eu_status
exec_call(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t on,
          uint32_t target)
{
   uint32_t callers = call_channels(t, e, on);
   if (!callers) {
      advance(t, e->size);
      return VGPU_EU_DONE;
   }
   int off = call_frame_offset(&e->in.dst);
   if (off < 0) {
      t->why = "call destination outside the GRFs";
      return VGPU_EU_FAULT;
   }
   uint32_t frame[2] = { t->ip + e->size, t->call_mask };
   memcpy(&t->regs[off], frame, sizeof(frame));
   t->call_mask = callers;
   branch_channels(t, e, callers, target);
   return VGPU_EU_DONE;
}

/* RET (PRM Vol 7 "ret"): the returning channels go to src0.0 and leave
 * the call mask; when no live channel is left inside the call, src0.1
 * becomes the call mask again, which re-enables the channels that waited
 * at the return address. */
static enum vgpu_eu_status
exec_ret(struct vgpu_eu_thread *t, const struct eu_inst *e, uint32_t on)
{
   uint32_t leaving = call_channels(t, e, on);
   if (!leaving) {
      advance(t, e->size);
      return VGPU_EU_DONE;
   }
   int off = call_frame_offset(&e->in.src[0]);
   if (off < 0) {
      t->why = "ret source outside the GRFs";
      return VGPU_EU_FAULT;
   }
   uint32_t frame[2];
   memcpy(frame, &t->regs[off], sizeof(frame));
   t->call_mask &= ~leaving;
   if (!(t->call_mask & t->live))
      t->call_mask = frame[1];
   branch_channels(t, e, leaving, frame[0]);
   return VGPU_EU_DONE;
}

static enum vgpu_eu_status
exec_branch(struct vgpu_eu_thread *t, const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   uint32_t mask_all = (t->at_ip >> e->group) & e->nmask;
   uint32_t pred = in->pred_ctrl ? predicate(t, e) : ~0u;
   uint32_t on = (mask_all & pred) << e->group;
   uint32_t jip = e->jip, uip = e->uip;
   switch (in->op) {
   case ISA_OP_IF:
      /* Channels whose condition fails go to the ELSE+1 or ENDIF. */
      branch_masked(t, e, t->at_ip & ~on, jip);
      return VGPU_EU_DONE;
   case ISA_OP_ELSE:
      branch_masked(t, e, t->at_ip, jip);
      return VGPU_EU_DONE;
   case ISA_OP_ENDIF:
      advance(t, e->size);
      return VGPU_EU_DONE;
   case ISA_OP_WHILE: {
      /* Channels that broke out wait here (BREAK's UIP is the WHILE from
       * Gen7 on) and leave the loop; the others loop while predicated. */
      uint32_t leaving = t->brk & t->at_ip;
      t->brk &= ~leaving;
      branch_masked(t, e, on & ~leaving, jip);
      return VGPU_EU_DONE;
   }
   case ISA_OP_BREAK:
      t->brk |= on;
      branch_masked(t, e, on, uip);
      return VGPU_EU_DONE;
   case ISA_OP_CONT:
   case ISA_OP_HALT:
   case ISA_OP_GOTO:
      /* GOTO (Gen8+): the predicated channels wait at UIP; JIP, the next
       * place a channel may rejoin, is the hardware's shortcut when none
       * is left, which running the lowest IP finds by itself. */
      branch_masked(t, e, on, uip);
      return VGPU_EU_DONE;
   case ISA_OP_CALL:
      return exec_call(t, e, on, jip);
   case ISA_OP_RET:
      return exec_ret(t, e, on);
   case ISA_OP_JMPI: {
      /* A scalar jump relative to the next instruction; its target is
       * src1's immediate (JIP). */
      uint32_t target = t->ip + e->size + (int32_t)in->src[1].imm;
      if (!in->pred_ctrl || (pred & 1))
         branch_masked(t, e, t->at_ip, target);
      else
         advance(t, e->size);
      return VGPU_EU_DONE;
   }
   default:
      t->why = "branch instruction (calla/brc/brd)";
      return VGPU_EU_UNSUPPORTED;
   }
}

/* ---- execution ---- */

static enum vgpu_eu_status
exec_alu(struct vgpu_eu_thread *t, const struct eu_inst *e, bool general)
{
   const struct isa_inst *in = &e->in;
   uint32_t mask = exec_mask(t, e);
   bool sel_pred = in->op == ISA_OP_SEL;
   uint32_t pred = in->pred_ctrl ? predicate(t, e) : ~0u;
   if (!sel_pred)
      mask &= pred;
   if (e->fast && !general) {
      e->run(t, e, mask);
      return VGPU_EU_DONE;
   }
   t->instructions++;
   t->channel_instructions += (uint64_t)eu_channel_count(mask);
   if (!mask && !in->cond_mod)
      return VGPU_EU_DONE;

   /* Not zero-initialised: only the channels of mask are read and written. */
   if (e->reads_ce) {
      /* ce0: the channels enabled for this instruction (dispatch mask and
       * control flow), as Mesa reads it to find live channels. */
      uint32_t ce = t->at_ip & t->live;
      memcpy(&t->regs[VGPU_EU_ARF_MISC + 6 * 32], &ce, 4);
   }
   struct eu_alu_ctx ctx;
   ctx.e = e;
   ctx.pred = pred;
   ctx.flag = 0;
   bool bad = false;
   /* A dot product reads all four channels of each group it writes. */
   uint32_t read = mask;
   if (eu_dot_terms(in->op)) {
      for (unsigned g = 0; g < e->n; g += 4)
         read |= (mask >> g) & 0xf ? 0xfu << g : 0;
   }
   for (unsigned c = 0; c < e->n; c++) {
      if (!((read >> c) & 1))
         continue;
      for (unsigned s = 0; s < e->nsrc; s++)
         ctx.src[s][c] = src_raw(t, e, &e->src[s], c, &bad);
   }
   if (bad) {
      t->why = "indirect register access outside the register file";
      return VGPU_EU_FAULT;
   }
   const char *why = eu_alu(&ctx, mask, t);
   if (why) {
      t->why = why;
      return VGPU_EU_UNSUPPORTED;
   }
   uint64_t f = flags_get(t);
   bool write_flags = in->cond_mod && in->op != ISA_OP_SEL &&
                      in->op != ISA_OP_MATH;
   for (unsigned c = 0; c < e->n; c++) {
      if (!((mask >> c) & 1))
         continue;
      if (write_flags) {
         unsigned b = flag_bit(in, e->group, c);
         f = (f & ~(1ull << b)) | ((uint64_t)((ctx.flag >> c) & 1) << b);
      }
      if (e->in.align16 && !((e->dst.writemask >> (c % 4)) & 1))
         continue;
      int off = operand_offset(t, &e->dst, in->align16, c, true);
      if (off < 0) {
         t->why = "indirect register access outside the register file";
         return VGPU_EU_FAULT;
      }
      eu_write_raw(&t->regs[off], e->dst.size, ctx.res[c]);
      ivb_df_garbage(t, e, off, ctx.res[c]);
      /* AccWrEnable with a null destination only fills the accumulator
       * (Mesa's line before a mac). */
      if (in->acc_wr && (in->dst.file == ISA_FILE_GRF || in->dst.nr == ISA_ARF_NULL))
         eu_write_raw(&t->regs[VGPU_EU_ARF_ACC + c * e->dst.size], e->dst.size,
                      ctx.res[c]);
   }
   if (write_flags)
      flags_set(t, f);
   return VGPU_EU_DONE;
}

/* wait n0 / sync.bar: the barrier the gateway message asked for. */
static enum vgpu_eu_status
exec_wait(struct vgpu_eu_thread *t, const struct eu_inst *e)
{
   if (t->barrier_arrived && !t->notified)
      return VGPU_EU_BLOCKED;
   t->barrier_arrived = false;
   t->notified = false;
   advance(t, e->size);
   return VGPU_EU_DONE;
}

static enum vgpu_eu_status
exec_one(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
         const struct eu_inst *e)
{
   const struct isa_inst *in = &e->in;
   if (e->branch) {
      t->instructions++;
      t->channel_instructions += (uint64_t)eu_channel_count(t->at_ip);
      return exec_branch(t, e);
   }
   switch (in->op) {
   case ISA_OP_SEND: case ISA_OP_SENDC: case ISA_OP_SENDS: case ISA_OP_SENDSC: {
      uint32_t mask = exec_mask(t, e);
      if (in->pred_ctrl)
         mask &= predicate(t, e);
      t->instructions++;
      t->channel_instructions += (uint64_t)eu_channel_count(mask);
      enum vgpu_eu_status st = vgpu_eu_send(env, t, in, e->msg_decoded ? &e->msg : NULL,
                                            mask);
      if (st == VGPU_EU_DONE && !in->eot)
         advance(t, e->size);
      return st;
   }
   case ISA_OP_WAIT:
      return exec_wait(t, e);
   case ISA_OP_SYNC:
      /* Gen12 sync.bar waits for the barrier; the other sync functions
       * order scoreboard tokens, which a sequential interpreter has. */
      if (in->cond_mod == 0xe)
         return exec_wait(t, e);
      advance(t, e->size);
      return VGPU_EU_DONE;
   case ISA_OP_NOP:
      advance(t, e->size);
      return VGPU_EU_DONE;
   default:
      break;
   }
   if (!e->ok) {
      t->why = "EU instruction operand outside the register file";
      return VGPU_EU_FAULT;
   }
   enum vgpu_eu_status st = exec_alu(t, e, env->general_path);
   if (st == VGPU_EU_DONE)
      advance(t, e->size);
   return st;
}

void
vgpu_eu_thread_init(struct vgpu_eu_thread *t, uint32_t dispatch_mask)
{
   /* The checks' state is large and only set up when checks run. */
   memset(t, 0, offsetof(struct vgpu_eu_thread, chk));
   t->live = dispatch_mask;
   t->at_ip = dispatch_mask;
   t->call_mask = ~0u;
   t->next_wait = UINT32_MAX;
   vgpu_eu_thread_set_dmask(t, dispatch_mask);
   /* sr0.3, the Vector Mask (PRM Vol 7 "State Register"): per group of
    * four channels, the OR of the group's Dispatch Mask bits. */
   uint32_t vmask = 0;
   for (unsigned g = 0; g < 32; g += 4)
      vmask |= (dispatch_mask >> g) & 0xf ? 0xfu << g : 0;
   memcpy(&t->regs[VGPU_EU_ARF_SR0 + 12], &vmask, 4);
}

void
vgpu_eu_thread_set_dmask(struct vgpu_eu_thread *t, uint32_t dmask)
{
   /* sr0.2, the Dispatch Mask (PRM Vol 7 "State Register"): the channels
    * the dispatcher gave work, which for a pixel shader excludes helper
    * pixels. */
   memcpy(&t->regs[VGPU_EU_ARF_SR0 + 8], &dmask, 4);
}

/* The channels an instruction is about to execute on, as exec_alu and the
 * send path work them out, for the checks. */
static void
check_masks(const struct vgpu_eu_thread *t, const struct eu_inst *e,
            struct eu_check_masks *m)
{
   const struct isa_inst *in = &e->in;
   memset(m, 0, sizeof(*m));
   if (e->branch)
      return;
   uint32_t mask = exec_mask(t, e);
   uint32_t live = (t->at_ip & t->live) >> e->group;
   uint32_t pred = in->pred_ctrl ? predicate(t, e) : ~0u;
   if (in->op != ISA_OP_SEL)
      mask &= pred;
   uint32_t read = mask;
   if (eu_dot_terms(in->op)) {
      for (unsigned g = 0; g < e->n; g += 4)
         read |= (mask >> g) & 0xf ? 0xfu << g : 0;
   }
   m->exec = mask;
   m->read = read;
   m->pred = pred;
   /* WE_all runs channels whether or not they hold data (Mesa's Gen7
    * mach over the second quarter's register as 1Q, say): which lanes
    * matter is the kernel's business, so its reads are never strict. */
   m->strict = in->mask_ctrl ? 0 : read & live;
}

/* An instruction decoded earlier at ip, or NULL. */
static inline struct eu_inst *
lookup(const struct vgpu_eu_kernel *k, uint32_t ip)
{
   size_t slot = ip / 8;
   return ip % 8 == 0 && slot < k->slots ? __atomic_load_n(&k->at[slot], __ATOMIC_ACQUIRE)
                                         : NULL;
}

/* An instruction with a specialised handler, as exec_one and exec_alu run
 * it, without their dispatch. */
static inline void
run_fast(struct vgpu_eu_thread *t, const struct eu_inst *e)
{
   uint32_t mask = exec_mask(t, e);
   if (e->in.pred_ctrl)
      mask &= predicate(t, e);
   e->run(t, e, mask);
   advance(t, e->size);
}

/* Instructions one thread may execute before vgpu calls it hung. */
#define THREAD_BUDGET (1ull << 28)

/* The interpreter loop, instantiated twice: without checks (the hot one,
 * where checked is a constant false and every check compiles away) and
 * with them. */
static inline __attribute__((always_inline)) enum vgpu_eu_status
run_loop(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *k,
         struct vgpu_eu_thread *t, const bool checked)
{
   uint64_t budget = t->instructions +
                     (env->max_instructions ? env->max_instructions : THREAD_BUDGET);
   for (;;) {
      struct eu_inst *e = lookup(k, t->ip);
      if (!e) {
         const char *why = NULL;
         e = decode_at(env, k, t->ip, &why);
         if (!e) {
            t->why = why;
            t->fault_addr = k->addr + t->ip;
            return VGPU_EU_FAULT;
         }
      }
      if (!checked && e->fast && !env->general_path) {
         run_fast(t, e);
         if (t->instructions > budget) {
            t->why = "EU thread did not end (runaway loop)";
            return VGPU_EU_FAULT;
         }
         continue;
      }
      struct eu_check_masks m;
      if (checked) {
         check_masks(t, e, &m);
         enum vgpu_eu_status st = eu_check_before(env, t, k->addr, e, &m);
         if (st != VGPU_EU_DONE)
            return st;
      }
      enum vgpu_eu_status st = exec_one(env, t, e);
      if (st != VGPU_EU_DONE)
         return st;
      if (checked)
         eu_check_after(env, t, e, &m);
      if (e->in.eot && (e->in.op == ISA_OP_SEND || e->in.op == ISA_OP_SENDC ||
                        e->in.op == ISA_OP_SENDS || e->in.op == ISA_OP_SENDSC))
         return VGPU_EU_DONE;
      if (t->instructions > budget) {
         t->why = "EU thread did not end (runaway loop)";
         return VGPU_EU_FAULT;
      }
   }
}

static enum vgpu_eu_status
run_checked(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *k,
            struct vgpu_eu_thread *t)
{
   eu_check_start(t);
   return run_loop(env, k, t, true);
}

enum vgpu_eu_status
vgpu_eu_run(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *k,
            struct vgpu_eu_thread *t)
{
   t->gen = env->gen;
   /* Branch targets and send messages were worked out for the kernel's. */
   if (k->gen != env->gen) {
      t->why = "kernel decoded for another generation than the thread runs";
      return VGPU_EU_FAULT;
   }
   if (env->checks)
      return run_checked(env, k, t);
   return run_loop(env, k, t, false);
}
