/* ASTC, LDR profile, 2D blocks: the Khronos Data Format Specification's
 * "ASTC" chapter (the same text as KHR_texture_compression_astc_hdr's
 * section C.2, cited here by its section numbers).  One texel is decoded
 * at a time: block mode, partition, its endpoints and its infilled
 * weight.  HDR endpoint modes and HDR void-extent blocks are the LDR
 * profile's error colour, as are the illegal encodings of C.2.24. */
#include <stdbool.h>
#include <stdint.h>

#include "vgpu_sampler.h"
#include "vgpu_txc_priv.h"

/* ---- integer sequence encoding (C.2.12) -------------------------------- */

/* A range: values are trit/quint * 2^bits + bits low bits. */
struct vgpu_ise_range {
   uint8_t trits, quints, bits;
};

/* Weight ranges by the block mode's H:R (C.2.10 table C.2.7). */
static const struct vgpu_ise_range vgpu_astc_weight_ranges[16] = {
   [2] = { 0, 0, 1 },  [3] = { 1, 0, 0 },  [4] = { 0, 0, 2 },  [5] = { 0, 1, 0 },
   [6] = { 1, 0, 1 },  [7] = { 0, 0, 3 },  [10] = { 0, 1, 1 }, [11] = { 1, 0, 2 },
   [12] = { 0, 0, 4 }, [13] = { 0, 1, 2 }, [14] = { 1, 0, 3 }, [15] = { 0, 0, 5 },
};

/* Colour endpoint ranges from 0..255 down to 0..5 (C.2.22 picks the first
 * that fits). */
static const struct vgpu_ise_range vgpu_astc_colour_ranges[] = {
   { 0, 0, 8 }, { 1, 0, 6 }, { 0, 1, 5 }, { 0, 0, 7 }, { 1, 0, 5 }, { 0, 1, 4 },
   { 0, 0, 6 }, { 1, 0, 4 }, { 0, 1, 3 }, { 0, 0, 5 }, { 1, 0, 3 }, { 0, 1, 2 },
   { 0, 0, 4 }, { 1, 0, 2 }, { 0, 1, 1 }, { 0, 0, 3 }, { 1, 0, 1 },
};

static unsigned
vgpu_ise_bits(struct vgpu_ise_range r, unsigned count)
{
   return (count * 8 * r.trits + 4) / 5 + (count * 7 * r.quints + 2) / 3 + count * r.bits;
}

/* A bit stream: len bits from start of a 16-byte block; bits past its end
 * read 0 (C.2.12: "unused bits are assumed to be 0"). */
struct vgpu_ise_stream {
   const uint8_t *b;
   unsigned start, len;
};

static uint32_t
vgpu_ise_read(const struct vgpu_ise_stream *s, unsigned off, unsigned count)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < count; i++) {
      unsigned at = off + i;
      if (at < s->len && s->start + at < 128)
         v |= vgpu_txc_bits(s->b, s->start + at, 1) << i;
   }
   return v;
}

static unsigned
vgpu_bit(unsigned v, unsigned i)
{
   return v >> i & 1;
}

/* The five trits of an 8-bit T (C.2.12). */
static void
vgpu_ise_trits(unsigned t, unsigned out[5])
{
   unsigned c;
   if ((t >> 2 & 7) == 7) {
      c = (t >> 5 & 7) << 2 | (t & 3);
      out[4] = out[3] = 2;
   } else {
      c = t & 31;
      if ((t >> 5 & 3) == 3) {
         out[4] = 2;
         out[3] = vgpu_bit(t, 7);
      } else {
         out[4] = vgpu_bit(t, 7);
         out[3] = t >> 5 & 3;
      }
   }
   if ((c & 3) == 3) {
      out[2] = 2;
      out[1] = vgpu_bit(c, 4);
      out[0] = vgpu_bit(c, 3) << 1 | (vgpu_bit(c, 2) & ~vgpu_bit(c, 3) & 1);
   } else if ((c >> 2 & 3) == 3) {
      out[2] = 2;
      out[1] = 2;
      out[0] = c & 3;
   } else {
      out[2] = vgpu_bit(c, 4);
      out[1] = c >> 2 & 3;
      out[0] = vgpu_bit(c, 1) << 1 | (vgpu_bit(c, 0) & ~vgpu_bit(c, 1) & 1);
   }
}

/* The three quints of a 7-bit Q (C.2.12). */
static void
vgpu_ise_quints(unsigned q, unsigned out[3])
{
   unsigned c;
   if ((q >> 1 & 3) == 3 && (q >> 5 & 3) == 0) {
      unsigned q0 = vgpu_bit(q, 0);
      out[2] = q0 << 2 | (vgpu_bit(q, 4) & ~q0 & 1) << 1 | (vgpu_bit(q, 3) & ~q0 & 1);
      out[1] = out[0] = 4;
      return;
   }
   if ((q >> 1 & 3) == 3) {
      out[2] = 4;
      c = (q >> 3 & 3) << 3 | (~q >> 5 & 3) << 1 | vgpu_bit(q, 0);
   } else {
      out[2] = q >> 5 & 3;
      c = q & 31;
   }
   if ((c & 7) == 5) {
      out[1] = 4;
      out[0] = c >> 3 & 3;
   } else {
      out[1] = c >> 3 & 3;
      out[0] = c & 7;
   }
}

/* Value i of a sequence: its trit or quint (0 without) and its low bits. */
struct vgpu_ise_value {
   unsigned tq, m;
};

static struct vgpu_ise_value
vgpu_ise_value(const struct vgpu_ise_stream *s, struct vgpu_ise_range r, unsigned i)
{
   struct vgpu_ise_value v = { 0, 0 };
   unsigned n = r.bits;
   if (r.trits) {
      /* Five values per 8 + 5n bits: m0 T1:0 m1 T3:2 m2 T4 m3 T6:5 m4 T7. */
      static const unsigned tpos[5][2] = { { 0, 2 }, { 2, 2 }, { 4, 1 }, { 5, 2 }, { 7, 1 } };
      unsigned base = i / 5 * (8 + 5 * n), j = i % 5, t = 0, pos = base;
      for (unsigned k = 0; k < 5; k++) {
         unsigned m = vgpu_ise_read(s, pos, n);
         if (k == j)
            v.m = m;
         pos += n;
         t |= vgpu_ise_read(s, pos, tpos[k][1]) << tpos[k][0];
         pos += tpos[k][1];
      }
      unsigned trits[5];
      vgpu_ise_trits(t, trits);
      v.tq = trits[j];
   } else if (r.quints) {
      /* Three values per 7 + 3n bits: m0 Q2:0 m1 Q4:3 m2 Q6:5. */
      static const unsigned qpos[3][2] = { { 0, 3 }, { 3, 2 }, { 5, 2 } };
      unsigned base = i / 3 * (7 + 3 * n), j = i % 3, q = 0, pos = base;
      for (unsigned k = 0; k < 3; k++) {
         unsigned m = vgpu_ise_read(s, pos, n);
         if (k == j)
            v.m = m;
         pos += n;
         q |= vgpu_ise_read(s, pos, qpos[k][1]) << qpos[k][0];
         pos += qpos[k][1];
      }
      unsigned quints[3];
      vgpu_ise_quints(q, quints);
      v.tq = quints[j];
   } else {
      v.m = vgpu_ise_read(s, i * n, n);
   }
   return v;
}

/* ---- unquantization (C.2.13, C.2.17) ----------------------------------- */

/* v's bits repeated from its top down to fill `to` bits. */
static unsigned
vgpu_replicate(unsigned v, unsigned bits, unsigned to)
{
   unsigned out = 0;
   int shift = (int)to - (int)bits;
   while (shift > -(int)bits) {
      out |= shift >= 0 ? v << shift : v >> -shift;
      shift -= (int)bits;
   }
   return out & ((1u << to) - 1);
}

/* Table C.2.16's B for a colour value's low bits m (bit 0 is a). */
static unsigned
vgpu_astc_colour_b(struct vgpu_ise_range r, unsigned m)
{
   unsigned b = vgpu_bit(m, 1), c = vgpu_bit(m, 2), d = vgpu_bit(m, 3), e = vgpu_bit(m, 4),
            f = vgpu_bit(m, 5);
   switch (r.bits) {
   case 2: return r.trits ? b * 0x116u : b * 0x10cu;
   case 3: return r.trits ? (c << 8 | b << 7 | c << 3 | b << 2 | c << 1 | b)
                          : (c << 8 | b << 7 | c << 2 | b << 1 | c);
   case 4: return r.trits ? (d << 8 | c << 7 | b << 6 | d << 2 | c << 1 | b)
                          : (d << 8 | c << 7 | b << 6 | d << 1 | c);
   case 5: return r.trits ? (e << 8 | d << 7 | c << 6 | b << 5 | e << 1 | d)
                          : (e << 8 | d << 7 | c << 6 | b << 5 | e);
   case 6: return f << 8 | e << 7 | d << 6 | c << 5 | b << 4 | f;
   default: return 0;
   }
}

static unsigned
vgpu_astc_unquantize_colour(struct vgpu_ise_range r, struct vgpu_ise_value v)
{
   static const unsigned trit_c[7] = { 0, 204, 93, 44, 22, 11, 5 };
   static const unsigned quint_c[6] = { 0, 113, 54, 26, 13, 6 };
   if (!r.trits && !r.quints)
      return vgpu_replicate(v.m, r.bits, 8);
   unsigned a = (v.m & 1) ? 0x1ff : 0;
   unsigned c = r.trits ? trit_c[r.bits] : quint_c[r.bits];
   unsigned t = v.tq * c + vgpu_astc_colour_b(r, v.m);
   t ^= a;
   return (a & 0x80) | (t >> 2 & 0xff);
}

static unsigned
vgpu_astc_unquantize_weight(struct vgpu_ise_range r, struct vgpu_ise_value v)
{
   static const unsigned three[3] = { 0, 32, 63 }, five[5] = { 0, 16, 32, 47, 63 };
   unsigned w;
   if (!r.trits && !r.quints) {
      w = vgpu_replicate(v.m, r.bits, 6);
   } else if (r.bits == 0) {
      w = r.trits ? three[v.tq % 3] : five[v.tq % 5];
   } else {
      unsigned a = (v.m & 1) ? 0x7f : 0, b = vgpu_bit(v.m, 1), cc = vgpu_bit(v.m, 2), bb, c;
      if (r.bits == 1) {
         bb = 0;
         c = r.trits ? 50 : 28;
      } else if (r.bits == 2) {
         bb = r.trits ? (b << 6 | b << 2 | b) : (b << 6 | b << 1);
         c = r.trits ? 23 : 13;
      } else {
         bb = cc << 6 | b << 5 | cc << 1 | b;
         c = 11;
      }
      unsigned t = (v.tq * c + bb) ^ a;
      w = (a & 0x20) | (t >> 2 & 0x3f);
   }
   return w > 32 ? w + 1 : w;
}

/* ---- block mode (C.2.10) ------------------------------------------------ */

struct vgpu_astc_mode {
   unsigned gw, gh;      /* weight grid */
   bool dual;
   struct vgpu_ise_range weights;
};

static bool
vgpu_astc_block_mode(unsigned m, struct vgpu_astc_mode *out)
{
   unsigned r, a = m >> 5 & 3, b = m >> 7 & 3, h = vgpu_bit(m, 9);
   out->dual = vgpu_bit(m, 10);
   if (m & 3) {
      r = vgpu_bit(m, 4) | (m & 3) << 1;
      switch (m >> 2 & 3) {
      case 0: out->gw = b + 4; out->gh = a + 2; break;
      case 1: out->gw = b + 8; out->gh = a + 2; break;
      case 2: out->gw = a + 2; out->gh = b + 8; break;
      default:
         if (vgpu_bit(m, 8)) {
            out->gw = vgpu_bit(m, 7) + 2; out->gh = a + 2;
         } else {
            out->gw = a + 2; out->gh = vgpu_bit(m, 7) + 6;
         }
         break;
      }
   } else {
      r = vgpu_bit(m, 4) | (m >> 2 & 3) << 1;
      if ((m & 15) == 0)
         return false;
      switch (b) {
      case 0: out->gw = 12; out->gh = a + 2; break;
      case 1: out->gw = a + 2; out->gh = 12; break;
      case 3:
         if (a >= 2)
            return false;
         out->gw = a ? 10 : 6;
         out->gh = a ? 6 : 10;
         break;
      default:
         /* Bits 10:9 are the grid height here: no dual plane, H = 0. */
         out->gw = a + 6;
         out->gh = (m >> 9 & 3) + 6;
         out->dual = false;
         h = 0;
         break;
      }
   }
   if (r < 2)
      return false;
   out->weights = vgpu_astc_weight_ranges[h << 3 | r];
   return true;
}

/* ---- partitions (C.2.21) ------------------------------------------------ */

static uint32_t
vgpu_astc_hash52(uint32_t p)
{
   p ^= p >> 15; p -= p << 17; p += p << 7; p += p << 4;
   p ^= p >> 5;  p += p << 16; p ^= p >> 7; p ^= p >> 3;
   p ^= p << 6;  p ^= p >> 17;
   return p;
}

static unsigned
vgpu_astc_partition(unsigned seed, unsigned x, unsigned y, unsigned count, bool small)
{
   if (small) {
      x <<= 1;
      y <<= 1;
   }
   seed += (count - 1) * 1024;
   uint32_t rnum = vgpu_astc_hash52(seed);
   unsigned s[13];
   for (unsigned i = 1; i <= 8; i++)
      s[i] = rnum >> (4 * (i - 1)) & 15;
   s[9] = rnum >> 18 & 15;
   s[10] = rnum >> 22 & 15;
   s[11] = rnum >> 26 & 15;
   s[12] = (rnum >> 30 | rnum << 2) & 15;
   for (unsigned i = 1; i <= 12; i++)
      s[i] *= s[i];
   unsigned sh1, sh2;
   if (seed & 1) {
      sh1 = seed & 2 ? 4 : 5;
      sh2 = count == 3 ? 6 : 5;
   } else {
      sh1 = count == 3 ? 6 : 5;
      sh2 = seed & 2 ? 4 : 5;
   }
   for (unsigned i = 1; i <= 8; i++)
      s[i] >>= i % 2 ? sh1 : sh2;
   /* z is 0 in 2D: seeds 9-12 do not matter. */
   unsigned a = (s[1] * x + s[2] * y + (rnum >> 14)) & 0x3f;
   unsigned b = (s[3] * x + s[4] * y + (rnum >> 10)) & 0x3f;
   unsigned c = count < 3 ? 0 : (s[5] * x + s[6] * y + (rnum >> 6)) & 0x3f;
   unsigned d = count < 4 ? 0 : (s[7] * x + s[8] * y + (rnum >> 2)) & 0x3f;
   if (a >= b && a >= c && a >= d)
      return 0;
   if (b >= c && b >= d)
      return 1;
   return c >= d ? 2 : 3;
}

/* ---- LDR endpoints (C.2.14) --------------------------------------------- */

static void
vgpu_astc_bit_transfer_signed(int *a, int *b)
{
   *b >>= 1;
   *b |= *a & 0x80;
   *a >>= 1;
   *a &= 0x3f;
   if (*a & 0x20)
      *a -= 0x40;
}

static void
vgpu_astc_set(int e[4], int r, int g, int b, int a)
{
   e[0] = r; e[1] = g; e[2] = b; e[3] = a;
}

static void
vgpu_astc_blue_contract(int e[4], int r, int g, int b, int a)
{
   vgpu_astc_set(e, (r + b) >> 1, (g + b) >> 1, b, a);
}

static void
vgpu_astc_clamp8(int e[4])
{
   for (unsigned c = 0; c < 4; c++)
      e[c] = vgpu_txc_clamp(e[c], 0, 255);
}

/* The two endpoints of an LDR mode from its values v (0..255); false for
 * an HDR mode. */
static bool
vgpu_astc_endpoints(unsigned cem, const unsigned *uv, int e0[4], int e1[4])
{
   int v[8];
   for (unsigned i = 0; i < 8; i++)
      v[i] = i < 2 * ((cem >> 2) + 1) ? (int)uv[i] : 0;
   switch (cem) {
   case 0:
      vgpu_astc_set(e0, v[0], v[0], v[0], 255);
      vgpu_astc_set(e1, v[1], v[1], v[1], 255);
      return true;
   case 1: {
      int l0 = (v[0] >> 2) | (v[1] & 0xc0), l1 = l0 + (v[1] & 0x3f);
      l1 = l1 > 255 ? 255 : l1;
      vgpu_astc_set(e0, l0, l0, l0, 255);
      vgpu_astc_set(e1, l1, l1, l1, 255);
      return true;
   }
   case 4:
      vgpu_astc_set(e0, v[0], v[0], v[0], v[2]);
      vgpu_astc_set(e1, v[1], v[1], v[1], v[3]);
      return true;
   case 5:
      vgpu_astc_bit_transfer_signed(&v[1], &v[0]);
      vgpu_astc_bit_transfer_signed(&v[3], &v[2]);
      vgpu_astc_set(e0, v[0], v[0], v[0], v[2]);
      vgpu_astc_set(e1, v[0] + v[1], v[0] + v[1], v[0] + v[1], v[2] + v[3]);
      vgpu_astc_clamp8(e0);
      vgpu_astc_clamp8(e1);
      return true;
   case 6:
   case 10: {
      int a0 = cem == 10 ? v[4] : 255, a1 = cem == 10 ? v[5] : 255;
      vgpu_astc_set(e0, v[0] * v[3] >> 8, v[1] * v[3] >> 8, v[2] * v[3] >> 8, a0);
      vgpu_astc_set(e1, v[0], v[1], v[2], a1);
      return true;
   }
   case 8:
   case 12: {
      int a0 = cem == 12 ? v[6] : 255, a1 = cem == 12 ? v[7] : 255;
      if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
         vgpu_astc_set(e0, v[0], v[2], v[4], a0);
         vgpu_astc_set(e1, v[1], v[3], v[5], a1);
      } else {
         vgpu_astc_blue_contract(e0, v[1], v[3], v[5], a1);
         vgpu_astc_blue_contract(e1, v[0], v[2], v[4], a0);
      }
      return true;
   }
   case 9:
   case 13: {
      for (unsigned i = 0; i < (cem == 13 ? 8u : 6u); i += 2)
         vgpu_astc_bit_transfer_signed(&v[i + 1], &v[i]);
      int a0 = cem == 13 ? v[6] : 255, a1 = cem == 13 ? v[6] + v[7] : 255;
      if (v[1] + v[3] + v[5] >= 0) {
         vgpu_astc_set(e0, v[0], v[2], v[4], a0);
         vgpu_astc_set(e1, v[0] + v[1], v[2] + v[3], v[4] + v[5], a1);
      } else {
         vgpu_astc_blue_contract(e0, v[0] + v[1], v[2] + v[3], v[4] + v[5], a1);
         vgpu_astc_blue_contract(e1, v[0], v[2], v[4], a0);
      }
      vgpu_astc_clamp8(e0);
      vgpu_astc_clamp8(e1);
      return true;
   }
   default:
      return false;
   }
}

/* ---- the block ----------------------------------------------------------- */

/* What a texel decodes to: the 16-bit interpolation result per channel
 * (C.2.19), or the error colour. */
struct vgpu_astc_texel {
   bool error;
   unsigned c[4];
};

/* The infilled weight of texel (x, y) in plane p (C.2.18). */
static unsigned
vgpu_astc_weight(const struct vgpu_ise_stream *ws, const struct vgpu_astc_mode *md,
                 unsigned bw, unsigned bh, unsigned x, unsigned y, unsigned plane)
{
   unsigned ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
   unsigned gs = (ds * x * (md->gw - 1) + 32) >> 6, gt = (dt * y * (md->gh - 1) + 32) >> 6;
   unsigned js = gs >> 4, fs = gs & 15, jt = gt >> 4, ft = gt & 15;
   unsigned planes = md->dual ? 2 : 1, count = md->gw * md->gh;
   unsigned idx[4] = { js + jt * md->gw, js + 1 + jt * md->gw, js + (jt + 1) * md->gw,
                       js + 1 + (jt + 1) * md->gw };
   unsigned p[4];
   for (unsigned k = 0; k < 4; k++) {
      /* Corners past the grid have weight 0 in the sum below. */
      p[k] = idx[k] < count
                ? vgpu_astc_unquantize_weight(md->weights,
                                              vgpu_ise_value(ws, md->weights, idx[k] * planes + plane))
                : 0;
   }
   unsigned w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
   return (p[0] * w00 + p[1] * w01 + p[2] * w10 + p[3] * w11 + 8) >> 4;
}

static void
vgpu_astc_void_extent(const uint8_t *b, struct vgpu_astc_texel *t)
{
   /* Bit 9: HDR (FP16) colour, the error colour in LDR; bits 10 and 11
    * are reserved and must be 1. */
   if (vgpu_txc_bits(b, 9, 1) || vgpu_txc_bits(b, 10, 2) != 3) {
      t->error = true;
      return;
   }
   for (unsigned c = 0; c < 4; c++)
      t->c[c] = vgpu_txc_bits(b, 64 + 16 * c, 16);
}

/* The block's weight stream runs from bit 127 down: the block with its
 * 128 bits reversed. */
static void
vgpu_astc_reverse(const uint8_t *b, uint8_t rev[16])
{
   for (unsigned i = 0; i < 16; i++) {
      uint8_t v = b[15 - i], r = 0;
      for (unsigned k = 0; k < 8; k++)
         r |= (uint8_t)((v >> k & 1) << (7 - k));
      rev[i] = r;
   }
}

static void
vgpu_astc_texel(const uint8_t *b, unsigned bw, unsigned bh, unsigned x, unsigned y,
                bool srgb, struct vgpu_astc_texel *t)
{
   t->error = true;
   unsigned mode = vgpu_txc_bits(b, 0, 11);
   if ((mode & 0x1ff) == 0x1fc) {
      t->error = false;
      vgpu_astc_void_extent(b, t);
      return;
   }
   struct vgpu_astc_mode md;
   if (!vgpu_astc_block_mode(mode, &md))
      return;
   unsigned parts = vgpu_txc_bits(b, 11, 2) + 1;
   unsigned nweights = md.gw * md.gh * (md.dual ? 2 : 1);
   unsigned wbits = vgpu_ise_bits(md.weights, nweights);
   if ((md.dual && parts == 4) || nweights > 64 || wbits > 96 || wbits < 24 || md.gw > bw ||
       md.gh > bh)
      return;

   /* Endpoint modes (C.2.11): one 4-bit mode, or per partition a class
    * bit and two mode bits, the ones past bit 28 below the weights. */
   unsigned cem[4], extra = 0, seed = 0, config, colour_start;
   if (parts == 1) {
      cem[0] = vgpu_txc_bits(b, 13, 4);
      config = colour_start = 17;
   } else {
      seed = vgpu_txc_bits(b, 13, 10);
      unsigned sel = vgpu_txc_bits(b, 23, 2);
      colour_start = 29;
      if (sel == 0) {
         for (unsigned p = 0; p < parts; p++)
            cem[p] = vgpu_txc_bits(b, 25, 4);
         config = 29;
      } else {
         extra = 3 * parts - 4;
         unsigned bits = vgpu_txc_bits(b, 25, 4) | vgpu_txc_bits(b, 128 - wbits - extra, extra) << 4;
         for (unsigned p = 0; p < parts; p++)
            cem[p] = (sel - 1 + vgpu_bit(bits, p)) << 2 | (bits >> (parts + 2 * p) & 3);
         config = 25 + 3 * parts;
      }
   }
   unsigned ccs = 0;
   if (md.dual) {
      ccs = vgpu_txc_bits(b, 128 - wbits - extra - 2, 2);
      config += 2;
   }

   unsigned ncolour = 0;
   for (unsigned p = 0; p < parts; p++)
      ncolour += 2 * ((cem[p] >> 2) + 1);
   int remaining = 128 - (int)config - (int)wbits;
   if (ncolour > 18 || remaining < (int)((13 * ncolour + 4) / 5))
      return;
   struct vgpu_ise_range crange = vgpu_astc_colour_ranges[0];
   for (unsigned i = 0; i < sizeof(vgpu_astc_colour_ranges) / sizeof(vgpu_astc_colour_ranges[0]); i++) {
      crange = vgpu_astc_colour_ranges[i];
      if ((int)vgpu_ise_bits(crange, ncolour) <= remaining)
         break;
   }

   unsigned part = parts > 1 ? vgpu_astc_partition(seed, x, y, parts, bw * bh < 31) : 0;
   unsigned first = 0;
   for (unsigned p = 0; p < part; p++)
      first += 2 * ((cem[p] >> 2) + 1);
   struct vgpu_ise_stream cs = { b, colour_start, vgpu_ise_bits(crange, ncolour) };
   unsigned v[8] = { 0 };
   for (unsigned i = 0; i < 2 * ((cem[part] >> 2) + 1); i++)
      v[i] = vgpu_astc_unquantize_colour(crange, vgpu_ise_value(&cs, crange, first + i));
   int e0[4], e1[4];
   if (!vgpu_astc_endpoints(cem[part], v, e0, e1))
      return;

   uint8_t rev[16];
   vgpu_astc_reverse(b, rev);
   struct vgpu_ise_stream ws = { rev, 0, wbits };
   unsigned w0 = vgpu_astc_weight(&ws, &md, bw, bh, x, y, 0);
   unsigned w1 = md.dual ? vgpu_astc_weight(&ws, &md, bw, bh, x, y, 1) : w0;
   t->error = false;
   for (unsigned c = 0; c < 4; c++) {
      /* sRGB colour channels expand with 0x80 below, the rest repeat. */
      unsigned lo0 = srgb && c < 3 ? 0x80 : (unsigned)e0[c];
      unsigned lo1 = srgb && c < 3 ? 0x80 : (unsigned)e1[c];
      unsigned c0 = (unsigned)e0[c] << 8 | lo0, c1 = (unsigned)e1[c] << 8 | lo1;
      unsigned w = md.dual && c == ccs ? w1 : w0;
      t->c[c] = (c0 * (64 - w) + c1 * w + 32) / 64;
   }
}

/* A UNORM16 interpolation result as a linear format returns it: 1.0 for
 * 65535, else c / 65536 rounded towards zero to FP16 (C.2.19), which
 * keeps its 11 most significant bits. */
static double
vgpu_astc_fp16(unsigned c)
{
   if (c >= 65535)
      return 1.0;
   unsigned top = 15;
   while (top > 0 && !(c >> top))
      top--;
   if (top > 10)
      c = c >> (top - 10) << (top - 10);
   return (double)c / 65536.0;
}

bool
vgpu_txc_decode_astc(const struct isl_format_layout *l, const uint8_t *block, unsigned x,
                     unsigned y, double v[4])
{
   bool srgb = l->ch[0].type == ISL_SRGB;
   struct vgpu_astc_texel t;
   vgpu_astc_texel(block, l->bw, l->bh, x, y, srgb, &t);
   if (t.error) {
      /* Opaque magenta. */
      v[0] = 1.0; v[1] = 0.0; v[2] = 1.0; v[3] = 1.0;
      return true;
   }
   for (unsigned c = 0; c < 4; c++)
      v[c] = srgb ? (double)(t.c[c] >> 8) / 255.0 : vgpu_astc_fp16(t.c[c]);
   return true;
}
