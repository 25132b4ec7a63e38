/* Tiles (PRM Vol 5 "Memory Views" / "Tiling"; Gen9+ Vol 5 "Tiling and
 * Swizzling"): a tiled surface is a grid of 4 KB tiles, row pitch / tile
 * width of them to a row of tiles, and inside a tile the byte at (x, y)
 * sits at an offset whose 12 bits are bits of x (bytes) and y (rows):
 *
 *   X tile, 512 B x 8 rows, rows stored one after the other:
 *      offset = y[2:0] x[8:0]
 *   Y tile, 128 B x 32 rows, eight 16-byte columns of 32 rows each:
 *      offset = x[6:4] y[4:0] x[3:0]
 *   W tile, 64 B x 64 rows (separate stencil), 8x8-byte blocks of Y-like
 *      interleaved bits:
 *      offset = x[5:3] y[5:2] x[2] y[1] x[1] y[0] x[0]
 *
 * (high bit first).  Gen12 (Tiger Lake) keeps the legacy Y tile; Tile4 is
 * Gen12.5's.  Bit-6 swizzling (address bit 6 XORed with bits 9/10/11 on
 * some Gen7 memory configurations) is not applied: vgpu answers
 * GET_TILING with I915_BIT_6_SWIZZLE_NONE on every device it emulates and
 * Gen8+ never swizzles, so the driver can assume none there too. */
#include "isl.h"

/* One bit of the offset in a tile: bit `bit` of x or of y. */
#define XB(n) (n)
#define YB(n) (0x80 | (n))

struct tile_desc {
   uint16_t width_B, height;
   uint8_t bits[12];   /* offset bit i comes from bits[i] */
};

static const struct tile_desc tiles[ISL_TILINGS] = {
   [ISL_TILING_LINEAR] = { 1, 1, { 0 } },
   [ISL_TILING_X] = { 512, 8, { XB(0), XB(1), XB(2), XB(3), XB(4), XB(5), XB(6), XB(7),
                                XB(8), YB(0), YB(1), YB(2) } },
   [ISL_TILING_Y] = { 128, 32, { XB(0), XB(1), XB(2), XB(3), YB(0), YB(1), YB(2), YB(3),
                                 YB(4), XB(4), XB(5), XB(6) } },
   [ISL_TILING_W] = { 64, 64, { XB(0), YB(0), XB(1), YB(1), XB(2), YB(2), YB(3), YB(4),
                                YB(5), XB(3), XB(4), XB(5) } },
};

void
isl_tiling_info(enum isl_tiling tiling, struct isl_tile_info *info)
{
   const struct tile_desc *t = &tiles[tiling];
   info->width_B = t->width_B;
   info->height = t->height;
   info->size_B = t->width_B * t->height;
}

static uint32_t
intra_tile_offset(const struct tile_desc *t, uint32_t x, uint32_t y)
{
   uint32_t off = 0;
   for (unsigned i = 0; i < 12; i++) {
      uint8_t src = t->bits[i];
      uint32_t coord = (src & 0x80) ? y : x;
      off |= ((coord >> (src & 0x7f)) & 1u) << i;
   }
   return off;
}

uint64_t
isl_tiling_offset(enum isl_tiling tiling, uint32_t row_pitch_B, uint64_t x_B, uint64_t y)
{
   if (tiling == ISL_TILING_LINEAR)
      return y * row_pitch_B + x_B;
   const struct tile_desc *t = &tiles[tiling];
   uint64_t tiles_per_row = row_pitch_B / t->width_B;
   uint64_t tile = (y / t->height) * tiles_per_row + x_B / t->width_B;
   return tile * 4096u + intra_tile_offset(t, (uint32_t)(x_B % t->width_B),
                                           (uint32_t)(y % t->height));
}
