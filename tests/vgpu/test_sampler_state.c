/* SAMPLER_STATE and SAMPLER_BORDER_COLOR_STATE read back for every
 * generation (src/vgpu/sampler/vgpu_sampler_state*.c).
 *
 * SAMPLER_STATE: two sets of field values are packed with each
 * generation's genxml pack function (test_sampler_state_genX.c), decoded,
 * and compared field by field with the values written here; a few states
 * are also built as raw dwords from the bit positions of Mesa's genxml
 * (gen7.xml, gen9.xml, gen12.xml), which checks what the pack and unpack
 * functions share.  Border colours: hand-built blocks in each
 * generation's layout (the PRM's, as Mesa's gen7.xml / gen75.xml /
 * gen8.xml give the bit positions) and the channels a texel of the format
 * would return, worked out in the comments. */
#include <string.h>

#include "../isl/isl_test.h"
#include "test_sampler_state.h"
#include "vgpu_sampler.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define F_ONE 0x3f800000u

typedef void (*pack_fn)(const struct test_sampler_fields *, uint32_t[4]);

static const struct gen {
   unsigned verx10;
   pack_fn pack;
} gens[] = {
   { 70, gfx70_test_sampler_pack }, { 75, gfx75_test_sampler_pack },
   { 80, gfx80_test_sampler_pack }, { 90, gfx90_test_sampler_pack },
   { 110, gfx110_test_sampler_pack }, { 120, gfx120_test_sampler_pack },
};

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Set A: filters LINEAR/ANISOTROPIC, mip LINEAR, per-axis address modes,
 * LEQUAL, RATIO 8:1 (field 3), every odd rounding bit, preclamp, cube
 * OVERRIDE, LOD values exact in the s4.8 / u4.8 / u4.1 encodings. */
static const struct test_sampler_fields set_a = {
   .min_filter = 1, .mag_filter = 2, .mip_filter = 3,
   .tcx = 4, .tcy = 1, .tcz = 7,
   .shadow_function = 4, .max_anisotropy = 3,
   .reduction_enable = true, .reduction_type = 2,
   .rounding = { true, false, true, false, true, false },
   .cube_override = true, .lod_preclamp = true, .mag_clamp_mipfilter = true,
   .lod_bias = -2.25f, .min_lod = 0.5f, .max_lod = 13.75f, .base_mip_level = 1.5f,
   .border_color_pointer = 0x12340,
};

/* Set B: the other values of the same fields. */
static const struct test_sampler_fields set_b = {
   .disable = true,
   .min_filter = 0, .mag_filter = 1, .mip_filter = 1,
   .tcx = 2, .tcy = 6, .tcz = 3,
   .shadow_function = 7, .max_anisotropy = 7,
   .reduction_enable = false, .reduction_type = 3,
   .rounding = { false, true, false, true, false, true },
   .non_normalized = true, .border_dx9 = true,
   .lod_bias = 15.5f, .min_lod = 14.0f, .max_lod = 0.25f, .base_mip_level = 0.0f,
   .border_color_pointer = 0xffffc0,
};

static void
check_state(unsigned verx10, const char *set, const struct test_sampler_fields *f,
            const struct vgpu_sampler_state *s)
{
#define FIELD(got, want) CHECK((got) == (want), "gen %u set %s: %s = %g, want %g", \
                               verx10, set, #got, (double)(got), (double)(want))
   FIELD(s->disabled, f->disable);
   FIELD(s->min_filter, f->min_filter);
   FIELD(s->mag_filter, f->mag_filter);
   FIELD(s->mip_filter, f->mip_filter);
   FIELD(s->address[0], f->tcx);
   FIELD(s->address[1], f->tcy);
   FIELD(s->address[2], f->tcz);
   FIELD(s->shadow_function, f->shadow_function);
   /* RATIO 2:1 is 0, so the ratio is 2 * (field + 1). */
   FIELD(s->max_anisotropy, 2 * (f->max_anisotropy + 1));
   /* Reduction Type only from Gen9 and only with its enable. */
   FIELD(s->reduction, verx10 >= 90 && f->reduction_enable ? f->reduction_type : 0);
   unsigned rounding = 0;
   for (unsigned i = 0; i < 6; i++)
      rounding |= f->rounding[i] ? 1u << i : 0;
   FIELD(s->rounding, rounding);
   FIELD(s->non_normalized, f->non_normalized);
   FIELD(s->cube_override, f->cube_override);
   FIELD(s->lod_preclamp, f->lod_preclamp);
   /* Ivy Bridge has no magnification clamp mode. */
   FIELD(s->mag_clamp_mipfilter, verx10 != 70 && f->mag_clamp_mipfilter);
   FIELD(s->border_dx9, f->border_dx9);
   FIELD(s->lod_bias, f->lod_bias);
   FIELD(s->min_lod, f->min_lod);
   FIELD(s->max_lod, f->max_lod);
   FIELD(s->base_mip_level, verx10 <= 80 ? f->base_mip_level : 0.0f);
   FIELD(s->border_color_pointer, f->border_color_pointer);
#undef FIELD
   /* Set B's DX9 border colour mode is the one setting vgpu does not
    * model; set A asks for nothing unmodelled (Haswell's trilinear
    * quality 1 is its magnification clamp mode). */
   if (f->border_dx9)
      CHECK(s->not_modelled && strstr(s->not_modelled, "DX9"), "gen %u set %s: not modelled %s",
            verx10, set, s->not_modelled ? s->not_modelled : "(none)");
   else
      CHECK(!s->not_modelled, "gen %u set %s: not modelled %s", verx10, set, s->not_modelled);
}

static void
test_packed_states(void)
{
   for (unsigned g = 0; g < COUNT(gens); g++) {
      const struct { const char *name; const struct test_sampler_fields *f; } sets[] = {
         { "A", &set_a }, { "B", &set_b },
      };
      for (unsigned i = 0; i < COUNT(sets); i++) {
         uint32_t dw[4] = { 0 };
         gens[g].pack(sets[i].f, dw);
         struct vgpu_sampler_state s;
         CHECK(vgpu_sampler_state_decode(gens[g].verx10, dw, &s), "gen %u decodes",
               gens[g].verx10);
         check_state(gens[g].verx10, sets[i].name, sets[i].f, &s);
      }
   }
   struct vgpu_sampler_state s;
   const uint32_t dw[4] = { 0 };
   CHECK(!vgpu_sampler_state_decode(60, dw, &s), "Gen6 is not a generation vgpu knows");
}

/* Raw dwords from gen9.xml's bit positions (also Gen11's):
 *   dw0: Texture LOD Bias 13:1 s4.8, Min Mode Filter 16:14, Mag 19:17,
 *        Mip 21:20, LOD PreClamp Mode 28:27, Sampler Disable 31;
 *   dw1: Cube Surface Control Mode 0, Shadow Function 3:1, Max LOD 19:8
 *        and Min LOD 31:20 u4.8;
 *   dw2: LOD Clamp Magnification Mode 0, Border Color Pointer 23:6;
 *   dw3: TCZ 2:0, TCY 5:3, TCX 8:6, Reduction Type Enable 9,
 *        Non-normalized 10, rounding 18:13 (R min, R mag, V min, V mag,
 *        U min, U mag), Maximum Anisotropy 21:19, Reduction Type 23:22. */
static void
test_raw_gen9(void)
{
   /* LOD bias -1.5: -384 in 13-bit two's complement is 8192 - 384 = 7808. */
   const uint32_t dw[4] = {
      7808u << 1 | 2u << 14 | 0u << 17 | 1u << 20 | 2u << 27,
      1u << 0 | 5u << 1 | (3u * 256u) << 8 | 64u << 20,          /* max 3.0, min 0.25 */
      0u << 0 | 0xabcdc0u,
      0u << 0 | 4u << 3 | 2u << 6 | 1u << 9 | 1u << 15 | 1u << 18 | 5u << 19 | 3u << 22,
   };
   for (unsigned verx10 = 90; verx10 <= 110; verx10 += 20) {
      struct vgpu_sampler_state s;
      CHECK(vgpu_sampler_state_decode(verx10, dw, &s), "raw gen %u decodes", verx10);
      CHECK(s.lod_bias == -1.5f, "raw gen %u lod bias %g", verx10, s.lod_bias);
      CHECK(s.min_filter == VGPU_MAPFILTER_ANISOTROPIC && s.mag_filter == VGPU_MAPFILTER_NEAREST &&
            s.mip_filter == VGPU_MIPFILTER_NEAREST, "raw gen %u filters", verx10);
      CHECK(s.lod_preclamp && !s.disabled && s.cube_override, "raw gen %u dw0/1 bits", verx10);
      CHECK(s.shadow_function == VGPU_PREFILTER_GREATER, "raw gen %u shadow", verx10);
      CHECK(s.max_lod == 3.0f && s.min_lod == 0.25f, "raw gen %u lods", verx10);
      CHECK(!s.mag_clamp_mipfilter, "raw gen %u mag clamp", verx10);
      CHECK(s.border_color_pointer == 0xabcdc0u, "raw gen %u pointer 0x%x", verx10,
            s.border_color_pointer);
      CHECK(s.address[0] == VGPU_TC_CLAMP && s.address[1] == VGPU_TC_CLAMP_BORDER &&
            s.address[2] == VGPU_TC_WRAP, "raw gen %u address modes", verx10);
      CHECK(s.reduction == VGPU_REDUCTION_MAX, "raw gen %u reduction %u", verx10, s.reduction);
      /* bit 15 is V min (rounding bit 3), bit 18 U mag (bit 0) */
      CHECK(s.rounding == (1u << 3 | 1u << 0), "raw gen %u rounding 0x%x", verx10, s.rounding);
      /* field 5 is RATIO 12:1 */
      CHECK(s.max_anisotropy == 12, "raw gen %u anisotropy %u", verx10, s.max_anisotropy);
   }
}

/* Gen7's dwords (gen7.xml): Base Mip Level 26:22 u4.1, LOD PreClamp
 * Enable 28, Border Color Pointer 31:5 (32-byte aligned). */
static void
test_raw_gen7(void)
{
   const uint32_t dw[4] = { 7u << 22 | 1u << 28, 0, 0xfedcba00u | 0x1fu, 0 };
   struct vgpu_sampler_state s;
   CHECK(vgpu_sampler_state_decode(70, dw, &s), "raw gen7 decodes");
   CHECK(s.base_mip_level == 3.5f, "raw gen7 base mip %g (7 / 2)", s.base_mip_level);
   CHECK(s.lod_preclamp, "raw gen7 preclamp");
   CHECK(s.border_color_pointer == 0xfedcba00u, "raw gen7 pointer 0x%x",
         s.border_color_pointer);
   CHECK(s.reduction == VGPU_REDUCTION_STD, "gen7 has no reduction");
}

/* Gen12's Border Color Pointer is 31:6 (Mesa's gen12.xml, 70..95): a
 * pointer above 16 MB keeps its top bits; dw2's low bits are other
 * fields. */
static void
test_raw_gen12_pointer(void)
{
   const uint32_t dw[4] = { 0, 0, 0x87654340u | 0x3fu, 0 };
   struct vgpu_sampler_state s;
   CHECK(vgpu_sampler_state_decode(120, dw, &s), "raw gen12 decodes");
   CHECK(s.border_color_pointer == 0x87654340u, "gen12 pointer 0x%x", s.border_color_pointer);
   CHECK(s.mag_clamp_mipfilter, "gen12 dw2 bit 0 is the magnification clamp mode");
   /* Gen11 stops at bit 23. */
   CHECK(vgpu_sampler_state_decode(110, dw, &s), "raw gen11 decodes");
   CHECK(s.border_color_pointer == 0x654340u, "gen11 pointer 0x%x", s.border_color_pointer);
}

/* Every bit set, on every generation: each field at its largest
 * encoding.  LOD bias 13 one-bits is -1 in s4.8: -1/256; Min/Max LOD
 * 12 one-bits in u4.8: 4095/256 = 15.99609375; RATIO 16:1; address modes
 * 7 (MIRROR_101); Haswell's trilinear quality 3 is not its magnification
 * clamp and is a reduced quality vgpu names. */
static void
test_all_ones(void)
{
   const uint32_t dw[4] = { ~0u, ~0u, ~0u, ~0u };
   for (unsigned g = 0; g < COUNT(gens); g++) {
      const unsigned verx10 = gens[g].verx10;
      struct vgpu_sampler_state s;
      CHECK(vgpu_sampler_state_decode(verx10, dw, &s), "gen %u all ones decodes", verx10);
      CHECK(s.lod_bias == -1.0f / 256.0f, "gen %u all ones bias %g", verx10, s.lod_bias);
      CHECK(s.min_lod == 15.99609375f && s.max_lod == 15.99609375f, "gen %u all ones lods",
            verx10);
      CHECK(s.max_anisotropy == 16, "gen %u all ones anisotropy %u", verx10, s.max_anisotropy);
      CHECK(s.address[0] == 7 && s.address[1] == 7 && s.address[2] == 7,
            "gen %u all ones address modes", verx10);
      CHECK(s.rounding == 0x3f && s.disabled && s.non_normalized && s.cube_override,
            "gen %u all ones flags", verx10);
      CHECK(s.not_modelled != NULL, "gen %u all ones asks for something unmodelled", verx10);
      CHECK(s.mag_clamp_mipfilter == (verx10 >= 80), "gen %u all ones magnification clamp",
            verx10);
   }
}

/* Settings vgpu names as not modelled, each alone in otherwise zero
 * dwords (bit positions from Mesa's genxml): ChromaKey Enable (Gen7 dw3
 * bit 25, Gen8+ dw1 bit 7), Trilinear Filter Quality MED (dw3 12:11 = 2),
 * MAPFILTER_MONO (6) as Mag Mode Filter (dw0 19:17), Gen11+ SRGB DECODE
 * skip (dw2 bit 1), Gen12 Low Quality Filter (dw3 bit 26), Gen9+
 * Reduction Type COMPARISON. */
static void
test_not_modelled(void)
{
   static const struct {
      unsigned verx10, dword;
      uint32_t bits;
      const char *word;
   } cases[] = {
      { 70, 3, 1u << 25, "ChromaKey" }, { 75, 3, 1u << 25, "ChromaKey" },
      { 80, 1, 1u << 7, "ChromaKey" }, { 120, 1, 1u << 7, "ChromaKey" },
      { 70, 3, 2u << 11, "Trilinear" }, { 75, 3, 2u << 11, "Trilinear" },
      { 90, 3, 2u << 11, "Trilinear" }, { 90, 0, 6u << 17, "MONO" },
      { 110, 2, 1u << 1, "SRGB" }, { 120, 3, 1u << 26, "Low Quality Filter" },
      /* Reduction Type Enable (dw3 bit 9) with COMPARISON (23:22 = 1) */
      { 90, 3, 1u << 9 | 1u << 22, "COMPARISON" },
   };
   for (unsigned i = 0; i < COUNT(cases); i++) {
      uint32_t dw[4] = { 0 };
      dw[cases[i].dword] = cases[i].bits;
      struct vgpu_sampler_state s;
      vgpu_sampler_state_decode(cases[i].verx10, dw, &s);
      CHECK(s.not_modelled && strstr(s.not_modelled, cases[i].word),
            "gen %u dw%u 0x%x: not modelled \"%s\", want %s", cases[i].verx10, cases[i].dword,
            cases[i].bits, s.not_modelled ? s.not_modelled : "(none)", cases[i].word);
   }
   /* Gen8 ignores Gen11's dw2 bit 1 (reserved there) and Haswell's
    * trilinear quality 1 is the magnification clamp. */
   struct vgpu_sampler_state s;
   vgpu_sampler_state_decode(80, (const uint32_t[4]){ 0, 0, 1u << 1, 0 }, &s);
   CHECK(!s.not_modelled, "gen8 dw2 bit 1: %s", s.not_modelled);
   vgpu_sampler_state_decode(75, (const uint32_t[4]){ 0, 0, 0, 1u << 11 }, &s);
   CHECK(!s.not_modelled && s.mag_clamp_mipfilter, "haswell trilinear 1");
}

/* ---- border colours ---------------------------------------------------- */

static const struct isl_format_layout *
fmt(enum isl_format f)
{
   const struct isl_format_layout *l = isl_format_layout(f);
   CHECK(l != NULL, "isl knows format 0x%x", f);
   return l;
}

static void
check_border(unsigned verx10, const uint8_t *bc, enum isl_format f, const uint32_t want[4])
{
   const struct isl_format_layout *l = fmt(f);
   if (!l)
      return;
   uint32_t got[4] = { 0xdead, 0xdead, 0xdead, 0xdead };
   vgpu_sampler_border_color(verx10, bc, l, got);
   for (unsigned c = 0; c < 4; c++)
      CHECK(got[c] == want[c], "gen %u %s border channel %u: 0x%08x, want 0x%08x", verx10,
            l->name, c, got[c], want[c]);
}

static void
put32(uint8_t *p, uint32_t v)
{
   memcpy(p, &v, 4);
}

/* Ivy Bridge and Gen8+: four dwords, floats or integers as the format
 * reads them; channels the format lacks read 0 and alpha 1. */
static void
test_border_four_dwords(unsigned verx10)
{
   CHECK(vgpu_sampler_border_bytes(verx10) == 16, "gen %u border bytes", verx10);
   uint8_t bc[16];
   const uint32_t f[4] = { fbits(0.25f), fbits(0.5f), fbits(0.75f), fbits(2.0f) };
   for (unsigned c = 0; c < 4; c++)
      put32(bc + 4 * c, f[c]);
   check_border(verx10, bc, ISL_FORMAT_R8G8B8A8_UNORM, f);
   check_border(verx10, bc, ISL_FORMAT_R32G32B32A32_FLOAT, f);
   /* R8: G and B absent (0), alpha absent (1.0). */
   check_border(verx10, bc, ISL_FORMAT_R8_UNORM, (uint32_t[4]){ f[0], 0, 0, F_ONE });
   /* A8: only alpha. */
   check_border(verx10, bc, ISL_FORMAT_A8_UNORM, (uint32_t[4]){ 0, 0, 0, f[3] });
   /* L8: luminance delivers R, G, B; no alpha. */
   check_border(verx10, bc, ISL_FORMAT_L8_UNORM_SRGB, (uint32_t[4]){ f[0], f[1], f[2], F_ONE });
   /* R24 depth with padding: R only. */
   check_border(verx10, bc, ISL_FORMAT_R24_UNORM_X8_TYPELESS, (uint32_t[4]){ f[0], 0, 0, F_ONE });

   /* Integers: the 32-bit words, unchanged even where the channel is
    * narrower (-1 and 300 for 8-bit channels); missing alpha is integer 1. */
   const uint32_t i[4] = { 0xffffffffu, 300, 7, 9 };
   for (unsigned c = 0; c < 4; c++)
      put32(bc + 4 * c, i[c]);
   check_border(verx10, bc, ISL_FORMAT_R8G8B8A8_SINT, i);
   check_border(verx10, bc, ISL_FORMAT_R32G32_UINT, (uint32_t[4]){ i[0], i[1], 0, 1 });
   check_border(verx10, bc, ISL_FORMAT_R16_SINT, (uint32_t[4]){ i[0], 0, 0, 1 });
}

/* Haswell: 80 bytes; the float colour in dwords 0-3, the integer colours
 * from byte 64: 8-bit RGBA in bytes 64-67; 16-bit R at 64, G at 66, B at
 * 72, A at 74; 32-bit R, G, B, A at 64, 68, 72, 76, except RG32 whose
 * green is at 72.  Integer formats return the programmed values even for
 * channels they lack (the PRM asks software to program 0 and alpha 1). */
static void
test_border_haswell(void)
{
   CHECK(vgpu_sampler_border_bytes(75) == 80, "haswell border bytes");
   uint8_t bc[80];
   memset(bc, 0xcc, sizeof(bc));
   const uint32_t f[4] = { fbits(1.0f), fbits(-0.5f), fbits(0.125f), fbits(0.0f) };
   for (unsigned c = 0; c < 4; c++)
      put32(bc + 4 * c, f[c]);
   /* bytes 64..79: 0x81 0x02 0x03 0x04 | 0x05 0x80 0x07 0x08 |
    *               0x09 0x0a 0x0b 0x0c | 0x0d 0x0e 0x0f 0x10 */
   const uint8_t ints[16] = { 0x81, 0x02, 0x03, 0x04, 0x05, 0x80, 0x07, 0x08,
                              0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10 };
   memcpy(bc + 64, ints, 16);

   check_border(75, bc, ISL_FORMAT_R8G8B8A8_UNORM, f);
   check_border(75, bc, ISL_FORMAT_R16G16_FLOAT, (uint32_t[4]){ f[0], f[1], 0, F_ONE });

   check_border(75, bc, ISL_FORMAT_R8G8B8A8_UINT, (uint32_t[4]){ 0x81, 0x02, 0x03, 0x04 });
   /* R8_SINT: 0x81 sign-extends to -127; G, B, A as programmed. */
   check_border(75, bc, ISL_FORMAT_R8_SINT, (uint32_t[4]){ 0xffffff81u, 0x02, 0x03, 0x04 });
   /* 16-bit: R = 0x0281 (bytes 64-65), G = 0x0403, B = 0x0a09 (72-73),
    * A = 0x0c0b (74-75). */
   check_border(75, bc, ISL_FORMAT_R16G16B16A16_UINT,
                (uint32_t[4]){ 0x0281, 0x0403, 0x0a09, 0x0c0b });
   /* 10-bit channels take the 16-bit layout. */
   check_border(75, bc, ISL_FORMAT_R10G10B10A2_UINT,
                (uint32_t[4]){ 0x0281, 0x0403, 0x0a09, 0x0c0b });
   /* R16_SINT: R = 0x0281 positive; G = 0x0403; B, A as programmed. */
   check_border(75, bc, ISL_FORMAT_R16_SINT, (uint32_t[4]){ 0x0281, 0x0403, 0x0a09, 0x0c0b });
   /* 32-bit: little-endian words at 64, 68, 72, 76. */
   check_border(75, bc, ISL_FORMAT_R32G32B32A32_UINT,
                (uint32_t[4]){ 0x04030281u, 0x08078005u, 0x0c0b0a09u, 0x100f0e0du });
   /* RG32: green from the word at 72, blue 0, alpha the word at 76. */
   check_border(75, bc, ISL_FORMAT_R32G32_UINT,
                (uint32_t[4]){ 0x04030281u, 0x0c0b0a09u, 0, 0x100f0e0du });

   /* A negative 16-bit value sign-extends for SINT only: put 0x8005 at
    * byte 64. */
   bc[64] = 0x05;
   bc[65] = 0x80;
   check_border(75, bc, ISL_FORMAT_R16G16B16A16_SINT,
                (uint32_t[4]){ 0xffff8005u, 0x0403, 0x0a09, 0x0c0b });
   check_border(75, bc, ISL_FORMAT_R16G16B16A16_UINT,
                (uint32_t[4]){ 0x8005, 0x0403, 0x0a09, 0x0c0b });
}

int
main(void)
{
   test_packed_states();
   test_raw_gen9();
   test_raw_gen7();
   test_raw_gen12_pointer();
   test_not_modelled();
   test_all_ones();
   test_border_four_dwords(70);
   test_border_four_dwords(80);
   test_border_four_dwords(90);
   test_border_four_dwords(110);
   test_border_four_dwords(120);
   test_border_haswell();
   return isl_test_result("test_sampler_state");
}
