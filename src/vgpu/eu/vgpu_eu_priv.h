/* Inside the EU interpreter: a decoded instruction with its operands'
 * per-channel register-file offsets worked out once (vgpu_eu.c), and the
 * ALU's view of one instruction (vgpu_eu_alu.c). */
#ifndef VGPU_EU_PRIV_H
#define VGPU_EU_PRIV_H

#include <string.h>

#include "isa_send.h"
#include "vgpu_eu.h"

struct eu_operand {
   uint8_t type, size;
   /* Region element size and channel scale: size and 1 but in Ivy
    * Bridge's DF pair form (vgpu_eu.c ivb_df_pairs), where channel c
    * is the region's channel 2c and a DF element counts as 4 bytes. */
   uint8_t unit, scale;
   bool negate, abs, imm, indirect;
   uint8_t writemask;
   /* vgpu_eu_fast.c: a word in the low or high half of each of n packed
    * dwords (<16;8,2>, dst <2>), with those dwords in the register file. */
   bool word_pairs;
   struct isa_reg reg;
   uint16_t off[32];      /* direct operands: byte offset per channel */
};

struct eu_inst;
struct vgpu_eu_thread;
/* A specialised handler: runs the instruction on the channels of mask,
 * giving exactly the general path's registers and flags, and counts it
 * in the thread's statistics. */
typedef void (*eu_fast_fn)(struct vgpu_eu_thread *t, const struct eu_inst *e,
                           uint32_t mask);

struct eu_inst {
   struct isa_inst in;
   uint8_t raw[16];       /* the bytes it was decoded from */
   uint8_t size;          /* 8 or 16 */
   uint8_t n;             /* channels */
   uint32_t nmask;        /* bits 0..n-1 */
   uint8_t group;         /* first channel (quarter/nibble control) */
   uint8_t nsrc;
   bool branch;
   bool ok;               /* operands inside the register file */
   bool reads_ce;         /* a source is ce0, the channel-enable mask */
   bool df_pairs;         /* Ivy Bridge DF: n is half the encoded ExecSize */
   /* vgpu_eu_check.c, at decode: the first region rule the instruction
    * breaks (NULL: none) and the operand (-1 dst). */
   int8_t region_operand;
   const char *region_rule;
   /* Worked out once at decode (vgpu_eu_fast.c, vgpu_eu.c) so the hot
    * loop neither decodes nor looks anything up: the specialised handler
    * (EU_FAST_NONE: the general path), each operand's region class, the
    * flag bit of channel 0, branch targets as kernel byte offsets, and an
    * immediate send descriptor's message. */
   uint8_t fast;                 /* enum eu_fast */
   eu_fast_fn run;               /* its handler when fast is set */
   uint8_t src_region[3];        /* enum eu_region */
   uint8_t dst_region;
   uint8_t flag_base;
   uint32_t jip, uip;
   bool msg_decoded;
   struct isa_send_msg msg;
   struct eu_operand dst, src[3];
};

/* How a direct operand's channels lie in the register file. */
enum eu_region {
   EU_REGION_GENERAL,     /* per-channel offsets (off[]) */
   EU_REGION_CONTIG,      /* off[c] = off[0] + c * size: <8;8,1>, <16;16,1>, dst <1>;
                           * for a source, of dwords */
   EU_REGION_SCALAR,      /* every channel at off[0]: <0;1,0> */
   EU_REGION_IMM,         /* a scalar immediate */
};

/* Specialised handlers: Align1 integer operations on operands of at most
 * 32 bits without source modifiers, and single-precision ones; none with
 * saturation, accumulator write or an indirect operand. */
enum eu_fast {
   EU_FAST_NONE,
   EU_FAST_MOV, EU_FAST_NOT, EU_FAST_AND, EU_FAST_OR, EU_FAST_XOR,
   EU_FAST_ADD, EU_FAST_MUL, EU_FAST_SHL, EU_FAST_SHR, EU_FAST_ASR,
   EU_FAST_CMP,
   /* single precision: F sources (with negate and abs) and destination */
   EU_FAST_FADD, EU_FAST_FMUL, EU_FAST_FMAD, EU_FAST_FMOV, EU_FAST_FSEL,
   EU_FAST_FCMP,
};

/* vgpu_eu_fast.c: classifies a decoded ALU instruction's regions and picks
 * its handler (fast and run). */
void eu_fast_classify(struct eu_inst *e);

/* An instruction's channels as it executes (vgpu_eu.c), for the checks:
 * exec writes its destination, read read its sources, and of those the
 * strict ones must read defined bytes (live channels under the execution
 * mask); the others (all of a WE_all instruction's, a dot product's
 * disabled neighbours) may read the garbage a disabled channel's lane
 * holds, but not bytes no write ever covered. */
struct eu_check_masks {
   uint32_t exec, read, strict;
   uint32_t pred;                       /* predicate per channel, ~0 without */
   /* filled by eu_check_before for eu_check_after */
   uint32_t ip;
   unsigned mlen, ex_mlen, rlen;        /* sends: lengths in GRFs */
   unsigned defined_regs, defined_ex;   /* sends: leading GRFs of src0 and
                                         * src1 that must be defined */
   uint32_t sb_read[5], sb_write[5];    /* registers (VGPU_EU_SB_REGS bits) */
};

/* vgpu_eu.c: byte offset of channel c of an operand in the register file,
 * -1 for an indirect access outside the GRFs. */
int eu_operand_offset(const struct vgpu_eu_thread *t, const struct eu_operand *o,
                      bool align16, unsigned c, bool dst);

/* vgpu_eu_check.c: run around each instruction when env->checks is set.
 * before judges what the instruction reads (and, for the scoreboard,
 * writes) and may stop the thread; after records what it wrote. */
void eu_check_start(struct vgpu_eu_thread *t);
/* At decode, for an ALU instruction: the region rule it breaks, if any. */
void eu_check_classify(const struct vgpu_eu_env *env, struct eu_inst *e);
enum vgpu_eu_status eu_check_before(const struct vgpu_eu_env *env,
                                    struct vgpu_eu_thread *t, uint64_t kernel,
                                    struct eu_inst *e, struct eu_check_masks *m);
void eu_check_after(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
                    const struct eu_inst *e, const struct eu_check_masks *m);

struct eu_alu_ctx {
   const struct eu_inst *e;
   uint32_t pred;         /* sel: per-channel predicate */
   uint32_t flag;         /* conditional-modifier result per channel */
   uint32_t cr0;          /* cr0.0: rounding and denormal modes */
   uint64_t src[3][32];   /* raw source bits per channel */
   uint64_t res[32];      /* raw destination bits per channel */
};

unsigned eu_type_size(unsigned type);

/* cr0.0 (PRM Vol 7 "Control Register"): the rounding mode, and the
 * denormal modes (set: keep denormals; clear: flush them to zero). */
#define CR0_ROUND_SHIFT 4
#define CR0_KEEP_DF (1u << 6)
#define CR0_KEEP_F (1u << 7)
#define CR0_KEEP_HF (1u << 10)
/* vgpu_eu_alu.c: the C library's rounding direction for cr0's mode. */
int eu_cr0_fe_round(uint32_t cr0);

/* 1 << c for channel c: lets per-channel blends vectorise without the
 * per-lane shifts baseline x86-64 lacks. */
extern const uint32_t eu_lane_bit[32];

/* Channels of a mask, without the C library's out-of-line popcount the
 * baseline x86-64 target calls for __builtin_popcount. */
static inline unsigned
eu_channel_count(uint32_t m)
{
   m = m - ((m >> 1) & 0x55555555u);
   m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
   m = (m + (m >> 4)) & 0x0f0f0f0fu;
   return (m * 0x01010101u) >> 24;
}

static inline uint64_t
eu_read_raw(const uint8_t *p, unsigned size)
{
   switch (size) {
   case 1: return p[0];
   case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
   case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
   default: { uint64_t v; memcpy(&v, p, 8); return v; }
   }
}

static inline void
eu_write_raw(uint8_t *p, unsigned size, uint64_t v)
{
   switch (size) {
   case 1: p[0] = (uint8_t)v; break;
   case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
   case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
   default: memcpy(p, &v, 8); break;
   }
}

/* Bit casts between the register file's raw bits and C floating point. */
#define EU_BITCAST(name, to, from) \
   static inline to name(from v) { to r; memcpy(&r, &v, sizeof(r)); return r; }
EU_BITCAST(eu_f32_from_bits, float, uint32_t)
EU_BITCAST(eu_f32_bits, uint32_t, float)
EU_BITCAST(eu_f64_from_bits, double, uint64_t)
EU_BITCAST(eu_f64_bits, uint64_t, double)
#undef EU_BITCAST

uint32_t eu_vf_to_f32(uint8_t vf);
/* Products an Align16 dot-product opcode sums (0: not a dot product). */
unsigned eu_dot_terms(enum isa_op op);
/* Computes ctx->res and ctx->flag for the channels of mask; returns NULL
 * or why the instruction cannot be executed. */
const char *eu_alu(struct eu_alu_ctx *ctx, uint32_t mask,
                   struct vgpu_eu_thread *t);

/* How a send ends early (vgpu_eu_send.c, vgpu_eu_typed.c): a page fault
 * at addr, or a message vgpu does not run; why says which. */
static inline enum vgpu_eu_status
eu_send_fault(struct vgpu_eu_thread *t, uint64_t addr, const char *why)
{
   t->why = why;
   t->fault_addr = addr;
   return VGPU_EU_FAULT;
}

static inline enum vgpu_eu_status
eu_send_unsupported(struct vgpu_eu_thread *t, const char *why)
{
   t->why = why;
   return VGPU_EU_UNSUPPORTED;
}

/* vgpu_eu_send.c: held around an atomic message's read-modify-writes. */
void eu_atomics_begin(void);
void eu_atomics_end(void);

/* DWord c of register reg of a gathered message payload. */
static inline uint32_t
eu_payload32(const uint8_t *payload, unsigned reg, unsigned c)
{
   uint32_t v;
   memcpy(&v, &payload[reg * 32 + c * 4], 4);
   return v;
}

/* vgpu_eu_typed.c: a typed surface read, write or atomic message.
 * payload holds the gathered message (mlen + ex_mlen GRFs), reply the
 * rlen GRFs written back (zeroed by the caller); exec_mask the send's
 * channels. */
enum vgpu_eu_status vgpu_eu_typed(const struct vgpu_eu_env *env,
                                  struct vgpu_eu_thread *t,
                                  const struct isa_send_msg *msg,
                                  const uint8_t *payload, uint8_t *reply,
                                  uint32_t exec_mask);

/* vgpu_eu_typed.c, for every atomic message: the new value of an integer
 * atomic (PRM Vol 2d "Atomic Operations") on a 32-bit operand (64-bit
 * when q) holding old, with sources a and b; and the sources an operation
 * carries after its addresses (none for inc/dec/predec, two for the
 * compare-and-writes, one otherwise). */
uint64_t vgpu_eu_atomic_int(enum isa_atomic_op op, uint64_t old, uint64_t a,
                            uint64_t b, bool q);
unsigned vgpu_eu_atomic_sources(enum isa_atomic_op op);

#endif
