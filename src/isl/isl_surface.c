/* Surface layout: tiling, LOD alignment, mip trees, array layers and 3D
 * slices, row pitch and size, per generation.
 *
 * Sources: IVB PRM Vol 1 Part 1 "Surface Layout" (6.18: alignment unit
 * size, 2D/3D surfaces, surface arrays and QPitch); BDW/SKL/ICL/TGL PRM Vol
 * 5 "Memory Views"/"Memory Data Formats" ("Common Surface Formats": 1D, 2D,
 * 3D surfaces, "Surface Arrays", "1D Alignment Requirements"); Vol 2d
 * RENDER_SURFACE_STATE field notes (Surface Pitch, Surface QPitch, Surface
 * Horizontal/Vertical Alignment, Tile Mode, Width).  Mesa's isl was read for
 * the same facts; the code is ours. */
#include <stddef.h>

#include "isl.h"
#include "isl_priv.h"

/* ---- per-generation rules ---- */

#define TWO_GB (1ull << 31)
#define MAX_GEN9 (1ull << 38)

/* Alignment units (IVB PRM Vol 1 Part 1 6.18.4.4 "Alignment Unit Size"; BDW
 * and SKL Vol 5 same table; TGL RSS "Surface Horizontal Alignment": 16-bit
 * depth HALIGN 16 B and VALIGN 8, 32-bit depth 32 B, stencil 16 B = 16
 * texels).  Compressed formats align to one block before Gen9 and to 4x4
 * blocks from Gen9, where RSS alignments count blocks (SKL RSS "Surface
 * Horizontal Alignment": "the units of i are in compression blocks"). */
static const struct isl_gen_rules gen_rules[] = {
   { .verx10 = 70, .depth16_halign = 8, .depth16_valign = 4, .depth_halign = 4,
     .depth_valign = 4, .stencil_halign = 8, .stencil_valign = 8,
     .compressed_align_blocks = 1, .rgb32f_valign2 = true,
     .stencil_tiling = ISL_TILING_W, .max_size_B = TWO_GB },
   { .verx10 = 75, .depth16_halign = 8, .depth16_valign = 4, .depth_halign = 4,
     .depth_valign = 4, .stencil_halign = 8, .stencil_valign = 8,
     .compressed_align_blocks = 1, .stencil_tiling = ISL_TILING_W, .max_size_B = TWO_GB },
   { .verx10 = 80, .depth16_halign = 8, .depth16_valign = 4, .depth_halign = 4,
     .depth_valign = 4, .stencil_halign = 8, .stencil_valign = 8,
     .compressed_align_blocks = 1, .qpitch_field = true, .stencil_tiling = ISL_TILING_W,
     .wide_render_linear = true, .max_size_B = TWO_GB },
   { .verx10 = 90, .depth16_halign = 8, .depth16_valign = 4, .depth_halign = 4,
     .depth_valign = 4, .stencil_halign = 8, .stencil_valign = 8,
     .compressed_align_blocks = 4, .align_in_blocks = true, .qpitch_field = true,
     .layout_3d_as_2d = true, .layout_1d_row = true, .qpitch_3d_tile_aligned = true,
     .stencil_tiling = ISL_TILING_W, .wide_render_linear = true, .max_size_B = MAX_GEN9 },
   { .verx10 = 110, .depth16_halign = 8, .depth16_valign = 4, .depth_halign = 4,
     .depth_valign = 4, .stencil_halign = 8, .stencil_valign = 8,
     .compressed_align_blocks = 4, .halign8_32bpp_tiled_mips = true,
     .align_in_blocks = true, .qpitch_field = true, .layout_3d_as_2d = true,
     .layout_1d_row = true, .qpitch_3d_tile_aligned = true, .stencil_tiling = ISL_TILING_W,
     .max_size_B = MAX_GEN9 },
   /* Tiger Lake: stencil buffers are Y-tiled (no W tiling). */
   { .verx10 = 120, .depth16_halign = 8, .depth16_valign = 8, .depth_halign = 8,
     .depth_valign = 4, .stencil_halign = 16, .stencil_valign = 8,
     .compressed_align_blocks = 4, .halign8_32bpp_tiled_mips = true,
     .align_in_blocks = true, .qpitch_field = true, .layout_3d_as_2d = true,
     .layout_1d_row = true, .qpitch_3d_tile_aligned = true, .stencil_tiling = ISL_TILING_Y,
     .max_size_B = MAX_GEN9 },
};

const struct isl_gen_rules *
isl_gen_rules(unsigned verx10)
{
   for (size_t i = 0; i < sizeof(gen_rules) / sizeof(gen_rules[0]); i++) {
      if (gen_rules[i].verx10 == verx10)
         return &gen_rules[i];
   }
   return NULL;
}

/* RENDER_SURFACE_STATE field limits: Width and Height 14 bits, Depth 11
 * bits (so 2048 layers or 3D slices), MIP Count 4 bits (LOD 0..14). */
enum { MAX_DIM = 16384, MAX_DEPTH = 2048, MAX_LEVELS = 15, MAX_PITCH = 1 << 18 };

/* ---- validation ---- */

static uint32_t
max_levels(const struct isl_surf_info *info)
{
   uint32_t m = info->width > info->height ? info->width : info->height;
   if (info->dim == ISL_SURF_DIM_3D && info->depth > m)
      m = info->depth;
   uint32_t n = 1;
   while (m >>= 1)
      n++;
   return n;
}

static bool
dims_ok(const struct isl_surf_info *info)
{
   if (!info->width || !info->height || !info->depth || !info->array_len || !info->levels)
      return false;
   if (info->width > MAX_DIM || info->height > MAX_DIM || info->depth > MAX_DEPTH ||
       info->array_len > MAX_DEPTH)
      return false;
   if (info->levels > MAX_LEVELS || info->levels > max_levels(info))
      return false;
   if (info->dim == ISL_SURF_DIM_1D && info->height != 1)
      return false;
   if (info->dim != ISL_SURF_DIM_3D && info->depth != 1)
      return false;
   return info->dim != ISL_SURF_DIM_3D || info->array_len == 1;
}

/* Cubes are 2D arrays of six faces per cube, square. */
static bool
cube_ok(const struct isl_surf_info *info)
{
   if (!(info->usage & ISL_USAGE_CUBE))
      return true;
   return info->dim == ISL_SURF_DIM_2D && info->width == info->height &&
          info->array_len % 6 == 0;
}

/* Depth buffers take D16/D24X8/D32F's sampling formats, stencil buffers
 * R8_UINT (3DSTATE_DEPTH_BUFFER / 3DSTATE_STENCIL_BUFFER); Gen7+ never
 * combines them in one surface. */
static bool
depth_stencil_ok(const struct isl_surf_info *info)
{
   bool depth = info->usage & ISL_USAGE_DEPTH, stencil = info->usage & ISL_USAGE_STENCIL;
   if (depth && stencil)
      return false;
   if (stencil)
      return info->format == ISL_FORMAT_R8_UINT;
   if (!depth)
      return true;
   return info->format == ISL_FORMAT_R16_UNORM || info->format == ISL_FORMAT_R32_FLOAT ||
          info->format == ISL_FORMAT_R24_UNORM_X8_TYPELESS;
}

/* SKL+ RSS "Surface Format": no compressed format with SURFTYPE_1D. */
static bool
format_ok(const struct isl_surf_info *info, const struct isl_format_layout *l)
{
   if (isl_format_is_compressed(l) && info->dim == ISL_SURF_DIM_1D)
      return false;
   return info->format != ISL_FORMAT_RAW;
}

/* ---- tiling ---- */

static bool
needs_valign2(const struct isl_gen_rules *g, const struct isl_format_layout *l)
{
   return g->rgb32f_valign2 && l->format == ISL_FORMAT_R32G32B32_FLOAT;
}

/* The tilings the surface may have:
 *  - separate stencil is W-tiled (Gen7-11) or Y-tiled (Gen12), depth
 *    Y-tiled (3DSTATE_STENCIL_BUFFER / 3DSTATE_DEPTH_BUFFER); W is for
 *    stencil only;
 *  - ASTC needs TILEMODE_YMAJOR (SKL RSS "Tile Mode");
 *  - IVB: Y-tiled render targets need VALIGN_4, which R32G32B32_FLOAT
 *    cannot have (IVB RSS "Surface Vertical Alignment");
 *  - BDW/SKL render targets wider than 16382 must be linear (RSS "Width"
 *    programming note: tiled ones copy the last two columns of the first
 *    two rows);
 *  - formats whose texel is not a power of two in size (24/48/96 bits)
 *    are kept linear: the choice keeps every texel whole inside a tile row,
 *    so intratile offsets are whole texels. */
static uint32_t
allowed_tilings(const struct isl_gen_rules *g, const struct isl_surf_info *info,
                const struct isl_format_layout *l)
{
   uint32_t any = ISL_TILING_BIT(ISL_TILINGS) - 1;
   uint32_t mask = info->tilings ? info->tilings & any : any;
   if (info->usage & ISL_USAGE_STENCIL)
      return mask & ISL_TILING_BIT(g->stencil_tiling);
   mask &= ~ISL_TILING_BIT(ISL_TILING_W);
   /* IVB RSS "Tiled Surface": multisampled surfaces are tiled; BDW RSS
    * "Tile Mode": YMAJOR unless Number of Multisamples is 1 (stencil keeps
    * its own tiling above). */
   if (info->samples > 1)
      mask &= ISL_TILING_BIT(ISL_TILING_Y);
   if (info->usage & ISL_USAGE_DEPTH)
      mask &= ISL_TILING_BIT(ISL_TILING_Y);
   if (l->txc == ISL_TXC_ASTC)
      mask &= ISL_TILING_BIT(ISL_TILING_Y);
   if (needs_valign2(g, l) && (info->usage & ISL_USAGE_RENDER))
      mask &= ~ISL_TILING_BIT(ISL_TILING_Y);
   if (g->wide_render_linear && info->width > 16382 && (info->usage & ISL_USAGE_RENDER))
      mask &= ISL_TILING_BIT(ISL_TILING_LINEAR);
   if (!isl_format_is_compressed(l) && !isl_is_pow2(l->bpb))
      mask &= ISL_TILING_BIT(ISL_TILING_LINEAR);
   return mask;
}

/* Y tiles suit 2D access best; 1D surfaces prefer linear (a Y tile would
 * spend 32 rows on one, and Gen9+ lays linear 1D surfaces out in a row:
 * SKL Vol 5 "1D Surfaces" says 1D surfaces use linear tiling, or are laid
 * out as a height-1 2D surface when tiled). */
static bool
pick_tiling(const struct isl_surf_info *info, uint32_t mask, enum isl_tiling *out)
{
   static const enum isl_tiling order_2d[] = { ISL_TILING_W, ISL_TILING_Y, ISL_TILING_X,
                                               ISL_TILING_LINEAR };
   static const enum isl_tiling order_1d[] = { ISL_TILING_LINEAR, ISL_TILING_W, ISL_TILING_Y,
                                               ISL_TILING_X };
   const enum isl_tiling *order = info->dim == ISL_SURF_DIM_1D ? order_1d : order_2d;
   for (unsigned i = 0; i < 4; i++) {
      if (mask & ISL_TILING_BIT(order[i])) {
         *out = order[i];
         return true;
      }
   }
   return false;
}

static enum isl_dim_layout
choose_layout(const struct isl_gen_rules *g, enum isl_surf_dim dim, enum isl_tiling tiling)
{
   if (dim == ISL_SURF_DIM_3D)
      return g->layout_3d_as_2d ? ISL_LAYOUT_2D : ISL_LAYOUT_3D_GEN7;
   if (dim == ISL_SURF_DIM_1D && g->layout_1d_row && tiling == ISL_TILING_LINEAR)
      return ISL_LAYOUT_1D_GEN9;
   return ISL_LAYOUT_2D;
}

/* ---- LOD alignment (texels) ---- */

/* Color surfaces use HALIGN_4/VALIGN_4, the smallest alignment valid for
 * every use without an auxiliary surface (which would need HALIGN_16);
 * IVB's R32G32B32_FLOAT must take VALIGN_2; Ice Lake and Tiger Lake need
 * HALIGN_8 for 32bpp Y-tiled mipmapped surfaces (ICL RSS "Surface
 * Horizontal Alignment"). */
static void
color_alignment(const struct isl_gen_rules *g, const struct isl_surf_info *info,
                const struct isl_format_layout *l, enum isl_tiling tiling,
                uint32_t *ha, uint32_t *va)
{
   *ha = 4;
   *va = needs_valign2(g, l) ? 2 : 4;
   if (g->halign8_32bpp_tiled_mips && l->bpb == 32 && tiling == ISL_TILING_Y &&
       info->levels > 1)
      *ha = 8;
}

static void
choose_alignment(const struct isl_gen_rules *g, const struct isl_surf_info *info,
                 const struct isl_format_layout *l, enum isl_tiling tiling,
                 enum isl_dim_layout layout, uint32_t *ha, uint32_t *va)
{
   if (layout == ISL_LAYOUT_1D_GEN9) {
      /* SKL Vol 5 "1D Alignment Requirements": 64 texels, any bpp. */
      *ha = 64;
      *va = 1;
   } else if (info->usage & ISL_USAGE_DEPTH) {
      bool d16 = info->format == ISL_FORMAT_R16_UNORM;
      *ha = d16 ? g->depth16_halign : g->depth_halign;
      *va = d16 ? g->depth16_valign : g->depth_valign;
   } else if (info->usage & ISL_USAGE_STENCIL) {
      *ha = g->stencil_halign;
      *va = g->stencil_valign;
   } else if (isl_format_is_compressed(l)) {
      *ha = g->compressed_align_blocks * l->bw;
      *va = g->compressed_align_blocks * l->bh;
   } else {
      color_alignment(g, info, l, tiling, ha, va);
   }
}

/* ---- mip trees ---- */

/* LOD 0's size in the 2D space: the logical size except for interleaved
 * multisampled surfaces (isl_surf_phys_size). */
static uint32_t
base_w(const struct isl_surf *s)
{
   uint32_t w, h;
   isl_surf_phys_size(s, &w, &h);
   return w;
}

static uint32_t
base_h(const struct isl_surf *s)
{
   uint32_t w, h;
   isl_surf_phys_size(s, &w, &h);
   return h;
}

static uint32_t
lod_w(const struct isl_surf *s, uint32_t level)
{
   return isl_align(isl_minify(base_w(s), level), s->halign);
}

static uint32_t
lod_h(const struct isl_surf *s, uint32_t level)
{
   return isl_align(isl_minify(base_h(s), level), s->valign);
}

/* 2D mip tree (IVB Vol 1 Part 1 6.18.4.3 "2D Surfaces"): LOD 0, LOD 1
 * below it, LOD 2 and smaller stacked to the right of LOD 1.  A single
 * LOD is not padded: nothing follows it in the slice. */
static void
slice_extent_2d(const struct isl_surf *s, uint32_t *w, uint32_t *h)
{
   if (s->levels == 1) {
      *w = base_w(s);
      *h = base_h(s);
      return;
   }
   uint32_t right_w = 0, right_h = 0;
   for (uint32_t l = 2; l < s->levels; l++) {
      right_w = lod_w(s, l) > right_w ? lod_w(s, l) : right_w;
      right_h += lod_h(s, l);
   }
   uint32_t below_w = lod_w(s, 1) + right_w;
   uint32_t left_h = lod_h(s, 0) + lod_h(s, 1), rh = lod_h(s, 0) + right_h;
   *w = lod_w(s, 0) > below_w ? lod_w(s, 0) : below_w;
   *h = left_h > rh ? left_h : rh;
}

static void
lod_xy_2d(const struct isl_surf *s, uint32_t level, uint32_t *x, uint32_t *y)
{
   *x = level >= 2 ? lod_w(s, 1) : 0;
   *y = level >= 1 ? lod_h(s, 0) : 0;
   for (uint32_t l = 2; l < level; l++)
      *y += lod_h(s, l);
}

/* Gen7/8 3D (IVB 6.18.4.5 "3D Surfaces", BDW Vol 5 same): LOD l keeps its
 * max(1, D >> l) slices 2^l to a row; each LOD starts below the previous. */
static uint32_t
slices_3d(const struct isl_surf *s, uint32_t level)
{
   return isl_minify(s->depth, level);
}

static uint32_t
rows_3d(const struct isl_surf *s, uint32_t level)
{
   return isl_div_round_up(slices_3d(s, level), 1u << level) * lod_h(s, level);
}

static void
extent_3d_gen7(const struct isl_surf *s, uint32_t *w, uint32_t *h)
{
   *w = *h = 0;
   for (uint32_t l = 0; l < s->levels; l++) {
      uint32_t across = slices_3d(s, l) < (1u << l) ? slices_3d(s, l) : 1u << l;
      uint32_t lw = lod_w(s, l) * across;
      *w = lw > *w ? lw : *w;
      *h += rows_3d(s, l);
   }
}

static void
lod_xy_3d_gen7(const struct isl_surf *s, uint32_t level, uint32_t z, uint32_t *x, uint32_t *y)
{
   *y = 0;
   for (uint32_t l = 0; l < level; l++)
      *y += rows_3d(s, l);
   uint32_t across = 1u << level;
   *x = (z % across) * lod_w(s, level);
   *y += (z / across) * lod_h(s, level);
}

/* Gen9+ linear 1D (SKL Vol 5 "1D Surfaces"): a layer's LODs side by side
 * in one row, each 64-texel aligned; a row per layer. */
static uint32_t
row_width_1d(const struct isl_surf *s, uint32_t levels)
{
   uint32_t w = 0;
   for (uint32_t l = 0; l < levels; l++)
      w += lod_w(s, l);
   return w;
}

/* ---- array pitch ---- */

/* Layers (and Gen9+ 3D slices, MSS samples) per surface in the 2D layout. */
static uint32_t
slices_2d(const struct isl_surf *s)
{
   return isl_surf_phys_slices(s);
}

/* Gen7 has no QPitch field: Surface Array Spacing picks ARYSPC_LOD0 (QPitch
 * = h0) or ARYSPC_FULL (QPitch = h0 + h1 + 12j, IVB 6.18.4.7 "Surface
 * Arrays"); depth and stencil buffers always use FULL.  LOD0 is chosen
 * when it is enough: one slice, or one LOD of a color surface (MSS
 * surfaces included: their samples are slices h0 apart, as hasvk lays
 * them out on Ivy Bridge).  h0 and h1 are of the 2D space: interleaved
 * samples included (hasvk's IMS depth arrays are ARYSPC_FULL of those). */
static bool
gen7_lod0_spacing(const struct isl_surf *s)
{
   if (isl_surf_phys_slices(s) == 1)
      return true;
   if (s->usage & (ISL_USAGE_DEPTH | ISL_USAGE_STENCIL))
      return false;
   return s->levels == 1;
}

static uint32_t
gen7_full_qpitch(const struct isl_surf *s)
{
   uint32_t h0 = isl_align(base_h(s), s->valign);
   uint32_t h1 = isl_align(isl_minify(base_h(s), 1), s->valign);
   return h0 + h1 + 12 * s->valign;
}

/* Rows between layers.  Gen8+ program QPitch, which isl makes as small as
 * the slice allows (BDW RSS "Surface QPitch": large enough that slices do
 * not overlap, a multiple of the vertical alignment); SKL+ tiled 3D
 * surfaces also need a whole number of tiles (SKL RSS "Surface QPitch":
 * "Tile Mode != Linear: ... a multiple of the tile height"). */
static uint32_t
array_pitch_2d(const struct isl_gen_rules *g, struct isl_surf *s,
               const struct isl_format_layout *l, uint32_t slice_h)
{
   if (!g->qpitch_field) {
      s->array_spacing_lod0 = gen7_lod0_spacing(s);
      return s->array_spacing_lod0 ? isl_align(base_h(s), s->valign) : gen7_full_qpitch(s);
   }
   uint32_t rows = isl_align(slice_h, s->valign);
   if (g->qpitch_3d_tile_aligned && s->dim == ISL_SURF_DIM_3D && s->tiling != ISL_TILING_LINEAR) {
      struct isl_tile_info t;
      isl_tiling_info(s->tiling, &t);
      rows = isl_align(rows, t.height * l->bh);
   }
   return rows;
}

/* ---- extent, pitch, size ---- */

/* The surface's extent in texels. */
static void
total_extent(const struct isl_gen_rules *g, struct isl_surf *s,
             const struct isl_format_layout *l, uint32_t *w, uint32_t *h)
{
   switch (s->layout) {
   case ISL_LAYOUT_3D_GEN7:
      extent_3d_gen7(s, w, h);
      s->array_pitch_rows = lod_h(s, 0);
      return;
   case ISL_LAYOUT_1D_GEN9:
      *w = row_width_1d(s, s->levels);
      *h = s->array_len;
      s->array_pitch_rows = 1;
      return;
   case ISL_LAYOUT_2D:
   default: {
      uint32_t slice_w, slice_h;
      slice_extent_2d(s, &slice_w, &slice_h);
      s->array_pitch_rows = array_pitch_2d(g, s, l, slice_h);
      *w = slice_w;
      *h = s->array_pitch_rows * (slices_2d(s) - 1) + slice_h;
      return;
   }
   }
}

static uint32_t
gcd(uint32_t a, uint32_t b)
{
   while (b) {
      uint32_t t = a % b;
      a = b;
      b = t;
   }
   return a;
}

/* Row pitch: tiled surfaces take whole tiles (RSS "Surface Pitch": a
 * multiple of the tile width); linear ones a multiple of the element size
 * (RSS "Surface Pitch": linear render targets and typed surfaces) and,
 * when isl chooses, of 64 bytes (a cache line, as the blitter wants linear
 * surfaces: BDW XY_SRC_COPY_BLT).  Gen9+ 1D ignores Surface Pitch: a row
 * holds one layer and QPitch (in texels) says how long it is. */
static bool
choose_row_pitch(const struct isl_surf_info *info, struct isl_surf *s,
                 const struct isl_format_layout *l, uint32_t w_el, uint32_t *pitch)
{
   uint32_t bs = isl_format_bytes(l), min = w_el * bs, align;
   struct isl_tile_info t;
   isl_tiling_info(s->tiling, &t);
   if (s->layout == ISL_LAYOUT_1D_GEN9)
      align = 4 * bs;   /* QPitch is programmed in units of 4 texels */
   else if (s->tiling != ISL_TILING_LINEAR)
      align = t.width_B;
   else
      align = bs;
   if (!info->row_pitch_B) {
      uint32_t pick = s->tiling == ISL_TILING_LINEAR && s->layout != ISL_LAYOUT_1D_GEN9
                      ? 64 / gcd(64, bs) * bs : align;
      *pitch = isl_align(min, pick);
   } else {
      *pitch = info->row_pitch_B;
   }
   if (*pitch < min || *pitch % align)
      return false;
   if (s->layout == ISL_LAYOUT_1D_GEN9)
      return *pitch / bs / 4 < (1u << 15);   /* 15-bit QPitch field */
   return *pitch <= MAX_PITCH;
}

/* Tiled surfaces take whole tile rows; the base address of a tiled surface
 * is tile aligned, of a linear one element aligned (RSS "Surface Base
 * Address": linear render targets and typed surfaces). */
static void
size_and_alignment(struct isl_surf *s, const struct isl_format_layout *l, uint32_t h_el)
{
   struct isl_tile_info t;
   isl_tiling_info(s->tiling, &t);
   s->size_B = (uint64_t)s->row_pitch_B * isl_align(h_el, t.height);
   uint32_t a = 1;
   while (a < isl_format_bytes(l))
      a <<= 1;
   s->align_B = s->tiling == ISL_TILING_LINEAR ? a : 4096;
}

bool
isl_surf_init(unsigned verx10, const struct isl_surf_info *info, struct isl_surf *surf)
{
   const struct isl_gen_rules *g = isl_gen_rules(verx10);
   const struct isl_format_layout *l = isl_format_layout(info->format);
   if (!g || !l || !dims_ok(info) || !cube_ok(info) || !depth_stencil_ok(info) ||
       !format_ok(info, l))
      return false;
   struct isl_surf s = {
      .dim = info->dim, .format = info->format, .verx10 = (uint16_t)verx10,
      .usage = info->usage, .width = info->width, .height = info->height,
      .depth = info->depth, .levels = info->levels, .array_len = info->array_len,
      .samples = info->samples > 1 ? info->samples : 1,
   };
   if (!isl_msaa_choose_layout(verx10, info, l, &s.msaa_layout))
      return false;
   if (!pick_tiling(info, allowed_tilings(g, info, l), &s.tiling))
      return false;
   s.layout = choose_layout(g, info->dim, s.tiling);
   choose_alignment(g, info, l, s.tiling, s.layout, &s.halign, &s.valign);
   uint32_t w, h;
   total_extent(g, &s, l, &w, &h);
   uint32_t w_el = isl_div_round_up(w, l->bw), h_el = isl_div_round_up(h, l->bh);
   if (!choose_row_pitch(info, &s, l, w_el, &s.row_pitch_B))
      return false;
   size_and_alignment(&s, l, h_el);
   if (s.size_B > g->max_size_B)
      return false;
   *surf = s;
   return true;
}

/* ---- offsets ---- */

void
isl_surf_image_xy(const struct isl_surf *surf, uint32_t level, uint32_t slice,
                  uint32_t *x, uint32_t *y)
{
   switch (surf->layout) {
   case ISL_LAYOUT_3D_GEN7:
      lod_xy_3d_gen7(surf, level, slice, x, y);
      return;
   case ISL_LAYOUT_1D_GEN9:
      *x = row_width_1d(surf, level);
      *y = slice;
      return;
   case ISL_LAYOUT_2D:
   default:
      lod_xy_2d(surf, level, x, y);
      *y += slice * surf->array_pitch_rows;
      return;
   }
}

static void
image_el(const struct isl_surf *surf, uint32_t level, uint32_t slice,
         const struct isl_format_layout *l, uint32_t *x_el, uint32_t *y_el)
{
   uint32_t x, y;
   isl_surf_image_xy(surf, level, slice, &x, &y);
   *x_el = x / l->bw;
   *y_el = y / l->bh;
}

void
isl_surf_offset(const struct isl_surf *surf, uint32_t level, uint32_t layer,
                uint32_t z, struct isl_image_offset *out)
{
   const struct isl_format_layout *l = isl_format_layout(surf->format);
   uint32_t x_el, y_el, bs = isl_format_bytes(l);
   image_el(surf, level, layer + z, l, &x_el, &y_el);
   if (surf->tiling == ISL_TILING_LINEAR) {
      out->offset_B = (uint64_t)y_el * surf->row_pitch_B + (uint64_t)x_el * bs;
      out->x_el = out->y_el = 0;
      return;
   }
   struct isl_tile_info t;
   isl_tiling_info(surf->tiling, &t);
   uint32_t x_B = x_el * bs;
   uint64_t tile_row = y_el / t.height, tile_col = x_B / t.width_B;
   out->offset_B = (tile_row * (surf->row_pitch_B / t.width_B) + tile_col) * t.size_B;
   out->x_el = x_B % t.width_B / bs;
   out->y_el = y_el % t.height;
}

uint64_t
isl_surf_texel_offset(const struct isl_surf *surf, uint32_t level, uint32_t slice,
                      uint32_t x_el, uint32_t y_el)
{
   const struct isl_format_layout *l = isl_format_layout(surf->format);
   uint32_t ix, iy;
   image_el(surf, level, slice, l, &ix, &iy);
   uint64_t x_B = (uint64_t)(ix + x_el) * isl_format_bytes(l);
   return isl_tiling_offset(surf->tiling, surf->row_pitch_B, x_B, (uint64_t)iy + y_el);
}
