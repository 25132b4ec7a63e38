/* What the block-compressed decoders (vgpu_txc_*.c) share: bit reading and
 * the last step, a decoded texel to the channels isl_texel_unpack gives. */
#ifndef VGPU_TXC_PRIV_H
#define VGPU_TXC_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "isl.h"

/* count (<= 32) bits of a little-endian block from bit start up. */
static inline uint32_t
vgpu_txc_bits(const uint8_t *block, unsigned start, unsigned count)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < count; i++) {
      unsigned b = start + i;
      v |= (uint32_t)(block[b / 8] >> (b % 8) & 1u) << i;
   }
   return v;
}

/* The block's bits 63..0 read as one big-endian number (ETC2, EAC). */
static inline uint64_t
vgpu_txc_be64(const uint8_t *block)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8; i++)
      v = v << 8 | block[i];
   return v;
}

static inline int32_t
vgpu_txc_sign_extend(uint32_t v, unsigned bits)
{
   uint32_t m = 1u << (bits - 1);
   return (int32_t)((v & ((m << 1) - 1)) ^ m) - (int32_t)m;
}

static inline int
vgpu_txc_clamp(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* A decoded texel to what isl_texel_unpack gives: R, G, B, A as real
 * values (n / 255.0 where the specification defines 8-bit integers),
 * sRGB-encoded where the format's channel type says so. */
void vgpu_txc_out(const struct isl_format_layout *l, const double v[4], uint32_t rgba[4]);

/* The families: false when they do not decode the format. */
bool vgpu_txc_decode_bc(const struct isl_format_layout *l, const uint8_t *block, unsigned x,
                        unsigned y, double v[4]);
bool vgpu_txc_decode_etc(const struct isl_format_layout *l, const uint8_t *block,
                         unsigned x, unsigned y, double v[4]);
bool vgpu_txc_decode_astc(const struct isl_format_layout *l, const uint8_t *block,
                          unsigned x, unsigned y, double v[4]);

#endif
