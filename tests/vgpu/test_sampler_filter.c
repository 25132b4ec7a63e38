/* The sampler's filter layer (src/vgpu/sampler/vgpu_sampler_filter.c,
 * _lod.c, _address.c) on small surfaces in host memory, laid out and
 * described by isl as the drivers do (isl_surf_init, isl_fill_image_state)
 * and read back as the sampler reads them (vgpu_tex_surface_decode).
 * Every expected value is derived by hand in the test from the Vulkan
 * spec ("Texel Filtering", "Image Operations") and the PRM's
 * SAMPLER_STATE rules; each derivation is written next to its check. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_send.h"
#include "vgpu_sampler.h"

static int failures;

#define CHECK(cond, ...)                                    \
   do {                                                     \
      if (!(cond)) {                                        \
         failures++;                                        \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);        \
         printf(__VA_ARGS__);                               \
         printf("\n");                                      \
      }                                                     \
   } while (0)

#define BASE_ADDR 0x100000ull

struct tex {
   struct isl_surf surf;
   uint8_t *mem;
   struct vgpu_tex_surface s;
   struct vgpu_tex_mem m;
};

static void *
tex_map(void *user, uint64_t addr, uint64_t len)
{
   struct tex *t = user;
   if (addr < BASE_ADDR || addr + len > BASE_ADDR + t->surf.size_B)
      return NULL;
   return t->mem + (addr - BASE_ADDR);
}

struct tex_desc {
   enum isl_surf_dim dim;
   enum isl_format format;
   uint32_t w, h, d, levels, layers;   /* layers: array layers (cubes: faces) */
   bool cube;
   struct isl_swizzle swizzle;         /* zero: identity */
};

static bool
tex_make(struct tex *t, unsigned verx10, const struct tex_desc *d)
{
   memset(t, 0, sizeof(*t));
   uint32_t usage = ISL_USAGE_SAMPLED | (d->cube ? ISL_USAGE_CUBE : 0);
   struct isl_surf_info info = {
      .dim = d->dim, .format = d->format, .width = d->w, .height = d->h,
      .depth = d->d ? d->d : 1, .levels = d->levels ? d->levels : 1,
      .array_len = d->layers ? d->layers : 1, .usage = usage,
      .tilings = ISL_TILING_BIT(ISL_TILING_LINEAR),
   };
   if (!isl_surf_init(verx10, &info, &t->surf))
      return false;
   t->mem = calloc(1, t->surf.size_B);
   struct isl_view view = {
      .format = d->format, .levels = info.levels, .layers = info.array_len, .usage = usage,
      .swizzle = d->swizzle.r ? d->swizzle : ISL_SWIZZLE_IDENTITY,
   };
   struct isl_image_state is = { .surf = &t->surf, .view = &view, .address = BASE_ADDR };
   uint32_t dw[16] = { 0 };
   if (!t->mem || !isl_fill_image_state(verx10, dw, &is) ||
       !vgpu_tex_surface_decode(verx10, dw, &t->s) || t->s.not_modelled)
      return false;
   t->m = (struct vgpu_tex_mem){ .user = t, .map = tex_map };
   return true;
}

static void
tex_free(struct tex *t)
{
   free(t->mem);
   t->mem = NULL;
}

static uint32_t
fbits(float f)
{
   union { float f; uint32_t u; } v = { .f = f };
   return v.u;
}

static float
bitsf(uint32_t u)
{
   union { uint32_t u; float f; } v = { .u = u };
   return v.f;
}

/* Stores float channels (isl_texel_pack converts to the format). */
static void
tex_put(struct tex *t, uint32_t level, uint32_t slice, uint32_t x, uint32_t y, float r, float g,
        float b, float a)
{
   uint32_t rgba[4] = { fbits(r), fbits(g), fbits(b), fbits(a) };
   uint64_t off = isl_surf_texel_offset(&t->surf, level, slice, x, y);
   isl_texel_pack(isl_format_layout(t->surf.format), rgba, 0xf, t->mem + off);
}

static struct vgpu_sampler_state
sampler(uint8_t filter, uint8_t mip, uint8_t address)
{
   struct vgpu_sampler_state ss = {
      .min_filter = filter, .mag_filter = filter, .mip_filter = mip,
      .address = { address, address, address },
      .max_anisotropy = 2, .max_lod = 14.0f,
   };
   return ss;
}

static const uint32_t border_green[4] = { 0, 0x3f800000u, 0, 0x3f800000u };

/* Samples one pixel (pixel 0 of a subspan whose other pixels repeat it,
 * so implicit derivatives are 0) and returns its four channels. */
static bool
sample1(struct tex *t, const struct vgpu_sampler_state *ss, const struct vgpu_tex_op *op,
        const struct vgpu_tex_args *a, uint32_t out[4])
{
   struct vgpu_tex_args args[4] = { *a, *a, *a, *a };
   uint32_t res[4][4];
   bool ok = vgpu_tex_sample_quad(&t->m, &t->s, ss, border_green, op, args, 1, res);
   memcpy(out, res[0], 16);
   return ok;
}

static float
sample_r(struct tex *t, const struct vgpu_sampler_state *ss, const struct vgpu_tex_op *op,
         const struct vgpu_tex_args *a)
{
   uint32_t out[4];
   if (!sample1(t, ss, op, a, out))
      return -12345.0f;
   return bitsf(out[0]);
}

static bool
near(float a, float b)
{
   return fabsf(a - b) <= 1e-4f * (1.0f + fabsf(b));
}

/* ---- ld ---- */

/* 4x4 R32_FLOAT, 2 LODs, 3 layers: LOD 0 texel (x, y) of layer l holds
 * 100 l + 10 y + x, LOD 1 the same plus 1000. */
static void
test_fetch(unsigned verx10)
{
   struct tex t;
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32_FLOAT, 4, 4, 1, 2, 3, false, { 0 } };
   if (!tex_make(&t, verx10, &d)) {
      CHECK(false, "Gen%u: surface set-up", verx10);
      tex_free(&t);
      return;
   }
   for (uint32_t l = 0; l < 3; l++)
      for (uint32_t y = 0; y < 4; y++)
         for (uint32_t x = 0; x < 4; x++) {
            tex_put(&t, 0, l, x, y, 100.0f * l + 10.0f * y + x, 0, 0, 1);
            if (x < 2 && y < 2)
               tex_put(&t, 1, l, x, y, 1000.0f + 100.0f * l + 10.0f * y + x, 0, 0, 1);
         }
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_LD, .lod = VGPU_TEX_LOD_EXPLICIT, .fetch = true };
   struct {
      int32_t x, y, layer, lod;
      int8_t off_u;
      float want;
   } cases[] = {
      { 1, 2, 1, 0, 0, 121.0f },     /* 100 * 1 + 10 * 2 + 1 */
      { 1, 1, 2, 1, 0, 1211.0f },    /* LOD 1: 1000 + 200 + 10 + 1 */
      { 3, 3, 0, 0, 0, 33.0f },
      { 2, 0, 0, 0, -1, 1.0f },      /* offset -1: x = 1 */
      { 4, 0, 0, 0, 0, 0.0f },       /* past the width: 0 */
      { 3, 0, 0, 0, 1, 0.0f },       /* the offset takes it past: 0 */
      { -1, 0, 0, 0, 0, 0.0f },
      { 0, 4, 0, 0, 0, 0.0f },
      { 2, 0, 0, 1, 0, 0.0f },       /* LOD 1 is 2 wide */
      { 0, 0, 3, 0, 0, 0.0f },       /* layer 3 of 3 */
      { 0, 0, -1, 0, 0, 0.0f },
      { 0, 0, 0, 2, 0, 0.0f },       /* LOD 2 of 2 */
      { 0, 0, 0, -1, 0, 0.0f },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct vgpu_tex_args a = { .icoord = { cases[i].x, cases[i].y, cases[i].layer },
                                 .ilod = cases[i].lod };
      op.offset[0] = cases[i].off_u;
      uint32_t out[4];
      bool ok = sample1(&t, NULL, &op, &a, out);
      /* Out of range is 0 in every channel (alpha too). */
      bool want_zero = cases[i].want == 0.0f;
      CHECK(ok && bitsf(out[0]) == cases[i].want && (want_zero ? out[3] == 0 : bitsf(out[3]) == 1.0f),
            "Gen%u ld case %u: got %g a %g want %g", verx10, i, bitsf(out[0]), bitsf(out[3]),
            cases[i].want);
   }
   /* ld_lz ignores the LOD parameter. */
   op = (struct vgpu_tex_op){ .type = ISA_SAMPLER_LD_LZ, .lod = VGPU_TEX_LOD_ZERO, .fetch = true };
   struct vgpu_tex_args a = { .icoord = { 2, 1, 0 }, .ilod = 5 };
   CHECK(sample_r(&t, NULL, &op, &a) == 12.0f, "Gen%u ld_lz", verx10);
   /* Only live pixels are written: pixel 1 is dead and stays 0. */
   struct vgpu_tex_args args[4] = { a, a, a, a };
   uint32_t res[4][4];
   CHECK(vgpu_tex_sample_quad(&t.m, &t.s, NULL, NULL, &op, args, 0xd, res) &&
         bitsf(res[0][0]) == 12.0f && res[1][0] == 0 && bitsf(res[3][0]) == 12.0f,
         "Gen%u live mask", verx10);
   tex_free(&t);
}

/* Channel selects (Haswell+): RGBA8 texel (0.2, 0.4, 0.6, 0.8) read
 * through (B, ONE, ZERO, R); integer formats' ONE is 1. */
static void
test_selects(unsigned verx10)
{
   struct tex t;
   struct isl_swizzle sw = { ISL_SCS_BLUE, ISL_SCS_ONE, ISL_SCS_ZERO, ISL_SCS_RED };
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1, 1, false, sw };
   CHECK(tex_make(&t, verx10, &d), "Gen%u selects set-up", verx10);
   tex_put(&t, 0, 0, 1, 0, 0.25f, 0.5f, 0.75f, 2.0f);
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_LD, .lod = VGPU_TEX_LOD_EXPLICIT, .fetch = true };
   struct vgpu_tex_args a = { .icoord = { 1, 0, 0 } };
   uint32_t out[4];
   CHECK(sample1(&t, NULL, &op, &a, out) && bitsf(out[0]) == 0.75f && bitsf(out[1]) == 1.0f &&
         out[2] == 0 && bitsf(out[3]) == 0.25f,
         "Gen%u selects: %g %g %g %g", verx10, bitsf(out[0]), bitsf(out[1]), bitsf(out[2]),
         bitsf(out[3]));
   /* Sampled the same way, nearest. */
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   struct vgpu_tex_op so = { .type = ISA_SAMPLER_SAMPLE_L, .lod = VGPU_TEX_LOD_EXPLICIT };
   struct vgpu_tex_args sa = { .coord = { 0.75f, 0.25f } };
   CHECK(sample1(&t, &ss, &so, &sa, out) && bitsf(out[0]) == 0.75f && bitsf(out[1]) == 1.0f &&
         out[2] == 0 && bitsf(out[3]) == 0.25f, "Gen%u sample selects", verx10);
   tex_free(&t);

   struct tex ti;
   struct tex_desc di = { ISL_SURF_DIM_2D, ISL_FORMAT_R32G32B32A32_UINT, 2, 2, 1, 1, 1, false, sw };
   CHECK(tex_make(&ti, verx10, &di), "Gen%u integer selects set-up", verx10);
   uint32_t texel[4] = { 7, 8, 9, 10 };
   isl_texel_pack(isl_format_layout(ti.surf.format), texel, 0xf,
                  ti.mem + isl_surf_texel_offset(&ti.surf, 0, 0, 0, 1));
   a = (struct vgpu_tex_args){ .icoord = { 0, 1, 0 } };
   CHECK(sample1(&ti, NULL, &op, &a, out) && out[0] == 9 && out[1] == 1 && out[2] == 0 &&
         out[3] == 7, "Gen%u integer selects: %u %u %u %u", verx10, out[0], out[1], out[2], out[3]);
   tex_free(&ti);
}

/* ---- 2D filtering and addressing ---- */

/* 4x4 R32G32B32A32_FLOAT: R = x^2 + 10 y^2, G = 100 + R. */
static float
f2(int x, int y)
{
   return (float)(x * x + 10 * y * y);
}

static bool
make_4x4(struct tex *t, unsigned verx10)
{
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1, 1, 1, false, { 0 } };
   if (!tex_make(t, verx10, &d))
      return false;
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         tex_put(t, 0, 0, x, y, f2(x, y), 100.0f + f2(x, y), 0, 1);
   return true;
}

static void
test_filter_2d(void)
{
   struct tex t;
   CHECK(make_4x4(&t, 90), "4x4 set-up");
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_SAMPLE_L, .lod = VGPU_TEX_LOD_EXPLICIT };
   /* u = 0.4375: 1.75 texels, minus the half texel 1.25: i0 = 1, a = 0.25;
    * v = 0.3125: 1.25 - 0.5 = 0.75: j0 = 0, b = 0.75.  Texels (1,0) = 1,
    * (2,0) = 4, (1,1) = 11, (2,1) = 14:
    * 0.75*0.25*1 + 0.25*0.25*4 + 0.75*0.75*11 + 0.25*0.75*14 = 9.25. */
   struct vgpu_tex_args a = { .coord = { 0.4375f, 0.3125f } };
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   CHECK(near(sample_r(&t, &ss, &op, &a), 9.25f), "bilinear: %g", sample_r(&t, &ss, &op, &a));
   /* Nearest: floor(1.75) = 1, floor(1.25) = 1: texel (1,1) = 11. */
   ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   CHECK(sample_r(&t, &ss, &op, &a) == 11.0f, "nearest");
   /* Magnification (LOD 0) takes the mag filter: nearest, though min is
    * linear; and the other way round. */
   ss.min_filter = VGPU_MAPFILTER_LINEAR;
   CHECK(sample_r(&t, &ss, &op, &a) == 11.0f, "mag filter nearest");
   ss.mag_filter = VGPU_MAPFILTER_LINEAR;
   ss.min_filter = VGPU_MAPFILTER_NEAREST;
   CHECK(near(sample_r(&t, &ss, &op, &a), 9.25f), "mag filter linear");

   /* Min/max reduction over the same four texels: 1 and 14. */
   ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   ss.reduction = VGPU_REDUCTION_MIN;
   CHECK(sample_r(&t, &ss, &op, &a) == 1.0f, "min reduction");
   ss.reduction = VGPU_REDUCTION_MAX;
   CHECK(sample_r(&t, &ss, &op, &a) == 14.0f, "max reduction");

   /* Non-normalized: (1.5, 1.5) is texel (1,1)'s centre: 11 exactly. */
   ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   ss.non_normalized = true;
   a = (struct vgpu_tex_args){ .coord = { 1.5f, 1.5f } };
   CHECK(sample_r(&t, &ss, &op, &a) == 11.0f, "non-normalized");

   /* Texel offsets: u = 0.375 (1.5 texels, texel 1's centre) + 1 -> texel 2,
    * v = 0.125 -> row 0: f(2, 0) = 4. */
   ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   op.offset[0] = 1;
   a = (struct vgpu_tex_args){ .coord = { 0.375f, 0.125f } };
   CHECK(sample_r(&t, &ss, &op, &a) == 4.0f, "offset: %g", sample_r(&t, &ss, &op, &a));
   tex_free(&t);
}

/* Each address mode on one axis of the 4x4 texture, nearest: u in
 * texels (v = row 0, so the result is x^2 of the texel picked).  MIRROR
 * and MIRROR_ONCE reflect the coordinate (PRM: the map mirrored at every
 * integer boundary), the other modes the integer index floor(u). */
static void
test_address(void)
{
   struct tex t;
   CHECK(make_4x4(&t, 90), "4x4 set-up");
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_SAMPLE_L, .lod = VGPU_TEX_LOD_EXPLICIT };
   struct {
      uint8_t mode;
      float u_texels;
      int want_x;     /* -1: the border colour */
   } cases[] = {
      { VGPU_TC_WRAP, 5.5f, 1 },          /* 5 mod 4 */
      { VGPU_TC_WRAP, -0.5f, 3 },         /* -1 mod 4 */
      { VGPU_TC_MIRROR, 5.5f, 2 },        /* 5 in period 8 -> 7 - 5 */
      { VGPU_TC_MIRROR, -0.5f, 0 },       /* -1 -> 7 -> 0: the edge repeats */
      { VGPU_TC_MIRROR, -4.5f, 3 },       /* -5 -> 3 */
      /* Exactly on texel boundaries: the coordinate reflects (period 8:
       * 5.0 -> 8 - 5.0 = 3.0, texel 3; 4.0 -> 4.0, the far edge: texel 3;
       * 12.0 -> 4.0 -> texel 3; 9.0 -> 1.0 -> texel 1). */
      { VGPU_TC_MIRROR, 5.0f, 3 },
      { VGPU_TC_MIRROR, 4.0f, 3 },
      { VGPU_TC_MIRROR, 12.0f, 3 },
      { VGPU_TC_MIRROR, 9.0f, 1 },
      { VGPU_TC_WRAP, 4.0f, 0 },
      { VGPU_TC_MIRROR_ONCE, -1.0f, 1 },  /* |-1.0| = 1.0: texel 1 */
      { VGPU_TC_CLAMP, 5.5f, 3 },
      { VGPU_TC_CLAMP, -7.0f, 0 },
      { VGPU_TC_CLAMP_BORDER, 4.5f, -1 },
      { VGPU_TC_CLAMP_BORDER, -0.5f, -1 },
      { VGPU_TC_CLAMP_BORDER, 3.5f, 3 },
      { VGPU_TC_MIRROR_ONCE, -1.5f, 1 },  /* -2 -> 1 */
      { VGPU_TC_MIRROR_ONCE, -9.5f, 3 },  /* -10 -> 9 -> clamped 3 */
      { VGPU_TC_MIRROR_ONCE, 6.5f, 3 },
      { VGPU_TC_MIRROR_101, 4.5f, 2 },    /* period 6: 4 -> 2 */
      { VGPU_TC_MIRROR_101, -0.5f, 1 },   /* -1 -> 5 -> 1 */
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
      ss.address[0] = cases[i].mode;
      struct vgpu_tex_args a = { .coord = { cases[i].u_texels / 4.0f, 0.125f } };
      uint32_t out[4];
      bool ok = sample1(&t, &ss, &op, &a, out);
      if (cases[i].want_x < 0)
         CHECK(ok && out[0] == 0 && bitsf(out[1]) == 1.0f, "address case %u: border", i);
      else
         CHECK(ok && bitsf(out[0]) == f2(cases[i].want_x, 0), "address case %u: got %g want %g",
               i, bitsf(out[0]), f2(cases[i].want_x, 0));
   }
   /* Linear at u = 0 with CLAMP_BORDER: -0.5 texels: half border (G = 1,
    * R = 0), half texel 0 (R = 0, G = 100): R 0, G 50.5. */
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP_BORDER);
   struct vgpu_tex_args a = { .coord = { 0.0f, 0.125f } };
   uint32_t out[4];
   CHECK(sample1(&t, &ss, &op, &a, out) && near(bitsf(out[1]), 50.5f), "linear border: G %g",
         bitsf(out[1]));
   /* NaN and infinite coordinates stay deterministic: NaN reads as 0
    * (texel 0), +inf clamps to the last texel. */
   ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   a = (struct vgpu_tex_args){ .coord = { NAN, INFINITY } };
   CHECK(sample1(&t, &ss, &op, &a, out) && bitsf(out[0]) == f2(0, 3), "NaN/inf: %g", bitsf(out[0]));
   ss.address[0] = ss.address[1] = VGPU_TC_WRAP;
   a = (struct vgpu_tex_args){ .coord = { -INFINITY, 1e30f }, .lod = NAN };
   CHECK(sample1(&t, &ss, &op, &a, out), "wrap at infinity");
   /* Sampler Disable: 0 in every channel. */
   ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   ss.disabled = true;
   a = (struct vgpu_tex_args){ .coord = { 0.5f, 0.5f } };
   CHECK(sample1(&t, &ss, &op, &a, out) && !out[0] && !out[1] && !out[2] && !out[3], "disabled");
   tex_free(&t);
}

/* ---- gather ---- */

static void
test_gather(unsigned verx10)
{
   struct tex t;
   CHECK(make_4x4(&t, verx10), "Gen%u 4x4 set-up", verx10);
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_GATHER4, .lod = VGPU_TEX_LOD_IMPLICIT,
                             .gather = true };
   /* The footprint of test_filter_2d: i0 = 1, j0 = 0.  Vulkan's order
    * (i0,j1) (i1,j1) (i1,j0) (i0,j0) = (1,1) (2,1) (2,0) (1,0) = 11 14 4 1. */
   struct vgpu_tex_args a = { .coord = { 0.4375f, 0.3125f } };
   uint32_t out[4];
   CHECK(sample1(&t, &ss, &op, &a, out) && bitsf(out[0]) == 11.0f && bitsf(out[1]) == 14.0f &&
         bitsf(out[2]) == 4.0f && bitsf(out[3]) == 1.0f, "Gen%u gather4: %g %g %g %g", verx10,
         bitsf(out[0]), bitsf(out[1]), bitsf(out[2]), bitsf(out[3]));
   /* Green: 100 + the same. */
   op.gather_channel = 1;
   CHECK(sample1(&t, &ss, &op, &a, out) && bitsf(out[0]) == 111.0f && bitsf(out[3]) == 101.0f,
         "Gen%u gather4 green", verx10);
   /* gather4_po: the message's offsets (1, 1): i0 = 2, j0 = 1:
    * (2,2) (3,2) (3,1) (2,1) = 44 49 19 14 (green: +100). */
   op.type = ISA_SAMPLER_GATHER4_PO;
   a.offset[0] = 1;
   a.offset[1] = 1;
   CHECK(sample1(&t, &ss, &op, &a, out) && bitsf(out[0]) == 144.0f && bitsf(out[1]) == 149.0f &&
         bitsf(out[2]) == 119.0f && bitsf(out[3]) == 114.0f, "Gen%u gather4_po: %g %g %g %g",
         verx10, bitsf(out[0]), bitsf(out[1]), bitsf(out[2]), bitsf(out[3]));
   tex_free(&t);
}

/* ---- shadow comparison ---- */

static void
test_compare(void)
{
   struct tex t;
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32_FLOAT, 2, 1, 1, 1, 1, false, { 0 } };
   CHECK(tex_make(&t, 90, &d), "D32 set-up");
   tex_put(&t, 0, 0, 0, 0, 0.25f, 0, 0, 1);
   tex_put(&t, 0, 0, 1, 0, 0.75f, 0, 0, 1);
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_SAMPLE_L_C, .lod = VGPU_TEX_LOD_EXPLICIT,
                             .compare = true };
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   /* Vulkan LESS (ANV: PREFILTEROP_LEQUAL): 1 where ref < texel.
    * ref 0.5: texel 0 (0.25) fails -> 0, texel 1 (0.75) passes -> 1. */
   ss.shadow_function = VGPU_PREFILTER_LEQUAL;
   struct vgpu_tex_args a = { .coord = { 0.25f, 0.5f }, .ref = 0.5f };
   CHECK(sample_r(&t, &ss, &op, &a) == 0.0f, "LESS texel 0.25");
   a.coord[0] = 0.75f;
   CHECK(sample_r(&t, &ss, &op, &a) == 1.0f, "LESS texel 0.75");
   /* PCF: linear at u = 0.5 weighs both halves: 0.5. */
   ss.min_filter = ss.mag_filter = VGPU_MAPFILTER_LINEAR;
   a.coord[0] = 0.5f;
   CHECK(sample_r(&t, &ss, &op, &a) == 0.5f, "PCF");
   ss.min_filter = ss.mag_filter = VGPU_MAPFILTER_NEAREST;
   /* Vulkan GREATER (PREFILTEROP_GEQUAL): 1 where ref > texel: 0.5 > 0.25. */
   ss.shadow_function = VGPU_PREFILTER_GEQUAL;
   a.coord[0] = 0.25f;
   CHECK(sample_r(&t, &ss, &op, &a) == 1.0f, "GREATER");
   /* Vulkan EQUAL (PREFILTEROP_NOTEQUAL): ref 0.25 == texel 0.25. */
   ss.shadow_function = VGPU_PREFILTER_NOTEQUAL;
   a.ref = 0.25f;
   CHECK(sample_r(&t, &ss, &op, &a) == 1.0f, "EQUAL");
   /* Vulkan NEVER (PREFILTEROP_ALWAYS) 0, ALWAYS (PREFILTEROP_NEVER) 1. */
   ss.shadow_function = VGPU_PREFILTER_ALWAYS;
   CHECK(sample_r(&t, &ss, &op, &a) == 0.0f, "NEVER");
   ss.shadow_function = VGPU_PREFILTER_NEVER;
   CHECK(sample_r(&t, &ss, &op, &a) == 1.0f, "ALWAYS");
   /* A float format keeps the reference: Vulkan LESS_OR_EQUAL
    * (PREFILTEROP_LESS): 1.5 <= 0.75 fails. */
   ss.shadow_function = VGPU_PREFILTER_LESS;
   a = (struct vgpu_tex_args){ .coord = { 0.75f, 0.5f }, .ref = 1.5f };
   CHECK(sample_r(&t, &ss, &op, &a) == 0.0f, "D32 reference unclamped");
   /* gather4_c: each texel compared, in gather order:
    * ref 0.5, LESS: (i0,j1) (i1,j1) (i1,j0) (i0,j0) with one row (clamped):
    * texels 0, 1, 1, 0 -> 0 1 1 0. */
   ss.shadow_function = VGPU_PREFILTER_LEQUAL;
   op = (struct vgpu_tex_op){ .type = ISA_SAMPLER_GATHER4_C, .lod = VGPU_TEX_LOD_IMPLICIT,
                              .compare = true, .gather = true };
   a = (struct vgpu_tex_args){ .coord = { 0.5f, 0.5f }, .ref = 0.5f };
   uint32_t out[4];
   CHECK(sample1(&t, &ss, &op, &a, out) && out[0] == 0 && bitsf(out[1]) == 1.0f &&
         bitsf(out[2]) == 1.0f && out[3] == 0, "gather4_c");
   tex_free(&t);

   /* D16: a UNORM depth reference clamps to [0, 1]: 1.5 -> 1.0 <= 1.0. */
   struct tex_desc d16 = { ISL_SURF_DIM_2D, ISL_FORMAT_R16_UNORM, 2, 1, 1, 1, 1, false, { 0 } };
   CHECK(tex_make(&t, 90, &d16), "D16 set-up");
   tex_put(&t, 0, 0, 0, 0, 1.0f, 0, 0, 1);
   op = (struct vgpu_tex_op){ .type = ISA_SAMPLER_SAMPLE_L_C, .lod = VGPU_TEX_LOD_EXPLICIT,
                              .compare = true };
   ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   ss.shadow_function = VGPU_PREFILTER_LESS;
   a = (struct vgpu_tex_args){ .coord = { 0.25f, 0.5f }, .ref = 1.5f };
   CHECK(sample_r(&t, &ss, &op, &a) == 1.0f, "D16 reference clamped");
   tex_free(&t);
}

/* ---- LOD ---- */

/* 8x8 R32_FLOAT, 4 LODs: every texel of LOD l holds 10 l. */
static bool
make_mips(struct tex *t)
{
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32_FLOAT, 8, 8, 1, 4, 1, false, { 0 } };
   if (!tex_make(t, 90, &d))
      return false;
   for (uint32_t l = 0; l < 4; l++)
      for (uint32_t y = 0; y < (8u >> l); y++)
         for (uint32_t x = 0; x < (8u >> l); x++)
            tex_put(t, l, 0, x, y, 10.0f * l, 0, 0, 1);
   return true;
}

static void
test_lod(void)
{
   struct tex t;
   CHECK(make_mips(&t), "mips set-up");
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_SAMPLE_L, .lod = VGPU_TEX_LOD_EXPLICIT };
   struct vgpu_sampler_state near_mip = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NEAREST, VGPU_TC_CLAMP);
   struct vgpu_sampler_state lin_mip = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_LINEAR, VGPU_TC_CLAMP);
   struct vgpu_tex_args a = { .coord = { 0.5f, 0.5f }, .lod = 1.0f };
   CHECK(sample_r(&t, &near_mip, &op, &a) == 10.0f, "lod 1");
   a.lod = 1.5f;   /* nearest rounds half up: LOD 2 */
   CHECK(sample_r(&t, &near_mip, &op, &a) == 20.0f, "lod 1.5 nearest");
   a.lod = 1.25f;  /* linear: 10 + 0.25 * 10 */
   CHECK(near(sample_r(&t, &lin_mip, &op, &a), 12.5f), "lod 1.25 linear");
   a.lod = 7.0f;   /* the view has 4 LODs: 3 */
   CHECK(sample_r(&t, &lin_mip, &op, &a) == 30.0f, "lod past the levels");
   struct vgpu_sampler_state ss = lin_mip;
   ss.max_lod = 2.0f;
   CHECK(sample_r(&t, &ss, &op, &a) == 20.0f, "max lod");
   ss = lin_mip;
   ss.lod_bias = 0.5f;
   a.lod = 1.0f;   /* 1 + 0.5 bias: 15 */
   CHECK(near(sample_r(&t, &ss, &op, &a), 15.0f), "sampler bias");
   ss = lin_mip;
   ss.min_lod = 2.5f;
   CHECK(near(sample_r(&t, &ss, &op, &a), 25.0f), "min lod");
   /* The message's min LOD and the surface's Resource Min LOD. */
   struct vgpu_tex_op mop = op;
   mop.has_min_lod = true;
   a.min_lod = 1.75f;
   CHECK(near(sample_r(&t, &lin_mip, &mop, &a), 17.5f), "message min lod");
   a.min_lod = 0.0f;
   t.s.resource_min_lod = 2.0f;
   CHECK(near(sample_r(&t, &lin_mip, &op, &a), 20.0f), "resource min lod");
   t.s.resource_min_lod = 0.0f;
   /* NaN LOD: deterministic, read as 0. */
   a.lod = NAN;
   CHECK(sample_r(&t, &lin_mip, &op, &a) == 0.0f, "NaN lod");
   a.lod = INFINITY;
   CHECK(sample_r(&t, &lin_mip, &op, &a) == 30.0f, "infinite lod");

   /* Implicit: pixel 1 is 2 texels right of pixel 0 (du = 2/8), pixel 2 half
    * a texel below; pixel 3 is far away but plays no part: rho = 2,
    * LOD 1 for all four pixels. */
   op = (struct vgpu_tex_op){ .type = ISA_SAMPLER_SAMPLE, .lod = VGPU_TEX_LOD_IMPLICIT };
   struct vgpu_tex_args q[4] = {
      { .coord = { 0.5f, 0.5f } }, { .coord = { 0.75f, 0.5f } },
      { .coord = { 0.5f, 0.5625f } }, { .coord = { 0.0f, 0.0f } },
   };
   uint32_t res[4][4];
   CHECK(vgpu_tex_sample_quad(&t.m, &t.s, &lin_mip, NULL, &op, q, 0xf, res) &&
         bitsf(res[0][0]) == 10.0f && bitsf(res[1][0]) == 10.0f && bitsf(res[2][0]) == 10.0f &&
         bitsf(res[3][0]) == 10.0f, "implicit lod: %g %g %g %g", bitsf(res[0][0]),
         bitsf(res[1][0]), bitsf(res[2][0]), bitsf(res[3][0]));
   /* sample_b: + 0.5 each -> 15. */
   op.lod = VGPU_TEX_LOD_BIAS;
   for (unsigned k = 0; k < 4; k++)
      q[k].lod = 0.5f;
   CHECK(vgpu_tex_sample_quad(&t.m, &t.s, &lin_mip, NULL, &op, q, 0xf, res) &&
         near(bitsf(res[0][0]), 15.0f) && near(bitsf(res[3][0]), 15.0f), "implicit + bias");
   /* lod query: x clamped, y not.  Bias 0.5: 1.5 and 1.5; with Max LOD 1:
    * 1 and 1.5. */
   float lods[4][2];
   ss = lin_mip;
   ss.lod_bias = 0.5f;
   for (unsigned k = 0; k < 4; k++)
      q[k].lod = 0.0f;
   vgpu_tex_query_lod(&t.s, &ss, q, 0xf, lods);
   CHECK(near(lods[0][0], 1.5f) && near(lods[0][1], 1.5f) && near(lods[2][0], 1.5f),
         "query lod: %g %g", lods[0][0], lods[0][1]);
   ss.max_lod = 1.0f;
   vgpu_tex_query_lod(&t.s, &ss, q, 0xf, lods);
   CHECK(near(lods[0][0], 1.0f) && near(lods[0][1], 1.5f), "query lod clamped: %g %g", lods[0][0],
         lods[0][1]);
   /* 64 texels per pixel: LOD 6, x limited to the view's last LOD 3. */
   q[1].coord[0] = 8.5f;
   vgpu_tex_query_lod(&t.s, &lin_mip, q, 0xf, lods);
   CHECK(near(lods[0][0], 3.0f) && near(lods[0][1], 6.0f), "query lod past levels: %g %g",
         lods[0][0], lods[0][1]);

   /* sample_d: d/dx = (3/8, 4/8) is 5 texels long (the exact Euclidean
    * scale factor; a max-component approximation would give 4), d/dy 1
    * texel: rho = 5, LOD log2 5 = 2.3219: nearest mip -> LOD 2,
    * linear 20 + 3.219. */
   op = (struct vgpu_tex_op){ .type = ISA_SAMPLER_SAMPLE_D, .lod = VGPU_TEX_LOD_GRADIENTS };
   a = (struct vgpu_tex_args){ .coord = { 0.5f, 0.5f },
                               .grad = { { 0.375f, 0.5f, 0 }, { 0, 0.125f, 0 } } };
   CHECK(sample_r(&t, &near_mip, &op, &a) == 20.0f, "gradients nearest");
   CHECK(near(sample_r(&t, &lin_mip, &op, &a), 20.0f + 10.0f * (log2f(5.0f) - 2.0f)),
         "gradients linear: %g", sample_r(&t, &lin_mip, &op, &a));
   /* Anisotropic: d/dx 4 texels, d/dy 1: N = 4 probes, LOD log2(4 / 4) = 0
    * (isotropic would be LOD 2); the texture is constant per LOD. */
   ss = sampler(VGPU_MAPFILTER_ANISOTROPIC, VGPU_MIPFILTER_LINEAR, VGPU_TC_CLAMP);
   ss.max_anisotropy = 16;
   a.grad[0][0] = 0.5f;
   a.grad[0][1] = 0.0f;
   CHECK(near(sample_r(&t, &ss, &op, &a), 0.0f), "anisotropic 4:1");
   /* Maximum Anisotropy 2 caps N: LOD log2(4 / 2) = 1. */
   ss.max_anisotropy = 2;
   CHECK(near(sample_r(&t, &ss, &op, &a), 10.0f), "anisotropic capped");
   tex_free(&t);
}

/* ---- arrays and 3D ---- */

static void
test_array_3d(void)
{
   struct tex t;
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 3, false, { 0 } };
   CHECK(tex_make(&t, 90, &d), "array set-up");
   for (uint32_t l = 0; l < 3; l++)
      for (uint32_t i = 0; i < 4; i++)
         tex_put(&t, 0, l, i & 1, i >> 1, (float)l, 0, 0, 1);
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_SAMPLE_L, .lod = VGPU_TEX_LOD_EXPLICIT };
   /* The layer is r, rounded to nearest even and clamped to [0, 2]. */
   static const float layer[] = { 0.4f, 0.5f, 1.5f, 2.5f, -3.0f, 9.0f, 1.49f };
   static const float want[] = { 0, 0, 2, 2, 0, 2, 1 };
   for (unsigned i = 0; i < 7; i++) {
      struct vgpu_tex_args a = { .coord = { 0.5f, 0.5f, layer[i] } };
      CHECK(sample_r(&t, &ss, &op, &a) == want[i], "layer %g: %g", layer[i],
            sample_r(&t, &ss, &op, &a));
   }
   tex_free(&t);

   /* 2x2x2 3D: texel (x, y, z) = x + 2 y + 4 z; trilinear at the centre
    * averages all eight: 3.5. */
   struct tex_desc d3 = { ISL_SURF_DIM_3D, ISL_FORMAT_R32_FLOAT, 2, 2, 2, 1, 1, false, { 0 } };
   CHECK(tex_make(&t, 90, &d3), "3D set-up");
   for (uint32_t i = 0; i < 8; i++)
      tex_put(&t, 0, i >> 2, i & 1, (i >> 1) & 1, (float)i, 0, 0, 1);
   ss = sampler(VGPU_MAPFILTER_LINEAR, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   struct vgpu_tex_args a = { .coord = { 0.5f, 0.5f, 0.5f } };
   CHECK(near(sample_r(&t, &ss, &op, &a), 3.5f), "3D trilinear: %g", sample_r(&t, &ss, &op, &a));
   /* Nearest at (0.75, 0.25, 0.75): texel (1, 0, 1) = 5. */
   ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CLAMP);
   a = (struct vgpu_tex_args){ .coord = { 0.75f, 0.25f, 0.75f } };
   CHECK(sample_r(&t, &ss, &op, &a) == 5.0f, "3D nearest");
   /* ld on 3D: (1, 1, 1) = 7. */
   struct vgpu_tex_op ld = { .type = ISA_SAMPLER_LD, .lod = VGPU_TEX_LOD_EXPLICIT, .fetch = true };
   a = (struct vgpu_tex_args){ .icoord = { 1, 1, 1 } };
   CHECK(sample_r(&t, NULL, &ld, &a) == 7.0f, "3D ld");
   tex_free(&t);
}

/* ---- cube maps ---- */

/* 2x2 faces, two cubes: texel (x, y) of face f of cube c holds
 * 60 c + 10 f + 2 y + x. */
static bool
make_cube(struct tex *t)
{
   struct tex_desc d = { ISL_SURF_DIM_2D, ISL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 12, true, { 0 } };
   if (!tex_make(t, 90, &d))
      return false;
   for (uint32_t f = 0; f < 12; f++)
      for (uint32_t i = 0; i < 4; i++)
         tex_put(t, 0, f, i & 1, i >> 1, 10.0f * f + 2.0f * (i >> 1) + (i & 1), 0, 0, 1);
   return true;
}

static void
test_cube(void)
{
   struct tex t;
   CHECK(make_cube(&t), "cube set-up");
   CHECK(t.s.d.type == ISL_SURFTYPE_CUBE && t.s.layers == 12, "cube decode: type %u layers %u",
         t.s.d.type, t.s.layers);
   struct vgpu_sampler_state ss = sampler(VGPU_MAPFILTER_NEAREST, VGPU_MIPFILTER_NONE, VGPU_TC_CUBE);
   ss.cube_override = true;
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_SAMPLE_L, .lod = VGPU_TEX_LOD_EXPLICIT };
   /* Vulkan's face table, s = (sc / |ma| + 1) / 2, t likewise; 2x2 texels:
    * index floor(2 s). */
   struct {
      float dir[3];
      float want;
   } cases[] = {
      /* +X: sc = -rz = 0.5 -> s 0.75 -> 1; tc = -ry = -0.25 -> t 0.375 -> 0 */
      { { 1.0f, 0.25f, -0.5f }, 1.0f },
      /* -X: sc = rz = -0.5 -> 0; tc = -ry -> 0: face 1 */
      { { -1.0f, 0.25f, -0.5f }, 10.0f },
      /* +Y: sc = rx = 0.5 -> 1; tc = rz = -0.25 -> 0 */
      { { 0.5f, 1.0f, -0.25f }, 21.0f },
      /* -Y: sc = rx = 0.5 -> 1; tc = -rz = -0.75 -> 0 */
      { { 0.5f, -1.0f, 0.75f }, 31.0f },
      /* +Z: sc = rx = -0.5 -> 0; tc = -ry = 0.75 -> 1 */
      { { -0.5f, -0.75f, 1.0f }, 42.0f },
      /* -Z: sc = -rx = 0.5 -> 1; tc = -ry = -0.25 -> 0 */
      { { -0.5f, 0.25f, -1.0f }, 51.0f },
      /* the major axis decides, not the first component: +Y */
      { { 0.5f, 2.0f, -0.5f }, 20.0f + 0.0f + 1.0f },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct vgpu_tex_args a = { .coord = { cases[i].dir[0], cases[i].dir[1], cases[i].dir[2] } };
      CHECK(sample_r(&t, &ss, &op, &a) == cases[i].want, "cube case %u: %g want %g", i,
            sample_r(&t, &ss, &op, &a), cases[i].want);
      /* The second cube of the array: layer 6 * 1 + face. */
      a.coord[3] = 1.0f;
      CHECK(sample_r(&t, &ss, &op, &a) == cases[i].want + 60.0f, "cube array case %u", i);
   }

   /* Seamless linear on +X at s = 0.875, t = 0.5: 1.25 texels -> i0 = 1,
    * a = 0.25 (i1 = 2 is past the edge, on -Z's column 0: -Z's sc = -rx
    * meets +X at rx = 1, s = 0), j0 = 0, b = 0.5.  +X texels (1,0) = 1,
    * (1,1) = 3; -Z (0,0) = 50, (0,1) = 52:
    * 0.75 * 0.5 * (1 + 3) + 0.25 * 0.5 * (50 + 52) = 14.25. */
   ss.min_filter = ss.mag_filter = VGPU_MAPFILTER_LINEAR;
   struct vgpu_tex_args a = { .coord = { 1.0f, 0.0f, -0.75f } };
   CHECK(near(sample_r(&t, &ss, &op, &a), 14.25f), "seamless edge: %g", sample_r(&t, &ss, &op, &a));
   /* Without seamless filtering (programmed CLAMP), the edge clamps:
    * 0.75 * 0.5 * 4 + 0.25 * 0.5 * 4 = 2. */
   struct vgpu_sampler_state clamp = ss;
   clamp.cube_override = false;
   clamp.address[0] = clamp.address[1] = clamp.address[2] = VGPU_TC_CLAMP;
   CHECK(near(sample_r(&t, &clamp, &op, &a), 2.0f), "clamped edge: %g", sample_r(&t, &clamp, &op, &a));
   /* A corner: s = t = 0.875 on +X (dir (1, -0.75, -0.75)): i0 = j0 = 1,
    * a = b = 0.25.  (1,1) = 3; (2,1) is -Z (0,1) = 52; (1,2) is past +X's
    * bottom (-y), -Y's column sc = rx = 1 -> 1, row tc = -rz: +X's i = 1
    * (rz < 0) -> 1: -Y (1,1) = 33; the corner (2,2) averages the three:
    * (3 + 52 + 33) / 3.  0.5625 * 3 + 0.1875 * 52 + 0.1875 * 33 +
    * 0.0625 * 88 / 3 = 19.458333. */
   a = (struct vgpu_tex_args){ .coord = { 1.0f, -0.75f, -0.75f } };
   CHECK(near(sample_r(&t, &ss, &op, &a), 19.458333f), "seamless corner: %g",
         sample_r(&t, &ss, &op, &a));
   /* A zero direction and NaNs do not crash. */
   a = (struct vgpu_tex_args){ .coord = { 0.0f, 0.0f, 0.0f, NAN } };
   uint32_t out[4];
   CHECK(sample1(&t, &ss, &op, &a, out), "zero direction");
   a = (struct vgpu_tex_args){ .coord = { NAN, INFINITY, -INFINITY, 1e30f } };
   CHECK(sample1(&t, &ss, &op, &a, out), "wild direction");
   /* Implicit LOD on a cube of one LOD: no crash, LOD 0. */
   op = (struct vgpu_tex_op){ .type = ISA_SAMPLER_SAMPLE, .lod = VGPU_TEX_LOD_IMPLICIT };
   struct vgpu_tex_args q[4] = {
      { .coord = { 1, 0, 0 } }, { .coord = { 1, 0.5f, 0 } }, { .coord = { 0, 1, 0 } },
      { .coord = { 0, 0, -1 } },
   };
   uint32_t res[4][4];
   CHECK(vgpu_tex_sample_quad(&t.m, &t.s, &ss, NULL, &op, q, 0xf, res), "cube implicit");
   tex_free(&t);
}

int
main(void)
{
   static const unsigned gens[] = { 70, 75, 80, 90, 110, 120 };
   for (unsigned g = 0; g < 6; g++)
      test_fetch(gens[g]);
   for (unsigned g = 1; g < 6; g++) {
      test_selects(gens[g]);
      test_gather(gens[g]);
   }
   test_filter_2d();
   test_address();
   test_compare();
   test_lod();
   test_array_3d();
   test_cube();
   if (failures) {
      printf("%d failures\n", failures);
      return 1;
   }
   printf("ok\n");
   return 0;
}
