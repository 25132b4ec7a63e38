/* BC1-BC7: the Khronos Data Format Specification's "S3TC Compressed
 * Texture Image Formats" (BC1-3), "RGTC" (BC4/5) and "BPTC" (BC6H, BC7),
 * the PRM's "Compressed Surface Formats" naming the same encodings.  One
 * texel is decoded at a time from its block; texels are numbered
 * row-major, texel i = 4y + x. */
#include <stdbool.h>
#include <stdint.h>

#include "vgpu_sampler.h"
#include "vgpu_txc_priv.h"

/* ---- S3TC (BC1, BC2, BC3) ---------------------------------------------- */

/* A 5:6:5 colour as real values. */
static void
vgpu_bc_565(uint16_t c, double rgb[3])
{
   rgb[0] = (double)(c >> 11 & 31) / 31.0;
   rgb[1] = (double)(c >> 5 & 63) / 63.0;
   rgb[2] = (double)(c & 31) / 31.0;
}

/* The colour block of BC1 (and of BC2/BC3, which always interpolate four
 * colours): its two endpoints, the 2-bit index of the texel choosing
 * colour0, colour1 or an interpolant in exact arithmetic; a BC1 block
 * whose colour0 <= colour1 has one interpolant and transparent black. */
static void
vgpu_bc_colour(const uint8_t *b, unsigned texel, bool four_always, double v[4])
{
   uint16_t c0 = (uint16_t)(b[0] | b[1] << 8), c1 = (uint16_t)(b[2] | b[3] << 8);
   unsigned index = vgpu_txc_bits(b, 32 + 2 * texel, 2);
   bool four = four_always || c0 > c1;
   double e0[3], e1[3];
   vgpu_bc_565(c0, e0);
   vgpu_bc_565(c1, e1);
   v[3] = 1.0;
   for (unsigned c = 0; c < 3; c++) {
      switch (index) {
      case 0: v[c] = e0[c]; break;
      case 1: v[c] = e1[c]; break;
      case 2: v[c] = four ? (2.0 * e0[c] + e1[c]) / 3.0 : (e0[c] + e1[c]) / 2.0; break;
      default: v[c] = four ? (e0[c] + 2.0 * e1[c]) / 3.0 : 0.0; break;
      }
   }
   if (!four && index == 3)
      v[3] = 0.0;
}

/* BC3's alpha, BC4/BC5's channels: two 8-bit endpoints and 3-bit indices
 * from bit 16; eight interpolated values when the first endpoint is the
 * greater, else six and the extremes (0 and 1, or -1 and 1 signed).
 * Signed endpoints are two's complement with -128 reading -127. */
static double
vgpu_bc_channel(const uint8_t *b, unsigned texel, bool is_signed)
{
   int r0 = is_signed ? (int8_t)b[0] : b[0], r1 = is_signed ? (int8_t)b[1] : b[1];
   unsigned index = vgpu_txc_bits(b, 16 + 3 * texel, 3);
   double scale = is_signed ? 127.0 : 255.0, lo = is_signed ? -1.0 : 0.0;
   bool eight = r0 > r1;
   double e0 = (double)(r0 < -127 ? -127 : r0), e1 = (double)(r1 < -127 ? -127 : r1);
   if (index == 0)
      return e0 / scale;
   if (index == 1)
      return e1 / scale;
   if (eight)
      return ((8.0 - index) * e0 + (index - 1.0) * e1) / 7.0 / scale;
   if (index == 6)
      return lo;
   if (index == 7)
      return 1.0;
   return ((6.0 - index) * e0 + (index - 1.0) * e1) / 5.0 / scale;
}

/* ---- BPTC: the partitions BC6H and BC7 share ---------------------------- */

/* Subset of each texel (2 bits, texel 0 lowest) in the 64 two-subset and
 * 64 three-subset partitions (Data Format Specification, "BPTC partition
 * tables"). */
static const uint32_t vgpu_bptc_part2[64] = {
   0x50505050, 0x40404040, 0x54545454, 0x54505040, 0x50404000, 0x55545450, 0x55545040,
   0x54504000, 0x50400000, 0x55555450, 0x55544000, 0x54400000, 0x55555440, 0x55550000,
   0x55555500, 0x55000000, 0x55150100, 0x00004054, 0x15010000, 0x00405054, 0x00004050,
   0x15050100, 0x05010000, 0x40505054, 0x00404050, 0x05010100, 0x14141414, 0x05141450,
   0x01155440, 0x00555500, 0x15014054, 0x05414150, 0x44444444, 0x55005500, 0x11441144,
   0x05055050, 0x05500550, 0x11114444, 0x41144114, 0x44111144, 0x15055054, 0x01055040,
   0x05041050, 0x05455150, 0x14414114, 0x50050550, 0x41411414, 0x00141400, 0x00041504,
   0x00105410, 0x10541000, 0x04150400, 0x50410514, 0x41051450, 0x05415014, 0x14054150,
   0x41050514, 0x41505014, 0x40011554, 0x54150140, 0x50505500, 0x00555050, 0x15151010,
   0x54540404,
};
static const uint32_t vgpu_bptc_part3[64] = {
   0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0,
   0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4,
   0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454,
   0x6a6a4040, 0xa4a45000, 0x1a1a0500, 0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400,
   0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050,
   0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
   0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600, 0xaa444444,
   0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
   0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44,
   0x2a4a5254,
};
/* The anchor texel (its index has one bit fewer) of subset 1 in the
 * two-subset partitions, and of subsets 1 and 2 in the three-subset ones;
 * subset 0's is texel 0. */
static const uint8_t vgpu_bptc_anchor2[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
   15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
   15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,
   6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15,
};
static const uint8_t vgpu_bptc_anchor3[2][64] = {
   { 3,  3,  15, 15, 8,  3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
     3,  3,  8,  15, 3,  3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
     8,  15, 3,  5,  6,  10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
     3,  15, 5,  5,  5,  8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3 },
   { 15, 8,  8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,
     15, 8,  15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,
     15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,
     15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8 },
};

/* Interpolation weights in 64ths for 2-, 3- and 4-bit indices. */
static const uint8_t vgpu_bptc_w2[4] = { 0, 21, 43, 64 };
static const uint8_t vgpu_bptc_w3[8] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const uint8_t vgpu_bptc_w4[16] = { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 };

static unsigned
vgpu_bptc_weight(unsigned bits, unsigned index)
{
   return bits == 2 ? vgpu_bptc_w2[index & 3] : bits == 3 ? vgpu_bptc_w3[index & 7]
                                                          : vgpu_bptc_w4[index & 15];
}

static unsigned
vgpu_bptc_subset(unsigned subsets, unsigned partition, unsigned texel)
{
   if (subsets == 2)
      return vgpu_bptc_part2[partition & 63] >> (2 * texel) & 3;
   if (subsets == 3)
      return vgpu_bptc_part3[partition & 63] >> (2 * texel) & 3;
   return 0;
}

static bool
vgpu_bptc_is_anchor(unsigned subsets, unsigned partition, unsigned texel)
{
   if (texel == 0)
      return true;
   if (subsets == 2)
      return texel == vgpu_bptc_anchor2[partition & 63];
   if (subsets == 3)
      return texel == vgpu_bptc_anchor3[0][partition & 63] ||
             texel == vgpu_bptc_anchor3[1][partition & 63];
   return false;
}

/* The index of a texel in an index field starting at bit start of bits
 * per texel, anchors storing one bit fewer (their top bit is 0). */
static unsigned
vgpu_bptc_index(const uint8_t *b, unsigned start, unsigned bits, unsigned subsets,
                unsigned partition, unsigned texel)
{
   unsigned pos = start;
   for (unsigned t = 0; t < texel; t++)
      pos += bits - (vgpu_bptc_is_anchor(subsets, partition, t) ? 1 : 0);
   return vgpu_txc_bits(b, pos, bits - (vgpu_bptc_is_anchor(subsets, partition, texel) ? 1 : 0));
}

/* ---- BC7 ----------------------------------------------------------------- */

struct vgpu_bc7_mode {
   uint8_t subsets, partition_bits, rotation_bits, selector_bits;
   uint8_t colour_bits, alpha_bits;
   uint8_t endpoint_pbits, shared_pbits;   /* one per endpoint / per subset */
   uint8_t index_bits, index2_bits;
};

/* The Data Format Specification's "BC7 mode" table. */
static const struct vgpu_bc7_mode vgpu_bc7_modes[8] = {
   { 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 },
   { 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
   { 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 },
   { 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
   { 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 },
   { 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
   { 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 },
   { 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

/* An endpoint channel of bits (with its p-bit appended) to 8 bits, its top
 * bits repeated below. */
static unsigned
vgpu_bc7_expand(unsigned v, unsigned bits)
{
   v <<= 8 - bits;
   return v | v >> bits;
}

/* The 8-bit RGBA of one texel of a BC7 block; a reserved mode (no mode
 * bit set in the first byte) decodes to zeros. */
static void
vgpu_bc7_texel(const uint8_t *b, unsigned texel, uint8_t out[4])
{
   unsigned m = 0;
   while (m < 8 && !(b[0] >> m & 1))
      m++;
   if (m == 8) {
      out[0] = out[1] = out[2] = out[3] = 0;
      return;
   }
   const struct vgpu_bc7_mode *md = &vgpu_bc7_modes[m];
   unsigned pos = m + 1;
   unsigned partition = vgpu_txc_bits(b, pos, md->partition_bits);
   pos += md->partition_bits;
   unsigned rotation = vgpu_txc_bits(b, pos, md->rotation_bits);
   pos += md->rotation_bits;
   unsigned selector = vgpu_txc_bits(b, pos, md->selector_bits);
   pos += md->selector_bits;

   unsigned subset = vgpu_bptc_subset(md->subsets, partition, texel);
   unsigned ends = 2 * md->subsets;
   /* Channels R, G, B then A, each endpoint of each subset in turn. */
   unsigned ep[2][4];
   for (unsigned c = 0; c < 4; c++) {
      unsigned bits = c < 3 ? md->colour_bits : md->alpha_bits;
      for (unsigned e = 0; e < 2; e++)
         ep[e][c] = vgpu_txc_bits(b, pos + (2 * subset + e) * bits, bits);
      pos += ends * bits;
   }
   unsigned pbit[2] = { 0, 0 };
   if (md->endpoint_pbits) {
      pbit[0] = vgpu_txc_bits(b, pos + 2 * subset, 1);
      pbit[1] = vgpu_txc_bits(b, pos + 2 * subset + 1, 1);
      pos += ends;
   } else if (md->shared_pbits) {
      pbit[0] = pbit[1] = vgpu_txc_bits(b, pos + subset, 1);
      pos += md->subsets;
   }
   bool has_pbit = md->endpoint_pbits || md->shared_pbits;
   unsigned cb = md->colour_bits + has_pbit, ab = md->alpha_bits + (md->alpha_bits ? has_pbit : 0);
   for (unsigned e = 0; e < 2; e++) {
      for (unsigned c = 0; c < 4; c++) {
         unsigned bits = c < 3 ? cb : ab;
         if (bits == 0)
            ep[e][c] = 255;
         else
            ep[e][c] = vgpu_bc7_expand(has_pbit ? ep[e][c] << 1 | pbit[e] : ep[e][c], bits);
      }
   }

   unsigned i1 = vgpu_bptc_index(b, pos, md->index_bits, md->subsets, partition, texel);
   unsigned ci = i1, cbits = md->index_bits, ai = i1, abits = md->index_bits;
   if (md->index2_bits) {
      unsigned pos2 = pos + 16 * md->index_bits - 1;
      unsigned i2 = vgpu_bptc_index(b, pos2, md->index2_bits, 1, 0, texel);
      /* Mode 4's index selection bit swaps which set colour uses. */
      if (selector) {
         ci = i2; cbits = md->index2_bits;
      } else {
         ai = i2; abits = md->index2_bits;
      }
   }
   for (unsigned c = 0; c < 4; c++) {
      unsigned w = vgpu_bptc_weight(c < 3 ? cbits : abits, c < 3 ? ci : ai);
      out[c] = (uint8_t)(((64 - w) * ep[0][c] + w * ep[1][c] + 32) >> 6);
   }
   /* Rotation 1-3 swaps alpha with R, G or B after interpolation. */
   if (rotation) {
      uint8_t t = out[3];
      out[3] = out[rotation - 1];
      out[rotation - 1] = t;
   }
}

/* ---- BC6H ---------------------------------------------------------------- */

/* One run of header bits: the stream's next bits go to endpoint ep's
 * channel ch, the first to bit first, then towards bit last (the
 * specification's few reversed fields run downwards). */
struct vgpu_bc6_field {
   uint8_t ep, ch, first, last;
};

struct vgpu_bc6_mode {
   uint8_t mode_bits;           /* 2 or 5; 0: reserved */
   uint8_t endpoint_bits;
   uint8_t delta_bits[3];
   bool transformed;            /* endpoints other than 0 are deltas */
   bool two_subsets;
   struct vgpu_bc6_field f[24]; /* ended by a field with first == last == 0xff */
};

#define F(ep, ch, first, last) { ep, ch, first, last }
#define R0(a, b) F(0, 0, a, b)
#define G0(a, b) F(0, 1, a, b)
#define B0(a, b) F(0, 2, a, b)
#define R1(a, b) F(1, 0, a, b)
#define G1(a, b) F(1, 1, a, b)
#define B1(a, b) F(1, 2, a, b)
#define R2(a, b) F(2, 0, a, b)
#define G2(a, b) F(2, 1, a, b)
#define B2(a, b) F(2, 2, a, b)
#define R3(a, b) F(3, 0, a, b)
#define G3(a, b) F(3, 1, a, b)
#define B3(a, b) F(3, 2, a, b)
#define END F(0, 0, 0xff, 0xff)

/* The Data Format Specification's BC6H mode table, fields in stream order
 * after the mode bits; endpoints 0/1 are subset 0's, 2/3 subset 1's.
 * Indexed by the mode bits: the two low ones when they are 00 or 01, else
 * all five. */
static const struct vgpu_bc6_mode vgpu_bc6_modes[32] = {
   [0x00] = { 2, 10, { 5, 5, 5 }, true, true,
              { G2(4, 4), B2(4, 4), B3(4, 4), R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 4),
                G3(4, 4), G2(0, 3), G1(0, 4), B3(0, 0), G3(0, 3), B1(0, 4), B3(1, 1),
                B2(0, 3), R2(0, 4), B3(2, 2), R3(0, 4), B3(3, 3), END } },
   [0x01] = { 2, 7, { 6, 6, 6 }, true, true,
              { G2(5, 5), G3(4, 4), G3(5, 5), R0(0, 6), B3(0, 0), B3(1, 1), B2(4, 4),
                G0(0, 6), B2(5, 5), B3(2, 2), G2(4, 4), B0(0, 6), B3(3, 3), B3(5, 5),
                B3(4, 4), R1(0, 5), G2(0, 3), G1(0, 5), G3(0, 3), B1(0, 5), B2(0, 3),
                R2(0, 5), R3(0, 5), END } },
   [0x02] = { 5, 11, { 5, 4, 4 }, true, true,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 4), R0(10, 10), G2(0, 3), G1(0, 3),
                G0(10, 10), B3(0, 0), G3(0, 3), B1(0, 3), B0(10, 10), B3(1, 1), B2(0, 3),
                R2(0, 4), B3(2, 2), R3(0, 4), B3(3, 3), END } },
   [0x06] = { 5, 11, { 4, 5, 4 }, true, true,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 3), R0(10, 10), G3(4, 4), G2(0, 3),
                G1(0, 4), G0(10, 10), G3(0, 3), B1(0, 3), B0(10, 10), B3(1, 1), B2(0, 3),
                R2(0, 3), B3(0, 0), B3(2, 2), R3(0, 3), G2(4, 4), B3(3, 3), END } },
   [0x0a] = { 5, 11, { 4, 4, 5 }, true, true,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 3), R0(10, 10), B2(4, 4), G2(0, 3),
                G1(0, 3), G0(10, 10), B3(0, 0), G3(0, 3), B1(0, 4), B0(10, 10), B2(0, 3),
                R2(0, 3), B3(1, 1), B3(2, 2), R3(0, 3), B3(4, 4), B3(3, 3), END } },
   [0x0e] = { 5, 9, { 5, 5, 5 }, true, true,
              { R0(0, 8), B2(4, 4), G0(0, 8), G2(4, 4), B0(0, 8), B3(4, 4), R1(0, 4),
                G3(4, 4), G2(0, 3), G1(0, 4), B3(0, 0), G3(0, 3), B1(0, 4), B3(1, 1),
                B2(0, 3), R2(0, 4), B3(2, 2), R3(0, 4), B3(3, 3), END } },
   [0x12] = { 5, 8, { 6, 5, 5 }, true, true,
              { R0(0, 7), G3(4, 4), B2(4, 4), G0(0, 7), B3(2, 2), G2(4, 4), B0(0, 7),
                B3(3, 3), B3(4, 4), R1(0, 5), G2(0, 3), G1(0, 4), B3(0, 0), G3(0, 3),
                B1(0, 4), B3(1, 1), B2(0, 3), R2(0, 5), R3(0, 5), END } },
   [0x16] = { 5, 8, { 5, 6, 5 }, true, true,
              { R0(0, 7), B3(0, 0), B2(4, 4), G0(0, 7), G2(5, 5), G2(4, 4), B0(0, 7),
                G3(5, 5), B3(4, 4), R1(0, 4), G3(4, 4), G2(0, 3), G1(0, 5), G3(0, 3),
                B1(0, 4), B3(1, 1), B2(0, 3), R2(0, 4), B3(2, 2), R3(0, 4), B3(3, 3), END } },
   [0x1a] = { 5, 8, { 5, 5, 6 }, true, true,
              { R0(0, 7), B3(1, 1), B2(4, 4), G0(0, 7), B2(5, 5), G2(4, 4), B0(0, 7),
                B3(5, 5), B3(4, 4), R1(0, 4), G3(4, 4), G2(0, 3), G1(0, 4), B3(0, 0),
                G3(0, 3), B1(0, 5), B2(0, 3), R2(0, 4), B3(2, 2), R3(0, 4), B3(3, 3), END } },
   [0x1e] = { 5, 6, { 6, 6, 6 }, false, true,
              { R0(0, 5), G3(4, 4), B3(0, 0), B3(1, 1), B2(4, 4), G0(0, 5), G2(5, 5),
                B2(5, 5), B3(2, 2), G2(4, 4), B0(0, 5), G3(5, 5), B3(3, 3), B3(5, 5),
                B3(4, 4), R1(0, 5), G2(0, 3), G1(0, 5), G3(0, 3), B1(0, 5), B2(0, 3),
                R2(0, 5), R3(0, 5), END } },
   [0x03] = { 5, 10, { 10, 10, 10 }, false, false,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 9), G1(0, 9), B1(0, 9), END } },
   [0x07] = { 5, 11, { 9, 9, 9 }, true, false,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 8), R0(10, 10), G1(0, 8), G0(10, 10),
                B1(0, 8), B0(10, 10), END } },
   [0x0b] = { 5, 12, { 8, 8, 8 }, true, false,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 7), R0(11, 10), G1(0, 7), G0(11, 10),
                B1(0, 7), B0(11, 10), END } },
   [0x0f] = { 5, 16, { 4, 4, 4 }, true, false,
              { R0(0, 9), G0(0, 9), B0(0, 9), R1(0, 3), R0(15, 10), G1(0, 3), G0(15, 10),
                B1(0, 3), B0(15, 10), END } },
};

#undef F
#undef R0
#undef G0
#undef B0
#undef R1
#undef G1
#undef B1
#undef R2
#undef G2
#undef B2
#undef R3
#undef G3
#undef B3
#undef END

/* The mode of a block: the two low bits when they are 00 or 01, else
 * five; NULL for the reserved ones (10011, 10111, 11011, 11111). */
static const struct vgpu_bc6_mode *
vgpu_bc6_mode(const uint8_t *b)
{
   unsigned m = b[0] & 3;
   if (m >= 2)
      m = b[0] & 31;
   const struct vgpu_bc6_mode *md = &vgpu_bc6_modes[m];
   return md->mode_bits ? md : NULL;
}

/* Reads the header's fields into the endpoints; returns the bit after. */
static unsigned
vgpu_bc6_fields(const uint8_t *b, const struct vgpu_bc6_mode *md, uint32_t ep[4][3])
{
   unsigned pos = md->mode_bits;
   for (const struct vgpu_bc6_field *f = md->f; f->first != 0xff; f++) {
      bool down = f->last < f->first;
      unsigned n = (down ? f->first - f->last : f->last - f->first) + 1u;
      for (unsigned i = 0; i < n; i++) {
         unsigned bit = down ? f->first - i : f->first + i;
         ep[f->ep][f->ch] |= vgpu_txc_bits(b, pos++, 1) << bit;
      }
   }
   return pos;
}

/* The spec's unquantization of an endpoint of bits to 16 bits (unsigned)
 * or a signed 16-bit magnitude. */
static int32_t
vgpu_bc6_unquantize(int32_t x, unsigned bits, bool is_signed)
{
   if (!is_signed) {
      if (bits >= 15 || x == 0)
         return x;
      if (x == (1 << bits) - 1)
         return 0xffff;
      return (int32_t)((((uint32_t)x << 16) + 0x8000u) >> bits);
   }
   if (bits >= 16)
      return x;
   bool neg = x < 0;
   int32_t a = neg ? -x : x, q;
   if (a == 0)
      q = 0;
   else if (a >= (1 << (bits - 1)) - 1)
      q = 0x7fff;
   else
      q = (int32_t)((((uint32_t)a << 15) + 0x4000u) >> (bits - 1));
   return neg ? -q : q;
}

/* The endpoints as the spec unquantizes them: deltas sign-extended and
 * added to endpoint 0 (wrapping to its width), signed formats'
 * endpoints sign-extended. */
static void
vgpu_bc6_endpoints(const struct vgpu_bc6_mode *md, uint32_t raw[4][3], bool is_signed,
                   int32_t ep[4][3])
{
   unsigned n = md->two_subsets ? 4 : 2, bits = md->endpoint_bits;
   uint32_t mask = (1u << bits) - 1;
   for (unsigned e = 0; e < n; e++) {
      for (unsigned c = 0; c < 3; c++) {
         uint32_t v = raw[e][c];
         if (md->transformed && e > 0)
            v = (raw[0][c] + (uint32_t)vgpu_txc_sign_extend(v, md->delta_bits[c])) & mask;
         int32_t s = is_signed ? vgpu_txc_sign_extend(v, bits) : (int32_t)(v & mask);
         ep[e][c] = vgpu_bc6_unquantize(s, bits, is_signed);
      }
   }
}

/* An arithmetic shift right of a possibly negative sum (floor division). */
static int32_t
vgpu_bc6_shr(int32_t v, unsigned s)
{
   return v >= 0 ? v >> s : -(int32_t)((uint32_t)(-v + (1 << s) - 1) >> s);
}

/* The interpolated value to half-float bits (the spec's final scaling by
 * 31/64, or 31/32 of the magnitude for signed formats) and to a float. */
static double
vgpu_bc6_finish(int32_t v, bool is_signed)
{
   uint32_t half;
   if (!is_signed)
      half = (uint32_t)v * 31u >> 6;
   else if (v < 0)
      half = 0x8000u | ((uint32_t)(-v) * 31u >> 5);
   else
      half = (uint32_t)v * 31u >> 5;
   return (double)isl_small_float_decode(half, 5, 10, true);
}

static void
vgpu_bc6_texel(const uint8_t *b, unsigned texel, bool is_signed, double v[4])
{
   const struct vgpu_bc6_mode *md = vgpu_bc6_mode(b);
   v[0] = v[1] = v[2] = 0.0;
   v[3] = 1.0;
   /* Reserved modes decode to zeros. */
   if (!md)
      return;
   uint32_t raw[4][3] = { { 0 } };
   int32_t ep[4][3];
   unsigned pos = vgpu_bc6_fields(b, md, raw);
   vgpu_bc6_endpoints(md, raw, is_signed, ep);
   unsigned subsets = md->two_subsets ? 2 : 1, partition = 0;
   if (md->two_subsets) {
      partition = vgpu_txc_bits(b, pos, 5);
      pos += 5;
   }
   unsigned bits = md->two_subsets ? 3 : 4;
   unsigned index = vgpu_bptc_index(b, pos, bits, subsets, partition, texel);
   unsigned s = vgpu_bptc_subset(subsets, partition, texel);
   int32_t w = (int32_t)vgpu_bptc_weight(bits, index);
   for (unsigned c = 0; c < 3; c++) {
      int32_t e0 = ep[2 * s][c], e1 = ep[2 * s + 1][c];
      v[c] = vgpu_bc6_finish(vgpu_bc6_shr((64 - w) * e0 + w * e1 + 32, 6), is_signed);
   }
}

/* ---- the family's entry ----------------------------------------------- */

bool
vgpu_txc_decode_bc(const struct isl_format_layout *l, const uint8_t *block, unsigned x,
                   unsigned y, double v[4])
{
   unsigned texel = 4 * y + x;
   bool is_signed = l->ch[0].type == ISL_SNORM || l->ch[0].type == ISL_SFLOAT;
   switch (l->txc) {
   case ISL_TXC_BC1:
      vgpu_bc_colour(block, texel, false, v);
      return true;
   case ISL_TXC_BC2:
      vgpu_bc_colour(block + 8, texel, true, v);
      v[3] = (double)vgpu_txc_bits(block, 4 * texel, 4) / 15.0;
      return true;
   case ISL_TXC_BC3:
      vgpu_bc_colour(block + 8, texel, true, v);
      v[3] = vgpu_bc_channel(block, texel, false);
      return true;
   case ISL_TXC_BC4:
      v[0] = vgpu_bc_channel(block, texel, is_signed);
      return true;
   case ISL_TXC_BC5:
      v[0] = vgpu_bc_channel(block, texel, is_signed);
      v[1] = vgpu_bc_channel(block + 8, texel, is_signed);
      return true;
   case ISL_TXC_BC6H:
      vgpu_bc6_texel(block, texel, is_signed, v);
      return true;
   case ISL_TXC_BC7: {
      uint8_t c[4];
      vgpu_bc7_texel(block, texel, c);
      for (unsigned i = 0; i < 4; i++)
         v[i] = (double)c[i] / 255.0;
      return true;
   }
   default:
      return false;
   }
}
