/* Block-compressed texels (src/vgpu/sampler/vgpu_txc*.c) against blocks
 * built bit by bit here and texels worked out by hand from the Khronos Data
 * Format Specification's decoding rules (S3TC, RGTC, BPTC, ETC2/EAC); each
 * block's derivation (endpoints, palette, index per texel) is written next
 * to it.  Texels are (x, y) in the block. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "vgpu_sampler.h"

static unsigned failures;

#define CHECK(cond, ...)                                                  \
   do {                                                                   \
      if (!(cond)) {                                                      \
         failures++;                                                      \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                      \
         printf(__VA_ARGS__);                                             \
         printf("\n");                                                    \
      }                                                                   \
   } while (0)

static float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/* The Vulkan "sRGB EOTF", to derive sRGB formats' expected texels. */
static double
srgb(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* Puts value's bits low first at bit *pos of a little-endian block. */
static void
put(uint8_t *b, unsigned *pos, uint32_t value, unsigned bits)
{
   for (unsigned i = 0; i < bits; i++, (*pos)++)
      b[*pos / 8] |= (uint8_t)((value >> i & 1u) << (*pos % 8));
}

/* Decodes texel (x, y) of format f and compares R, G, B, A with want
 * within 1e-6 (the derivations below use exact arithmetic). */
static void
expect(enum isl_format f, const uint8_t *block, unsigned x, unsigned y, double r, double g,
       double b, double a, const char *what)
{
   const struct isl_format_layout *l = isl_format_layout(f);
   uint32_t rgba[4] = { 0 };
   const double want[4] = { r, g, b, a };
   CHECK(l && vgpu_txc_supported(l), "%s: format supported", what);
   if (!l || !vgpu_txc_decode(l, block, x, y, rgba)) {
      CHECK(false, "%s: decode (%u,%u)", what, x, y);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      double got = bitsf(rgba[c]);
      CHECK(fabs(got - want[c]) <= 1e-6 * fmax(1.0, fabs(want[c])),
            "%s (%u,%u) channel %u: got %.9g want %.9g", what, x, y, c, got, want[c]);
   }
}

/* ---- BC1-BC3 ------------------------------------------------------------- */

static void
test_bc1(void)
{
   /* colour0 0xf800 = (31,0,0) red, colour1 0x001f = (0,0,31) blue;
    * 0xf800 > 0x001f: four colours, colour2 = (2c0+c1)/3 = (2/3,0,1/3),
    * colour3 = (c0+2c1)/3 = (1/3,0,2/3).  Indices (2 bits, texel 4y+x
    * from bit 32): texel 0 -> 0, 1 -> 1, 2 -> 2, 3 -> 3 (byte 4 = 0xe4),
    * the rest 0. */
   const uint8_t four[8] = { 0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0 };
   expect(ISL_FORMAT_BC1_UNORM, four, 0, 0, 1, 0, 0, 1, "BC1 colour0");
   expect(ISL_FORMAT_BC1_UNORM, four, 1, 0, 0, 0, 1, 1, "BC1 colour1");
   expect(ISL_FORMAT_BC1_UNORM, four, 2, 0, 2.0 / 3, 0, 1.0 / 3, 1, "BC1 colour2");
   expect(ISL_FORMAT_BC1_UNORM, four, 3, 0, 1.0 / 3, 0, 2.0 / 3, 1, "BC1 colour3");
   expect(ISL_FORMAT_BC1_UNORM, four, 0, 3, 1, 0, 0, 1, "BC1 texel 12");

   /* The same endpoints swapped: colour0 0x001f <= colour1 0xf800, three
    * colours: colour2 = (c0+c1)/2 = (1/2,0,1/2), colour3 transparent black
    * (RGB formats: alpha 1, the format has none). */
   const uint8_t three[8] = { 0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0 };
   expect(ISL_FORMAT_BC1_UNORM, three, 0, 0, 0, 0, 1, 1, "BC1 3-colour c0");
   expect(ISL_FORMAT_BC1_UNORM, three, 2, 0, 0.5, 0, 0.5, 1, "BC1 3-colour c2");
   expect(ISL_FORMAT_BC1_UNORM, three, 3, 0, 0, 0, 0, 0, "BC1 3-colour transparent");
   expect(ISL_FORMAT_DXT1_RGB, three, 3, 0, 0, 0, 0, 1, "BC1 RGB black");
   /* Equal endpoints (0xf800 = 0xf800) are not "greater": three colours,
    * index 3 transparent black, index 2 their mean (red). */
   const uint8_t equal[8] = { 0x00, 0xf8, 0x00, 0xf8, 0xe4, 0, 0, 0 };
   expect(ISL_FORMAT_BC1_UNORM, equal, 2, 0, 1, 0, 0, 1, "BC1 equal c2");
   expect(ISL_FORMAT_BC1_UNORM, equal, 3, 0, 0, 0, 0, 0, "BC1 equal transparent");

   /* sRGB: colour0 = (16,32,8) = 0x8408: R 16/31, G 32/63, B 8/31 each
    * through the sRGB EOTF; alpha linear 1.  Index 0 everywhere. */
   const uint8_t s[8] = { 0x08, 0x84, 0x00, 0x00, 0, 0, 0, 0 };
   expect(ISL_FORMAT_BC1_UNORM_SRGB, s, 1, 1, srgb(16.0 / 31), srgb(32.0 / 63),
          srgb(8.0 / 31), 1, "BC1 sRGB");
}

static void
test_bc2_bc3(void)
{
   /* BC2: alpha 4 bits per texel (texel 0 = 0xf, texel 1 = 0x5: 5/15),
    * then a colour block that always has four colours even though
    * colour0 0x001f <= colour1 0xf800: texel 1 index 3 = (c0+2c1)/3 =
    * (2/3,0,1/3), not black. */
   const uint8_t bc2[16] = { 0x5f, 0, 0, 0, 0, 0, 0, 0, 0x1f, 0x00, 0x00, 0xf8, 0x0c, 0, 0, 0 };
   expect(ISL_FORMAT_BC2_UNORM, bc2, 0, 0, 0, 0, 1, 1, "BC2 texel 0");
   expect(ISL_FORMAT_BC2_UNORM, bc2, 1, 0, 2.0 / 3, 0, 1.0 / 3, 5.0 / 15, "BC2 texel 1");

   /* BC3 alpha, eight-value mode: a0 = 255 > a1 = 0; index 2 =
    * (6*a0 + 1*a1)/7 = 6/7.  Indices 3 bits from bit 16: texel 0 -> 2,
    * texel 1 -> 1 (bits 16..21 = 0b001010: byte 2 = 0x0a).  Colour block:
    * 0xffff white, index 0. */
   const uint8_t bc3[16] = { 255, 0, 0x0a, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_BC3_UNORM, bc3, 0, 0, 1, 1, 1, 6.0 / 7, "BC3 alpha 8-mode");
   expect(ISL_FORMAT_BC3_UNORM, bc3, 1, 0, 1, 1, 1, 0, "BC3 alpha a1");

   /* Six-value mode: a0 = 0 <= a1 = 255; index 2 = (4*a0 + 1*a1)/5 =
    * 1/5, index 6 = 0, index 7 = 1.  Texel 0 -> 2, 1 -> 6, 2 -> 7: bits
    * 16.. = 010 110 111 = 0x1f2 low first: byte 2 = 0xf2, byte 3 = 0x01. */
   const uint8_t bc3b[16] = { 0, 255, 0xf2, 0x01, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_BC3_UNORM, bc3b, 0, 0, 1, 1, 1, 0.2, "BC3 alpha 6-mode");
   expect(ISL_FORMAT_BC3_UNORM, bc3b, 1, 0, 1, 1, 1, 0, "BC3 alpha 6-mode zero");
   expect(ISL_FORMAT_BC3_UNORM, bc3b, 2, 0, 1, 1, 1, 1, "BC3 alpha 6-mode one");
}

/* ---- BC4, BC5 ------------------------------------------------------------ */

static void
test_bc4_bc5(void)
{
   /* BC4 SNORM: red0 = 0x80 (-128, reads -127), red1 = 127; -128 > 127
    * fails: six-value mode.  Index 0 = -127/127 = -1, 1 = 1, 2 =
    * (4*-127 + 1*127)/5/127 = -0.6, 6 = -1, 7 = 1.  Texels 0..4 -> 0, 1,
    * 2, 6, 7: bits 16.. = 000 001 010 110 111 -> 0x7c88 low first. */
   const uint8_t sn[8] = { 0x80, 0x7f, 0x88, 0x7c, 0, 0, 0, 0 };
   expect(ISL_FORMAT_BC4_SNORM, sn, 0, 0, -1, 0, 0, 1, "BC4 snorm -128");
   expect(ISL_FORMAT_BC4_SNORM, sn, 1, 0, 1, 0, 0, 1, "BC4 snorm red1");
   expect(ISL_FORMAT_BC4_SNORM, sn, 2, 0, -0.6, 0, 0, 1, "BC4 snorm 6-mode idx 2");
   expect(ISL_FORMAT_BC4_SNORM, sn, 3, 0, -1, 0, 0, 1, "BC4 snorm idx 6");
   expect(ISL_FORMAT_BC4_SNORM, sn, 0, 1, 1, 0, 0, 1, "BC4 snorm idx 7");

   /* Eight-value signed: red0 = 100 > red1 = -100 (0x9c); texel 0 index
    * 3 = (5*100 + 2*-100)/7/127 = 300/889.  Bits 16..18 = 011. */
   const uint8_t sn8[8] = { 100, 0x9c, 0x03, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_BC4_SNORM, sn8, 0, 0, 300.0 / 7 / 127, 0, 0, 1, "BC4 snorm 8-mode");

   /* BC5 UNORM: red block red0 = 200 > red1 = 100, texel 0 index 4 =
    * (4*200 + 3*100)/7/255 = 1100/1785; green block 10 <= 20, texel 0
    * index 3 = (3*10 + 2*20)/5/255 = 14/255. */
   const uint8_t bc5[16] = { 200, 100, 0x04, 0, 0, 0, 0, 0, 10, 20, 0x03, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_BC5_UNORM, bc5, 0, 0, 1100.0 / 1785, 14.0 / 255, 0, 1, "BC5");
}

/* ---- BC7 ----------------------------------------------------------------- */

static void
test_bc7(void)
{
   /* Mode 6 (bit 6 of byte 0): one subset, 7-bit RGBA endpoints with a
    * p-bit each, 4-bit indices (texel 0: 3 bits).  Endpoint 0 = (127, 0,
    * 127, 127) p 1 -> (255, 1, 255, 255) as 8 bits: 0b0000001 is 1;
    * endpoint 1 = (0, 127, 0, 127) p 0 -> (0, 254, 0, 254).
    * Texel 0 index 0 -> endpoint 0.  Texel 1 index 15 (weight 64) ->
    * endpoint 1.  Texel 2 index 7 (weight 30): ((64-30)*e0 + 30*e1 + 32)
    * >> 6: R (34*255+32)>>6 = 135, G (34*1 + 30*254 + 32)>>6 = 120,
    * B 135, A (34*255 + 30*254 + 32)>>6 = 255. */
   uint8_t m6[16] = { 0 };
   unsigned p = 0;
   put(m6, &p, 1u << 6, 7);
   put(m6, &p, 127, 7); put(m6, &p, 0, 7);     /* R */
   put(m6, &p, 0, 7); put(m6, &p, 127, 7);     /* G */
   put(m6, &p, 127, 7); put(m6, &p, 0, 7);     /* B */
   put(m6, &p, 127, 7); put(m6, &p, 127, 7);   /* A */
   put(m6, &p, 1, 1); put(m6, &p, 0, 1);       /* p-bits */
   put(m6, &p, 0, 3); put(m6, &p, 15, 4); put(m6, &p, 7, 4);
   expect(ISL_FORMAT_BC7_UNORM, m6, 0, 0, 1, 1.0 / 255, 1, 1, "BC7 mode 6 e0");
   expect(ISL_FORMAT_BC7_UNORM, m6, 1, 0, 0, 254.0 / 255, 0, 254.0 / 255, "BC7 mode 6 e1");
   expect(ISL_FORMAT_BC7_UNORM, m6, 2, 0, 135.0 / 255, 120.0 / 255, 135.0 / 255, 1,
          "BC7 mode 6 idx 7");
   /* sRGB: colour through the EOTF, alpha linear. */
   expect(ISL_FORMAT_BC7_UNORM_SRGB, m6, 2, 0, srgb(135.0 / 255), srgb(120.0 / 255),
          srgb(135.0 / 255), 1, "BC7 mode 6 sRGB");

   /* Mode 0 (bit 0): three subsets, partition 0 (4 bits), 4-bit RGB with a
    * p-bit per endpoint, 3-bit indices.  Partition 0's subsets (texels
    * 0..15): 0 0 1 1 / 0 0 1 1 / 0 2 2 1 / 2 2 2 2; anchors: texel 0,
    * subset 1 texel 3, subset 2 texel 15 (2-bit indices).
    *  subset 0: e0 (15,0,0) p 1 -> 5 bits (31,1,1) -> 8 bits (255,8,8);
    *            e1 (0,0,0) p 0 -> (0,0,0)
    *  subset 1: e0 (0,0,0) p 0 -> 0; e1 (0,15,0) p 0 -> G 30 -> 247
    *  subset 2: e0 (0,0,10) p 0 -> B 20 -> 165; e1 (0,0,5) p 1 -> (1,1,11)
    *            -> (8,8,90)
    * Texel 0 index 3 (weight 27): R (37*255+32)>>6 = 147, G, B
    * (37*8+32)>>6 = 5.  Texel 2 (subset 1) index 7 (64): G 247.  Texel 3
    * (subset 1 anchor) index 1 (9): G (9*247+32)>>6 = 35.  Texel 9
    * (subset 2) index 4 (37): R, G (37*8+32)>>6 = 5, B (27*165 + 37*90
    * + 32)>>6 = 122. */
   uint8_t m0[16] = { 0 };
   p = 0;
   put(m0, &p, 1, 1);
   put(m0, &p, 0, 4);
   const unsigned ep[3][6] = { { 15, 0, 0, 0, 0, 0 }, { 0, 0, 0, 15, 0, 0 }, { 0, 0, 0, 0, 10, 5 } };
   for (unsigned c = 0; c < 3; c++)
      for (unsigned e = 0; e < 6; e++)
         put(m0, &p, ep[c][e], 4);
   const unsigned pb[6] = { 1, 0, 0, 0, 0, 1 };
   for (unsigned e = 0; e < 6; e++)
      put(m0, &p, pb[e], 1);
   const unsigned idx[16] = { 3, 0, 7, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0 };
   for (unsigned t = 0; t < 16; t++)
      put(m0, &p, idx[t], t == 0 || t == 3 || t == 15 ? 2 : 3);
   CHECK(p == 128, "mode 0 block is %u bits", p);
   expect(ISL_FORMAT_BC7_UNORM, m0, 0, 0, 147.0 / 255, 5.0 / 255, 5.0 / 255, 1, "BC7 mode 0 subset 0");
   expect(ISL_FORMAT_BC7_UNORM, m0, 2, 0, 0, 247.0 / 255, 0, 1, "BC7 mode 0 subset 1");
   expect(ISL_FORMAT_BC7_UNORM, m0, 3, 0, 0, 35.0 / 255, 0, 1, "BC7 mode 0 anchor 1");
   expect(ISL_FORMAT_BC7_UNORM, m0, 1, 2, 5.0 / 255, 5.0 / 255, 122.0 / 255, 1, "BC7 mode 0 subset 2");

   /* Mode 5 (bit 5) with rotation 1 (swap R and A after interpolation):
    * 7-bit colour, 8-bit alpha, 2-bit colour and alpha indices.  R0 127
    * -> 255, R1 0, G and B 0; A0 0, A1 200.  Texel 0: colour index 0 ->
    * R 255, alpha index 1 (21): (21*200+32)>>6 = 66; rotated R 66, A 255.
    * Texel 1: colour index 2 (43): (21*255+32)>>6 = 84, alpha index 3:
    * 200; rotated R 200, A 84. */
   uint8_t m5[16] = { 0 };
   p = 0;
   put(m5, &p, 1u << 5, 6);
   put(m5, &p, 1, 2);
   put(m5, &p, 127, 7); put(m5, &p, 0, 7);
   put(m5, &p, 0, 28);
   put(m5, &p, 0, 8); put(m5, &p, 200, 8);
   put(m5, &p, 0, 1); put(m5, &p, 2, 2);
   p = 97;
   put(m5, &p, 1, 1); put(m5, &p, 3, 2);
   expect(ISL_FORMAT_BC7_UNORM, m5, 0, 0, 66.0 / 255, 0, 0, 1, "BC7 mode 5 rotation texel 0");
   expect(ISL_FORMAT_BC7_UNORM, m5, 1, 0, 200.0 / 255, 0, 0, 84.0 / 255, "BC7 mode 5 rotation texel 1");

   /* Byte 0 = 0: a reserved mode, zeros. */
   const uint8_t reserved[16] = { 0, 0xff, 0xff, 0xff };
   expect(ISL_FORMAT_BC7_UNORM, reserved, 1, 1, 0, 0, 0, 0, "BC7 reserved");
}

/* ---- BC6H ---------------------------------------------------------------- */

static void
test_bc6h(void)
{
   /* Mode 11 (mode bits 00011): one subset, 10-bit endpoints not
    * transformed, 4-bit indices (texel 0: 3 bits) from bit 65.
    * R0 0x3ff, G0 0, B0 0x200; R1 0x1ff, G1 100, B1 0.
    * SF16: endpoints sign-extended: R0 -1, B0 -512, R1 511.  Signed
    * unquantization (10 bits): |x| >= 511 -> 0x7fff; else
    * ((|x| << 15) + 0x4000) >> 9: R0 -96, G1 6432, B0 -32767, R1 32767.
    * Texel 0 index 0: R (64*-96 + 32) >> 6 = -96 -> -(96*31 >> 5) = -93:
    * half 0x805d = -93 * 2^-24; G 0; B -32767 -> -(32767*31 >> 5) =
    * -0x7bff = -65504.
    * Texel 1 index 15 (64): R 32767 -> 0x7bff = 65504; G 6432 -> 6432*31
    * >> 5 = 6231 = 0x1857 = 2^-9 * 1111/1024; B 0.
    * Texel 2 index 8 (34): R (30*-96 + 34*32767 + 32) >> 6 = 17362 ->
    * 17362*31 >> 5 = 16819 = 0x41b3 = 2 * 1459/1024; G (34*6432 + 32)
    * >> 6 = 3417 -> 3417*31 >> 5 = 3310 = 0x0cee = 2^-12 * 1262/1024;
    * B (30*-32767 + 32) >> 6 = floor(-982978/64) = -15360 -> -(15360*31
    * >> 5) = -14880 = 0xba20 -> -(2^-1 * 1568/1024). */
   uint8_t m11[16] = { 0 };
   unsigned p = 0;
   put(m11, &p, 0x03, 5);
   put(m11, &p, 0x3ff, 10); put(m11, &p, 0, 10); put(m11, &p, 0x200, 10);
   put(m11, &p, 0x1ff, 10); put(m11, &p, 100, 10); put(m11, &p, 0, 10);
   put(m11, &p, 0, 3); put(m11, &p, 15, 4); put(m11, &p, 8, 4);
   expect(ISL_FORMAT_BC6H_SF16, m11, 0, 0, -93 * 0x1p-24, 0, -65504, 1, "BC6H signed texel 0");
   expect(ISL_FORMAT_BC6H_SF16, m11, 1, 0, 65504, 1111 * 0x1p-19, 0, 1, "BC6H signed texel 1");
   expect(ISL_FORMAT_BC6H_SF16, m11, 2, 0, 2.0 * 1459 / 1024, 1262 * 0x1p-22,
          -0.5 * 1568 / 1024, 1, "BC6H signed texel 2");

   /* The same block UF16: R0 0x3ff is the largest 10-bit value -> 0xffff,
    * texel 0 R (64*0xffff + 32) >> 6 = 0xffff -> 0xffff*31 >> 6 = 0x7bff
    * = 65504; G 0; B0 0x200 = 512 -> ((512 << 16) + 0x8000) >> 10 =
    * 32800 -> 32800*31 >> 6 = 15887 = 0x3e0f = 1.5146484375. */
   expect(ISL_FORMAT_BC6H_UF16, m11, 0, 0, 65504, 0, 1551.0 / 1024, 1, "BC6H unsigned texel 0");

   /* Mode 00: two subsets, 10-bit endpoint 0 and 5-bit signed deltas
    * (transformed), partition 5 bits at 77, 3-bit indices from 82 (texel
    * 0 and subset 1's anchor, texel 15 for partition 0, 2 bits).  UF16:
    *  e0 = (100, 200, 300); deltas e1 (+5, -1, 0), e2 (-16, 0, +1), e3
    *  (+15, 0, 0): e1 = (105,199,300), e2 = (84,200,301), e3 =
    *  (115,200,300).  Unquantized (10 bits): x*64 + 32: 100 -> 6432, 200
    *  -> 12832, 300 -> 19232, 105 -> 6752, 199 -> 12768, 84 -> 5408, 301
    *  -> 19296, 115 -> 7392.
    * Partition 0: columns 2 and 3 are subset 1.
    *  texel 0 (subset 0) index 0: R 6432*31>>6 = 3115 = 0x0c2b (2^-12 *
    *    1067/1024), G 6215 = 0x1847 (2^-9 * 1095/1024), B 9315 = 0x2463
    *    (2^-6 * 1123/1024)
    *  texel 1 (subset 0) index 5 (46): R (18*6432 + 46*6752 + 32)>>6 =
    *    6662 -> 3226 = 0x0c9a (2^-12 * 1178/1024); G (18*12832 +
    *    46*12768 + 32)>>6 = 12786 -> 6193 = 0x1831 (2^-9 * 1073/1024); B
    *    as texel 0
    *  texel 2 (subset 1) index 7 (64): e3: R 7392 -> 3580 = 0x0dfc (2^-12
    *    * 1532/1024), G, B as texel 0
    *  texel 3 (subset 1) index 4 (37): R (27*5408 + 37*7392 + 32)>>6 =
    *    6555 -> 3175 = 0x0c67 (2^-12 * 1127/1024); G 12832; B (27*19296 +
    *    37*19232 + 32)>>6 = 19259 -> 9328 = 0x2470 (2^-6 * 1136/1024) */
   uint8_t m0[16] = { 0 };
   p = 0;
   put(m0, &p, 0, 2);
   put(m0, &p, 0, 1); put(m0, &p, 0, 1); put(m0, &p, 0, 1);       /* g2[4] b2[4] b3[4] */
   put(m0, &p, 100, 10); put(m0, &p, 200, 10); put(m0, &p, 300, 10);
   put(m0, &p, 5, 5); put(m0, &p, 0, 1); put(m0, &p, 0, 4);        /* r1, g3[4], g2[3:0] */
   put(m0, &p, 31, 5); put(m0, &p, 0, 1); put(m0, &p, 0, 4);       /* g1, b3[0], g3[3:0] */
   put(m0, &p, 0, 5); put(m0, &p, 0, 1); put(m0, &p, 1, 4);        /* b1, b3[1], b2[3:0] */
   put(m0, &p, 16, 5); put(m0, &p, 0, 1); put(m0, &p, 15, 5);      /* r2, b3[2], r3 */
   put(m0, &p, 0, 1);                                               /* b3[3] */
   CHECK(p == 77, "mode 0 header is %u bits", p);
   put(m0, &p, 0, 5);
   put(m0, &p, 0, 2); put(m0, &p, 5, 3); put(m0, &p, 7, 3); put(m0, &p, 4, 3);
   expect(ISL_FORMAT_BC6H_UF16, m0, 0, 0, 1067 * 0x1p-22, 1095 * 0x1p-19, 1123 * 0x1p-16, 1,
          "BC6H mode 0 texel 0");
   expect(ISL_FORMAT_BC6H_UF16, m0, 1, 0, 1178 * 0x1p-22, 1073 * 0x1p-19, 1123 * 0x1p-16, 1,
          "BC6H mode 0 texel 1");
   expect(ISL_FORMAT_BC6H_UF16, m0, 2, 0, 1532 * 0x1p-22, 1095 * 0x1p-19, 1123 * 0x1p-16, 1,
          "BC6H mode 0 texel 2");
   expect(ISL_FORMAT_BC6H_UF16, m0, 3, 0, 1127 * 0x1p-22, 1095 * 0x1p-19, 1136 * 0x1p-16, 1,
          "BC6H mode 0 texel 3");

   /* Mode bits 10011: reserved, zeros. */
   const uint8_t reserved[16] = { 0x13, 0xff, 0xff };
   expect(ISL_FORMAT_BC6H_UF16, reserved, 0, 0, 0, 0, 0, 1, "BC6H reserved");
}

/* ---- ETC2 / EAC ---------------------------------------------------------- */

static void
test_etc2(void)
{
   /* Differential mode: R1 16, dR +1; G1 8, dG 0; B1 0, dB 0; table
    * codewords 0 and 7; diff 1, flip 0 (sub-blocks left/right).  Bytes 0-3
    * = 0x81 0x40 0x00 0x1e.  Base colours: sub-block 0 (16,8,0) -> 8 bits
    * (132,66,0); sub-block 1 (17,8,0) -> (140,66,0).  Texel i = 4x+y:
    * msb in bit 16+i, lsb in bit i.
    *  (0,0) i 0: index 0, table 0 -> +2: (134,68,2)
    *  (3,1) i 13: index 1 (lsb bit 13), table 7 -> +183: (255,249,183)
    *  (2,0) i 8: index 2 (msb bit 24), table 7 -> -47: (93,19,0) */
   const uint8_t diff[8] = { 0x81, 0x40, 0x00, 0x1e, 0x01, 0x00, 0x20, 0x00 };
   expect(ISL_FORMAT_ETC2_RGB8, diff, 0, 0, 134.0 / 255, 68.0 / 255, 2.0 / 255, 1, "ETC2 diff");
   expect(ISL_FORMAT_ETC2_RGB8, diff, 3, 1, 1, 249.0 / 255, 183.0 / 255, 1, "ETC2 diff clamp");
   expect(ISL_FORMAT_ETC2_RGB8, diff, 2, 0, 93.0 / 255, 19.0 / 255, 0, 1, "ETC2 diff neg");
   expect(ISL_FORMAT_ETC1_RGB8, diff, 0, 0, 134.0 / 255, 68.0 / 255, 2.0 / 255, 1, "ETC1 diff");
   expect(ISL_FORMAT_ETC2_SRGB8, diff, 0, 0, srgb(134.0 / 255), srgb(68.0 / 255),
          srgb(2.0 / 255), 1, "ETC2 sRGB");

   /* Punch-through with the opaque bit (bit 33) clear, byte 3 0x1c:
    * index 0's modifier is 0, index 2 transparent black, index 1 still
    * +183. */
   const uint8_t pta[8] = { 0x81, 0x40, 0x00, 0x1c, 0x01, 0x00, 0x20, 0x00 };
   expect(ISL_FORMAT_ETC2_RGB8_PTA, pta, 0, 0, 132.0 / 255, 66.0 / 255, 0, 1, "ETC2 PTA idx 0");
   expect(ISL_FORMAT_ETC2_RGB8_PTA, pta, 2, 0, 0, 0, 0, 0, "ETC2 PTA transparent");
   expect(ISL_FORMAT_ETC2_RGB8_PTA, pta, 3, 1, 1, 249.0 / 255, 183.0 / 255, 1, "ETC2 PTA idx 1");
   /* The same block with the opaque bit set reads as ETC2 RGB. */
   expect(ISL_FORMAT_ETC2_RGB8_PTA, diff, 2, 0, 93.0 / 255, 19.0 / 255, 0, 1, "ETC2 PTA opaque");

   /* T mode: bits 63..59 = 11111 (31) + dR 001 overflows.  R1 = bits
    * 60..59, 57..56 = 11 01 = 13 -> 0xdd; G1 2 -> 0x22, B1 3 -> 0x33; C2
    * (8,8,8) -> 136; distance index bits 35..34, 32 = 10 1 = 5 -> 32.
    * Bytes: 0xf9 0x23 0x88 0x8b.  Paint colours: p0 C1 (221,34,51), p1 C2+32
    * = 168, p2 C2 = 136, p3 C2-32 = 104.
    *  (0,0) index 0 -> p0; (1,2) i 6 index 1 (lsb bit 6) -> p1;
    *  (3,3) i 15 index 3 (bits 31 and 15) -> p3. */
   const uint8_t t[8] = { 0xf9, 0x23, 0x88, 0x8b, 0x80, 0x00, 0x80, 0x40 };
   expect(ISL_FORMAT_ETC2_RGB8, t, 0, 0, 221.0 / 255, 34.0 / 255, 51.0 / 255, 1, "ETC2 T p0");
   expect(ISL_FORMAT_ETC2_RGB8, t, 1, 2, 168.0 / 255, 168.0 / 255, 168.0 / 255, 1, "ETC2 T p1");
   expect(ISL_FORMAT_ETC2_RGB8, t, 3, 3, 104.0 / 255, 104.0 / 255, 104.0 / 255, 1, "ETC2 T p3");

   /* H mode: R 5-bit 4 + dR 2 fits; G bits 55..51 = 11110 (30) + dG 010
    * overflows.  R1 = bits 62..59 = 4, G1 = bits 58..56, 52 = 010 1 = 5,
    * B1 = bits 51, 49..47 = 0 101 = 5 -> C1 (68,85,85); C2 = (4,5,4) ->
    * (68,85,68).  Distance index: bit 34 (1), bit 32 (0), and C1 0x455 >=
    * C2 0x454 (1): 101 = 5 -> 32.  Bytes 0x22 0xf2 0xa2 0xa6.  Paint: p0
    * C1+32 (100,117,117), p1 C1-32 (36,53,53), p2 C2+32 (100,117,100), p3
    * C2-32 (36,53,36).
    *  (0,0) index 0 -> p0; (0,1) i 1 index 2 (msb bit 17) -> p2;
    *  (1,0) i 4 index 3 (bits 20, 4) -> p3; (2,0) i 8 index 1 (bit 8). */
   const uint8_t h[8] = { 0x22, 0xf2, 0xa2, 0xa6, 0x00, 0x12, 0x01, 0x10 };
   expect(ISL_FORMAT_ETC2_RGB8, h, 0, 0, 100.0 / 255, 117.0 / 255, 117.0 / 255, 1, "ETC2 H p0");
   expect(ISL_FORMAT_ETC2_RGB8, h, 0, 1, 100.0 / 255, 117.0 / 255, 100.0 / 255, 1, "ETC2 H p2");
   expect(ISL_FORMAT_ETC2_RGB8, h, 1, 0, 36.0 / 255, 53.0 / 255, 36.0 / 255, 1, "ETC2 H p3");
   expect(ISL_FORMAT_ETC2_RGB8, h, 2, 0, 36.0 / 255, 53.0 / 255, 53.0 / 255, 1, "ETC2 H p1");
   /* The same with C2 = C1 = (4,5,5) (B2 bits 38..35 = 0101, byte 3 0xae):
    * 0x455 >= 0x455 still sets the distance index's low bit: 5 -> 32,
    * (0,0) p0 = C1+32 = (100,117,117). */
   const uint8_t h_eq[8] = { 0x22, 0xf2, 0xa2, 0xae, 0x00, 0x12, 0x01, 0x10 };
   expect(ISL_FORMAT_ETC2_RGB8, h_eq, 0, 0, 100.0 / 255, 117.0 / 255, 117.0 / 255, 1, "ETC2 H equal");

   /* Planar mode: R (8 + 1) and G (0 + 0) fit, B bits 47..43 = 0 with dB
    * 100 (-4) overflows.  O: RO 32 -> 130, GO 64 -> 129, BO 0; H: RH 2 ->
    * 8, GH 0, BH 63 -> 255; V: RV 63 -> 255, GV 0, BV 0.  Colour =
    * (x*(H-O) + y*(V-O) + 4*O + 2) >> 2, clamped:
    *  R = (-122x + 125y + 522) >> 2, G = (-129(x+y) + 518) >> 2,
    *  B = (255x + 2) >> 2
    *  (0,0) (130,129,0); (3,0) (39,32,191); (1,2) (162,32,64);
    *  (3,3) (132, 0 (negative), 191). */
   const uint8_t pl[8] = { 0x41, 0x00, 0x04, 0x06, 0x01, 0xff, 0xe0, 0x00 };
   expect(ISL_FORMAT_ETC2_RGB8, pl, 0, 0, 130.0 / 255, 129.0 / 255, 0, 1, "ETC2 planar O");
   expect(ISL_FORMAT_ETC2_RGB8, pl, 3, 0, 39.0 / 255, 32.0 / 255, 191.0 / 255, 1, "ETC2 planar (3,0)");
   expect(ISL_FORMAT_ETC2_RGB8, pl, 1, 2, 162.0 / 255, 32.0 / 255, 64.0 / 255, 1, "ETC2 planar (1,2)");
   expect(ISL_FORMAT_ETC2_RGB8, pl, 3, 3, 132.0 / 255, 0, 191.0 / 255, 1, "ETC2 planar (3,3)");
}

static void
test_eac(void)
{
   /* R11 unsigned: base 100, multiplier 0, table 13 (-1 -2 -3 -10 0 1 2
    * 9).  Indices (3 bits, texel i = 4x+y from bit 47 down): (0,0) 7,
    * (0,1) 3: byte 2 = 111 011 00.  Multiplier 0: base*8 + 4 + modifier:
    * 813 and 794, / 2047. */
   const uint8_t r11[8] = { 100, 0x0d, 0xec, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_EAC_R11, r11, 0, 0, 813.0 / 2047, 0, 0, 1, "EAC R11 mult 0");
   expect(ISL_FORMAT_EAC_R11, r11, 0, 1, 794.0 / 2047, 0, 0, 1, "EAC R11 mult 0 neg");

   /* Multiplier 2, table 0 (-3 -6 -9 -15 2 5 8 14): (0,1) index 3:
    * 800 + 4 - 15*2*8 = 564. */
   const uint8_t r11m[8] = { 100, 0x20, 0xec, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_EAC_R11, r11m, 0, 1, 564.0 / 2047, 0, 0, 1, "EAC R11 mult 2");

   /* Signed: base 0x80 reads -127; multiplier 0, table 13, (0,1) index 3:
    * -1016 - 10 = -1026, clamped to -1023 -> -1; (0,0) index 7: -1016 + 9.
    * Green block: base -127 (0x81), multiplier 1, table 0: (0,0) index 7:
    * -1016 + 14*8 = -904; (0,1) index 0: -1016 - 3*8 = -1040 -> -1. */
   const uint8_t rg11[16] = { 0x80, 0x0d, 0xec, 0, 0, 0, 0, 0, 0x81, 0x10, 0xe0, 0, 0, 0, 0, 0 };
   expect(ISL_FORMAT_EAC_SIGNED_RG11, rg11, 0, 1, -1, -1, 0, 1, "EAC signed RG11 (0,1)");
   expect(ISL_FORMAT_EAC_SIGNED_RG11, rg11, 0, 0, (-1016.0 + 9) / 1023, -904.0 / 1023, 0, 1,
          "EAC signed RG11 (0,0)");

   /* ETC2 RGBA8: EAC alpha base 200, multiplier 3, table 0; (0,0) index 7
    * -> 200 + 14*3 = 242; (0,1) index 3 -> 200 - 45 = 155.  Colour: the
    * differential block of test_etc2. */
   const uint8_t rgba[16] = { 200, 0x30, 0xec, 0, 0, 0, 0, 0,
                              0x81, 0x40, 0x00, 0x1e, 0x01, 0x00, 0x20, 0x00 };
   expect(ISL_FORMAT_ETC2_EAC_RGBA8, rgba, 0, 0, 134.0 / 255, 68.0 / 255, 2.0 / 255,
          242.0 / 255, "ETC2 EAC alpha");
   expect(ISL_FORMAT_ETC2_EAC_RGBA8, rgba, 0, 1, 134.0 / 255, 68.0 / 255, 2.0 / 255,
          155.0 / 255, "ETC2 EAC alpha neg");
}

/* ---- ASTC (LDR) ------------------------------------------------------- */

/* Puts value's bits low first at bit *pos of the weight stream, which runs
 * from block bit 127 down (ASTC C.2.16). */
static void
put_weights(uint8_t *b, unsigned *pos, uint32_t value, unsigned bits)
{
   for (unsigned i = 0; i < bits; i++, (*pos)++) {
      unsigned at = 127 - *pos;
      b[at / 8] |= (uint8_t)((value >> i & 1u) << (at % 8));
   }
}

static void
test_astc(void)
{
   /* Void-extent block (bits 8:0 = 1 1111 1100, bit 9 = 0: LDR, bits 10
    * and 11 = 1, the extent all ones: none), UNORM16 colour R 0xffff, G
    * 0x8000, B 0x1235, A 0x4000 in bits 64.. (C.2.23).  Linear (FLT16):
    * 0xffff is 1.0, else c / 65536 rounded to zero to FP16, i.e. its 11
    * top significant bits: 0x8000 -> 0.5, 0x1235 (top bit 12) -> 0x1234,
    * 0x4000 -> 0.25.  sRGB: the top 8 bits, R 255, G 128, B 0x12 = 18
    * through the EOTF, alpha 0x40 = 64 linear. */
   uint8_t ve[16] = { 0 };
   unsigned p = 0;
   put(ve, &p, 0xdfc, 12);
   put(ve, &p, 0xfffff, 20);
   put(ve, &p, 0xffffffff, 32);
   put(ve, &p, 0xffff, 16); put(ve, &p, 0x8000, 16); put(ve, &p, 0x1235, 16); put(ve, &p, 0x4000, 16);
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, ve, 3, 2, 1, 0.5, 0x1234 / 65536.0, 0.25, "ASTC void extent");
   expect(ISL_FORMAT_ASTC_LDR_2D_8X8_U8SRGB, ve, 7, 7, 1, srgb(128.0 / 255), srgb(18.0 / 255),
          64.0 / 255, "ASTC void extent sRGB");
   /* Bit 9 set: an HDR void extent, the LDR error colour (magenta). */
   ve[1] |= 0x02;
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, ve, 0, 0, 1, 0, 1, 1, "ASTC HDR void extent");

   /* Block mode 0 0 00 10 0 00 1 0 (bits 10..0, C.2.10 first row): R =
    * R2 R1 R0 = 100 (0..3, 2 bits), H 0, D 0, B 0 -> grid width 4, A 2 ->
    * height 4.  16 weights * 2 bits = 32 bits.  One partition (bits 12:11
    * = 0), CEM 8 (bits 16:13, LDR RGB direct, 6 values).  128 - 17 - 32 =
    * 79 bits left: 6 values of 8 bits fit, range 0..255, values are bytes
    * from bit 17: 0 255 10 200 100 100.  Sum v1+v3+v5 = 555 >= v0+v2+v4 =
    * 110: e0 = (0,10,100,255), e1 = (255,200,100,255).
    * The 4x4 grid on a 4x4 block gives texel (s,t) weight s + 4t (infill:
    * Ds = 342, gs = (342 s * 3 + 32) >> 6 = 0, 16, 32, 48).  Weights 0..3
    * unquantize to 0, 21, 43, 64: texel (0,0) 3 -> 64, (1,0) 1 -> 21,
    * (2,0) 2 -> 43, the rest 0.
    * Linear: C0, C1 = e << 8 | e; C = (C0 (64-w) + C1 w + 32) / 64:
    *  (0,0) w 64: R 65535 -> 1.0; G 51400 -> 11 bits 51392; B 25700 ->
    *        25696; A 1.0
    *  (1,0) w 21: R (65535*21 + 32)/64 = 21504; G (2570*43 + 51400*21 +
    *        32)/64 = 18592; B 25696; A 1.0
    *  (3,3) w 0: R 0, G 2570, B 25696, A 1.0
    * sRGB: colour C0, C1 = e << 8 | 0x80, the top 8 bits of C:
    *  (1,0): R (128*43 + 65408*21 + 32)/64 = 21548 -> 84; G (2688*43 +
    *        51328*21 + 32)/64 = 18648 -> 72; B 25728 -> 100; A 255. */
   uint8_t blk[16] = { 0 };
   p = 0;
   put(blk, &p, 0x042, 11);
   put(blk, &p, 0, 2);
   put(blk, &p, 8, 4);
   const unsigned cv[6] = { 0, 255, 10, 200, 100, 100 };
   for (unsigned i = 0; i < 6; i++)
      put(blk, &p, cv[i], 8);
   unsigned wp = 0;
   const unsigned wv[16] = { 3, 1, 2 };
   for (unsigned i = 0; i < 16; i++)
      put_weights(blk, &wp, wv[i], 2);
   const double k = 1.0 / 65536;
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, blk, 0, 0, 1, 51392 * k, 25696 * k, 1, "ASTC RGB w64");
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, blk, 1, 0, 21504 * k, 18592 * k, 25696 * k, 1, "ASTC RGB w21");
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, blk, 3, 3, 0, 2570 * k, 25696 * k, 1, "ASTC RGB w0");
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_U8SRGB, blk, 1, 0, srgb(84.0 / 255), srgb(72.0 / 255),
          srgb(100.0 / 255), 1, "ASTC RGB sRGB");
   /* The same block on a 5x4 footprint: the grid still fits. */
   CHECK(vgpu_txc_supported(isl_format_layout(ISL_FORMAT_ASTC_LDR_2D_5X4_FLT16)), "5x4 supported");

   /* Two partitions, dual plane, trits (ASTC_6x6).  Block mode 0x451 =
    * D 1, H 0, B 0, A 2, R0 1, R2 0, R1 1 (first row): grid 4x4, R 011:
    * weights 0..2 (one trit each), 32 of them (two planes) in
    * ceil(32*8/5) = 52 bits.  Partitions 2 (bits 12:11 = 01), seed 1
    * (bits 22:13), CEM selector 00 and CEM 4 (LDR luminance+alpha direct)
    * for both: 8 values.  Config 29 bits + 2 CCS: 128 - 31 - 52 = 45 bits,
    * which fit 8 values of 0..47 (trit and 4 bits: 13 + 32 = 45; 0..63
    * needs 48).  CCS (bits 75:74) = 3: alpha takes plane 1's weight.
    * Colour values (trit block 0 with T = 0b00000110: C = 00110, t0 = {C1,
    * C0&~C1} = 2, t1 = C3:2 = 1, t2..t4 = 0; block 1 T = 0), unquantized
    * with C.2.16 (trit, 4 bits: B = dcb000dcb, C = 22):
    *  v0 t2 m 1111: (44 + 455) ^ 0x1ff = 12 -> 0x80 | 3 = 131
    *  v1 t1 m 0000: 22 >> 2 = 5
    *  v2 t0 m 1110: 455 >> 2 = 113
    *  v3 t0 m 0001: 0 ^ 0x1ff = 511 -> 0x80 | 127 = 255
    *  v4 t0 m 0101: B = 130, ^ 0x1ff = 381 -> 0x80 | 95 = 223
    *  v5 0 -> 0;  v6 m 1000: B = 260 -> 65;  v7 m 0110: B = 195 -> 48
    * Partition 0: e0 = (131,131,131,113), e1 = (5,5,5,255); partition 1:
    * e0 = (223,223,223,65), e1 = (0,0,0,48).
    * Partitions (C.2.21, seed 1 + 1024, 36 texels: not small): hash52 =
    * 0xa49f9dea, both shifts 5: seed1 10*10>>5 = 3, seed2 14*14>>5 = 6,
    * seed3 13*13>>5 = 5, seed4 9*9>>5 = 2; a = 3x + 6y + 62, b = 5x + 2y
    * + 39 (mod 64): (0,0) a 62 >= b 39: 0; (1,0) a 1 < b 44: 1; (2,0) a 4
    * < 49: 1; (5,0) a 13 >= b 0: 0.
    * Weights: trit block 0 T = 0b00011011 (C = 11011: t2 = 2, t1 = C4 = 1,
    * t0 = {C3, C2&~C3} = 2), the rest 0: grid (0,0) plane 0 -> 2 (64),
    * plane 1 -> 1 (32); grid (1,0) plane 0 -> 2 (64), plane 1 0.  Infill
    * (Ds = 205): s 1 -> gs 10 (js 0, fs 10), s 2 -> 19 (js 1, fs 3), s 5
    * -> 48 (js 3, fs 0).
    *  (0,0) p0: w 64 / 32: L = 5*257 = 1285; A (29041*32 + 65535*32 +
    *        32)/64 = 47288 -> 11 bits 47264
    *  (1,0) p1: w (64*6 + 64*10 + 8) >> 4 = 64 / (32*6 + 8) >> 4 = 12:
    *        L 0; A (16705*52 + 12336*12 + 32)/64 = 15886 -> 15880
    *  (2,0) p1: w (64*13 + 8) >> 4 = 52 / 0: L (57311*12 + 32)/64 =
    *        10746 -> 10744; A 16705 -> 16704
    *  (5,0) p0: w 0 / 0: L 33667 -> 33664; A 29041 -> 29040
    *  sRGB (2,0): L (57216*12 + 128*52 + 32)/64 = 10832 -> 42; A 65. */
   uint8_t dual[16] = { 0 };
   p = 0;
   put(dual, &p, 0x451, 11);
   put(dual, &p, 1, 2);
   put(dual, &p, 1, 10);
   put(dual, &p, 0, 2);
   put(dual, &p, 4, 4);
   put(dual, &p, 15, 4); put(dual, &p, 2, 2); put(dual, &p, 0, 4); put(dual, &p, 1, 2);
   put(dual, &p, 14, 4); put(dual, &p, 0, 1); put(dual, &p, 1, 4); put(dual, &p, 0, 2);
   put(dual, &p, 5, 4); put(dual, &p, 0, 1);
   put(dual, &p, 0, 4); put(dual, &p, 0, 2); put(dual, &p, 8, 4); put(dual, &p, 0, 2);
   put(dual, &p, 6, 4); put(dual, &p, 0, 1);
   CHECK(p == 74, "colour data ends at %u", p);
   put(dual, &p, 3, 2);
   wp = 0;
   put_weights(dual, &wp, 0x1b, 8);
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 0, 0, 1285 * k, 1285 * k, 1285 * k, 47264 * k,
          "ASTC dual (0,0)");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 1, 0, 0, 0, 0, 15880 * k, "ASTC dual (1,0)");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 2, 0, 10744 * k, 10744 * k, 10744 * k,
          16704 * k, "ASTC dual (2,0)");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 5, 0, 33664 * k, 33664 * k, 33664 * k,
          29040 * k, "ASTC dual (5,0)");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_U8SRGB, dual, 2, 0, srgb(42.0 / 255), srgb(42.0 / 255),
          srgb(42.0 / 255), 65.0 / 255, "ASTC dual sRGB");
   /* Seed 2 instead (bits 14:13 = 10): hash52(1026) = 0xd940417c; 1026 is
    * even, so seeds 1, 3, 5, 7 shift by 5 (two partitions) and seeds 2, 4,
    * 6, 8 by 4 (seed bit 1 set): seed1 12*12>>5 = 4, seed2 7*7>>4 = 3,
    * seed3 1*1>>5 = 0, seed4 4*4>>4 = 1; a = 4x + 3y + 1, b = y + 16:
    * (0,0) a 1 < b 16: 1; (2,0) a 9 < 16: 1; (5,0) a 21 >= 16: 0.
    *  (0,0) p1: L e1 = 0; A (16705*32 + 12336*32 + 32)/64 = 14521 ->
    *  14520; (2,0) and (5,0) as above. */
   dual[1] = (uint8_t)((dual[1] & ~0x60) | 0x40);
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 0, 0, 0, 0, 0, 14520 * k, "ASTC seed 2 (0,0)");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 2, 0, 10744 * k, 10744 * k, 10744 * k,
          16704 * k, "ASTC seed 2 (2,0)");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, dual, 5, 0, 33664 * k, 33664 * k, 33664 * k,
          29040 * k, "ASTC seed 2 (5,0)");

   /* Quints (ASTC_6x6): block mode 0x118 (bits 1:0 = 00, bits 8:7 = 10:
    * grid A+6 x B+6 = 6x6 with A = B = 0, D = H = 0; R0 1, R2 1, R1 0: R =
    * 101, weights 0..4, one quint each): 36 weights in 12 * 7 = 84 bits.
    * One partition, CEM 8 (6 values); 128 - 17 - 84 = 27 bits: 0..23
    * (trit, 3 bits) needs 10 + 18 = 28, 0..19 (quint, 2 bits) 14 + 12 =
    * 26 fits.  Colour quint blocks (m0 Q2:0 m1 Q4:3 m2 Q6:5 from bit 17):
    *  block 0 Q = 0011110: Q2:1 = 11 and Q6:5 = 00: q0 = q1 = 4, q2 =
    *  {Q0, Q4&~Q0, Q3&~Q0} = 011 = 3;
    *  block 1 Q = 0100110: Q2:1 = 11: q2 = 4, C = {Q4:3, ~Q6:5, Q0} =
    *  00100, C2:0 != 101: q1 = C4:3 = 0, q0 = C2:0 = 4.
    * Unquantized (C.2.16, quint and 2 bits: B = b0000bb00, C = 54):
    *  v0 q4 m 11: (216 + 268) ^ 0x1ff = 27 -> 0x80 | 6 = 134
    *  v1 q4 m 00: 216 >> 2 = 54;  v2 q3 m 10: (162 + 268) >> 2 = 107
    *  v3 q4 m 01: 216 ^ 0x1ff = 295 -> 0x80 | 73 = 201
    *  v4 q0 m 11: 268 ^ 0x1ff = 243 -> 0x80 | 60 = 188
    *  v5 q4 m 10: (216 + 268) >> 2 = 121
    * CEM 8: v1+v3+v5 = 376 < v0+v2+v4 = 429: blue contraction, e0 =
    * bc(v1,v3,v5) = ((54+121)>>1, (201+121)>>1, 121) = (87,161,121), e1 =
    * bc(v0,v2,v4) = (161,147,188).
    * Weights: quint block 0 (grid (0..2,0)) Q = 0011110 -> 4 4 3, block 1
    * ((3..5,0)) Q = 0100110 -> 4 0 4, the rest 0; 0..4 unquantize to 0 16
    * 32 47 63, then those above 32 gain 1: 48, 64.  The 6x6 grid lands on
    * the texels (gs = 16 s).
    *  (0,0) w 64: e1 * 257 = 41377, 37779, 48316 -> 11 bits 41376, 37760,
    *        48288
    *  (2,0) w 48: (22359*16 + 41377*48 + 32)/64 = 36623 -> 36608;
    *        (41377*16 + 37779*48 + 32)/64 = 38679 -> 38656;
    *        (31097*16 + 48316*48 + 32)/64 = 44011 -> 44000
    *  (4,0) w 0: e0 * 257 = 22359, 41377, 31097 -> 22352, 41376, 31088 */
   uint8_t qb[16] = { 0 };
   p = 0;
   put(qb, &p, 0x118, 11);
   put(qb, &p, 0, 2);
   put(qb, &p, 8, 4);
   put(qb, &p, 3, 2); put(qb, &p, 0x1e & 7, 3); put(qb, &p, 0, 2); put(qb, &p, 0x1e >> 3 & 3, 2);
   put(qb, &p, 2, 2); put(qb, &p, 0x1e >> 5, 2);
   put(qb, &p, 1, 2); put(qb, &p, 0x26 & 7, 3); put(qb, &p, 3, 2); put(qb, &p, 0x26 >> 3 & 3, 2);
   put(qb, &p, 2, 2); put(qb, &p, 0x26 >> 5, 2);
   wp = 0;
   put_weights(qb, &wp, 0x1e, 7);
   put_weights(qb, &wp, 0x26, 7);
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, qb, 0, 0, 41376 * k, 37760 * k, 48288 * k, 1, "ASTC quint w64");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, qb, 2, 0, 36608 * k, 38656 * k, 44000 * k, 1, "ASTC quint w48");
   expect(ISL_FORMAT_ASTC_LDR_2D_6X6_FLT16, qb, 4, 0, 22352 * k, 41376 * k, 31088 * k, 1, "ASTC quint w0");

   /* All zeros: block mode bits 3:0 = 0000 are reserved (C.2.24): error
    * colour. */
   const uint8_t zero[16] = { 0 };
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_U8SRGB, zero, 1, 1, 1, 0, 1, 1, "ASTC reserved mode");
   /* CEM 7 (HDR RGB base+scale) in the block above: LDR error colour. */
   uint8_t hdr[16];
   memcpy(hdr, blk, sizeof(hdr));
   hdr[1] = (uint8_t)((hdr[1] & ~0xe0) | 7 << 5);
   hdr[2] = (uint8_t)(hdr[2] & ~1);
   expect(ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, hdr, 0, 0, 1, 0, 1, 1, "ASTC HDR endpoint mode");
   /* HDR formats are not decoded. */
   CHECK(!vgpu_txc_supported(isl_format_layout(ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16)), "HDR not supported");
}

/* Every compressed format isl lists either decodes any bytes (here a few
 * fixed patterns; the sanitizers watch for undefined behaviour) or says it
 * does not. */
static void
test_any_bytes(void)
{
   static const uint8_t fill[4] = { 0x00, 0xff, 0xa5, 0x5a };
   for (unsigned i = 0; isl_format_layout_at(i); i++) {
      const struct isl_format_layout *l = isl_format_layout_at(i);
      if (!isl_format_is_compressed(l) || !vgpu_txc_supported(l))
         continue;
      for (unsigned f = 0; f < 4 * 256; f++) {
         uint8_t block[16];
         for (unsigned b = 0; b < 16; b++)
            block[b] = (uint8_t)(f < 4 ? fill[f] : (f * 131u + b * 29u) ^ (b * f >> 3));
         for (unsigned y = 0; y < l->bh; y++) {
            for (unsigned x = 0; x < l->bw; x++) {
               uint32_t rgba[4];
               bool ok = vgpu_txc_decode(l, block, x, y, rgba);
               CHECK(ok, "%s decodes", l->name);
               for (unsigned c = 0; ok && c < 4; c++)
                  CHECK(!isnan(bitsf(rgba[c])), "%s NaN", l->name);
            }
         }
      }
   }
}

int
main(void)
{
   test_bc1();
   test_bc2_bc3();
   test_bc4_bc5();
   test_bc7();
   test_bc6h();
   test_etc2();
   test_eac();
   test_astc();
   test_any_bytes();
   if (failures) {
      printf("%u failures\n", failures);
      return 1;
   }
   printf("ok\n");
   return 0;
}
