/* vgpu's surface format conversions (src/vgpu/vgpu_format.c) against
 * values worked out by hand from the formats' definitions (PRM Vol 7
 * "Surface Formats"; Vulkan "Fixed-Point Data Conversions", "16-Bit
 * Floating-Point Numbers", "Unsigned 11-Bit / 10-Bit Floating-Point
 * Numbers"), rounding ties and range ends included. */
#include <math.h>

#include "eu_rig.h"
#include "vgpu_format.h"

#define fbits eu_f32_bits
#define bitsf eu_f32_from_bits

static void
test_small_floats(void)
{
   static const struct { float v; uint32_t half; } halves[] = {
      { 1.0f, 0x3c00 }, { -2.0f, 0xc000 }, { 65504.0f, 0x7bff },
      { 65519.0f, 0x7bff },            /* below the halfway point to 2^16 */
      { 65520.0f, 0x7c00 },            /* halfway: rounds to even, infinity */
      { 0x1p-14f, 0x0400 },            /* smallest normal */
      { 0x1p-24f, 0x0001 },            /* smallest denormal */
      { 0x1p-25f, 0x0000 },            /* tie between 0 and 1 unit: even */
      { 0x1.8p-24f, 0x0002 },          /* 1.5 units: even, 2 */
      { 1.0f + 0x1p-11f, 0x3c00 },     /* tie: even mantissa 0 */
      { 1.0f + 0x1.8p-10f, 0x3c02 },   /* tie between 1 and 2 ulps: 2 */
      { -0.0f, 0x8000 },
   };
   for (unsigned i = 0; i < sizeof(halves) / sizeof(halves[0]); i++) {
      uint32_t got = vgpu_small_float_encode(halves[i].v, 5, 10, true);
      CHECK(got == halves[i].half, "half of %a: 0x%04x want 0x%04x", halves[i].v, got, halves[i].half);
   }
   CHECK(vgpu_small_float_encode(NAN, 5, 10, true) == 0x7e00, "half NaN");
   CHECK(vgpu_small_float_decode(0x0001, 5, 10, true) == 0x1p-24f, "half denormal decode");
   CHECK(vgpu_small_float_decode(0x7bff, 5, 10, true) == 65504.0f, "half max decode");
   CHECK(vgpu_small_float_decode(0xfc00, 5, 10, true) == -INFINITY, "half -inf decode");
   CHECK(isnan(vgpu_small_float_decode(0x7e00, 5, 10, true)), "half NaN decode");

   /* Unsigned 11-bit: 5-bit exponent, 6-bit mantissa, largest finite
    * 65024 = 0x7bf; beyond it the largest finite, negatives 0. */
   CHECK(vgpu_small_float_encode(1.0f, 5, 6, false) == 0x3c0, "uf11 1.0");
   CHECK(vgpu_small_float_encode(65024.0f, 5, 6, false) == 0x7bf, "uf11 max");
   CHECK(vgpu_small_float_encode(1e6f, 5, 6, false) == 0x7bf, "uf11 overflow clamps");
   CHECK(vgpu_small_float_encode(INFINITY, 5, 6, false) == 0x7c0, "uf11 inf");
   CHECK(vgpu_small_float_encode(-1.0f, 5, 6, false) == 0, "uf11 negative");
   CHECK(vgpu_small_float_encode(NAN, 5, 6, false) == 0x7e0, "uf11 NaN");
   CHECK(vgpu_small_float_encode(0.5f, 5, 5, false) == 0x1c0, "uf10 0.5");
   CHECK(vgpu_small_float_decode(15u << 6 | 32, 5, 6, false) == 1.5f, "uf11 1.5 decode");
}

static void
pack(uint32_t number, const uint32_t rgba[4], unsigned mask, uint8_t *texel)
{
   const struct vgpu_format *f = vgpu_format_get(number);
   CHECK(f, "format 0x%x missing", number);
   if (f)
      vgpu_format_pack(f, rgba, mask, texel);
}

static void
unpack(uint32_t number, const uint8_t *texel, uint32_t rgba[4])
{
   const struct vgpu_format *f = vgpu_format_get(number);
   CHECK(f, "format 0x%x missing", number);
   memset(rgba, 0xee, 16);
   if (f)
      vgpu_format_unpack(f, texel, rgba);
}

static void
test_normalized(void)
{
   uint8_t t[16] = { 0 };
   /* R8G8B8A8_UNORM: 0.5 * 255 = 127.5 -> 128 (even); NaN 0; -1 -> 0;
    * 2 -> 255. */
   uint32_t in[4] = { fbits(0.5f), fbits(NAN), fbits(-1.0f), fbits(2.0f) };
   memset(t, 0, sizeof(t));
   pack(0x0c7, in, 0xf, t);
   CHECK(t[0] == 128 && t[1] == 0 && t[2] == 0 && t[3] == 255, "RGBA8_UNORM pack: %u %u %u %u",
         t[0], t[1], t[2], t[3]);
   /* R16_UNORM: 0.5 * 65535 = 32767.5 -> 32768 (even). */
   memset(t, 0, sizeof(t));
   pack(0x10a, in, 0x1, t);
   CHECK(t[0] == 0x00 && t[1] == 0x80, "R16_UNORM pack: %02x%02x", t[1], t[0]);
   /* R8G8B8A8_SNORM: -1 -> -127, -2 -> -127, 0.5 * 127 = 63.5 -> 64,
    * -0.5 -> -64. */
   uint32_t sn[4] = { fbits(-1.0f), fbits(-2.0f), fbits(0.5f), fbits(-0.5f) };
   pack(0x0c9, sn, 0xf, t);
   CHECK(t[0] == 0x81 && t[1] == 0x81 && t[2] == 0x40 && t[3] == 0xc0,
         "RGBA8_SNORM pack: %02x %02x %02x %02x", t[0], t[1], t[2], t[3]);
   /* Reading -128 and -127 both give -1.0; 127 gives 1.0, 64 64/127. */
   const uint8_t raw[4] = { 0x80, 0x81, 0x7f, 0x40 };
   uint32_t out[4];
   unpack(0x0c9, raw, out);
   CHECK(bitsf(out[0]) == -1.0f && bitsf(out[1]) == -1.0f && bitsf(out[2]) == 1.0f &&
         bitsf(out[3]) == (float)(64.0 / 127.0), "RGBA8_SNORM unpack: %g %g %g %g",
         bitsf(out[0]), bitsf(out[1]), bitsf(out[2]), bitsf(out[3]));
   /* B8G8R8A8_UNORM keeps B in the low byte. */
   const uint8_t bgra[4] = { 0x00, 0x80, 0xff, 0x33 };
   unpack(0x0c0, bgra, out);
   CHECK(bitsf(out[0]) == 1.0f && bitsf(out[1]) == (float)(128.0 / 255.0) &&
         bitsf(out[2]) == 0.0f && bitsf(out[3]) == 0.2f, "B8G8R8A8_UNORM unpack: %g %g %g %g",
         bitsf(out[0]), bitsf(out[1]), bitsf(out[2]), bitsf(out[3]));
   /* R10G10B10A2_UNORM: R 1023, G 0, B 511.5 -> 512, A 3. */
   uint32_t rgb10[4] = { fbits(1.0f), fbits(0.0f), fbits(0.5f), fbits(1.0f) };
   memset(t, 0, sizeof(t));
   pack(0x0c2, rgb10, 0xf, t);
   uint32_t w;
   memcpy(&w, t, 4);
   CHECK(w == 0xe00003ffu, "R10G10B10A2_UNORM pack: 0x%08x", w);
}

static void
test_integers(void)
{
   uint8_t t[16] = { 0 };
   uint32_t out[4];
   /* R8G8B8A8_UINT saturates 300 to 255; SINT -200 to -128, 200 to 127. */
   uint32_t u[4] = { 300, 5, 0xffffffffu, 255 };
   pack(0x0cb, u, 0xf, t);
   CHECK(t[0] == 255 && t[1] == 5 && t[2] == 255 && t[3] == 255, "RGBA8_UINT pack");
   uint32_t s[4] = { (uint32_t)-200, 200, (uint32_t)-5, 100 };
   pack(0x0ca, s, 0xf, t);
   CHECK(t[0] == 0x80 && t[1] == 0x7f && t[2] == 0xfb && t[3] == 100, "RGBA8_SINT pack");
   unpack(0x0ca, t, out);
   CHECK(out[0] == (uint32_t)-128 && out[1] == 127 && out[2] == (uint32_t)-5 && out[3] == 100,
         "RGBA8_SINT unpack sign-extends");
   /* Only the channels of the mask change: R and B. */
   memset(t, 0x11, 4);
   uint32_t v[4] = { 1, 2, 3, 4 };
   pack(0x0cb, v, 0x5, t);
   CHECK(t[0] == 1 && t[1] == 0x11 && t[2] == 3 && t[3] == 0x11, "RGBA8_UINT masked pack");
   /* R8G8_UINT reads B 0 and A 1; R32_FLOAT reads A 1.0. */
   const uint8_t rg[2] = { 7, 9 };
   unpack(0x109, rg, out);
   CHECK(out[0] == 7 && out[1] == 9 && out[2] == 0 && out[3] == 1, "R8G8_UINT unpack");
   const uint8_t r32[4] = { 0, 0, 0x40, 0x40 };
   unpack(0x0d8, r32, out);
   CHECK(bitsf(out[0]) == 3.0f && out[1] == 0 && out[2] == 0 && bitsf(out[3]) == 1.0f,
         "R32_FLOAT unpack");
   /* 32-bit channels pass through untouched. */
   uint32_t big[4] = { 0xdeadbeefu, 0x80000000u, 1, 2 };
   pack(0x001, big, 0xf, t);
   unpack(0x001, t, out);
   CHECK(out[0] == 0xdeadbeefu && out[1] == 0x80000000u && out[2] == 1 && out[3] == 2,
         "RGBA32_SINT round trip");
}

static void
test_table(void)
{
   CHECK(!vgpu_format_get(0x1ff), "RAW has no conversion");
   CHECK(!vgpu_format_get(0x0c8), "sRGB is not converted");
   const struct vgpu_format *f = vgpu_format_get(0x0d3);
   CHECK(f && f->bytes == 4 && f->ch[2].shift == 22 && f->ch[2].bits == 10 && !f->ch[3].bits,
         "R11G11B10_FLOAT layout");
   f = vgpu_format_get(0x084);
   CHECK(f && f->bytes == 8 && !strcmp(f->name, "R16G16B16A16_FLOAT"), "R16G16B16A16_FLOAT");
   /* Every Vulkan storage image format Mesa may hand the data port. */
   static const uint16_t storage[] = { 0x000, 0x001, 0x002, 0x080, 0x081, 0x082, 0x083,
      0x084, 0x085, 0x086, 0x087, 0x0c2, 0x0c4, 0x0c7, 0x0c9, 0x0ca, 0x0cb, 0x0cc, 0x0cd,
      0x0ce, 0x0cf, 0x0d0, 0x0d3, 0x0d6, 0x0d7, 0x0d8, 0x106, 0x107, 0x108, 0x109, 0x10a,
      0x10b, 0x10c, 0x10d, 0x10e, 0x140, 0x141, 0x142, 0x143 };
   for (unsigned i = 0; i < sizeof(storage) / sizeof(storage[0]); i++)
      CHECK(vgpu_format_get(storage[i]) && vgpu_format_get(storage[i])->number == storage[i],
            "format 0x%x", storage[i]);
}

int
main(void)
{
   test_small_floats();
   test_normalized();
   test_integers();
   test_table();
   return rig_result("test_format");
}
