/* What a send's message does: the shared function, the message it names
 * and that message's fields, read from the message descriptors.  The
 * disassembler prints it; an EU interpreter can execute from it.
 *
 * Layouts: PRM Vol 2d "Message Descriptor" per shared function (Sampling
 * Engine, Data Port 0 and 1 data cache, Render Cache, Constant and Sampler
 * Cache, URB, Message Gateway, Thread Spawner, Pixel Interpolator), which
 * kept their Gen7 bit positions through Gen12 except where noted at the
 * fields below. */
#ifndef ISA_SEND_H
#define ISA_SEND_H

#include "isa.h"

enum isa_msg {
   ISA_MSG_UNKNOWN,
   /* sampling engine: the sampler message type is isa_send_msg.type */
   ISA_MSG_SAMPLER,
   /* data port: data cache 0/1, render cache, constant and sampler caches */
   ISA_MSG_OWORD_BLOCK_READ, ISA_MSG_UNALIGNED_OWORD_BLOCK_READ,
   ISA_MSG_OWORD_DUAL_BLOCK_READ, ISA_MSG_OWORD_BLOCK_WRITE,
   ISA_MSG_OWORD_DUAL_BLOCK_WRITE,
   ISA_MSG_DWORD_SCATTERED_READ, ISA_MSG_DWORD_SCATTERED_WRITE,
   ISA_MSG_BYTE_SCATTERED_READ, ISA_MSG_BYTE_SCATTERED_WRITE,
   ISA_MSG_UNTYPED_READ, ISA_MSG_UNTYPED_WRITE, ISA_MSG_UNTYPED_ATOMIC,
   ISA_MSG_UNTYPED_ATOMIC_SIMD4X2, ISA_MSG_UNTYPED_ATOMIC_FLOAT,
   ISA_MSG_TYPED_READ, ISA_MSG_TYPED_WRITE, ISA_MSG_TYPED_ATOMIC,
   ISA_MSG_TYPED_ATOMIC_SIMD4X2,
   ISA_MSG_ATOMIC_COUNTER, ISA_MSG_ATOMIC_COUNTER_SIMD4X2,
   ISA_MSG_MEDIA_BLOCK_READ, ISA_MSG_MEDIA_BLOCK_WRITE, ISA_MSG_MEMORY_FENCE,
   ISA_MSG_SCRATCH_READ, ISA_MSG_SCRATCH_WRITE,
   ISA_MSG_A64_SCATTERED_READ, ISA_MSG_A64_SCATTERED_WRITE,
   ISA_MSG_A64_UNTYPED_READ, ISA_MSG_A64_UNTYPED_WRITE,
   ISA_MSG_A64_UNTYPED_ATOMIC, ISA_MSG_A64_UNTYPED_ATOMIC_HALF,
   ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT, ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT,
   ISA_MSG_A64_OWORD_BLOCK_READ, ISA_MSG_A64_OWORD_BLOCK_WRITE,
   ISA_MSG_RT_WRITE, ISA_MSG_RT_READ,
   /* URB */
   ISA_MSG_URB_WRITE_HWORD, ISA_MSG_URB_WRITE_OWORD, ISA_MSG_URB_READ_HWORD,
   ISA_MSG_URB_READ_OWORD, ISA_MSG_URB_ATOMIC_MOV, ISA_MSG_URB_ATOMIC_INC,
   ISA_MSG_URB_ATOMIC_ADD, ISA_MSG_URB_SIMD8_WRITE, ISA_MSG_URB_SIMD8_READ,
   /* message gateway */
   ISA_MSG_GATEWAY_OPEN, ISA_MSG_GATEWAY_CLOSE, ISA_MSG_GATEWAY_FORWARD,
   ISA_MSG_GATEWAY_TIMESTAMP, ISA_MSG_GATEWAY_BARRIER,
   ISA_MSG_GATEWAY_UPDATE_STATE, ISA_MSG_GATEWAY_MMIO,
   /* pixel interpolator */
   ISA_MSG_PI_SHARED_OFFSET, ISA_MSG_PI_SAMPLE, ISA_MSG_PI_CENTROID,
   ISA_MSG_PI_PER_SLOT_OFFSET,
   /* thread spawner: "dereference resource" ends the thread */
   ISA_MSG_TS_END_THREAD, ISA_MSG_TS_SPAWN_THREAD,
   ISA_MSG_COUNT
};

/* Data port atomic operations (message control bits 3:0; the float forms
 * use bits 1:0 and are numbered from ISA_ATOMIC_FMAX here). */
enum isa_atomic_op {
   ISA_ATOMIC_NONE, ISA_ATOMIC_AND, ISA_ATOMIC_OR, ISA_ATOMIC_XOR,
   ISA_ATOMIC_MOV, ISA_ATOMIC_INC, ISA_ATOMIC_DEC, ISA_ATOMIC_ADD,
   ISA_ATOMIC_SUB, ISA_ATOMIC_REVSUB, ISA_ATOMIC_IMAX, ISA_ATOMIC_IMIN,
   ISA_ATOMIC_UMAX, ISA_ATOMIC_UMIN, ISA_ATOMIC_CMPWR, ISA_ATOMIC_PREDEC,
   ISA_ATOMIC_FMAX, ISA_ATOMIC_FMIN, ISA_ATOMIC_FCMPWR, ISA_ATOMIC_FADD,
   ISA_ATOMIC_COUNT
};

/* Sampler message types (Gen7+; Gen9 adds the _lz and 2D MS forms). */
enum isa_sampler_msg {
   ISA_SAMPLER_SAMPLE, ISA_SAMPLER_SAMPLE_B, ISA_SAMPLER_SAMPLE_L,
   ISA_SAMPLER_SAMPLE_C, ISA_SAMPLER_SAMPLE_D, ISA_SAMPLER_SAMPLE_B_C,
   ISA_SAMPLER_SAMPLE_L_C, ISA_SAMPLER_LD, ISA_SAMPLER_GATHER4,
   ISA_SAMPLER_LOD, ISA_SAMPLER_RESINFO, ISA_SAMPLER_SAMPLEINFO,
   ISA_SAMPLER_GATHER4_C = 16, ISA_SAMPLER_GATHER4_PO,
   ISA_SAMPLER_GATHER4_PO_C, ISA_SAMPLER_SAMPLE_D_C = 20,
   ISA_SAMPLER_SAMPLE_LZ = 24, ISA_SAMPLER_SAMPLE_C_LZ, ISA_SAMPLER_LD_LZ,
   ISA_SAMPLER_LD2DMS_W = 28, ISA_SAMPLER_LD_MCS, ISA_SAMPLER_LD2DMS,
   ISA_SAMPLER_LD2DSS,
};

/* Binding table indices with a fixed meaning (PRM Vol 2d, data port). */
#define ISA_BTI_SLM 254
#define ISA_BTI_STATELESS 255
/* Haswell+: A32 stateless, not coherent with the CPU's caches */
#define ISA_BTI_STATELESS_NC 253

struct isa_send_msg {
   uint8_t sfid;          /* enum isa_sfid */
   enum isa_msg msg;
   uint8_t type;          /* hardware message type as encoded */
   uint8_t ctrl;          /* message control / subtype as encoded */
   uint8_t mlen, rlen, ex_mlen;   /* in GRFs */
   bool header;
   uint8_t bti;           /* surface; ISA_BTI_SLM, ISA_BTI_STATELESS */
   uint8_t sampler;
   /* channels a message carries: 8, 16, 32; 4 for SIMD4x2; 0 when the
    * message has no SIMD mode */
   uint8_t simd;
   bool slot_group_hi;    /* the second half of the dispatch (channels
                           * 8-15 or 16-31) */
   enum isa_atomic_op atomic;
   bool returns_data;     /* atomics: the old value is written back */
   uint8_t channel_mask;  /* untyped/typed read/write: enabled RGBA
                           * channels, bit 0 = R (the descriptor holds the
                           * disabled ones) */
   uint8_t elem_bytes;    /* scattered: bytes per channel; scratch: 4
                           * (DWord channel mode) or 16 (OWord) */
   uint8_t elem_count;    /* scattered: elements per channel, each
                           * elem_bytes / elem_count bytes (A64 DWord and
                           * QWord subtypes carry 1, 2, 4 or 8) */
   uint8_t blocks;        /* OWord block messages: OWords; scratch: GRFs */
   bool high_oword;       /* one-OWord block: the high half */
   bool unaligned;        /* OWord block: the address is DWord-aligned
                           * (unaligned read; A64 blocks' control 4:3) */
   bool half;             /* sampler SIMD8H/SIMD16H: 16-bit payload */
   uint16_t offset;       /* URB: global offset in OWords (256-bit units
                           * for hword messages); scratch: HWords */
   bool per_slot_offset;  /* URB: per-slot offsets in the payload */
   bool channel_masked;   /* URB Gen8+: channel mask in the payload;
                           * Gen7: interleaved (swizzle) */
   bool complete;         /* URB Gen7: write complete */
   bool last_rt;          /* RT write: last render target */
   bool nopersp;          /* pixel interpolator: linear */
   bool coarse;           /* pixel interpolator/RT write (Gen11+) */
   uint8_t pi_data;       /* pixel interpolator message data */
   bool write;            /* the message writes memory */
};

const char *isa_sfid_name(unsigned sfid);
const char *isa_msg_name(enum isa_msg msg);
const char *isa_atomic_op_name(enum isa_atomic_op op);
const char *isa_sampler_msg_name(unsigned type);

/* Fills out from a send's shared function and immediate descriptors.
 * Returns false (out->msg = ISA_MSG_UNKNOWN, the generic fields filled)
 * when the descriptor names no message the generation has. */
bool isa_send_decode(enum isa_gen gen, unsigned sfid, uint32_t desc,
                     uint32_t ex_desc, struct isa_send_msg *out);

/* Builds a send's shared function id and immediate descriptors from the
 * structured message (the inverse of isa_send_decode): msg->sfid may be 0,
 * in which case the generation's shared function for msg->msg is chosen
 * (e.g. untyped messages on data port 0 on Gen7, data port 1 on Gen7.5+).
 * Fields the message does not have are ignored.  Returns false, with the
 * reason in *why (static string), when the generation has no such message
 * or a field does not fit its encoding.
 *
 * Fields a message fixes (a typed atomic's SIMD8, a DWord scattered
 * message's 4-byte elements) may be left 0.  msg->type is read for sampler
 * messages only; msg->ctrl, the control bits as decoded, only where it
 * holds what no other field shows (an RT write's dual-source or
 * replicated subtype, an A64 DWord rather than byte subtype, a media
 * block's or fence's other control bits, the thread spawner's request and
 * resource bits): kept when it agrees with the other fields, so that
 * decode then encode gives the same words.  The extended descriptor holds
 * ex_mlen where isa_send_decode reads it (the SFID is the instruction's,
 * returned in *sfid). */
bool isa_send_encode(enum isa_gen gen, const struct isa_send_msg *msg,
                     unsigned *sfid, uint32_t *desc, uint32_t *ex_desc,
                     const char **why);

/* The message in words: "(untyped atomic add, surface 254 SLM, SIMD8,
 * returns data)".  Returns the length written, like snprintf. */
int isa_send_describe(enum isa_gen gen, unsigned sfid, uint32_t desc,
                      uint32_t ex_desc, char *buf, size_t size);

#endif
