/* Where each message descriptor field lives, and the value tables, shared
 * by the decoder (isa_send.c) and the encoder (isa_send_encode.c) so that
 * every bit position has one home.  Layouts: PRM Vol 2d "Message
 * Descriptor" per shared function; a field a generation moved or added is
 * reached through a function taking the generation.  The lengths every
 * descriptor shares are in isa.h (isa_desc_mlen and its neighbours). */
#ifndef ISA_SEND_PRIV_H
#define ISA_SEND_PRIV_H

#include "isa_priv.h"
#include "isa_send.h"

/* Bits hi..lo of a descriptor word, or of the data port's message
 * control (the MDC_ fields, counted from bit 0 of the control). */
struct sd_field {
   uint8_t hi, lo;
};
#define SD(hi, lo) ((struct sd_field){ (hi), (lo) })

static inline uint32_t
sd_max(struct sd_field f)
{
   return (uint32_t)((2ull << (f.hi - f.lo)) - 1);
}

static inline unsigned
sd_get(uint32_t word, struct sd_field f)
{
   return (word >> f.lo) & sd_max(f);
}

/* v in its place; the caller checks sd_fits first. */
static inline uint32_t
sd_put(struct sd_field f, unsigned v)
{
   return (v & sd_max(f)) << f.lo;
}

static inline bool
sd_fits(struct sd_field f, unsigned v)
{
   return v <= sd_max(f);
}

static inline unsigned
sd_width(struct sd_field f)
{
   return f.hi - f.lo + 1u;
}

/* Surface (binding table index) of every message that names one; the
 * pixel interpolator's message data sits in the same bits. */
#define SD_BTI SD(7, 0)

/* ---- data port ("Data Port Message Descriptor") ---- */

/* Message type: bits 17:14, widened to 18:14 on Gen8 (data port 0's bit
 * 18 then selects scratch block messages). */
static inline struct sd_field
sd_dp_type(enum isa_gen gen)
{
   return SD(isa_gen_desc(gen)->dp_msg_type_hi, 14);
}
/* The render cache keeps 17:14 (bit 18 is RT write's coarse flag). */
#define SD_RC_TYPE SD(17, 14)
#define SD_DP_CTRL SD(13, 8)

/* Data port 0 scratch block messages (category bit set) */
#define SD_SCRATCH SD(18, 18)
#define SD_SCRATCH_WRITE SD(17, 17)
#define SD_SCRATCH_DWORD SD(16, 16)       /* DWord channels, else OWords */
#define SD_SCRATCH_BLOCKS SD(13, 12)
#define SD_SCRATCH_OFFSET SD(11, 0)       /* HWords */
/* Block size: registers - 1 on Gen7, log2(registers) from Gen8. */
static inline bool
sd_scratch_blocks_log2(enum isa_gen gen)
{
   return gen >= ISA_GEN8;
}

/* Message control of the block, scattered, surface and atomic messages */
#define MDC_BLOCKS SD(2, 0)            /* OWord block size: sd_oword_blocks[] */
#define MDC_BLOCKS_HIGH_OWORD 1        /* ... of one OWord: the high half */
#define MDC_A64_ALIGN SD(4, 3)         /* A64 blocks: non-0 = DWord-aligned */
#define MDC_DUAL_BLOCKS SD(1, 0)       /* OWord dual block: sd_dual_blocks[] */
#define MDC_DWORD_BLOCK SD(1, 0)       /* DWord scattered: sd_dword_block_simd */
#define MDC_DWORD_BLOCK_FIRST 2        /* ... the sizes the PRM defines */
#define MDC_SIMD16 SD(0, 0)            /* byte scattered: SIMD16 */
#define MDC_DATA_SIZE SD(3, 2)         /* byte scattered: log2 bytes */
#define MDC_A64_SUBTYPE SD(1, 0)       /* A64 scattered: sd_a64_subtype_bytes */
#define MDC_A64_COUNT SD(3, 2)         /* A64 scattered: log2 count */
#define MDC_A64_SIMD16 SD(4, 4)
#define MDC_CHANNELS_OFF SD(3, 0)      /* surface read/write: disabled RGBA */
#define MDC_SM3 SD(5, 4)               /* untyped SIMD mode: sd_untyped_simd */
#define MDC_SG_GEN7 SD(5, 5)           /* typed, Ivybridge: slot group */
#define MDC_SG3 SD(5, 4)               /* typed, Haswell+: enum sd_sg3 */
#define MDC_AOP SD(3, 0)               /* integer atomic operation */
#define MDC_FAOP SD(2, 0)              /* float atomic operation, 1-4 */
#define MDC_ATOMIC_SIMD8 SD(4, 4)      /* untyped atomics: SIMD8, else 16 */
#define MDC_TYPED_ATOMIC_HI SD(4, 4)   /* typed atomic: slot group */
#define MDC_A64_ATOMIC_64 SD(4, 4)     /* A64 atomic: 64-bit operands */
#define MDC_RETURN SD(5, 5)            /* atomics: return data; fence: commit */

/* MDC_SG3 from Haswell (3 reads like SD_SG3_LO); Ivybridge has only the
 * slot group bit (MDC_SG_GEN7). */
enum sd_sg3 { SD_SG3_SIMD4X2, SD_SG3_LO, SD_SG3_HI };
static inline bool
sd_typed_has_sg3(enum isa_gen gen)
{
   return gen >= ISA_GEN75;
}

/* Render target messages ("Render Cache" message descriptor) */
#define SD_RT_SUBTYPE SD(10, 8)        /* RT write: sd_rt_write_simd[] */
#define SD_RT_READ_SIMD8 SD(8, 8)      /* RT read: SIMD8, else 16 */
#define SD_RT_SLOT_HI SD(11, 11)
#define SD_RT_LAST SD(12, 12)
#define SD_RT_COARSE SD(18, 18)        /* sd_has_coarse() */
/* RT write subtypes the encoder picks when the message says only its SIMD
 * mode: single source (2/3 are dual source, 1 replicated). */
#define SD_RT_WRITE_SIMD16 0
#define SD_RT_WRITE_SIMD8_DUAL_LOW 2
#define SD_RT_WRITE_SIMD8_DUAL_HIGH 3
#define SD_RT_WRITE_SIMD8 4

/* Coarse pixel shading flags (RT write, pixel interpolator): Gen11+. */
static inline bool
sd_has_coarse(enum isa_gen gen)
{
   return gen >= ISA_GEN11;
}

/* Shared functions the data port answers on: data port 1 from Haswell. */
static inline bool
sd_has_dp_data1(enum isa_gen gen)
{
   return gen >= ISA_GEN75;
}

/* ---- sampling engine ---- */

#define SD_SMP_TYPE SD(16, 12)
#define SD_SMP_INDEX SD(11, 8)
#define SD_SMP_SIMD SD(18, 17)
/* the SIMD mode's third bit (Gen8+), above the lengths */
#define SD_SMP_SIMD_HI SD(29, 29)
static inline bool
sd_has_sampler_simd_hi(enum isa_gen gen)
{
   return gen >= ISA_GEN8;
}
/* SIMD8H/SIMD16H: 16-bit payloads */
static inline bool
sd_sampler_mode_half(unsigned mode)
{
   return mode == 5 || mode == 6;
}

/* ---- URB ---- */

struct sd_urb_layout {
   struct sd_field op, offset, masked, per_slot, complete;
   bool has_complete;
   uint8_t nops;                /* opcodes the layout has: urb_ops[0..n) */
};
/* Gen7 (Ivybridge/Haswell) or Gen8+ layout (isa_gen_desc.urb_desc_gen8) */
const struct sd_urb_layout *sd_urb_layout(enum isa_gen gen);

/* ---- message gateway, pixel interpolator, thread spawner ---- */

#define SD_GW_OP SD(2, 0)              /* ISA_MSG_GATEWAY_OPEN + op */
#define SD_GW_NOPS 7

#define SD_PI_TYPE SD(13, 12)          /* ISA_MSG_PI_SHARED_OFFSET + type */
#define SD_PI_DATA SD(7, 0)
#define SD_PI_SLOT_HI SD(11, 11)
#define SD_PI_NOPERSP SD(14, 14)
#define SD_PI_COARSE SD(15, 15)        /* sd_has_coarse() */
#define SD_PI_SIMD16 SD(16, 16)

/* Opcode (1 = spawn), and before Gen11 request type (1 = child thread)
 * and resource select (1 = URB not dereferenced), kept in place in
 * isa_send_msg.ctrl. */
#define SD_TS_OP SD(0, 0)
#define SD_TS_REQUEST SD(1, 1)
#define SD_TS_RESOURCE SD(4, 4)

/* ---- value tables (isa_send.c) ---- */

extern const uint8_t sd_untyped_simd[4];
extern const uint8_t sd_rt_write_simd[8];
extern const uint8_t sd_oword_blocks[8];
extern const uint8_t sd_dual_blocks[4];
extern const uint8_t sd_dword_block_simd[4];
extern const uint8_t sd_a64_subtype_bytes[4];
extern const uint8_t sd_sampler_simd[8];
extern const uint8_t sd_urb_ops[9];

/* First index of v in t[0..n), or -1. */
static inline int
sd_index(const uint8_t *t, unsigned n, unsigned v)
{
   for (unsigned i = 0; i < n; i++) {
      if (t[i] == v)
         return (int)i;
   }
   return -1;
}

/* A64 scattered: subtype st (MDC_A64_SUBTYPE) and count code n
 * (MDC_A64_COUNT) carry 1 << n elements of the subtype's size, except
 * the byte subtype: one element of 1 << n bytes in a DWord slot. */
static inline void
sd_a64_elems(unsigned st, unsigned n, uint8_t *bytes, uint8_t *count)
{
   *bytes = (uint8_t)(sd_a64_subtype_bytes[st] << n);
   *count = st ? (uint8_t)(1u << n) : 1;
}

/* Data port message types: the message a type names on a shared function
 * (ISA_MSG_UNKNOWN if none), and the type of a message (-1 if the shared
 * function has no such message on the generation). */
enum isa_msg sd_dp_msg(enum isa_gen gen, unsigned sfid, unsigned type);
int sd_dp_type_of(enum isa_gen gen, unsigned sfid, enum isa_msg msg);

/* Atomic operation fields: the decoded operation of an integer (MDC_AOP)
 * or float (MDC_FAOP) operation code, and the code of an operation (-1 if
 * the kind has no such operation). */
enum isa_atomic_op sd_atomic_op(unsigned code, bool is_float);
int sd_atomic_code(enum isa_atomic_op op, bool is_float);

#endif
