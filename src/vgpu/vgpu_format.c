/* The surface formats vgpu converts (see vgpu_format.h): the ones Vulkan
 * storage images, storage texel buffers and uniform texel buffers can have
 * on Gen7-Gen12.  Channel positions are counted from bit 0 of the texel in
 * memory (PRM Vol 7 "Surface Formats": a name lists its channels from the
 * least significant bits up). */
#include "vgpu_format.h"

#include <fenv.h>
#include <math.h>
#include <stddef.h>

#include "vgpu_eu_priv.h"

enum { UN = VGPU_FORMAT_UNORM, SN = VGPU_FORMAT_SNORM, UI = VGPU_FORMAT_UINT,
       SI = VGPU_FORMAT_SINT, FL = VGPU_FORMAT_FLOAT, UF = VGPU_FORMAT_UFLOAT };

#define FMT(num, bytes, kind, rs, rb, gs, gb, bs, bb, as, ab, name) \
   { num, bytes, kind, { { rs, rb }, { gs, gb }, { bs, bb }, { as, ab } }, name }
/* n equal channels of b bits, R first */
#define R1(num, b, kind, name) FMT(num, (b) / 8, kind, 0, b, 0, 0, 0, 0, 0, 0, name)
#define R2(num, b, kind, name) FMT(num, (b) / 4, kind, 0, b, b, b, 0, 0, 0, 0, name)
#define R3(num, b, kind, name) FMT(num, (b) * 3 / 8, kind, 0, b, b, b, 2 * (b), b, 0, 0, name)
#define R4(num, b, kind, name) FMT(num, (b) / 2, kind, 0, b, b, b, 2 * (b), b, 3 * (b), b, name)

/* Sorted by SURFACE_FORMAT number (PRM Vol 2d "SURFACE_FORMAT"). */
static const struct vgpu_format formats[] = {
   R4(0x000, 32, FL, "R32G32B32A32_FLOAT"),
   R4(0x001, 32, SI, "R32G32B32A32_SINT"),
   R4(0x002, 32, UI, "R32G32B32A32_UINT"),
   R3(0x040, 32, FL, "R32G32B32_FLOAT"),
   R3(0x041, 32, SI, "R32G32B32_SINT"),
   R3(0x042, 32, UI, "R32G32B32_UINT"),
   R4(0x080, 16, UN, "R16G16B16A16_UNORM"),
   R4(0x081, 16, SN, "R16G16B16A16_SNORM"),
   R4(0x082, 16, SI, "R16G16B16A16_SINT"),
   R4(0x083, 16, UI, "R16G16B16A16_UINT"),
   R4(0x084, 16, FL, "R16G16B16A16_FLOAT"),
   R2(0x085, 32, FL, "R32G32_FLOAT"),
   R2(0x086, 32, SI, "R32G32_SINT"),
   R2(0x087, 32, UI, "R32G32_UINT"),
   FMT(0x0c0, 4, UN, 16, 8, 8, 8, 0, 8, 24, 8, "B8G8R8A8_UNORM"),
   FMT(0x0c2, 4, UN, 0, 10, 10, 10, 20, 10, 30, 2, "R10G10B10A2_UNORM"),
   FMT(0x0c4, 4, UI, 0, 10, 10, 10, 20, 10, 30, 2, "R10G10B10A2_UINT"),
   R4(0x0c7, 8, UN, "R8G8B8A8_UNORM"),
   R4(0x0c9, 8, SN, "R8G8B8A8_SNORM"),
   R4(0x0ca, 8, SI, "R8G8B8A8_SINT"),
   R4(0x0cb, 8, UI, "R8G8B8A8_UINT"),
   R2(0x0cc, 16, UN, "R16G16_UNORM"),
   R2(0x0cd, 16, SN, "R16G16_SNORM"),
   R2(0x0ce, 16, SI, "R16G16_SINT"),
   R2(0x0cf, 16, UI, "R16G16_UINT"),
   R2(0x0d0, 16, FL, "R16G16_FLOAT"),
   FMT(0x0d1, 4, UN, 20, 10, 10, 10, 0, 10, 30, 2, "B10G10R10A2_UNORM"),
   FMT(0x0d3, 4, UF, 0, 11, 11, 11, 22, 10, 0, 0, "R11G11B10_FLOAT"),
   R1(0x0d6, 32, SI, "R32_SINT"),
   R1(0x0d7, 32, UI, "R32_UINT"),
   R1(0x0d8, 32, FL, "R32_FLOAT"),
   FMT(0x100, 2, UN, 11, 5, 5, 6, 0, 5, 0, 0, "B5G6R5_UNORM"),
   FMT(0x102, 2, UN, 10, 5, 5, 5, 0, 5, 15, 1, "B5G5R5A1_UNORM"),
   FMT(0x104, 2, UN, 8, 4, 4, 4, 0, 4, 12, 4, "B4G4R4A4_UNORM"),
   R2(0x106, 8, UN, "R8G8_UNORM"),
   R2(0x107, 8, SN, "R8G8_SNORM"),
   R2(0x108, 8, SI, "R8G8_SINT"),
   R2(0x109, 8, UI, "R8G8_UINT"),
   R1(0x10a, 16, UN, "R16_UNORM"),
   R1(0x10b, 16, SN, "R16_SNORM"),
   R1(0x10c, 16, SI, "R16_SINT"),
   R1(0x10d, 16, UI, "R16_UINT"),
   R1(0x10e, 16, FL, "R16_FLOAT"),
   FMT(0x124, 2, UN, 1, 5, 6, 5, 11, 5, 0, 1, "A1B5G5R5_UNORM"),
   FMT(0x125, 2, UN, 4, 4, 8, 4, 12, 4, 0, 4, "A4B4G4R4_UNORM"),
   R1(0x140, 8, UN, "R8_UNORM"),
   R1(0x141, 8, SN, "R8_SNORM"),
   R1(0x142, 8, SI, "R8_SINT"),
   R1(0x143, 8, UI, "R8_UINT"),
   FMT(0x1b3, 4, SN, 0, 10, 10, 10, 20, 10, 30, 2, "R10G10B10A2_SNORM"),
   FMT(0x1b6, 4, SI, 0, 10, 10, 10, 20, 10, 30, 2, "R10G10B10A2_SINT"),
   FMT(0x1b7, 4, SN, 20, 10, 10, 10, 0, 10, 30, 2, "B10G10R10A2_SNORM"),
   FMT(0x1ba, 4, UI, 20, 10, 10, 10, 0, 10, 30, 2, "B10G10R10A2_UINT"),
   FMT(0x1bb, 4, SI, 20, 10, 10, 10, 0, 10, 30, 2, "B10G10R10A2_SINT"),
};

const struct vgpu_format *
vgpu_format_get(uint32_t number)
{
   size_t lo = 0, hi = sizeof(formats) / sizeof(formats[0]);
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (formats[mid].number == number)
         return &formats[mid];
      if (formats[mid].number < number)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

/* ---- bit fields of a texel (little-endian, at most 128 bits) ---- */

static uint32_t
get_field(const uint8_t *texel, unsigned shift, unsigned bits)
{
   uint64_t v = 0;
   unsigned first = shift / 8, last = (shift + bits - 1) / 8;
   for (unsigned b = last + 1; b-- > first;)
      v = v << 8 | texel[b];
   v >>= shift % 8;
   return (uint32_t)(v & ((1ull << bits) - 1));
}

static void
set_field(uint8_t *texel, unsigned shift, unsigned bits, uint32_t value)
{
   for (unsigned i = 0; i < bits; i++) {
      unsigned bit = shift + i;
      uint8_t m = (uint8_t)(1u << (bit % 8));
      texel[bit / 8] = (uint8_t)(((value >> i) & 1) ? texel[bit / 8] | m
                                                     : texel[bit / 8] & ~m);
   }
}

/* ---- small floats ---- */

/* An overflowing signed small float is infinity unless the rounding
 * direction is toward zero for its sign, which gives the largest finite
 * value (IEEE 754 "Overflow"); unsigned ones saturate to the largest. */
static uint32_t
small_float_overflow(uint32_t sign, uint32_t inf, bool is_signed)
{
   int mode = fegetround();
   bool to_max = !is_signed || mode == FE_TOWARDZERO ||
                 (mode == FE_UPWARD && sign) || (mode == FE_DOWNWARD && !sign);
   return sign | (to_max ? inf - 1 : inf);
}

uint32_t
vgpu_small_float_encode(float v, unsigned exp_bits, unsigned man_bits,
                        bool is_signed)
{
   uint32_t sign = is_signed && signbit(v) ? 1u << (exp_bits + man_bits) : 0;
   uint32_t exp_max = (1u << exp_bits) - 1, bias = exp_max / 2;
   uint32_t inf = exp_max << man_bits;
   if (isnan(v))
      return sign | inf | 1u << (man_bits - 1);
   if (!is_signed && v < 0)
      return 0;
   if (isinf(v))
      return sign | inf;
   /* The signed value is rounded, so a directed rounding mode (cr0) keeps
    * its direction; the result's magnitude is then encoded. */
   double d = v, a = fabs(d);
   if (a < ldexp(1.0, 1 - (int)bias)) {
      /* Denormals count units of 2^(1 - bias - man_bits); rounding up to
       * 2^man_bits units gives the smallest normal's encoding. */
      return sign | (uint32_t)fabs(nearbyint(ldexp(d, (int)(bias + man_bits) - 1)));
   }
   int e;
   double m = frexp(d, &e);   /* |m| in [0.5, 1) */
   double man = fabs(nearbyint(ldexp(m, (int)man_bits + 1)));
   if (man >= ldexp(1.0, (int)man_bits + 1)) {
      man /= 2;
      e++;
   }
   uint32_t exp = (uint32_t)(e - 1 + (int)bias);
   if (exp >= exp_max)
      return small_float_overflow(sign, inf, is_signed);
   return sign | exp << man_bits | ((uint32_t)man & ((1u << man_bits) - 1));
}

float
vgpu_small_float_decode(uint32_t bits, unsigned exp_bits, unsigned man_bits,
                        bool is_signed)
{
   uint32_t exp_max = (1u << exp_bits) - 1, bias = exp_max / 2;
   uint32_t exp = (bits >> man_bits) & exp_max, man = bits & ((1u << man_bits) - 1);
   bool neg = is_signed && ((bits >> (exp_bits + man_bits)) & 1);
   float v;
   if (exp == 0)
      v = ldexpf((float)man, 1 - (int)bias - (int)man_bits);
   else if (exp == exp_max)
      v = man ? NAN : INFINITY;
   else
      v = ldexpf((float)(man | 1u << man_bits), (int)exp - (int)bias - (int)man_bits);
   return neg ? -v : v;
}

/* ---- one channel ---- */

static uint32_t
sign_extend(uint32_t v, unsigned bits)
{
   uint32_t m = 1u << (bits - 1);
   return (v ^ m) - m;
}

static uint32_t
decode_channel(enum vgpu_format_kind kind, unsigned bits, uint32_t v)
{
   if (bits == 32 && kind != VGPU_FORMAT_UNORM && kind != VGPU_FORMAT_SNORM)
      return v;
   switch (kind) {
   case VGPU_FORMAT_UNORM:
      return eu_f32_bits((float)((double)v / (double)((1ull << bits) - 1)));
   case VGPU_FORMAT_SNORM: {
      /* The most negative value reads -1.0 like the one above it (PRM
       * "SNORM" conversion; Vulkan "Conversion from Normalized
       * Fixed-Point to Floating-Point"). */
      double d = (double)(int32_t)sign_extend(v, bits) /
                 (double)((1ull << (bits - 1)) - 1);
      return eu_f32_bits((float)(d < -1.0 ? -1.0 : d));
   }
   case VGPU_FORMAT_UINT:
      return v;
   case VGPU_FORMAT_SINT:
      return sign_extend(v, bits);
   case VGPU_FORMAT_FLOAT:
      return eu_f32_bits(vgpu_small_float_decode(v, 5, 10, true));
   case VGPU_FORMAT_UFLOAT:
      return eu_f32_bits(vgpu_small_float_decode(v, 5, bits - 5, false));
   }
   return 0;
}

static uint32_t
encode_norm(float f, unsigned bits, bool is_signed)
{
   if (isnan(f))
      return 0;
   double lo = is_signed ? -1.0 : 0.0;
   double d = f < lo ? lo : f > 1.0f ? 1.0 : (double)f;
   double scale = (double)((1ull << (bits - (is_signed ? 1 : 0))) - 1);
   int64_t q = (int64_t)nearbyint(d * scale);
   return (uint32_t)q & (uint32_t)((1ull << bits) - 1);
}

static uint32_t
encode_channel(enum vgpu_format_kind kind, unsigned bits, uint32_t v)
{
   if (bits == 32 && kind != VGPU_FORMAT_UNORM && kind != VGPU_FORMAT_SNORM)
      return v;
   uint32_t max = (uint32_t)((1ull << bits) - 1);
   switch (kind) {
   case VGPU_FORMAT_UNORM:
   case VGPU_FORMAT_SNORM:
      return encode_norm(eu_f32_from_bits(v), bits, kind == VGPU_FORMAT_SNORM);
   case VGPU_FORMAT_UINT:
      return v > max ? max : v;
   case VGPU_FORMAT_SINT: {
      int32_t s = (int32_t)v, hi = (int32_t)(max >> 1), lo = -hi - 1;
      return (uint32_t)(s > hi ? hi : s < lo ? lo : s) & max;
   }
   case VGPU_FORMAT_FLOAT:
      return vgpu_small_float_encode(eu_f32_from_bits(v), 5, 10, true);
   case VGPU_FORMAT_UFLOAT:
      return vgpu_small_float_encode(eu_f32_from_bits(v), 5, bits - 5, false);
   }
   return 0;
}

/* ---- texels ---- */

void
vgpu_format_unpack(const struct vgpu_format *f, const uint8_t *texel,
                   uint32_t rgba[4])
{
   bool is_int = f->kind == VGPU_FORMAT_UINT || f->kind == VGPU_FORMAT_SINT;
   for (unsigned c = 0; c < 4; c++) {
      const struct vgpu_format_channel *ch = &f->ch[c];
      if (!ch->bits) {
         rgba[c] = c < 3 ? 0 : is_int ? 1 : eu_f32_bits(1.0f);
         continue;
      }
      rgba[c] = decode_channel((enum vgpu_format_kind)f->kind, ch->bits,
                               get_field(texel, ch->shift, ch->bits));
   }
}

void
vgpu_format_pack(const struct vgpu_format *f, const uint32_t rgba[4],
                 unsigned mask, uint8_t *texel)
{
   for (unsigned c = 0; c < 4; c++) {
      const struct vgpu_format_channel *ch = &f->ch[c];
      if (!ch->bits || !((mask >> c) & 1))
         continue;
      set_field(texel, ch->shift, ch->bits,
                encode_channel((enum vgpu_format_kind)f->kind, ch->bits, rgba[c]));
   }
}
