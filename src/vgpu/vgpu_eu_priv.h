/* Inside the EU interpreter: a decoded instruction with its operands'
 * per-channel register-file offsets worked out once (vgpu_eu.c), and the
 * ALU's view of one instruction (vgpu_eu_alu.c). */
#ifndef VGPU_EU_PRIV_H
#define VGPU_EU_PRIV_H

#include <string.h>

#include "vgpu_eu.h"

struct eu_operand {
   uint8_t type, size;
   bool negate, abs, imm, indirect;
   uint8_t writemask;
   struct isa_reg reg;
   uint16_t off[32];      /* direct operands: byte offset per channel */
};

struct eu_inst {
   struct isa_inst in;
   uint8_t raw[16];       /* the bytes it was decoded from */
   uint8_t size;          /* 8 or 16 */
   uint8_t n;             /* channels */
   uint8_t group;         /* first channel (quarter/nibble control) */
   uint8_t nsrc;
   bool branch;
   bool ok;               /* operands inside the register file */
   bool reads_ce;         /* a source is ce0, the channel-enable mask */
   struct eu_operand dst, src[3];
};

struct eu_alu_ctx {
   const struct eu_inst *e;
   uint32_t pred;         /* sel: per-channel predicate */
   uint32_t flag;         /* conditional-modifier result per channel */
   uint64_t src[3][32];   /* raw source bits per channel */
   uint64_t res[32];      /* raw destination bits per channel */
};

unsigned eu_type_size(unsigned type);

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

#endif
