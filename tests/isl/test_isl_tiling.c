/* Tile address swizzles (src/isl/isl_tiling.c) at chosen coordinates,
 * worked out by hand from the PRM's tile definitions (Vol 5 "Tiling"):
 *   X: 512 B x 8 rows, offset = y * 512 + x;
 *   Y: 128 B x 32 rows in 16-byte columns, offset = (x / 16) * 512 + y * 16 + x % 16;
 *   W: 64 B x 64 rows, offset bits (low first) x0 y0 x1 y1 x2 y2 y3 y4 y5 x3 x4 x5;
 * tiles follow each other along a row of tiles, 4096 bytes apart. */
#include "isl.h"
#include "isl_test.h"

static void
test_tile_info(void)
{
   struct isl_tile_info t;
   isl_tiling_info(ISL_TILING_X, &t);
   CHECK(t.width_B == 512 && t.height == 8 && t.size_B == 4096, "X tile 512x8");
   isl_tiling_info(ISL_TILING_Y, &t);
   CHECK(t.width_B == 128 && t.height == 32 && t.size_B == 4096, "Y tile 128x32");
   isl_tiling_info(ISL_TILING_W, &t);
   CHECK(t.width_B == 64 && t.height == 64 && t.size_B == 4096, "W tile 64x64");
   isl_tiling_info(ISL_TILING_LINEAR, &t);
   CHECK(t.width_B == 1 && t.height == 1, "linear: one byte, one row");
}

static void
test_linear(void)
{
   /* y * pitch + x */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_LINEAR, 300, 17, 5), 5 * 300 + 17, "linear (17, 5)");
}

static void
test_x(void)
{
   /* Pitch 1024: two tiles to a row. */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_X, 1024, 0, 0), 0, "X (0, 0)");
   /* (5, 3): 3 * 512 + 5 = 1541 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_X, 1024, 5, 3), 1541, "X (5, 3)");
   /* (600, 9): tile (1, 1) = index 3 -> 12288; inside (88, 1): 512 + 88 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_X, 1024, 600, 9), 12288 + 600, "X (600, 9)");
   /* (511, 7): the tile's last byte, 4095 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_X, 1024, 511, 7), 4095, "X (511, 7)");
}

static void
test_y(void)
{
   /* Pitch 256: two tiles to a row. */
   /* (20, 5): column 1 -> 512, + 5 * 16 + 4 = 596 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_Y, 256, 20, 5), 596, "Y (20, 5)");
   /* (15, 31): column 0, 31 * 16 + 15 = 511 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_Y, 256, 15, 31), 511, "Y (15, 31)");
   /* (16, 0): the next column starts at 512 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_Y, 256, 16, 0), 512, "Y (16, 0)");
   /* (130, 33): tile (1, 1) = index 3 -> 12288; inside (2, 1): 16 + 2 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_Y, 256, 130, 33), 12306, "Y (130, 33)");
   /* (127, 31): the tile's last byte: column 7 -> 3584 + 496 + 15 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_Y, 256, 127, 31), 4095, "Y (127, 31)");
}

static void
test_w(void)
{
   /* Pitch 128: two tiles to a row. */
   /* (13, 6): x = 001101b, y = 000110b: x0 = 1 -> 1, y1 = 1 -> 8, x2 = 1 ->
    * 16, y2 = 1 -> 32, x3 = 1 -> 512: 569 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_W, 128, 13, 6), 569, "W (13, 6)");
   /* (1, 1): x0 -> 1, y0 -> 2 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_W, 128, 1, 1), 3, "W (1, 1)");
   /* (8, 0): x3 -> 512; (0, 8): y3 -> 64 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_W, 128, 8, 0), 512, "W (8, 0)");
   CHECK_EQ(isl_tiling_offset(ISL_TILING_W, 128, 0, 8), 64, "W (0, 8)");
   /* (70, 65): tile (1, 1) = index 3 -> 12288; inside (6, 1): y0 -> 2,
    * x1 -> 4, x2 -> 16: 22 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_W, 128, 70, 65), 12310, "W (70, 65)");
   /* (63, 63): every bit set: 4095 */
   CHECK_EQ(isl_tiling_offset(ISL_TILING_W, 128, 63, 63), 4095, "W (63, 63)");
}

/* Every byte of a tile lands on a distinct offset inside it. */
static void
test_bijective(enum isl_tiling tiling, const char *name)
{
   static unsigned char seen[4096];
   struct isl_tile_info t;
   isl_tiling_info(tiling, &t);
   for (unsigned i = 0; i < 4096; i++)
      seen[i] = 0;
   unsigned dup = 0;
   for (uint32_t y = 0; y < t.height; y++) {
      for (uint32_t x = 0; x < t.width_B; x++) {
         uint64_t o = isl_tiling_offset(tiling, t.width_B, x, y);
         if (o >= 4096 || seen[o]++)
            dup++;
      }
   }
   CHECK(dup == 0, "%s tile: %u bytes collide or leave the tile", name, dup);
}

int
main(void)
{
   test_tile_info();
   test_linear();
   test_x();
   test_y();
   test_w();
   test_bijective(ISL_TILING_X, "X");
   test_bijective(ISL_TILING_Y, "Y");
   test_bijective(ISL_TILING_W, "W");
   return isl_test_result("test_isl_tiling");
}
