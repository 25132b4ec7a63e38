/* Surface formats as the data port and the sampler see them: the texel's
 * channel layout per SURFACE_FORMAT value and the conversions between a
 * texel in memory and the four 32-bit channels of a message (PRM Vol 2d
 * "SURFACE_FORMAT", Vol 7 "Surface Formats" and "Data Port: Typed Surface
 * Write / Read").  The numbers are the PRM's SURFACE_FORMAT encodings,
 * which genxml describes only as a field width. */
#ifndef VGPU_FORMAT_H
#define VGPU_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

enum vgpu_format_kind {
   VGPU_FORMAT_UNORM, VGPU_FORMAT_SNORM, VGPU_FORMAT_UINT, VGPU_FORMAT_SINT,
   VGPU_FORMAT_FLOAT,    /* 16 or 32 bits, signed */
   VGPU_FORMAT_UFLOAT,   /* 11 or 10 bits, no sign (R11G11B10_FLOAT) */
};

struct vgpu_format_channel {
   uint8_t shift, bits;   /* bits 0: the format has no such channel */
};

struct vgpu_format {
   uint16_t number;       /* SURFACE_FORMAT */
   uint8_t bytes;         /* per texel */
   uint8_t kind;          /* enum vgpu_format_kind, every channel's */
   struct vgpu_format_channel ch[4];   /* R, G, B, A */
   const char *name;
};

/* The format with that SURFACE_FORMAT number; NULL for one vgpu does not
 * convert (compressed, sRGB, scaled, palette, luminance/intensity...). */
const struct vgpu_format *vgpu_format_get(uint32_t number);

/* A texel of f to R, G, B, A as a shader reads them: floats as IEEE
 * single bits for normalized and float formats, integers zero- or
 * sign-extended.  Channels the format lacks read 0, alpha 1 (1.0). */
void vgpu_format_unpack(const struct vgpu_format *f, const uint8_t *texel,
                        uint32_t rgba[4]);

/* Stores the channels of mask (bit 0 = R) from rgba into texel, the other
 * bits of the texel kept.  Conversions: float to normalized clamps and
 * rounds to nearest even (NaN to 0); integers saturate to the channel's
 * range; floats round to nearest even. */
void vgpu_format_pack(const struct vgpu_format *f, const uint32_t rgba[4],
                      unsigned mask, uint8_t *texel);

/* Small IEEE-like floats: exp_bits exponent bits (bias 2^(exp_bits-1)-1),
 * man_bits mantissa bits, a sign bit when is_signed.  Encoding rounds to
 * nearest even and keeps denormals; finite values beyond the largest
 * finite become infinity for signed formats and the largest finite for
 * unsigned ones (Vulkan "Unsigned 11-Bit Floating-Point Numbers"); an
 * unsigned format takes negative values to 0. */
uint32_t vgpu_small_float_encode(float v, unsigned exp_bits, unsigned man_bits,
                                 bool is_signed);
float vgpu_small_float_decode(uint32_t bits, unsigned exp_bits,
                              unsigned man_bits, bool is_signed);

#endif
