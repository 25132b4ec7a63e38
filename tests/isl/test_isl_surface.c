/* Surface layouts (src/isl/isl_surface.c) per generation, each expected
 * value worked out by hand from the PRM's rules (the comments carry the
 * arithmetic):
 *  - LOD alignment: color HALIGN_4/VALIGN_4; Gen11+ 32bpp Y-tiled mipmaps
 *    HALIGN_8; compressed one block (Gen7/8) or 4x4 blocks (Gen9+);
 *    Gen9 1D 64 texels; depth/stencil per the "Alignment Unit Size" table;
 *  - 2D mip tree: LOD 1 below LOD 0, LOD 2+ stacked right of LOD 1;
 *  - array pitch: Gen7 h0 + h1 + 12j (ARYSPC_FULL) or h0 (ARYSPC_LOD0);
 *    Gen8+ the slice height aligned to j; SKL+ tiled 3D: whole tiles;
 *  - Gen7/8 3D: LOD l holds its slices 2^l to a row;
 *  - row pitch: whole tiles, or for linear the element size and (isl's
 *    choice) 64 bytes. */
#include <string.h>

#include "isl.h"
#include "isl_test.h"

static struct isl_surf_info
info_2d(enum isl_format f, uint32_t w, uint32_t h, uint32_t levels, uint32_t layers)
{
   return (struct isl_surf_info){ .dim = ISL_SURF_DIM_2D, .format = f, .width = w,
                                  .height = h, .depth = 1, .levels = levels,
                                  .array_len = layers, .usage = ISL_USAGE_SAMPLED };
}

static void
check_xy(const struct isl_surf *s, uint32_t level, uint32_t slice, uint32_t x, uint32_t y,
         const char *what)
{
   uint32_t gx, gy;
   isl_surf_image_xy(s, level, slice, &gx, &gy);
   CHECK(gx == x && gy == y, "%s: LOD %u slice %u at (%u, %u), want (%u, %u)", what,
         level, slice, gx, gy, x, y);
}

/* 2D 37x19 RGBA8, 6 LODs, 3 layers.  Widths 37 18 9 4 2 1, heights 19 9 4 2
 * 1 1.  HALIGN 4: 40 20 12 4 4 4; VALIGN 4: 20 12 4 4 4 4.  Slice width
 * max(40, 20 + 12) = 40; height max(20 + 12, 20 + 4 + 4 + 4 + 4) = 36. */
static void
test_2d_rgba8(void)
{
   struct isl_surf_info info = info_2d(ISL_FORMAT_R8G8B8A8_UNORM, 37, 19, 6, 3);
   struct isl_surf s;

   /* Gen8 and Gen9 agree here (Gen9's QPitch is in blocks, a texel for
    * RGBA8): QPitch 36, height 2 * 36 + 36 = 108, pitch 40 * 4 = 160 ->
    * 256 (Y tiles), 128 tile rows -> 32 KB. */
   for (unsigned v = 80; v <= 90; v += 10) {
      CHECK(isl_surf_init(v, &info, &s), "Gen%u 2D", v / 10);
      CHECK_EQ(s.tiling, ISL_TILING_Y, "2D tiling");
      CHECK(s.halign == 4 && s.valign == 4, "Gen%u align %ux%u", v / 10, s.halign, s.valign);
      CHECK_EQ(s.array_pitch_rows, 36, "Gen8/9 QPitch");
      CHECK_EQ(s.row_pitch_B, 256, "Gen8/9 pitch");
      CHECK_EQ(s.size_B, 32768, "Gen8/9 size");
      CHECK_EQ(s.align_B, 4096, "tiled alignment");
      check_xy(&s, 1, 0, 0, 20, "Gen8/9");
      check_xy(&s, 2, 0, 20, 20, "Gen8/9");
      check_xy(&s, 3, 0, 20, 24, "Gen8/9");
      check_xy(&s, 5, 0, 20, 32, "Gen8/9");
      check_xy(&s, 3, 2, 20, 24 + 72, "Gen8/9");
   }
   isl_surf_init(90, &info, &s);
   /* LOD 3 of layer 2 at (20, 96): byte 80 of row 96 -> tile row 3, column
    * 0, tile 3 * 2 = 6 -> 24576; inside it texel (20, 0). */
   struct isl_image_offset o;
   isl_surf_offset(&s, 3, 2, 0, &o);
   CHECK(o.offset_B == 24576 && o.x_el == 20 && o.y_el == 0,
         "Gen9 offset of LOD 3 layer 2: %llu (%u, %u)", (unsigned long long)o.offset_B,
         o.x_el, o.y_el);
   /* Its texel (1, 1): byte 84 of row 97 -> 24576 + 5 * 512 + 16 + 4 */
   CHECK_EQ(isl_surf_texel_offset(&s, 3, 2, 1, 1), 24576 + 2560 + 16 + 4, "texel (1,1)");

   /* Gen11 and Gen12: 32bpp Y-tiled with mipmaps takes HALIGN_8: widths
    * 40 24 16 8 8 8, slice width max(40, 24 + 16) = 40, LOD 2 at x = 24. */
   for (unsigned v = 110; v <= 120; v += 10) {
      CHECK(isl_surf_init(v, &info, &s), "Gen%u 2D", v / 10);
      CHECK(s.halign == 8 && s.valign == 4, "Gen%u align %ux%u", v / 10, s.halign, s.valign);
      CHECK_EQ(s.array_pitch_rows, 36, "Gen11/12 QPitch");
      CHECK_EQ(s.row_pitch_B, 256, "Gen11/12 pitch");
      check_xy(&s, 2, 0, 24, 20, "Gen11/12");
      check_xy(&s, 3, 1, 24, 24 + 36, "Gen11/12");
   }

   /* Gen7: ARYSPC_FULL, QPitch = h0 + h1 + 12j = 20 + 12 + 48 = 80; height
    * 2 * 80 + 36 = 196 -> 224 rows of Y tiles: 57344 bytes. */
   CHECK(isl_surf_init(70, &info, &s), "Gen7 2D");
   CHECK(!s.array_spacing_lod0, "Gen7 mipmapped array: ARYSPC_FULL");
   CHECK_EQ(s.array_pitch_rows, 80, "Gen7 QPitch");
   CHECK_EQ(s.size_B, 57344, "Gen7 size");
   check_xy(&s, 3, 2, 20, 24 + 160, "Gen7");

   /* One LOD: ARYSPC_LOD0, QPitch = h0 = 20, height 2 * 20 + 19 = 59. */
   info.levels = 1;
   CHECK(isl_surf_init(75, &info, &s), "Gen7.5 single LOD");
   CHECK(s.array_spacing_lod0 && s.array_pitch_rows == 20, "Gen7.5 ARYSPC_LOD0 QPitch %u",
         s.array_pitch_rows);
   CHECK_EQ(s.size_B, 256 * 64, "Gen7.5 single LOD size (59 -> 64 rows)");
}

/* BC1 20x12, 3 LODs, 2 layers: texels 20 10 5 x 12 6 3.
 * Gen8 aligns to one block (4 texels): 20 12 8 x 12 8 4; slice 20 wide,
 * max(12 + 8, 12 + 4) = 20 high; QPitch 20 texel rows; 40 rows = 10 block
 * rows; width 5 blocks = 40 B -> pitch 128.
 * Gen9 aligns to 4x4 blocks (16 texels): 32 16 16 x 16 16 16; slice 32 x
 * 32; QPitch 32 rows = 8 block rows; 64 rows; width 8 blocks = 64 B. */
static void
test_compressed(void)
{
   struct isl_surf_info info = info_2d(ISL_FORMAT_BC1_UNORM, 20, 12, 3, 2);
   struct isl_surf s;
   CHECK(isl_surf_init(80, &info, &s), "Gen8 BC1");
   CHECK(s.halign == 4 && s.valign == 4, "Gen8 BC1 align %ux%u", s.halign, s.valign);
   CHECK_EQ(s.array_pitch_rows, 20, "Gen8 BC1 QPitch");
   CHECK_EQ(s.row_pitch_B, 128, "Gen8 BC1 pitch");
   check_xy(&s, 2, 1, 12, 12 + 20, "Gen8 BC1");
   struct isl_image_offset o;
   isl_surf_offset(&s, 2, 1, 0, &o);
   /* texel (12, 32) = block (3, 8): byte 24 of block row 8, one Y tile */
   CHECK(o.offset_B == 0 && o.x_el == 3 && o.y_el == 8, "Gen8 BC1 offset (%u, %u)", o.x_el,
         o.y_el);

   CHECK(isl_surf_init(90, &info, &s), "Gen9 BC1");
   CHECK(s.halign == 16 && s.valign == 16, "Gen9 BC1 align %ux%u", s.halign, s.valign);
   CHECK_EQ(s.array_pitch_rows, 32, "Gen9 BC1 QPitch");
   CHECK_EQ(s.row_pitch_B, 128, "Gen9 BC1 pitch");
   check_xy(&s, 2, 1, 16, 16 + 32, "Gen9 BC1");
   CHECK_EQ(s.size_B, 4096, "Gen9 BC1 size: 16 block rows in one tile row");

   /* No compressed 1D surfaces (SKL RSS "Surface Format"). */
   info.dim = ISL_SURF_DIM_1D;
   info.height = 1;
   CHECK(!isl_surf_init(90, &info, &s), "1D BC1 refused");
}

/* 3D 16x8x8 RGBA8, 4 LODs: 16x8x8, 8x4x4, 4x2x2, 2x1x1. */
static void
test_3d(void)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_3D, .format = ISL_FORMAT_R8G8B8A8_UNORM,
                                 .width = 16, .height = 8, .depth = 8, .levels = 4,
                                 .array_len = 1, .usage = ISL_USAGE_SAMPLED };
   struct isl_surf s;

   /* Gen8: LOD 0 8 slices one per row, 8 rows each: 64 rows; LOD 1 4
    * slices two to a row (8 wide), 4 rows each: 8 rows; LOD 2 2 slices
    * (4 wide, 4 rows aligned) in one row: 4; LOD 3: 4.  80 rows, 16 wide. */
   CHECK(isl_surf_init(80, &info, &s), "Gen8 3D");
   CHECK_EQ(s.layout, ISL_LAYOUT_3D_GEN7, "Gen8 3D layout");
   check_xy(&s, 0, 5, 0, 40, "Gen8 3D");
   check_xy(&s, 1, 3, 8, 68, "Gen8 3D");
   check_xy(&s, 2, 1, 4, 72, "Gen8 3D");
   check_xy(&s, 3, 0, 0, 76, "Gen8 3D");
   CHECK_EQ(s.row_pitch_B, 128, "Gen8 3D pitch");
   CHECK_EQ(s.size_B, 128 * 96, "Gen8 3D size (80 -> 96 rows)");

   /* Gen9: a 2D mip tree per slice: 16 8 4 4 x 8 4 4 4; slice 16 x
    * max(8 + 4, 8 + 4 + 4) = 16; Y-tiled 3D QPitch rounds to the tile
    * height: 32; 7 * 32 + 16 = 240 rows. */
   CHECK(isl_surf_init(90, &info, &s), "Gen9 3D");
   CHECK_EQ(s.layout, ISL_LAYOUT_2D, "Gen9 3D layout");
   CHECK_EQ(s.array_pitch_rows, 32, "Gen9 3D QPitch");
   check_xy(&s, 1, 3, 0, 8 + 96, "Gen9 3D");
   check_xy(&s, 2, 1, 8, 8 + 32, "Gen9 3D");
   check_xy(&s, 3, 0, 8, 12, "Gen9 3D");
   CHECK_EQ(s.size_B, 128 * 256, "Gen9 3D size");

   /* Linear: QPitch stays 16; 7 * 16 + 16 = 128 rows of 64 bytes. */
   info.tilings = ISL_TILING_BIT(ISL_TILING_LINEAR);
   CHECK(isl_surf_init(90, &info, &s), "Gen9 linear 3D");
   CHECK_EQ(s.array_pitch_rows, 16, "Gen9 linear 3D QPitch");
   CHECK_EQ(s.size_B, 64 * 128, "Gen9 linear 3D size");
}

/* 1D array of RGBA16F (8 B): width 100, 3 LODs (100 50 25), 4 layers. */
static void
test_1d(void)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_1D, .format = ISL_FORMAT_R16G16B16A16_FLOAT,
                                 .width = 100, .height = 1, .depth = 1, .levels = 3,
                                 .array_len = 4, .usage = ISL_USAGE_SAMPLED };
   struct isl_surf s;
   /* Gen9: LODs 64-aligned side by side: 128 + 64 + 64 = 256 texels a
    * row, a row (2048 B) per layer. */
   CHECK(isl_surf_init(90, &info, &s), "Gen9 1D");
   CHECK(s.layout == ISL_LAYOUT_1D_GEN9 && s.tiling == ISL_TILING_LINEAR, "Gen9 1D layout");
   CHECK_EQ(s.halign, 64, "Gen9 1D alignment");
   CHECK_EQ(s.row_pitch_B, 2048, "Gen9 1D row");
   CHECK_EQ(s.size_B, 8192, "Gen9 1D size");
   check_xy(&s, 2, 3, 192, 3, "Gen9 1D");
   /* texel 5 of LOD 2, layer 3: 3 * 2048 + (192 + 5) * 8 */
   CHECK_EQ(isl_surf_texel_offset(&s, 2, 3, 5, 0), 7720, "Gen9 1D texel");

   /* Gen8: a 2D mip tree of height-1 LODs: widths 100 52 28, heights 4;
    * slice 100 x 8, QPitch 8, 32 rows, pitch 800 -> 832. */
   CHECK(isl_surf_init(80, &info, &s), "Gen8 1D");
   CHECK_EQ(s.layout, ISL_LAYOUT_2D, "Gen8 1D layout");
   CHECK_EQ(s.array_pitch_rows, 8, "Gen8 1D QPitch");
   CHECK_EQ(s.row_pitch_B, 832, "Gen8 1D pitch");
   CHECK_EQ(s.size_B, 832 * 32, "Gen8 1D size");
   check_xy(&s, 2, 3, 52, 4 + 24, "Gen8 1D");
}

static void
test_cube(void)
{
   struct isl_surf_info info = info_2d(ISL_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 6);
   info.usage |= ISL_USAGE_CUBE;
   struct isl_surf s;
   /* Six faces as layers 16 rows apart: 5 * 16 + 16 = 96 rows. */
   CHECK(isl_surf_init(90, &info, &s), "cube");
   CHECK_EQ(s.array_pitch_rows, 16, "cube QPitch");
   CHECK_EQ(s.size_B, 128 * 96, "cube size");
   info.array_len = 5;
   CHECK(!isl_surf_init(90, &info, &s), "a cube needs six faces");
   info = info_2d(ISL_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 6);
   info.usage |= ISL_USAGE_CUBE;
   CHECK(!isl_surf_init(90, &info, &s), "a cube is square");
}

static void
test_row_pitch(void)
{
   struct isl_surf_info info = info_2d(ISL_FORMAT_R8G8B8A8_UNORM, 37, 4, 1, 1);
   struct isl_surf s;
   /* Linear: 148 bytes -> 192 (a cache line multiple). */
   info.tilings = ISL_TILING_BIT(ISL_TILING_LINEAR);
   CHECK(isl_surf_init(90, &info, &s) && s.row_pitch_B == 192, "linear pitch %u", s.row_pitch_B);
   CHECK_EQ(s.size_B, 192 * 4, "linear size");
   CHECK_EQ(s.align_B, 4, "linear alignment: the element size");
   info.row_pitch_B = 200;
   CHECK(isl_surf_init(90, &info, &s) && s.row_pitch_B == 200, "linear pitch 200 accepted");
   info.row_pitch_B = 150;
   CHECK(!isl_surf_init(90, &info, &s), "pitch 150 is not a whole number of texels");
   info.row_pitch_B = 140;
   CHECK(!isl_surf_init(90, &info, &s), "pitch 140 is shorter than a row");
   info.row_pitch_B = 0;
   /* X: 148 -> 512; Y: 148 -> 256. */
   info.tilings = ISL_TILING_BIT(ISL_TILING_X);
   CHECK(isl_surf_init(90, &info, &s) && s.row_pitch_B == 512, "X pitch %u", s.row_pitch_B);
   CHECK_EQ(s.size_B, 4096, "X: one tile row");
   info.tilings = ISL_TILING_BIT(ISL_TILING_Y);
   CHECK(isl_surf_init(90, &info, &s) && s.row_pitch_B == 256, "Y pitch %u", s.row_pitch_B);
   info.row_pitch_B = 320;
   CHECK(!isl_surf_init(90, &info, &s), "Y pitch 320 is not whole tiles");
   info.row_pitch_B = 384;
   CHECK(isl_surf_init(90, &info, &s) && s.row_pitch_B == 384, "Y pitch 384: three tiles");

   /* 12-byte texels stay linear: 10 texels = 120 B -> 192 (a multiple of
    * both 64 and 12); 132 (11 texels) is accepted, 130 is not. */
   info = info_2d(ISL_FORMAT_R32G32B32_FLOAT, 10, 4, 1, 1);
   CHECK(isl_surf_init(90, &info, &s) && s.tiling == ISL_TILING_LINEAR && s.row_pitch_B == 192,
         "RGB32F pitch %u", s.row_pitch_B);
   CHECK_EQ(s.align_B, 16, "RGB32F alignment: 12 rounded up to a power of two");
   info.row_pitch_B = 132;
   CHECK(isl_surf_init(90, &info, &s), "RGB32F pitch 132");
   info.row_pitch_B = 130;
   CHECK(!isl_surf_init(90, &info, &s), "RGB32F pitch 130");
   info.row_pitch_B = 0;
   info.tilings = ISL_TILING_BIT(ISL_TILING_Y);
   CHECK(!isl_surf_init(90, &info, &s), "RGB32F is never tiled");

   /* RSS Surface Pitch is 18 bits: 16384 RGBA32F texels (262144 B) fit. */
   info = info_2d(ISL_FORMAT_R32G32B32A32_FLOAT, 16384, 1, 1, 1);
   info.tilings = ISL_TILING_BIT(ISL_TILING_LINEAR);
   CHECK(isl_surf_init(90, &info, &s) && s.row_pitch_B == 262144, "widest pitch");
   info.row_pitch_B = 262144 + 16;
   CHECK(!isl_surf_init(90, &info, &s), "pitch beyond 2^18");
}

static void
test_depth_stencil(void)
{
   struct isl_surf_info info = info_2d(ISL_FORMAT_R8_UINT, 150, 20, 1, 1);
   info.usage = ISL_USAGE_STENCIL;
   struct isl_surf s;
   /* Gen9 stencil: W tiles (64 B), 8x8 alignment: 150 -> 192. */
   CHECK(isl_surf_init(90, &info, &s), "Gen9 stencil");
   CHECK(s.tiling == ISL_TILING_W && s.row_pitch_B == 192, "Gen9 stencil W, pitch %u",
         s.row_pitch_B);
   CHECK(s.halign == 8 && s.valign == 8, "Gen9 stencil align");
   /* Gen12 stencil: Y tiles (128 B), 16x8: 150 -> 256. */
   CHECK(isl_surf_init(120, &info, &s), "Gen12 stencil");
   CHECK(s.tiling == ISL_TILING_Y && s.row_pitch_B == 256, "Gen12 stencil Y, pitch %u",
         s.row_pitch_B);
   CHECK(s.halign == 16 && s.valign == 8, "Gen12 stencil align");
   info.tilings = ISL_TILING_BIT(ISL_TILING_LINEAR);
   CHECK(!isl_surf_init(90, &info, &s), "stencil is never linear");

   /* D16: 8x4 through Gen11, 8x8 on Gen12; D32: 4x4, then 8x4. */
   info = info_2d(ISL_FORMAT_R16_UNORM, 64, 64, 1, 1);
   info.usage = ISL_USAGE_DEPTH;
   CHECK(isl_surf_init(90, &info, &s) && s.halign == 8 && s.valign == 4, "Gen9 D16");
   CHECK(s.tiling == ISL_TILING_Y, "depth is Y-tiled");
   CHECK(isl_surf_init(120, &info, &s) && s.halign == 8 && s.valign == 8, "Gen12 D16");
   info.format = ISL_FORMAT_R32_FLOAT;
   CHECK(isl_surf_init(80, &info, &s) && s.halign == 4 && s.valign == 4, "Gen8 D32");
   CHECK(isl_surf_init(120, &info, &s) && s.halign == 8 && s.valign == 4, "Gen12 D32");
   /* Gen7 depth arrays always use ARYSPC_FULL: 64 + 32 + 12 * 4 = 144. */
   info.array_len = 2;
   CHECK(isl_surf_init(70, &info, &s) && !s.array_spacing_lod0, "Gen7 depth array FULL");
   CHECK_EQ(s.array_pitch_rows, 144, "Gen7 depth array QPitch");
   info.format = ISL_FORMAT_R8G8B8A8_UNORM;
   CHECK(!isl_surf_init(90, &info, &s), "RGBA8 is no depth format");
}

static void
test_ivb_valign(void)
{
   /* IVB: R32G32B32_FLOAT takes VALIGN_2; Haswell drops the rule. */
   struct isl_surf_info info = info_2d(ISL_FORMAT_R32G32B32_FLOAT, 8, 8, 2, 1);
   struct isl_surf s;
   CHECK(isl_surf_init(70, &info, &s) && s.valign == 2, "IVB RGB32F VALIGN_2");
   CHECK(isl_surf_init(75, &info, &s) && s.valign == 4, "HSW RGB32F VALIGN_4");
}

static void
test_limits(void)
{
   struct isl_surf_info info = info_2d(ISL_FORMAT_R8_UNORM, 16385, 1, 1, 1);
   struct isl_surf s;
   CHECK(!isl_surf_init(90, &info, &s), "width 16385");
   info = info_2d(ISL_FORMAT_R8_UNORM, 16, 16, 6, 1);
   CHECK(!isl_surf_init(90, &info, &s), "6 LODs of a 16x16 surface (5 exist)");
   info.levels = 5;
   CHECK(isl_surf_init(90, &info, &s), "5 LODs of a 16x16 surface");
   CHECK(!isl_surf_init(100, &info, &s), "Gen10 is no generation of ours");
}

int
main(void)
{
   test_2d_rgba8();
   test_compressed();
   test_3d();
   test_1d();
   test_cube();
   test_row_pitch();
   test_depth_stencil();
   test_ivb_valign();
   test_limits();
   return isl_test_result("test_isl_surface");
}
