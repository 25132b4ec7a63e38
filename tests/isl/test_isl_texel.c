/* Texel conversions (src/isl/isl_texel.c) for what vgpu's own conversion
 * tests (tests/vgpu/test_format.c, through vgpu_format.c) do not reach:
 * sRGB, shared exponent, luminance, scaled and padded formats.  Expected
 * values by hand from the definitions (Vulkan "sRGB EOTF", "Shared
 * Exponent"; PRM Vol 7 "Surface Formats"). */
#include <math.h>
#include <string.h>

#include "isl.h"
#include "isl_test.h"

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static const struct isl_format_layout *
L(enum isl_format f)
{
   const struct isl_format_layout *l = isl_format_layout(f);
   CHECK(l, "format 0x%x missing", f);
   return l;
}

static void
test_srgb(void)
{
   const struct isl_format_layout *l = L(ISL_FORMAT_R8G8B8A8_UNORM_SRGB);
   /* 128/255 = 0.50196 -> ((0.50196 + 0.055) / 1.055)^2.4 = 0.21586;
    * alpha stays linear: 128/255. */
   uint8_t t[4] = { 128, 0, 255, 128 };
   uint32_t rgba[4];
   isl_texel_unpack(l, t, rgba);
   CHECK(fabsf(bitsf(rgba[0]) - 0.2158605f) < 1e-6f, "sRGB 128 -> %g", bitsf(rgba[0]));
   CHECK(bitsf(rgba[1]) == 0.0f && bitsf(rgba[2]) == 1.0f, "sRGB ends");
   CHECK(bitsf(rgba[3]) == (float)(128.0 / 255.0), "sRGB alpha is linear");
   /* 0.5 -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.73536 -> 187.5 -> 188; 0.001
    * is in the linear segment: 0.01292 * 255 = 3.29 -> 3. */
   uint32_t in[4] = { fbits(0.5f), fbits(0.001f), fbits(2.0f), fbits(0.5f) };
   isl_texel_pack(l, in, 0xf, t);
   CHECK(t[0] == 188 && t[1] == 3 && t[2] == 255 && t[3] == 128,
         "sRGB pack %u %u %u %u", t[0], t[1], t[2], t[3]);
}

static void
test_sharedexp(void)
{
   const struct isl_format_layout *l = L(ISL_FORMAT_R9G9B9E5_SHAREDEXP);
   /* (1.0, 0.5, 0): max 1.0 -> exponent floor(log2 1) + 1 + 15 = 16,
    * mantissas 1.0 * 2^8 = 256, 128, 0: 256 | 128 << 9 | 16 << 27. */
   uint32_t in[4] = { fbits(1.0f), fbits(0.5f), fbits(0.0f), fbits(1.0f) };
   uint32_t w = 0;
   isl_texel_pack(l, in, 0x7, &w);
   CHECK_EQ(w, 0x80010100u, "RGB9E5 pack");
   uint32_t rgba[4];
   isl_texel_unpack(l, &w, rgba);
   CHECK(bitsf(rgba[0]) == 1.0f && bitsf(rgba[1]) == 0.5f && bitsf(rgba[2]) == 0.0f &&
         bitsf(rgba[3]) == 1.0f, "RGB9E5 unpack");
   /* 1.999: exponent 0 + 1 + 15 = 16, but 1.999 * 2^8 rounds to 512: the
    * exponent goes up to 17 and the mantissa is 1.999 * 2^7 -> 256. */
   in[0] = fbits(1.999f);
   in[1] = in[2] = fbits(0.0f);
   isl_texel_pack(l, in, 0x7, &w);
   CHECK_EQ(w, 256u | 17u << 27, "RGB9E5 mantissa carry");
   /* The largest value, 511/512 * 2^16 = 65408: exponent 15 + 1 + 15 = 31,
    * mantissa 65408 / 2^7 = 511; anything larger clamps to it. */
   in[0] = fbits(1e9f);
   isl_texel_pack(l, in, 0x7, &w);
   CHECK_EQ(w, 511u | 31u << 27, "RGB9E5 clamp");
}

static void
test_luminance(void)
{
   const struct isl_format_layout *l = L(ISL_FORMAT_L8A8_UNORM_SRGB);
   uint8_t t[2] = { 255, 51 };
   uint32_t rgba[4];
   isl_texel_unpack(l, t, rgba);
   CHECK(bitsf(rgba[0]) == 1.0f && bitsf(rgba[1]) == 1.0f && bitsf(rgba[2]) == 1.0f &&
         bitsf(rgba[3]) == 0.2f, "L8A8 sRGB: L in R, G, B");
}

static void
test_scaled_and_padded(void)
{
   /* Scaled: the integer as a float; packing rounds and saturates. */
   const struct isl_format_layout *l = L(ISL_FORMAT_R8G8B8A8_SSCALED);
   uint8_t t[4] = { 0xff, 100, 0x80, 0 };
   uint32_t rgba[4];
   isl_texel_unpack(l, t, rgba);
   CHECK(bitsf(rgba[0]) == -1.0f && bitsf(rgba[1]) == 100.0f && bitsf(rgba[2]) == -128.0f,
         "SSCALED unpack");
   uint32_t in[4] = { fbits(2.5f), fbits(300.0f), fbits(-300.0f), fbits(-0.4f) };
   isl_texel_pack(l, in, 0xf, t);
   CHECK(t[0] == 2 && t[1] == 127 && t[2] == 0x80 && t[3] == 0, "SSCALED pack %d %d %d %d",
         (int8_t)t[0], (int8_t)t[1], (int8_t)t[2], (int8_t)t[3]);
   /* B8G8R8X8: the padding byte is neither read (alpha 1.0) nor written. */
   l = L(ISL_FORMAT_B8G8R8X8_UNORM);
   uint8_t x[4] = { 0, 0, 0, 0x5a };
   uint32_t one[4] = { fbits(1.0f), fbits(0.0f), fbits(0.0f), fbits(0.0f) };
   isl_texel_pack(l, one, 0xf, x);
   CHECK(x[0] == 0 && x[2] == 255 && x[3] == 0x5a, "BGRX8 pack");
   isl_texel_unpack(l, x, rgba);
   CHECK(bitsf(rgba[0]) == 1.0f && bitsf(rgba[3]) == 1.0f, "BGRX8 alpha reads 1");
}

static void
test_convertible(void)
{
   CHECK(isl_texel_convertible(L(ISL_FORMAT_R16G16B16A16_FLOAT)), "RGBA16F converts");
   CHECK(isl_texel_convertible(L(ISL_FORMAT_R11G11B10_FLOAT)), "R11G11B10 converts");
   CHECK(!isl_texel_convertible(L(ISL_FORMAT_BC1_UNORM)), "compressed does not");
   CHECK(!isl_texel_convertible(L(ISL_FORMAT_R64_FLOAT)), "64-bit channels do not");
   CHECK(!isl_texel_convertible(L(ISL_FORMAT_RAW)), "RAW does not");
   CHECK(!isl_texel_convertible(L(ISL_FORMAT_R64G64B64A64_PASSTHRU)), "256-bit does not");
}

int
main(void)
{
   test_srgb();
   test_sharedexp();
   test_luminance();
   test_scaled_and_padded();
   test_convertible();
   return isl_test_result("test_isl_texel");
}
