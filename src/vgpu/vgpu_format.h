/* Surface formats as the data port sees them, on top of src/isl: the
 * formats a typed message or a sampler ld converts, looked up by
 * SURFACE_FORMAT number, with their channels in R, G, B, A order, and the
 * conversions between a texel in memory and the four 32-bit channels of a
 * message.  The layouts and the conversions are isl's (isl_format.c,
 * isl_texel.c); this header keeps the interpreter's view of them (and its
 * tests) in one place. */
#ifndef VGPU_FORMAT_H
#define VGPU_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

struct isl_format_layout;

struct vgpu_format_channel {
   uint8_t shift, bits;   /* bits 0: the format has no such channel */
};

struct vgpu_format {
   uint16_t number;       /* SURFACE_FORMAT */
   uint8_t bytes;         /* per texel */
   struct vgpu_format_channel ch[4];   /* R, G, B, A */
   const char *name;
   const struct isl_format_layout *isl;
};

/* The format with that SURFACE_FORMAT number; NULL for one the data port
 * does not convert: compressed, sRGB (the sampler's decode, not the data
 * port's), scaled, shared-exponent, luminance, 64-bit channels, RAW. */
const struct vgpu_format *vgpu_format_get(uint32_t number);

/* A texel of f to R, G, B, A as a shader reads them (isl_texel_unpack). */
void vgpu_format_unpack(const struct vgpu_format *f, const uint8_t *texel,
                        uint32_t rgba[4]);

/* Stores the channels of mask (bit 0 = R) from rgba into texel, the other
 * bits kept (isl_texel_pack). */
void vgpu_format_pack(const struct vgpu_format *f, const uint32_t rgba[4],
                      unsigned mask, uint8_t *texel);

/* Small IEEE-like floats: isl_small_float_encode/decode. */
uint32_t vgpu_small_float_encode(float v, unsigned exp_bits, unsigned man_bits,
                                 bool is_signed);
float vgpu_small_float_decode(uint32_t bits, unsigned exp_bits,
                              unsigned man_bits, bool is_signed);

#endif
