/* ETC1, ETC2 and EAC: the Khronos Data Format Specification's "ETC1S /
 * ETC1" and "ETC2" chapters (the OpenGL ES 3.0 specification's annex C
 * says the same).  Blocks are big-endian 64-bit words; texels within a
 * block are numbered column-major, texel i = 4x + y.  ETC1 blocks decode
 * as ETC2 RGB ones: ETC2 gave meaning only to the differential sums
 * outside 0..31, which ETC1 leaves undefined. */
#include <stdbool.h>
#include <stdint.h>

#include "vgpu_sampler.h"
#include "vgpu_txc_priv.h"

/* The intensity modifiers of the individual and differential modes per
 * table codeword, for pixel indices 0 and 1 (2 and 3 are their
 * negatives). */
static const int vgpu_etc_modifiers[8][2] = {
   { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 }, { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};

/* The distances of the T and H modes. */
static const int vgpu_etc_distances[8] = { 3, 6, 11, 16, 23, 32, 41, 64 };

/* EAC's modifier tables. */
static const int vgpu_eac_modifiers[16][8] = {
   { -3, -6, -9, -15, 2, 5, 8, 14 }, { -3, -7, -10, -13, 2, 6, 9, 12 },
   { -2, -5, -8, -13, 1, 4, 7, 12 }, { -2, -4, -6, -13, 1, 3, 5, 12 },
   { -3, -6, -8, -12, 2, 5, 7, 11 }, { -3, -7, -9, -11, 2, 6, 8, 10 },
   { -4, -7, -8, -11, 3, 6, 7, 10 }, { -3, -5, -8, -11, 2, 4, 7, 10 },
   { -2, -6, -8, -10, 1, 5, 7, 9 },  { -2, -5, -8, -10, 1, 4, 7, 9 },
   { -2, -4, -8, -10, 1, 3, 7, 9 },  { -2, -5, -7, -10, 1, 4, 6, 9 },
   { -3, -4, -7, -10, 2, 3, 6, 9 },  { -1, -2, -3, -10, 0, 1, 2, 9 },
   { -4, -6, -8, -9, 3, 5, 7, 8 },   { -3, -5, -7, -9, 2, 4, 6, 8 },
};

static unsigned
vgpu_etc_field(uint64_t v, unsigned lo, unsigned bits)
{
   return (unsigned)(v >> lo) & ((1u << bits) - 1);
}

static int
vgpu_etc_ext4(unsigned c)
{
   return (int)(c << 4 | c);
}

static int
vgpu_etc_ext5(unsigned c)
{
   return (int)(c << 3 | c >> 2);
}

/* A texel's 2-bit pixel index: its most significant bit in bits 31..16,
 * the least in bits 15..0. */
static unsigned
vgpu_etc_pixel_index(uint64_t v, unsigned i)
{
   return (unsigned)(v >> (16 + i) & 1) << 1 | (unsigned)(v >> i & 1);
}

/* What one RGB texel decodes to: 8-bit colour, and whether punch-through
 * made it transparent. */
struct vgpu_etc_texel {
   int rgb[3];
   bool transparent;
};

static void
vgpu_etc_set(struct vgpu_etc_texel *t, const int base[3], int delta)
{
   for (unsigned c = 0; c < 3; c++)
      t->rgb[c] = vgpu_txc_clamp(base[c] + delta, 0, 255);
}

/* Individual and differential modes: two sub-blocks (left/right, or
 * top/bottom with the flip bit), each a base colour and a modifier table.
 * Punch-through blocks without the opaque bit replace modifier index 0 by
 * zero and make index 2 transparent. */
static void
vgpu_etc_subblocks(uint64_t v, unsigned x, unsigned y, bool diff, bool non_opaque,
                   struct vgpu_etc_texel *t)
{
   bool flip = v >> 32 & 1;
   unsigned sub = flip ? y >= 2 : x >= 2;
   int base[3];
   for (unsigned c = 0; c < 3; c++) {
      if (!diff) {
         base[c] = vgpu_etc_ext4(vgpu_etc_field(v, 60 - 8 * c - 4 * sub, 4));
      } else {
         unsigned c1 = vgpu_etc_field(v, 59 - 8 * c, 5);
         int d = sub ? vgpu_txc_sign_extend(vgpu_etc_field(v, 56 - 8 * c, 3), 3) : 0;
         base[c] = vgpu_etc_ext5((unsigned)((int)c1 + d) & 31);
      }
   }
   unsigned table = vgpu_etc_field(v, sub ? 34 : 37, 3);
   unsigned idx = vgpu_etc_pixel_index(v, 4 * x + y);
   if (non_opaque && idx == 2) {
      t->transparent = true;
      return;
   }
   int mod = non_opaque && idx == 0 ? 0 : vgpu_etc_modifiers[table][idx & 1];
   vgpu_etc_set(t, base, idx >= 2 ? -mod : mod);
}

/* T and H modes: two base colours of 4-bit channels, four paint colours
 * from them and a distance; the pixel index picks a paint colour
 * (punch-through without the opaque bit: index 2 is transparent). */
static void
vgpu_etc_paint(uint64_t v, unsigned x, unsigned y, bool h_mode, bool non_opaque,
               struct vgpu_etc_texel *t)
{
   unsigned c1[3], c2[3], di;
   if (!h_mode) {
      c1[0] = vgpu_etc_field(v, 59, 2) << 2 | vgpu_etc_field(v, 56, 2);
      c1[1] = vgpu_etc_field(v, 52, 4);
      c1[2] = vgpu_etc_field(v, 48, 4);
      c2[0] = vgpu_etc_field(v, 44, 4);
      c2[1] = vgpu_etc_field(v, 40, 4);
      c2[2] = vgpu_etc_field(v, 36, 4);
      di = vgpu_etc_field(v, 34, 2) << 1 | vgpu_etc_field(v, 32, 1);
   } else {
      c1[0] = vgpu_etc_field(v, 59, 4);
      c1[1] = vgpu_etc_field(v, 56, 3) << 1 | vgpu_etc_field(v, 52, 1);
      c1[2] = vgpu_etc_field(v, 51, 1) << 3 | vgpu_etc_field(v, 47, 3);
      c2[0] = vgpu_etc_field(v, 43, 4);
      c2[1] = vgpu_etc_field(v, 39, 4);
      c2[2] = vgpu_etc_field(v, 35, 4);
      /* The distance index's lowest bit is whether colour 1 (as the
       * number R:G:B) is at least colour 2. */
      unsigned n1 = c1[0] << 8 | c1[1] << 4 | c1[2], n2 = c2[0] << 8 | c2[1] << 4 | c2[2];
      di = vgpu_etc_field(v, 34, 1) << 2 | vgpu_etc_field(v, 32, 1) << 1 | (n1 >= n2);
   }
   int b1[3], b2[3], d = vgpu_etc_distances[di];
   for (unsigned c = 0; c < 3; c++) {
      b1[c] = vgpu_etc_ext4(c1[c]);
      b2[c] = vgpu_etc_ext4(c2[c]);
   }
   unsigned idx = vgpu_etc_pixel_index(v, 4 * x + y);
   if (non_opaque && idx == 2) {
      t->transparent = true;
      return;
   }
   if (!h_mode) {
      const int *base[4] = { b1, b2, b2, b2 };
      const int delta[4] = { 0, d, 0, -d };
      vgpu_etc_set(t, base[idx], delta[idx]);
   } else {
      const int *base[4] = { b1, b1, b2, b2 };
      const int delta[4] = { d, -d, d, -d };
      vgpu_etc_set(t, base[idx], delta[idx]);
   }
}

/* Planar mode: colours O, H and V (6:7:6 bits) at texels (0,0), (4,0)
 * and (0,4), extrapolated linearly. */
static void
vgpu_etc_planar(uint64_t v, unsigned x, unsigned y, struct vgpu_etc_texel *t)
{
   unsigned o[3], h[3], vv[3];
   o[0] = vgpu_etc_field(v, 57, 6);
   o[1] = vgpu_etc_field(v, 56, 1) << 6 | vgpu_etc_field(v, 49, 6);
   o[2] = vgpu_etc_field(v, 48, 1) << 5 | vgpu_etc_field(v, 43, 2) << 3 | vgpu_etc_field(v, 39, 3);
   h[0] = vgpu_etc_field(v, 34, 5) << 1 | vgpu_etc_field(v, 32, 1);
   h[1] = vgpu_etc_field(v, 25, 7);
   h[2] = vgpu_etc_field(v, 19, 6);
   vv[0] = vgpu_etc_field(v, 13, 6);
   vv[1] = vgpu_etc_field(v, 6, 7);
   vv[2] = vgpu_etc_field(v, 0, 6);
   for (unsigned c = 0; c < 3; c++) {
      unsigned bits = c == 1 ? 7 : 6;
      int co = (int)(o[c] << (8 - bits) | o[c] >> (2 * bits - 8));
      int ch = (int)(h[c] << (8 - bits) | h[c] >> (2 * bits - 8));
      int cv = (int)(vv[c] << (8 - bits) | vv[c] >> (2 * bits - 8));
      int s = (int)x * (ch - co) + (int)y * (cv - co) + 4 * co + 2;
      t->rgb[c] = s < 0 ? 0 : vgpu_txc_clamp(s >> 2, 0, 255);
   }
}

/* An ETC1/ETC2 RGB block: the differential bit (the opaque bit with
 * punch-through alpha, whose blocks are always differential) and the
 * differential sums' overflow pick the mode: R overflowing is T, G is H,
 * B is planar. */
static void
vgpu_etc_rgb(const uint8_t *block, unsigned x, unsigned y, bool punch_through,
             struct vgpu_etc_texel *t)
{
   uint64_t v = vgpu_txc_be64(block);
   bool diff_bit = v >> 33 & 1;
   bool diff = diff_bit || punch_through;
   bool non_opaque = punch_through && !diff_bit;
   t->transparent = false;
   if (!diff) {
      vgpu_etc_subblocks(v, x, y, false, false, t);
      return;
   }
   int sum[3];
   for (unsigned c = 0; c < 3; c++)
      sum[c] = (int)vgpu_etc_field(v, 59 - 8 * c, 5) +
               vgpu_txc_sign_extend(vgpu_etc_field(v, 56 - 8 * c, 3), 3);
   if (sum[0] < 0 || sum[0] > 31)
      vgpu_etc_paint(v, x, y, false, non_opaque, t);
   else if (sum[1] < 0 || sum[1] > 31)
      vgpu_etc_paint(v, x, y, true, non_opaque, t);
   else if (sum[2] < 0 || sum[2] > 31)
      vgpu_etc_planar(v, x, y, t);
   else
      vgpu_etc_subblocks(v, x, y, true, non_opaque, t);
}

/* An EAC block's texel: base codeword, multiplier, modifier table and a
 * 3-bit index per texel. */
struct vgpu_eac {
   int base, mult, mod;
};

static struct vgpu_eac
vgpu_eac_read(const uint8_t *block, unsigned x, unsigned y)
{
   uint64_t v = vgpu_txc_be64(block);
   unsigned i = 4 * x + y;
   struct vgpu_eac e = {
      .base = block[0],
      .mult = (int)vgpu_etc_field(v, 52, 4),
      .mod = vgpu_eac_modifiers[vgpu_etc_field(v, 48, 4)][vgpu_etc_field(v, 45 - 3 * i, 3)],
   };
   return e;
}

/* ETC2's 8-bit alpha: base + modifier * multiplier, clamped. */
static double
vgpu_eac_alpha8(const uint8_t *block, unsigned x, unsigned y)
{
   struct vgpu_eac e = vgpu_eac_read(block, x, y);
   return (double)vgpu_txc_clamp(e.base + e.mod * e.mult, 0, 255) / 255.0;
}

/* EAC R11/RG11: an 11-bit result (the multiplier 0 scaling the modifier
 * by 1/8), n / 2047; signed: base two's complement (-128 reading -127),
 * result in -1023..1023, n / 1023. */
static double
vgpu_eac_r11(const uint8_t *block, unsigned x, unsigned y, bool is_signed)
{
   struct vgpu_eac e = vgpu_eac_read(block, x, y);
   int step = e.mult ? e.mod * e.mult * 8 : e.mod;
   if (!is_signed)
      return (double)vgpu_txc_clamp(e.base * 8 + 4 + step, 0, 2047) / 2047.0;
   int base = (int8_t)block[0];
   base = base < -127 ? -127 : base;
   return (double)vgpu_txc_clamp(base * 8 + step, -1023, 1023) / 1023.0;
}

bool
vgpu_txc_decode_etc(const struct isl_format_layout *l, const uint8_t *block,
                    unsigned x, unsigned y, double v[4])
{
   bool is_signed = l->ch[0].type == ISL_SNORM;
   if (l->txc == ISL_TXC_EAC) {
      v[0] = vgpu_eac_r11(block, x, y, is_signed);
      if (isl_format_bytes(l) == 16)
         v[1] = vgpu_eac_r11(block + 8, x, y, is_signed);
      return true;
   }
   /* ETC2 with 128-bit blocks is RGBA8: EAC alpha, then the colour. */
   bool eac_alpha = isl_format_bytes(l) == 16;
   bool punch_through = !eac_alpha && l->ch[ISL_A].type != ISL_VOID;
   struct vgpu_etc_texel t;
   vgpu_etc_rgb(eac_alpha ? block + 8 : block, x, y, punch_through, &t);
   for (unsigned c = 0; c < 3; c++)
      v[c] = t.transparent ? 0.0 : (double)t.rgb[c] / 255.0;
   v[3] = eac_alpha ? vgpu_eac_alpha8(block, x, y) : t.transparent ? 0.0 : 1.0;
   return true;
}
