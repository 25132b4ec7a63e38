/* Texel conversions between memory and the four 32-bit channels a shader
 * sees, for every uncompressed format of up to 128 bits (see isl.h).
 *
 * They live in isl rather than in vgpu because both sides need them: vgpu
 * for the data port's typed messages and the sampler's ld, the driver for
 * clear colors, border colors and CPU copies.  Conversions follow the PRM
 * (Vol 7 "Surface Formats", Vol 2d "SURFACE_FORMAT") and, where it is more
 * precise, Vulkan's "Fixed-Point Data Conversions", "16-Bit
 * Floating-Point Numbers", "Unsigned 11-Bit / 10-Bit Floating-Point
 * Numbers" and "Shared Exponent" sections: the same rules lavapipe packs
 * with, which genvk's results are compared against. */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "bitcast.h"
#include "isl.h"


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

/* Byte by byte rather than bit by bit: every render-target write packs
 * its texel through here. */
static void
set_field(uint8_t *texel, unsigned shift, unsigned bits, uint32_t value)
{
   if (!bits)
      return;
   unsigned first = shift / 8, last = (shift + bits - 1) / 8;
   uint64_t mask = ((1ull << bits) - 1) << (shift % 8);
   uint64_t v = ((uint64_t)value << (shift % 8)) & mask;
   for (unsigned b = first; b <= last; b++) {
      unsigned s = (b - first) * 8;
      texel[b] = (uint8_t)((texel[b] & ~(mask >> s)) | (v >> s));
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
isl_small_float_encode(float v, unsigned exp_bits, unsigned man_bits, bool is_signed)
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
   /* The signed value is rounded, so a directed rounding mode keeps its
    * direction; the result's magnitude is then encoded. */
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
isl_small_float_decode(uint32_t bits, unsigned exp_bits, unsigned man_bits, bool is_signed)
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

/* ---- sRGB (Vulkan "sRGB EOTF"; PRM "sRGB Conversion") ---- */

static double
srgb_to_linear(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double
linear_to_srgb(double l)
{
   return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

/* ---- R9G9B9E5 (Vulkan "Shared Exponent"): 9-bit mantissas, bias 15 ---- */

enum { SE_N = 9, SE_B = 15, SE_EMAX = 31 };

static float
sharedexp_decode(uint32_t mantissa, uint32_t exp)
{
   return ldexpf((float)mantissa, (int)exp - SE_B - SE_N);
}

static float
sharedexp_clamp(float f)
{
   float max = ldexpf((float)((1 << SE_N) - 1), SE_EMAX - SE_B - SE_N);
   return isnan(f) || f < 0 ? 0.0f : f > max ? max : f;
}

/* The shared exponent of three (clamped) values. */
static int
sharedexp_exponent(float maxc)
{
   int e = maxc > 0 ? (int)floor(log2((double)maxc)) : -SE_B - 1;
   int exp = (e < -SE_B - 1 ? -SE_B - 1 : e) + 1 + SE_B;
   double maxs = floor((double)maxc / ldexp(1.0, exp - SE_B - SE_N) + 0.5);
   return maxs >= (double)(1 << SE_N) ? exp + 1 : exp;
}

static uint32_t
sharedexp_mantissa(float f, int exp)
{
   return (uint32_t)floor((double)f / ldexp(1.0, exp - SE_B - SE_N) + 0.5);
}

/* ---- one channel ---- */

static uint32_t
sign_extend(uint32_t v, unsigned bits)
{
   uint32_t m = 1u << (bits - 1);
   return (v ^ m) - m;
}

static double
unorm_value(uint32_t v, unsigned bits)
{
   return (double)v / (double)((1ull << bits) - 1);
}

/* The most negative value reads -1.0 like the one above it (Vulkan
 * "Conversion from Normalized Fixed-Point to Floating-Point"). */
static double
snorm_value(uint32_t v, unsigned bits)
{
   double d = (double)(int32_t)sign_extend(v, bits) / (double)((1ull << (bits - 1)) - 1);
   return d < -1.0 ? -1.0 : d;
}

static float
float_value(enum isl_type type, uint32_t v, unsigned bits)
{
   if (type == ISL_SFLOAT)
      return isl_small_float_decode(v, 5, bits - 6, true);
   return isl_small_float_decode(v, 5, bits - 5, false);
}

static uint32_t
decode_channel(enum isl_type type, unsigned bits, uint32_t v)
{
   switch (type) {
   case ISL_UNORM: return util_f32_bits((float)unorm_value(v, bits));
   case ISL_SNORM: return util_f32_bits((float)snorm_value(v, bits));
   case ISL_SRGB: return util_f32_bits((float)srgb_to_linear(unorm_value(v, bits)));
   case ISL_UINT: return v;
   case ISL_SINT: return bits == 32 ? v : sign_extend(v, bits);
   case ISL_USCALED: return util_f32_bits((float)v);
   case ISL_SSCALED: return util_f32_bits((float)(int32_t)(bits == 32 ? v : sign_extend(v, bits)));
   case ISL_UFLOAT: case ISL_SFLOAT: return bits == 32 ? v : util_f32_bits(float_value(type, v, bits));
   default: return 0;
   }
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
encode_srgb(float f, unsigned bits)
{
   if (isnan(f))
      return 0;
   double d = f < 0 ? 0.0 : f > 1.0f ? 1.0 : (double)f;
   return (uint32_t)nearbyint(linear_to_srgb(d) * (double)((1ull << bits) - 1));
}

/* Saturate a signed or unsigned 64-bit integer to the channel. */
static uint32_t
saturate_int(int64_t s, unsigned bits, bool is_signed)
{
   int64_t hi = is_signed ? (int64_t)((1ull << (bits - 1)) - 1) : (int64_t)((1ull << bits) - 1);
   int64_t lo = is_signed ? -hi - 1 : 0;
   return (uint32_t)(s > hi ? hi : s < lo ? lo : s) & (uint32_t)((1ull << bits) - 1);
}

static uint32_t
encode_scaled(float f, unsigned bits, bool is_signed)
{
   if (isnan(f))
      return 0;
   double d = nearbyint((double)f);
   if (d > 4294967295.0)
      d = 4294967295.0;
   if (d < -2147483648.0)
      d = -2147483648.0;
   return saturate_int((int64_t)d, bits, is_signed);
}

static uint32_t
encode_float(enum isl_type type, unsigned bits, uint32_t v)
{
   if (bits == 32)
      return v;
   if (type == ISL_SFLOAT)
      return isl_small_float_encode(util_f32_from_bits(v), 5, bits - 6, true);
   return isl_small_float_encode(util_f32_from_bits(v), 5, bits - 5, false);
}

static uint32_t
encode_channel(enum isl_type type, unsigned bits, uint32_t v)
{
   switch (type) {
   case ISL_UNORM: return encode_norm(util_f32_from_bits(v), bits, false);
   case ISL_SNORM: return encode_norm(util_f32_from_bits(v), bits, true);
   case ISL_SRGB: return encode_srgb(util_f32_from_bits(v), bits);
   case ISL_UINT: return bits == 32 ? v : saturate_int(v, bits, false);
   case ISL_SINT: return bits == 32 ? v : saturate_int((int32_t)v, bits, true);
   case ISL_USCALED: return encode_scaled(util_f32_from_bits(v), bits, false);
   case ISL_SSCALED: return encode_scaled(util_f32_from_bits(v), bits, true);
   case ISL_UFLOAT: case ISL_SFLOAT: return encode_float(type, bits, v);
   default: return 0;
   }
}

/* ---- texels ---- */

static bool
channel_convertible(const struct isl_channel *ch)
{
   if (ch->type == ISL_VOID)
      return true;
   if (ch->type == ISL_RAW || ch->bits == 0 || ch->bits > 32)
      return false;
   if (ch->type == ISL_SFLOAT)
      return ch->bits == 16 || ch->bits == 32;
   if (ch->type == ISL_UFLOAT)
      return ch->bits == 10 || ch->bits == 11;
   return true;
}

bool
isl_texel_convertible(const struct isl_format_layout *l)
{
   if (isl_format_is_compressed(l) || l->bpb > 128)
      return false;
   for (unsigned c = 0; c < ISL_COMPONENTS; c++) {
      if (!channel_convertible(&l->ch[c]))
         return false;
   }
   return true;
}

static void
unpack_sharedexp(const struct isl_format_layout *l, const uint8_t *t, uint32_t rgba[4])
{
   uint32_t exp = get_field(t, l->ch[ISL_E].shift, l->ch[ISL_E].bits);
   for (unsigned c = 0; c < 3; c++) {
      uint32_t m = get_field(t, l->ch[c].shift, l->ch[c].bits);
      rgba[c] = util_f32_bits(sharedexp_decode(m, exp));
   }
   rgba[3] = util_f32_bits(1.0f);
}

void
isl_texel_unpack(const struct isl_format_layout *l, const void *texel, uint32_t rgba[4])
{
   const uint8_t *t = texel;
   if (l->ch[ISL_E].type == ISL_SHAREDEXP) {
      unpack_sharedexp(l, t, rgba);
      return;
   }
   bool is_int = isl_format_is_integer(l);
   for (unsigned c = 0; c < 4; c++) {
      /* Luminance formats read L in R, G and B. */
      const struct isl_channel *ch = c < 3 && l->ch[ISL_L].bits ? &l->ch[ISL_L] : &l->ch[c];
      if (ch->type == ISL_VOID || !ch->bits) {
         rgba[c] = c < 3 ? 0 : is_int ? 1 : util_f32_bits(1.0f);
         continue;
      }
      rgba[c] = decode_channel((enum isl_type)ch->type, ch->bits,
                               get_field(t, ch->shift, ch->bits));
   }
}

static void
pack_sharedexp(const struct isl_format_layout *l, const uint32_t rgba[4], uint8_t *t)
{
   float v[3];
   float maxc = 0;
   for (unsigned c = 0; c < 3; c++) {
      v[c] = sharedexp_clamp(util_f32_from_bits(rgba[c]));
      maxc = v[c] > maxc ? v[c] : maxc;
   }
   int exp = sharedexp_exponent(maxc);
   for (unsigned c = 0; c < 3; c++)
      set_field(t, l->ch[c].shift, l->ch[c].bits, sharedexp_mantissa(v[c], exp));
   set_field(t, l->ch[ISL_E].shift, l->ch[ISL_E].bits, (uint32_t)exp);
}

void
isl_texel_pack(const struct isl_format_layout *l, const uint32_t rgba[4],
               unsigned mask, void *texel)
{
   uint8_t *t = texel;
   /* The shared exponent couples the channels: all three are written. */
   if (l->ch[ISL_E].type == ISL_SHAREDEXP) {
      pack_sharedexp(l, rgba, t);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      const struct isl_channel *ch = c == 0 && l->ch[ISL_L].bits ? &l->ch[ISL_L] : &l->ch[c];
      if (ch->type == ISL_VOID || !ch->bits || !((mask >> c) & 1))
         continue;
      set_field(t, ch->shift, ch->bits,
                encode_channel((enum isl_type)ch->type, ch->bits, rgba[c]));
   }
}
