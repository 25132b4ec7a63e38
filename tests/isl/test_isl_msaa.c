/* Multisampled surfaces: sample counts per generation, MSS colour and
 * interleaved depth layouts with sample addresses, the MCS surface and the
 * meaning of its values, and RENDER_SURFACE_STATE round trips of
 * multisampled views with an MCS.  Every expected value is worked out by
 * hand below from the PRM's rules (and, for the interleaved sample cells
 * and the MCS values, Mesa's blorp, which drives the real hardware):
 *
 *  - Y tiles are 128 bytes x 32 rows made of 16-byte columns, so byte x_B
 *    of row y of a surface one tile wide sits at
 *      (y / 32) * 4096 + (x_B / 16) * 512 + (y % 32) * 16 + x_B % 16;
 *  - MSS: sample s of layer l is array slice l * samples + s, slices
 *    QPitch rows apart (one LOD: the height rounded up to VALIGN 4);
 *  - IMS (BDW Vol 5 "Computing Mip Level Sizes"): the 2D space is
 *    align(W, 2) * cw by align(H, 2) * ch with the pixel cell cw x ch 2x1,
 *    2x2, 4x2, 4x4; sample s of pixel (x, y) is at
 *      X = (x & ~1) * cw + 2 * cx + (x & 1), Y = (y & ~1) * ch + 2 * cy + (y & 1)
 *    where (cx, cy) is s's cell: 4x 0 1 / 2 3, 8x 0 1 4 5 / 2 3 6 7,
 *    16x rows 0 1 4 5 / 2 3 6 7 / 8 9 12 13 / 10 11 14 15. */
#include <string.h>

#include "gen70_pack.h"
#include "gen75_pack.h"
#include "gen80_pack.h"
#include "gen90_pack.h"
#include "gen110_pack.h"
#include "gen120_pack.h"
#include "isl.h"
#include "isl_test.h"

static const unsigned gens[] = { 70, 75, 80, 90, 110, 120 };
#define NGENS (sizeof(gens) / sizeof(gens[0]))

static struct isl_surf_info
ms_info(enum isl_format f, uint32_t w, uint32_t h, uint32_t layers, uint32_t samples,
        uint32_t usage)
{
   return (struct isl_surf_info){ .dim = ISL_SURF_DIM_2D, .format = f, .width = w,
                                  .height = h, .depth = 1, .levels = 1,
                                  .array_len = layers, .samples = samples, .usage = usage };
}

/* RSS Number of Multisamples: IVB/HSW 4x and 8x, BDW adds 2x, SKL+ 16x;
 * as VkSampleCountFlags (n samples: bit value n): 1|4|8 = 0xd, 0xf, 0x1f. */
static void
test_sample_counts(void)
{
   const uint32_t want[NGENS] = { 0xd, 0xd, 0xf, 0x1f, 0x1f, 0x1f };
   for (unsigned i = 0; i < NGENS; i++) {
      unsigned v = gens[i];
      CHECK_EQ(isl_sample_counts(v), want[i], "sample counts");
      for (uint32_t n = 2; n <= 16; n *= 2) {
         struct isl_surf_info info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, n,
                                             ISL_USAGE_SAMPLED | ISL_USAGE_RENDER);
         struct isl_surf s;
         bool ok = isl_surf_init(v, &info, &s);
         CHECK(ok == !!(want[i] & n), "Gen%u %ux colour init %d", v, n, ok);
      }
   }
   /* RSS "Number of Multisamples": 2D, one LOD; not 3, not linear. */
   struct isl_surf s;
   struct isl_surf_info info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 4,
                                       ISL_USAGE_SAMPLED);
   info.levels = 2;
   CHECK(!isl_surf_init(90, &info, &s), "mipmapped MSAA accepted");
   info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 3, ISL_USAGE_SAMPLED);
   CHECK(!isl_surf_init(90, &info, &s), "3 samples accepted");
   info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 4, ISL_USAGE_SAMPLED);
   info.tilings = ISL_TILING_BIT(ISL_TILING_LINEAR);
   CHECK(!isl_surf_init(90, &info, &s), "linear MSAA accepted");
   info = ms_info(ISL_FORMAT_BC1_UNORM, 16, 8, 1, 4, ISL_USAGE_SAMPLED);
   CHECK(!isl_surf_init(90, &info, &s), "compressed MSAA accepted");
   info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 16, 6, 4, ISL_USAGE_SAMPLED | ISL_USAGE_CUBE);
   CHECK(!isl_surf_init(90, &info, &s), "cube MSAA accepted");
   /* Single-sampled stays single-sampled with samples 0 or 1. */
   info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 0, ISL_USAGE_SAMPLED);
   CHECK(isl_surf_init(90, &info, &s) && s.samples == 1 &&
         s.msaa_layout == ISL_MSAA_LAYOUT_NONE, "samples 0");
}

/* 4x RGBA8 16x8, one layer: Y tiled; pitch 64 B -> one tile, 128; QPitch
 * align(8, 4) = 8 rows (Gen7: ARYSPC_LOD0, which MSS wants); 4 slices:
 * 3 * 8 + 8 = 32 rows, one tile row: 4096 bytes.  Sample s of (x, y) is
 * row 8s + y, byte 4x. */
static void
test_mss_colour(unsigned v)
{
   struct isl_surf_info info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 4,
                                       ISL_USAGE_SAMPLED | ISL_USAGE_RENDER);
   struct isl_surf s;
   if (!isl_surf_init(v, &info, &s)) {
      CHECK(0, "Gen%u 4x MSS init", v);
      return;
   }
   CHECK(s.msaa_layout == ISL_MSAA_LAYOUT_ARRAY && s.samples == 4 && s.tiling == ISL_TILING_Y,
         "Gen%u 4x colour: layout %d samples %u tiling %d", v, s.msaa_layout, s.samples,
         s.tiling);
   CHECK_EQ(s.row_pitch_B, 128, "MSS row pitch");
   CHECK_EQ(s.array_pitch_rows, 8, "MSS QPitch");
   CHECK_EQ(s.size_B, 4096, "MSS size");
   if (v < 80)
      CHECK(s.array_spacing_lod0, "Gen%u MSS: ARYSPC_LOD0", v);
   /* (5, 3) s2: row 19, byte 20: 512 + 19 * 16 + 4 = 820. */
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 2, 5, 3), 820, "MSS (5,3) s2");
   /* (0, 7) s3: row 31: 496.  (15, 0) s0: byte 60: 3 * 512 + 12 = 1548. */
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 3, 0, 7), 496, "MSS (0,7) s3");
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 0, 15, 0), 1548, "MSS (15,0) s0");

   /* Two layers: 8 slices, 7 * 8 + 8 = 64 rows, 8192 bytes; layer 1 s1 is
    * slice 5, rows 40..47: (2, 1) is row 41 (tile row 1, row 9), byte 8:
    * 4096 + 9 * 16 + 8 = 4248. */
   info.array_len = 2;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u 4x MSS 2 layers", v);
   CHECK_EQ(s.size_B, 8192, "MSS 2-layer size");
   CHECK_EQ(isl_surf_sample_offset(&s, 1, 1, 2, 1), 4248, "MSS layer 1 (2,1) s1");
}

/* 4x D32 (R32_FLOAT depth) 8x4 px: interleaved, 2D space align(8,2)*2 = 16
 * by align(4,2)*2 = 8 samples; pitch 64 -> 128; 8 rows -> one tile, 4096. */
static void
test_ims_depth(unsigned v)
{
   struct isl_surf_info info = ms_info(ISL_FORMAT_R32_FLOAT, 8, 4, 1, 4,
                                       ISL_USAGE_DEPTH | ISL_USAGE_SAMPLED);
   struct isl_surf s;
   if (!isl_surf_init(v, &info, &s)) {
      CHECK(0, "Gen%u 4x IMS depth init", v);
      return;
   }
   uint32_t pw, ph;
   isl_surf_phys_size(&s, &pw, &ph);
   CHECK(s.msaa_layout == ISL_MSAA_LAYOUT_INTERLEAVED && pw == 16 && ph == 8,
         "Gen%u 4x depth: layout %d, %ux%u", v, s.msaa_layout, pw, ph);
   CHECK_EQ(s.row_pitch_B, 128, "IMS row pitch");
   CHECK_EQ(s.size_B, 4096, "IMS size");
   /* (3, 1) s2, cell (0, 1): X = 2*2 + 0 + 1 = 5, Y = 0 + 2 + 1 = 3; byte
    * 20: 512 + 48 + 4 = 564. */
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 2, 3, 1), 564, "IMS (3,1) s2");
   /* (2, 2) s1, cell (1, 0): X = 4 + 2 = 6, Y = 4; byte 24: 512 + 64 + 8. */
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 1, 2, 2), 584, "IMS (2,2) s1");
   /* (0, 0) s3, cell (1, 1): X = 2, Y = 2: 32 + 8 = 40. */
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 3, 0, 0), 40, "IMS (0,0) s3");

   /* Two layers.  Gen7 depth arrays are ARYSPC_FULL on the 2D space:
    * h0 = 8, h1 = align(4, 4) = 4, + 12 * 4: 60 rows; layer 1 (0, 0) s0 is
    * row 60 (tile row 1, row 28): 4096 + 448 = 4544; 68 rows -> 96: 12288.
    * Gen8+: QPitch align(8, 4) = 8: row 8, 128; 16 rows: 4096. */
   info.array_len = 2;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u IMS 2 layers", v);
   bool gen7 = v < 80;
   CHECK_EQ(s.array_pitch_rows, gen7 ? 60 : 8, "IMS array pitch");
   CHECK_EQ(s.size_B, gen7 ? 12288 : 4096, "IMS 2-layer size");
   CHECK_EQ(isl_surf_sample_offset(&s, 1, 0, 0, 0), gen7 ? 4544 : 128, "IMS layer 1");
}

/* 8x (Gen7+) and 16x (Gen9+) interleaving. */
static void
test_ims_8x_16x(void)
{
   /* 8x D32 8x2 px on BDW: 2D space 32 x 4.  (1, 1) s5, cell (3, 0):
    * X = 0 + 6 + 1 = 7, Y = 0 + 0 + 1 = 1; byte 28: 512 + 16 + 12 = 540. */
   struct isl_surf_info info = ms_info(ISL_FORMAT_R32_FLOAT, 8, 2, 1, 8, ISL_USAGE_DEPTH);
   struct isl_surf s;
   CHECK(isl_surf_init(80, &info, &s), "8x IMS init");
   uint32_t pw, ph;
   isl_surf_phys_size(&s, &pw, &ph);
   CHECK(pw == 32 && ph == 4, "8x IMS size %ux%u", pw, ph);
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 5, 1, 1), 540, "8x IMS (1,1) s5");
   /* 16x D16 4x4 px on SKL: 16 x 16 samples, pitch 32 -> 128.  (3, 2) s13
    * (0b1101), cell (3, 2): X = 2*4 + 6 + 1 = 15, Y = 2*4 + 4 + 0 = 12;
    * byte 30: 512 + 192 + 14 = 718. */
   info = ms_info(ISL_FORMAT_R16_UNORM, 4, 4, 1, 16, ISL_USAGE_DEPTH);
   CHECK(isl_surf_init(90, &info, &s), "16x IMS init");
   isl_surf_phys_size(&s, &pw, &ph);
   CHECK(pw == 16 && ph == 16, "16x IMS size %ux%u", pw, ph);
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 13, 3, 2), 718, "16x IMS (3,2) s13");
   /* 2x on BDW: 2x1 cells, odd heights rounded to even: 5x3 px -> 12 x 4. */
   info = ms_info(ISL_FORMAT_R32_FLOAT, 5, 3, 1, 2, ISL_USAGE_DEPTH);
   CHECK(isl_surf_init(80, &info, &s), "2x IMS init");
   isl_surf_phys_size(&s, &pw, &ph);
   CHECK(pw == 12 && ph == 4, "2x IMS size %ux%u", pw, ph);
   /* (3, 2) s1: X = 2*2 + 2 + 1 = 7, Y = 2; byte 28: 512 + 32 + 12 = 556. */
   CHECK_EQ(isl_surf_sample_offset(&s, 0, 1, 3, 2), 556, "2x IMS (3,2) s1");
}

/* MCS of a 40x20, 3-layer colour surface (IVB "MCS Buffer for Render
 * Target(s)": same size and layout, Y tiled): elements of 1 byte (2x, 4x),
 * 4 (8x) or 8 (16x); QPitch align(20, 4) = 20; 2 * 20 + 20 = 60 rows ->
 * 64; pitches align(40 * bytes, 128) = 128, 256, 384. */
static void
test_mcs_surf(unsigned v)
{
   static const uint32_t counts[] = { 2, 4, 8, 16 };
   static const uint32_t pitch[] = { 128, 128, 256, 384 };
   for (unsigned i = 0; i < 4; i++) {
      struct isl_surf_info info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 40, 20, 3, counts[i],
                                          ISL_USAGE_SAMPLED | ISL_USAGE_RENDER);
      struct isl_surf s, mcs;
      if (!isl_surf_init(v, &info, &s))
         continue;   /* the generation lacks the count (test_sample_counts) */
      CHECK(isl_surf_init_mcs(&s, &mcs), "Gen%u %ux MCS init", v, counts[i]);
      CHECK(mcs.tiling == ISL_TILING_Y && mcs.width == 40 && mcs.height == 20 &&
            mcs.array_len == 3 && mcs.levels == 1 && mcs.samples == 1,
            "Gen%u %ux MCS shape", v, counts[i]);
      CHECK_EQ(mcs.row_pitch_B, pitch[i], "MCS pitch");
      CHECK_EQ(mcs.array_pitch_rows, 20, "MCS QPitch");
      CHECK_EQ(mcs.size_B, pitch[i] * 64ull, "MCS size");
   }
   /* Interleaved surfaces have none. */
   struct isl_surf_info info = ms_info(ISL_FORMAT_R32_FLOAT, 8, 4, 1, 4, ISL_USAGE_DEPTH);
   struct isl_surf s, mcs;
   CHECK(isl_surf_init(v, &info, &s) && !isl_surf_init_mcs(&s, &mcs), "Gen%u IMS MCS", v);
}

/* BDW Vol 5 "Compressed Multisample Surfaces": log2(samples) bits per
 * sample, sample 0 lowest; identity SS[i] = i; clear all ones. */
static void
test_mcs_values(void)
{
   CHECK(isl_mcs_bits_per_sample(2) == 1 && isl_mcs_bits_per_sample(4) == 2 &&
         isl_mcs_bits_per_sample(8) == 3 && isl_mcs_bits_per_sample(16) == 4,
         "MCS bits per sample");
   /* 2x: 0 | 1 << 1; 4x: 0 | 1<<2 | 2<<4 | 3<<6 = 4 + 32 + 192 = 0xe4; 8x:
    * 8 + 128 + 1536 + 16384 + 163840 + 1572864 + 14680064 = 16434824 =
    * 0xfac688; 16x: nibble i holds i. */
   CHECK_EQ(isl_mcs_identity_value(2), 0x2, "2x identity");
   CHECK_EQ(isl_mcs_identity_value(4), 0xe4, "4x identity");
   CHECK_EQ(isl_mcs_identity_value(8), 0xfac688, "8x identity");
   CHECK_EQ(isl_mcs_identity_value(16), 0xfedcba9876543210ull, "16x identity");
   /* 4x 0x1b = 00 01 10 11: sample 0 plane 3, 1 -> 2, 2 -> 1, 3 -> 0. */
   for (uint32_t s = 0; s < 4; s++)
      CHECK_EQ(isl_mcs_sample_plane(4, 0x1b, s), 3 - s, "4x plane");
   /* 8x 7 << 21 | 5 << 3 = 0xe00028: sample 7 plane 7, sample 1 plane 5. */
   CHECK_EQ(isl_mcs_sample_plane(8, 0xe00028, 7), 7, "8x s7");
   CHECK_EQ(isl_mcs_sample_plane(8, 0xe00028, 1), 5, "8x s1");
   CHECK_EQ(isl_mcs_sample_plane(8, 0xe00028, 4), 0, "8x s4");
   CHECK_EQ(isl_mcs_sample_plane(16, 0x0123456789abcdefull, 0), 0xf, "16x s0");
   CHECK_EQ(isl_mcs_sample_plane(16, 0x0123456789abcdefull, 14), 1, "16x s14");
   CHECK_EQ(isl_mcs_sample_plane(2, 0x1, 0), 1, "2x s0");
   CHECK_EQ(isl_mcs_sample_plane(2, 0x1, 1), 0, "2x s1");
   CHECK_EQ(isl_mcs_sample_plane(4, 0xff, 9), 0, "4x sample out of range");
   CHECK_EQ(isl_mcs_clear_value(4), 0xff, "4x clear");
   CHECK_EQ(isl_mcs_clear_value(8), 0xffffffffu, "8x clear");
   CHECK_EQ(isl_mcs_clear_value(16), ~0ull, "16x clear");
   CHECK(isl_mcs_is_clear(2, 0xff) && isl_mcs_is_clear(2, 0x03) && !isl_mcs_is_clear(2, 0x02),
         "2x clear detection");
   CHECK(isl_mcs_is_clear(4, 0xff) && !isl_mcs_is_clear(4, 0xfe), "4x clear detection");
   CHECK(isl_mcs_is_clear(8, 0xffffffffu) && !isl_mcs_is_clear(8, 0xffffff),
         "8x clear detection");
   CHECK(isl_mcs_is_clear(16, ~0ull) && !isl_mcs_is_clear(16, ~0ull >> 1),
         "16x clear detection");
}

/* The MS and MCS fields of a state, where the generation has them. */
struct ms_rss {
   uint32_t samples, msfmt, aux_mode, aux_pitch, aux_qpitch, clear[4];
   bool clear_addr_enable;
   uint64_t aux_address, clear_address;
};

#define MS_COMMON(s, r) do { \
   (r)->samples = (s).number_of_multisamples; \
   (r)->msfmt = (s).multisampled_surface_storage_format; \
   (r)->aux_pitch = (s).auxiliary_surface_pitch; \
   (r)->aux_address = (s).auxiliary_surface_base_address; \
} while (0)
#define CLEAR4(s, r) do { \
   (r)->clear[0] = (uint32_t)(s).red_clear_color; (r)->clear[1] = (uint32_t)(s).green_clear_color; \
   (r)->clear[2] = (uint32_t)(s).blue_clear_color; (r)->clear[3] = (uint32_t)(s).alpha_clear_color; \
} while (0)

static void
unpack_ms(unsigned v, const uint32_t *dw, struct ms_rss *r)
{
   memset(r, 0, sizeof(*r));
   if (v == 70) {
      struct GFX70_RENDER_SURFACE_STATE s;
      GFX70_RENDER_SURFACE_STATE_unpack(dw, &s);
      MS_COMMON(s, r);
      CLEAR4(s, r);
      r->aux_mode = s.mcs_enable;
   } else if (v == 75) {
      struct GFX75_RENDER_SURFACE_STATE s;
      GFX75_RENDER_SURFACE_STATE_unpack(dw, &s);
      MS_COMMON(s, r);
      CLEAR4(s, r);
      r->aux_mode = s.mcs_enable;
   } else if (v == 80) {
      struct GFX80_RENDER_SURFACE_STATE s;
      GFX80_RENDER_SURFACE_STATE_unpack(dw, &s);
      MS_COMMON(s, r);
      CLEAR4(s, r);
      r->aux_mode = s.auxiliary_surface_mode;
      r->aux_qpitch = s.auxiliary_surface_qpitch;
   } else if (v == 90) {
      struct GFX90_RENDER_SURFACE_STATE s;
      GFX90_RENDER_SURFACE_STATE_unpack(dw, &s);
      MS_COMMON(s, r);
      CLEAR4(s, r);
      r->aux_mode = s.auxiliary_surface_mode;
      r->aux_qpitch = s.auxiliary_surface_qpitch;
   } else if (v == 110) {
      struct GFX110_RENDER_SURFACE_STATE s;
      GFX110_RENDER_SURFACE_STATE_unpack(dw, &s);
      MS_COMMON(s, r);
      CLEAR4(s, r);
      r->aux_mode = s.auxiliary_surface_mode;
      r->aux_qpitch = s.auxiliary_surface_qpitch;
      r->clear_addr_enable = s.clear_value_address_enable;
      r->clear_address = s.clear_value_address;
   } else {
      struct GFX120_RENDER_SURFACE_STATE s;
      GFX120_RENDER_SURFACE_STATE_unpack(dw, &s);
      MS_COMMON(s, r);
      r->aux_mode = s.auxiliary_surface_mode;
      r->aux_qpitch = s.auxiliary_surface_qpitch;
      r->clear_addr_enable = s.clear_value_address_enable;
      r->clear_address = s.clear_value_address;
   }
}

/* 4x RGBA8 40x20, 3 layers, MCS at 0x40000, clear colour (1.0, 0, 1.0, 0):
 *  - Number of Multisamples 2 (MULTISAMPLECOUNT_4), MSFMT_MSS 0;
 *  - MCS pitch 128 = one tile: field 0; Gen8+ Auxiliary Surface QPitch
 *    20 >> 2 = 5; mode Gen7 MCS Enable 1, Gen8 AUX_MCS 1, Gen9/11 1
 *    (AUX_CCS_D's value), Gen12 AUX_CCS_E 5;
 *  - clear colour: Gen7/8 bits 1 0 1 0; Gen9/11 dwords 0x3f800000, 0,
 *    0x3f800000, 0; Gen12 the Clear Value Address 0x8040 (enable 1). */
static void
test_state_round_trip(unsigned v)
{
   struct isl_surf_info info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 40, 20, 3, 4,
                                       ISL_USAGE_SAMPLED | ISL_USAGE_RENDER);
   struct isl_surf s, mcs;
   if (!isl_surf_init(v, &info, &s) || !isl_surf_init_mcs(&s, &mcs)) {
      CHECK(0, "Gen%u round trip: init", v);
      return;
   }
   struct isl_view vw = { .format = ISL_FORMAT_R8G8B8A8_UNORM, .levels = 1, .layers = 3,
                          .usage = ISL_USAGE_SAMPLED, .swizzle = ISL_SWIZZLE_IDENTITY };
   struct isl_image_state st = {
      .surf = &s, .view = &vw, .address = 0x100000, .mcs_surf = &mcs,
      .mcs_address = 0x40000, .clear_color = { 0x3f800000, 0, 0x3f800000, 0 },
      .use_clear_address = v >= 120, .clear_address = v >= 120 ? 0x8040 : 0,
   };
   uint32_t dw[16];
   memset(dw, 0, sizeof(dw));
   if (!isl_fill_image_state(v, dw, &st)) {
      CHECK(0, "Gen%u round trip: fill", v);
      return;
   }
   struct ms_rss r;
   unpack_ms(v, dw, &r);
   CHECK(r.samples == 2 && r.msfmt == 0, "Gen%u MS fields %u %u", v, r.samples, r.msfmt);
   CHECK_EQ(r.aux_mode, v >= 120 ? 5 : 1, "aux mode / MCS enable");
   CHECK_EQ(r.aux_pitch, 0, "aux pitch");
   CHECK_EQ(r.aux_address, 0x40000, "aux address");
   if (v >= 80)
      CHECK_EQ(r.aux_qpitch, 5, "aux qpitch");
   if (v >= 120) {
      CHECK(r.clear_addr_enable && r.clear_address == 0x8040, "Gen12 clear address");
   } else {
      uint32_t one = v >= 90 ? 0x3f800000 : 1;
      CHECK(r.clear[0] == one && r.clear[1] == 0 && r.clear[2] == one && r.clear[3] == 0,
            "Gen%u clear fields %x %x %x %x", v, r.clear[0], r.clear[1], r.clear[2],
            r.clear[3]);
   }

   struct isl_state_desc d;
   CHECK(isl_decode_state(v, dw, &d), "Gen%u decode", v);
   CHECK(!d.unsupported, "Gen%u decode says %s", v, d.unsupported);
   CHECK(d.surf.samples == 4 && d.surf.msaa_layout == ISL_MSAA_LAYOUT_ARRAY &&
         d.surf.array_pitch_rows == 20 && d.surf.row_pitch_B == 256 && d.array_extent == 3,
         "Gen%u decoded surface: %ux %d qpitch %u pitch %u layers %u", v, d.surf.samples,
         d.surf.msaa_layout, d.surf.array_pitch_rows, d.surf.row_pitch_B, d.array_extent);
   /* Layer 2 sample 3 of (39, 19) in both descriptions: slice 11, row
    * 11 * 20 + 19 = 239 (tile row 7, row 15), byte 156 (tile column 1):
    * (7 * 2 + 1) * 4096 + (28 / 16) * 512 + 15 * 16 + 12 = 61440 + 512 + 252. */
   CHECK_EQ(isl_surf_sample_offset(&s, 2, 3, 39, 19), 62204, "init sample offset");
   CHECK_EQ(isl_surf_sample_offset(&d.surf, 2, 3, 39, 19), 62204, "decoded sample offset");
   CHECK(d.has_mcs && d.mcs_address == 0x40000 && d.mcs_surf.row_pitch_B == 128 &&
         d.mcs_surf.array_pitch_rows == 20 && d.mcs_surf.format == ISL_FORMAT_R8_UINT &&
         d.mcs_surf.tiling == ISL_TILING_Y && d.mcs_surf.size_B == mcs.size_B,
         "Gen%u decoded MCS: %d addr 0x%llx pitch %u qpitch %u size %llu", v, d.has_mcs,
         (unsigned long long)d.mcs_address, d.mcs_surf.row_pitch_B,
         d.mcs_surf.array_pitch_rows, (unsigned long long)d.mcs_surf.size_B);
   /* MCS element of (39, 19) layer 2: row 2 * 20 + 19 = 59 (tile row 1,
    * row 27), byte 39 (column 2): 4096 + 1024 + 432 + 7 = 5559. */
   CHECK_EQ(isl_surf_texel_offset(&d.mcs_surf, 0, 2, 39, 19), 5559, "decoded MCS offset");
   if (v >= 120) {
      CHECK(d.clear_color_at_address && d.clear_address == 0x8040, "Gen12 decoded clear");
   } else {
      CHECK(!d.clear_color_at_address && d.clear_color[0] == 0x3f800000 &&
            d.clear_color[1] == 0 && d.clear_color[2] == 0x3f800000 && d.clear_color[3] == 0,
            "Gen%u decoded clear colour", v);
   }

   /* Gen7/8 cannot say 0.5 in one bit; Gen12 needs the clear address. */
   st.clear_color[0] = 0x3f000000;
   st.use_clear_address = false;
   bool ok = isl_fill_image_state(v, dw, &st);
   CHECK(ok == (v == 90 || v == 110), "Gen%u clear 0.5 without address: %d", v, ok);
}

/* Gen11's clear colour can live in memory too (Clear Value Address
 * Enable), with Clear Color Conversion Enable. */
static void
test_gen11_clear_address(void)
{
   struct isl_surf_info info = ms_info(ISL_FORMAT_R8G8B8A8_UNORM, 40, 20, 1, 8,
                                       ISL_USAGE_SAMPLED);
   struct isl_surf s, mcs;
   CHECK(isl_surf_init(110, &info, &s) && isl_surf_init_mcs(&s, &mcs), "Gen11 8x init");
   struct isl_view vw = { .format = ISL_FORMAT_R8G8B8A8_UNORM, .levels = 1, .layers = 1,
                          .usage = ISL_USAGE_SAMPLED, .swizzle = ISL_SWIZZLE_IDENTITY };
   struct isl_image_state st = { .surf = &s, .view = &vw, .address = 0x100000,
                                 .mcs_surf = &mcs, .mcs_address = 0x40000,
                                 .use_clear_address = true, .clear_address = 0x7000 };
   uint32_t dw[16];
   CHECK(isl_fill_image_state(110, dw, &st), "Gen11 clear address fill");
   struct GFX110_RENDER_SURFACE_STATE rs;
   GFX110_RENDER_SURFACE_STATE_unpack(dw, &rs);
   /* MULTISAMPLECOUNT_8 = 3; MCS pitch 40 * 4 = 160 -> 256 = 2 tiles: 1. */
   CHECK(rs.number_of_multisamples == 3 && rs.auxiliary_surface_pitch == 1 &&
         rs.clear_value_address_enable && rs.clear_color_conversion_enable &&
         rs.clear_value_address == 0x7000, "Gen11 8x fields");
   struct isl_state_desc d;
   CHECK(isl_decode_state(110, dw, &d) && !d.unsupported && d.has_mcs &&
         d.mcs_surf.format == ISL_FORMAT_R32_UINT && d.mcs_surf.row_pitch_B == 256 &&
         d.clear_color_at_address && d.clear_address == 0x7000, "Gen11 8x decode");
}

/* An interleaved depth surface sampled: MSFMT_DEPTH_STENCIL, no MCS; the
 * decoded description addresses its samples as isl laid them out. */
static void
test_ims_state(unsigned v)
{
   struct isl_surf_info info = ms_info(ISL_FORMAT_R32_FLOAT, 8, 4, 2, 4,
                                       ISL_USAGE_DEPTH | ISL_USAGE_SAMPLED);
   struct isl_surf s;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u IMS init", v);
   struct isl_view vw = { .format = ISL_FORMAT_R32_FLOAT, .levels = 1, .layers = 2,
                          .usage = ISL_USAGE_SAMPLED, .swizzle = ISL_SWIZZLE_IDENTITY };
   struct isl_image_state st = { .surf = &s, .view = &vw, .address = 0x100000 };
   uint32_t dw[16];
   if (!isl_fill_image_state(v, dw, &st)) {
      CHECK(0, "Gen%u IMS fill", v);
      return;
   }
   struct ms_rss r;
   unpack_ms(v, dw, &r);
   CHECK(r.samples == 2 && r.msfmt == 1 && r.aux_mode == 0, "Gen%u IMS fields", v);
   struct isl_state_desc d;
   CHECK(isl_decode_state(v, dw, &d) && !d.unsupported && !d.has_mcs &&
         d.surf.msaa_layout == ISL_MSAA_LAYOUT_INTERLEAVED && d.surf.samples == 4,
         "Gen%u IMS decode", v);
   /* Layer 1 (0, 0) s0: test_ims_depth's 4544 (Gen7) / 128. */
   CHECK_EQ(isl_surf_sample_offset(&d.surf, 1, 0, 0, 0), v < 80 ? 4544 : 128,
            "decoded IMS layer 1");
   /* A mipmapped view of a multisampled surface is refused. */
   vw.min_lod = 1.0f;
   CHECK(!isl_fill_image_state(v, dw, &st), "Gen%u MS view with min LOD", v);
}

int
main(void)
{
   test_sample_counts();
   test_mcs_values();
   test_ims_8x_16x();
   test_gen11_clear_address();
   for (unsigned i = 0; i < NGENS; i++) {
      test_mss_colour(gens[i]);
      test_ims_depth(gens[i]);
      test_mcs_surf(gens[i]);
      test_state_round_trip(gens[i]);
      test_ims_state(gens[i]);
   }
   return isl_test_result("test_isl_msaa");
}
