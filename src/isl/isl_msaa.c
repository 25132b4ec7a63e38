/* Multisampled surfaces: which sample counts a generation has, which
 * layout a surface's samples take, where a sample lives, and the
 * multisample control surface (MCS) that compresses MSS colour surfaces.
 *
 * Sources: IVB PRM Vol 4 Part 1 RENDER_SURFACE_STATE ("Number of
 * Multisamples", "Multisampled Surface Storage Format", "MCS Enable"), IVB
 * PRM Vol 2 Part 1 "MCS Buffer for Render Target(s)"; BDW/SKL PRM Vol 5
 * "Memory Views": "Computing Mip Level Sizes" (interleaved sizes),
 * "Multisampled Surfaces", "Compressed Multisample Surfaces" (MCS
 * encoding); Vol 2d RENDER_SURFACE_STATE.  Mesa's isl (msaa layout choice,
 * MCS surface) and blorp (interleaved sample addressing, MCS ambiguate and
 * clear values) were read for the same facts; the code is ours. */
#include "isl.h"
#include "isl_priv.h"

uint32_t
isl_sample_counts(unsigned verx10)
{
   switch (verx10) {
   case 70: case 75:
      return 1 | 4 | 8;   /* MULTISAMPLECOUNT_1/4/8 only */
   case 80:
      return 1 | 2 | 4 | 8;
   case 90: case 110: case 120:
      return 1 | 2 | 4 | 8 | 16;
   default:
      return 0;
   }
}

bool
isl_sample_count_supported(unsigned verx10, uint32_t samples)
{
   return isl_is_pow2(samples) && (isl_sample_counts(verx10) & samples);
}

void
isl_msaa_pixel_size(uint32_t samples, uint32_t *w, uint32_t *h)
{
   switch (samples) {
   case 2:  *w = 2; *h = 1; return;
   case 4:  *w = 2; *h = 2; return;
   case 8:  *w = 4; *h = 2; return;
   case 16: *w = 4; *h = 4; return;
   default: *w = 1; *h = 1; return;
   }
}

void
isl_surf_phys_size(const struct isl_surf *surf, uint32_t *w, uint32_t *h)
{
   *w = surf->width;
   *h = surf->height;
   if (surf->msaa_layout != ISL_MSAA_LAYOUT_INTERLEAVED)
      return;
   /* "W_L = ceiling(W_L / 2) * 4" for 4x and its siblings: a pixel pair
    * takes two cells. */
   uint32_t cw, ch;
   isl_msaa_pixel_size(surf->samples, &cw, &ch);
   *w = isl_align(*w, 2) * cw;
   *h = isl_align(*h, 2) * ch;
}

uint32_t
isl_surf_phys_slices(const struct isl_surf *surf)
{
   if (surf->dim == ISL_SURF_DIM_3D)
      return surf->depth;
   if (surf->msaa_layout == ISL_MSAA_LAYOUT_ARRAY)
      return surf->array_len * surf->samples;
   return surf->array_len;
}

/* Gen7 RSS "Multisampled Surface Storage Format": R24_UNORM_X8_TYPELESS
 * (and the I/L/A24X8 formats isl does not list) must be MSFMT_DEPTH_STENCIL;
 * 8x surfaces wider than 8192 must be MSFMT_MSS. */
static bool
gen7_layout_rules(const struct isl_surf_info *info, bool *interleaved)
{
   if (info->format == ISL_FORMAT_R24_UNORM_X8_TYPELESS)
      *interleaved = true;
   return !(*interleaved && info->samples == 8 && info->width > 8192);
}

bool
isl_msaa_choose_layout(unsigned verx10, const struct isl_surf_info *info,
                       const struct isl_format_layout *l, enum isl_msaa_layout *out)
{
   if (info->samples <= 1) {
      *out = ISL_MSAA_LAYOUT_NONE;
      return true;
   }
   if (!isl_sample_count_supported(verx10, info->samples))
      return false;
   /* RSS "Number of Multisamples": SURFTYPE_2D only, Min LOD and MIP Count
    * zero; multisampled formats are plain ones whose texel fits a tile. */
   if (info->dim != ISL_SURF_DIM_2D || info->levels != 1 || (info->usage & ISL_USAGE_CUBE))
      return false;
   if (isl_format_is_compressed(l) || !isl_is_pow2(l->bpb))
      return false;
   bool ds = info->usage & (ISL_USAGE_DEPTH | ISL_USAGE_STENCIL);
   /* BDW RSS "Multisampled Surface Storage Format": every multisampled
    * render target is MSFMT_MSS; depth and stencil buffers interleave
    * their samples (Mesa's isl choice on Gen7 and later, which the
    * hardware's depth and stencil units read). */
   if (ds && (info->usage & ISL_USAGE_RENDER))
      return false;
   bool interleaved = ds;
   if (verx10 < 80 && !gen7_layout_rules(info, &interleaved))
      return false;
   *out = interleaved ? ISL_MSAA_LAYOUT_INTERLEAVED : ISL_MSAA_LAYOUT_ARRAY;
   return true;
}

/* Where sample s sits in its pixel's cell of an interleaved surface
 * (columns and rows of cells): 4x 0 1 / 2 3; 8x 0 1 4 5 / 2 3 6 7; 16x
 * 0 1 4 5 / 2 3 6 7 / 8 9 12 13 / 10 11 14 15; 2x 0 1 (Mesa's blorp
 * encode_msaa, matching the PRM's "Interleaved Multisampled Surfaces"
 * figures). */
static void
ims_cell(uint32_t samples, uint32_t s, uint32_t *cx, uint32_t *cy)
{
   *cx = s & 1;
   *cy = samples >= 4 ? (s & 2) >> 1 : 0;
   if (samples >= 8)
      *cx |= (s & 4) >> 1;
   if (samples >= 16)
      *cy |= (s & 8) >> 2;
}

/* Pixels pair up in 2x2 blocks; each sample takes the 2x2 group of cells
 * of its position, so X' = (x & ~1) * cell_w + cx * 2 + (x & 1). */
static void
ims_position(const struct isl_surf *surf, uint32_t sample, uint32_t x, uint32_t y,
             uint32_t *px, uint32_t *py)
{
   uint32_t cw, ch, cx, cy;
   isl_msaa_pixel_size(surf->samples, &cw, &ch);
   ims_cell(surf->samples, sample, &cx, &cy);
   *px = (x & ~1u) * cw + cx * 2 + (x & 1);
   *py = (y & ~1u) * ch + cy * 2 + (y & 1);
}

uint64_t
isl_surf_sample_offset(const struct isl_surf *surf, uint32_t layer, uint32_t sample,
                       uint32_t x, uint32_t y)
{
   switch (surf->msaa_layout) {
   case ISL_MSAA_LAYOUT_ARRAY:
      return isl_surf_texel_offset(surf, 0, layer * surf->samples + sample, x, y);
   case ISL_MSAA_LAYOUT_INTERLEAVED: {
      uint32_t px, py;
      ims_position(surf, sample, x, y, &px, &py);
      return isl_surf_texel_offset(surf, 0, layer, px, py);
   }
   case ISL_MSAA_LAYOUT_NONE:
   default:
      return isl_surf_texel_offset(surf, 0, layer, x, y);
   }
}

/* ---- MCS ---- */

static enum isl_format
mcs_format(uint32_t samples)
{
   switch (samples) {
   case 2: case 4: return ISL_FORMAT_R8_UINT;
   case 8: return ISL_FORMAT_R32_UINT;
   case 16: return ISL_FORMAT_R32G32_UINT;
   default: return ISL_FORMAT_UNSUPPORTED;
   }
}

bool
isl_surf_init_mcs(const struct isl_surf *surf, struct isl_surf *mcs)
{
   if (surf->msaa_layout != ISL_MSAA_LAYOUT_ARRAY)
      return false;
   /* "Height, width, and layout of MCS buffer ... must match with Render
    * Target height, width, and layout. MCS buffer is tiledY." */
   struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = mcs_format(surf->samples),
      .width = surf->width, .height = surf->height, .depth = 1, .levels = 1,
      .array_len = surf->array_len, .samples = 1,
      .tilings = ISL_TILING_BIT(ISL_TILING_Y),
   };
   return info.format != ISL_FORMAT_UNSUPPORTED && isl_surf_init(surf->verx10, &info, mcs);
}

unsigned
isl_mcs_bits_per_sample(uint32_t samples)
{
   switch (samples) {
   case 2: return 1;
   case 4: return 2;
   case 8: return 3;
   case 16: return 4;
   default: return 0;
   }
}

uint32_t
isl_mcs_sample_plane(uint32_t samples, uint64_t mcs, uint32_t sample)
{
   unsigned b = isl_mcs_bits_per_sample(samples);
   if (!b || sample >= samples)
      return 0;
   return (uint32_t)(mcs >> (b * sample)) & ((1u << b) - 1);
}

uint64_t
isl_mcs_identity_value(uint32_t samples)
{
   unsigned b = isl_mcs_bits_per_sample(samples);
   uint64_t v = 0;
   for (uint32_t s = 0; b && s < samples; s++)
      v |= (uint64_t)s << (b * s);
   return v;
}

uint64_t
isl_mcs_clear_value(uint32_t samples)
{
   switch (samples) {
   case 2: case 4: return 0xff;
   case 8: return 0xffffffffu;
   case 16: return ~0ull;
   default: return 0;
   }
}

/* The sampler reports 2x clear pixels with the upper six bits of the byte
 * varying, so only the two sample bits count (Mesa's blorp checks the
 * same); the wider encodings compare the whole element. */
bool
isl_mcs_is_clear(uint32_t samples, uint64_t mcs)
{
   switch (samples) {
   case 2: return (mcs & 0x3) == 0x3;
   case 4: return (mcs & 0xff) == 0xff;
   case 8: return (mcs & 0xffffffffu) == 0xffffffffu;
   case 16: return mcs == ~0ull;
   default: return false;
   }
}
