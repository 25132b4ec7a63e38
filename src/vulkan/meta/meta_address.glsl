/* Byte addresses of the driver's transfer kernels (gvk_meta.h "rects").
 *
 * A side of a copy is a 2D run of rows in a surface, read and written
 * through an untyped buffer binding, so that every format, tiling and
 * aspect (W-tiled stencil, compressed blocks) moves as raw bytes: the
 * bit-exact copies Vulkan asks for ("Copying Data Between Buffers and
 * Images") need no format conversion.  Byte x of row y of slice z sits
 * at base + z * slice_bytes + tiled(x0 + x, y0 + y + z * slice_rows).
 *
 * The tiles are those of src/isl/isl_tiling.c (PRM Vol 5 "Tiling"),
 * offset bits within a 4 KiB tile, high bit first:
 *   X 512 B x 8 rows:  y[2:0] x[8:0]
 *   Y 128 B x 32 rows: x[6:4] y[4:0] x[3:0]
 *   W 64 B x 64 rows:  x[5:3] y[5:2] x[2] y[1] x[1] y[0] x[0]
 * and no bit-6 swizzling (Gen8+ has none; vgpu reports none). */

#define GVK_META_LINEAR 0u
#define GVK_META_TILE_X 1u
#define GVK_META_TILE_Y 2u
#define GVK_META_TILE_W 3u

struct gvk_meta_side {
   uint base;         /* byte of the side's origin in its binding */
   uint pitch;        /* bytes from a row to the next */
   uint tiling;       /* GVK_META_* */
   uint x0;           /* first byte of a row the rect covers */
   uint y0;           /* first row */
   uint slice_rows;   /* rows from a slice to the next */
   uint slice_bytes;  /* bytes from a slice to the next */
   uint pad;
};

uint gvk_meta_tiled(uint tiling, uint pitch, uint x, uint y)
{
   if (tiling == GVK_META_LINEAR)
      return y * pitch + x;
   if (tiling == GVK_META_TILE_X)
      return ((y >> 3) * (pitch >> 9) + (x >> 9)) * 4096u +
             ((y & 7u) << 9) + (x & 511u);
   if (tiling == GVK_META_TILE_Y)
      return ((y >> 5) * (pitch >> 7) + (x >> 7)) * 4096u +
             (((x >> 4) & 7u) << 9) + ((y & 31u) << 4) + (x & 15u);
   return ((y >> 6) * (pitch >> 6) + (x >> 6)) * 4096u +
          (((x >> 3) & 7u) << 9) + (((y >> 2) & 15u) << 5) +
          (((x >> 2) & 1u) << 4) + (((y >> 1) & 1u) << 3) +
          (((x >> 1) & 1u) << 2) + ((y & 1u) << 1) + (x & 1u);
}

uint gvk_meta_address(gvk_meta_side s, uint x, uint y, uint z)
{
   return s.base + z * s.slice_bytes +
          gvk_meta_tiled(s.tiling, s.pitch, s.x0 + x, s.y0 + y + z * s.slice_rows);
}
