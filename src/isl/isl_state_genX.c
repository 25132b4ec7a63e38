/* RENDER_SURFACE_STATE for one generation (built once per generation with
 * -DGFX_VERx10): packing it for an image view, a buffer or a null surface,
 * and reading one back into the layout it describes (what vgpu does with
 * the states a driver binds).  Field meanings: PRM Vol 2d
 * "RENDER_SURFACE_STATE" of each generation; layout rules: isl_surface.c.
 * Packing goes through genxml's generated functions, so positions and
 * widths are genxml's. */
#include <string.h>

#include "genX_pack.h"
#include "isl.h"
#include "isl_priv.h"

#define STATE struct GENX(RENDER_SURFACE_STATE)

/* ---- encodings ---- */

/* HALIGN/VALIGN: Gen7 HALIGN_4/8 (one bit) and VALIGN_2/4; Gen8+ 4/8/16
 * as 1/2/3.  UINT32_MAX for an alignment the field cannot say. */
static uint32_t
encode_halign(uint32_t a)
{
#if GFX_VER == 7
   return a == 4 ? 0 : a == 8 ? 1 : UINT32_MAX;
#else
   return a == 4 ? 1 : a == 8 ? 2 : a == 16 ? 3 : UINT32_MAX;
#endif
}

static uint32_t
encode_valign(uint32_t a)
{
#if GFX_VER == 7
   return a == 2 ? 0 : a == 4 ? 1 : UINT32_MAX;
#else
   return a == 4 ? 1 : a == 8 ? 2 : a == 16 ? 3 : UINT32_MAX;
#endif
}

static uint32_t
decode_halign(uint32_t v)
{
#if GFX_VER == 7
   return v ? 8 : 4;
#else
   return v == 1 ? 4 : v == 2 ? 8 : v == 3 ? 16 : 0;
#endif
}

static uint32_t
decode_valign(uint32_t v)
{
#if GFX_VER == 7
   return v == 0 ? 2 : v == 1 ? 4 : 0;
#else
   return v == 1 ? 4 : v == 2 ? 8 : v == 3 ? 16 : 0;
#endif
}

/* Tile Mode (Gen8+: LINEAR 0, WMAJOR 1, XMAJOR 2, YMAJOR 3) or Gen7's
 * Tiled Surface + Tile Walk (which has no W). */
enum { TILE_LINEAR, TILE_W, TILE_X, TILE_Y };

static bool
encode_tiling(enum isl_tiling t, STATE *s)
{
#if GFX_VER >= 8
   static const uint8_t mode[ISL_TILINGS] = {
      [ISL_TILING_LINEAR] = TILE_LINEAR, [ISL_TILING_X] = TILE_X,
      [ISL_TILING_Y] = TILE_Y, [ISL_TILING_W] = TILE_W,
   };
   s->tile_mode = mode[t];
   return true;
#else
   if (t == ISL_TILING_W)
      return false;
   s->tiled_surface = t != ISL_TILING_LINEAR;
   s->tile_walk = t == ISL_TILING_Y;
   return true;
#endif
}

static enum isl_tiling
decode_tiling(const STATE *s)
{
#if GFX_VER >= 8
   static const enum isl_tiling tiling[4] = {
      [TILE_LINEAR] = ISL_TILING_LINEAR, [TILE_W] = ISL_TILING_W,
      [TILE_X] = ISL_TILING_X, [TILE_Y] = ISL_TILING_Y,
   };
   return tiling[s->tile_mode & 3];
#else
   if (!s->tiled_surface)
      return ISL_TILING_LINEAR;
   return s->tile_walk ? ISL_TILING_Y : ISL_TILING_X;
#endif
}

/* ---- image views ---- */

static uint32_t
surface_type(const struct isl_surf *surf, const struct isl_view *view)
{
   /* Cubes sample as SURFTYPE_CUBE; render targets and typed messages see
    * them as 2D arrays of faces. */
   if ((view->usage & ISL_USAGE_CUBE) && (view->usage & ISL_USAGE_SAMPLED))
      return ISL_SURFTYPE_CUBE;
   return surf->dim == ISL_SURF_DIM_1D ? ISL_SURFTYPE_1D :
          surf->dim == ISL_SURF_DIM_3D ? ISL_SURFTYPE_3D : ISL_SURFTYPE_2D;
}

/* Depth, Minimum Array Element, Render Target View Extent (RSS "Depth":
 * for 1D/2D/cube the layers (cubes) the view shows, the range being
 * reduced by Minimum Array Element; for 3D the depth of LOD 0, with the
 * view's slices in Render Target View Extent, which render targets and
 * typed messages use; "Render Target View Extent": equal to Depth for 1D
 * and 2D render targets and typed surfaces). */
static void
view_extent(const struct isl_surf *surf, const struct isl_view *view, uint32_t type, STATE *s)
{
   s->minimum_array_element = view->base_layer;
   if (type == ISL_SURFTYPE_3D) {
      s->depth = surf->depth - 1;
      s->render_target_view_extent = view->layers - 1;
      return;
   }
   s->depth = (type == ISL_SURFTYPE_CUBE ? view->layers / 6 : view->layers) - 1;
   if (view->usage & (ISL_USAGE_RENDER | ISL_USAGE_STORAGE))
      s->render_target_view_extent = s->depth;
}

/* MIP Count / LOD and Surface Min LOD (RSS): sampling reads LODs [Min LOD,
 * Min LOD + MIP Count]; a render target writes LOD "MIP Count / LOD".  A
 * storage view sets both to its level, which reads that one LOD under
 * either meaning of the fields the data port may take. */
static void
view_lods(const struct isl_view *view, STATE *s)
{
   s->surface_min_lod = view->base_level;
   if (view->usage & (ISL_USAGE_RENDER | ISL_USAGE_STORAGE))
      s->mip_count_lod = view->base_level;
   else
      s->mip_count_lod = view->levels - 1;
}

#if GFX_VERx10 >= 75
/* The channel a select names, or 0/1 when the format lacks it (RSS "Shader
 * Channel Select Red": a channel the format lacks must select ZERO or
 * ONE; alpha reads ONE). */
static uint8_t
present_select(const struct isl_format_layout *l, uint8_t sel)
{
   if (sel < ISL_SCS_RED)
      return sel;
   unsigned c = sel - ISL_SCS_RED;
   bool has = l->ch[c].type != ISL_VOID || (c < 3 && l->ch[ISL_L].type != ISL_VOID);
   if (has)
      return sel;
   return c == 3 ? ISL_SCS_ONE : ISL_SCS_ZERO;
}

static struct isl_swizzle
shader_selects(const struct isl_format_layout *l, struct isl_swizzle swz)
{
   return (struct isl_swizzle){ present_select(l, swz.r), present_select(l, swz.g),
                                present_select(l, swz.b), present_select(l, swz.a) };
}
#endif

/* Haswell+ channel selects; Ivy Bridge has none, so only the identity. */
static bool
encode_swizzle(const struct isl_format_layout *l, struct isl_swizzle swz, bool render,
               STATE *s)
{
#if GFX_VERx10 >= 75
   /* Render targets: the identity (RSS "Shader Channel Select Red": only a
    * permutation of present channels is valid for render targets). */
   if (render && !isl_swizzle_is_identity(swz))
      return false;
   struct isl_swizzle sel = render ? swz : shader_selects(l, swz);
   s->shader_channel_select_red = sel.r;
   s->shader_channel_select_green = sel.g;
   s->shader_channel_select_blue = sel.b;
   s->shader_channel_select_alpha = sel.a;
   return true;
#else
   (void)l;
   (void)render;
   (void)s;
   return isl_swizzle_is_identity(swz);
#endif
}

/* The alignments RSS is told: in texels before Gen9, in blocks from Gen9;
 * Gen9 1D surfaces ignore them (SKL RSS "Surface Horizontal Alignment"). */
static bool
encode_alignment(const struct isl_surf *surf, const struct isl_format_layout *l, STATE *s)
{
   uint32_t ha = surf->halign, va = surf->valign;
   if (surf->layout == ISL_LAYOUT_1D_GEN9) {
      ha = va = 4;
   } else if (GFX_VER >= 9) {
      ha /= l->bw;
      va /= l->bh;
   }
   uint32_t h = encode_halign(ha), v = encode_valign(va);
   if (h == UINT32_MAX || v == UINT32_MAX)
      return false;
   s->surface_horizontal_alignment = h;
   s->surface_vertical_alignment = v;
   return true;
}

/* Surface Pitch, and the distance between layers: Gen8+ Surface QPitch
 * holds bits 16:2 of it (rows of texels on Gen8, of blocks from Gen9;
 * texels along the row for Gen9 1D, "the distance in pixels between array
 * slices"), Gen7 picks it with Surface Array Spacing.  Gen7/8 3D surfaces
 * ignore it. */
static void
encode_pitches(const struct isl_surf *surf, const struct isl_format_layout *l, STATE *s)
{
   s->surface_pitch = surf->layout == ISL_LAYOUT_1D_GEN9 ? 0 : surf->row_pitch_B - 1;
#if GFX_VER >= 9
   uint32_t q = surf->layout == ISL_LAYOUT_1D_GEN9 ? surf->row_pitch_B / isl_format_bytes(l)
                                                   : surf->array_pitch_rows / l->bh;
   s->surface_qpitch = q >> 2;
#elif GFX_VER == 8
   (void)l;
   s->surface_qpitch = surf->layout == ISL_LAYOUT_3D_GEN7 ? 0 : surf->array_pitch_rows >> 2;
#else
   (void)l;
   enum { ARYSPC_FULL, ARYSPC_LOD0 };
   s->surface_array_spacing = surf->array_spacing_lod0 ? ARYSPC_LOD0 : ARYSPC_FULL;
#endif
}

/* A view must stay inside its surface and keep its block size (RSS
 * "Surface Format": a view of a compressed surface keeps its bits per
 * block). */
static bool
view_ok(const struct isl_surf *surf, const struct isl_view *view,
        const struct isl_format_layout *sl, const struct isl_format_layout *vl)
{
   uint32_t slices = surf->dim == ISL_SURF_DIM_3D ? surf->depth : surf->array_len;
   if (!vl || !view->levels || !view->layers || view->base_level + view->levels > surf->levels)
      return false;
   if (view->base_layer + view->layers > slices)
      return false;
   if ((view->usage & ISL_USAGE_CUBE) && (view->layers % 6 || surf->dim != ISL_SURF_DIM_2D))
      return false;
   if (sl->bpb != vl->bpb)
      return false;
   return !isl_format_is_compressed(vl) || (sl->bw == vl->bw && sl->bh == vl->bh);
}

/* Generation-specific bits that do not depend on the layout. */
static void
image_gen_bits(const struct isl_format_layout *vl, STATE *s)
{
#if GFX_VERx10 == 75
   /* Haswell wants to be told the format holds integers (RSS "Integer
    * Surface Format"). */
   s->integer_surface_format = isl_format_is_integer(vl);
#endif
#if GFX_VER == 8 || GFX_VER == 9
   /* CHV and SKL RSS "Sampler L2 Bypass Mode Disable": must be set for
    * BC2/BC3/BC5/BC7_UNORM (and BC5_SNORM); harmless on the other Gen8
    * parts, so set there too. */
   switch (vl->format) {
   case ISL_FORMAT_BC2_UNORM: case ISL_FORMAT_BC3_UNORM: case ISL_FORMAT_BC5_UNORM:
   case ISL_FORMAT_BC5_SNORM: case ISL_FORMAT_BC7_UNORM:
      s->sampler_l2_bypass_mode_disable = true;
      break;
   default:
      break;
   }
#endif
#if GFX_VER >= 9
   /* No mip tail (TileYf/Ys only): SKL RSS "Mip Tail Start LOD" 15. */
   s->mip_tail_start_lod = 15;
#endif
#if GFX_VER >= 11
   /* TGL RSS "Enable Unorm Path In Color Pipe": never 0 (ICL as well). */
   s->enable_unorm_path_in_color_pipe = true;
#endif
   (void)vl;
}

/* ---- multisampling and the MCS ---- */

static uint32_t
log2_u32(uint32_t v)
{
   uint32_t n = 0;
   while (v >>= 1)
      n++;
   return n;
}

/* Number of Multisamples (log2 of the count: Gen7 MULTISAMPLECOUNT_4/8 are
 * 2/3, Gen8 adds 2x as 1, Gen9 16x as 4) and the storage format.  RSS
 * "Number of Multisamples": Surface Min LOD, MIP Count and Resource Min
 * LOD zero. */
static bool
encode_msaa(const struct isl_surf *surf, const struct isl_view *view, STATE *s)
{
   if (surf->samples <= 1)
      return true;
   if (!isl_sample_count_supported(GFX_VERx10, surf->samples) || view->base_level ||
       view->min_lod > 0.0f)
      return false;
   enum { MSFMT_MSS, MSFMT_DEPTH_STENCIL };
   s->number_of_multisamples = log2_u32(surf->samples);
   s->multisampled_surface_storage_format =
      surf->msaa_layout == ISL_MSAA_LAYOUT_INTERLEAVED ? MSFMT_DEPTH_STENCIL : MSFMT_MSS;
   s->resource_min_lod = 0;
   return true;
}

/* Auxiliary Surface Mode for an MCS: Gen8 AUX_MCS (1); Gen9-11 share the
 * value with AUX_CCS_D, the sample count telling them apart; Gen12 uses
 * AUX_CCS_E (5) for multisampled surfaces (AUX_MCS_LCE, 4, is MCS plus
 * CCS).  Mesa's isl programs the same values. */
enum { AUX_NONE = 0, AUX_MCS_MODE = GFX_VER >= 12 ? 5 : 1 };

#if GFX_VER < 9
/* A Gen7/8 clear colour channel: one bit, 0 or 1 in the format's terms
 * (RSS "Red Clear Color"); false for anything else. */
static bool
clear_bit(const struct isl_format_layout *vl, uint32_t v, uint32_t *bit)
{
   uint32_t one = isl_format_is_integer(vl) ? 1u : 0x3f800000u;   /* 1.0f */
   if (v && v != one)
      return false;
   *bit = v != 0;
   return true;
}
#endif

static bool
encode_clear(const struct isl_image_state *info, const struct isl_format_layout *vl,
             STATE *s)
{
   const uint32_t *c = info->clear_color;
#if GFX_VER >= 12
   (void)c;
   (void)vl;
   if (!info->use_clear_address || info->clear_address % 64)
      return false;
   s->clear_value_address_enable = true;
   s->clear_value_address = info->clear_address;
   return true;
#elif GFX_VER >= 9
   (void)vl;
#if GFX_VER == 11
   if (info->use_clear_address) {
      if (info->clear_address % 64)
         return false;
      /* ICL RSS "Clear Color Conversion Enable": set when the clear colour
       * is read from memory. */
      s->clear_value_address_enable = true;
      s->clear_color_conversion_enable = true;
      s->clear_value_address = info->clear_address;
      return true;
   }
#endif
   if (info->use_clear_address)
      return false;
   s->red_clear_color = (int32_t)c[0];
   s->green_clear_color = (int32_t)c[1];
   s->blue_clear_color = (int32_t)c[2];
   s->alpha_clear_color = (int32_t)c[3];
   return true;
#else
   return !info->use_clear_address &&
          clear_bit(vl, c[0], &s->red_clear_color) && clear_bit(vl, c[1], &s->green_clear_color) &&
          clear_bit(vl, c[2], &s->blue_clear_color) && clear_bit(vl, c[3], &s->alpha_clear_color);
#endif
}

/* The MCS of an MSS surface: Y tiled, 4 KB aligned (the base address field
 * holds bits 31/63:12), its pitch in tiles minus one (9 bits) and, Gen8+,
 * its array pitch in rows of the main surface's samples (bits 16:2). */
static bool
encode_mcs(const struct isl_image_state *info, const struct isl_format_layout *vl, STATE *s)
{
   const struct isl_surf *mcs = info->mcs_surf;
   if (!mcs)
      return true;
   uint32_t pitch_tiles = mcs->row_pitch_B / 128;
   if (info->surf->msaa_layout != ISL_MSAA_LAYOUT_ARRAY || mcs->verx10 != GFX_VERx10 ||
       mcs->tiling != ISL_TILING_Y || info->mcs_address % 4096 || !pitch_tiles ||
       pitch_tiles > 512 || (GFX_VER < 8 && info->mcs_address >= (1ull << 32)))
      return false;
   s->auxiliary_surface_base_address = info->mcs_address;
   s->auxiliary_surface_pitch = pitch_tiles - 1;
#if GFX_VER >= 8
   if (mcs->array_pitch_rows >> 2 >= (1u << 15))
      return false;
   s->auxiliary_surface_mode = AUX_MCS_MODE;
   s->auxiliary_surface_qpitch = mcs->array_pitch_rows >> 2;
#else
   s->mcs_enable = true;
#endif
   return encode_clear(info, vl, s);
}

static void
cube_faces(STATE *s)
{
   /* All six faces, as SURFTYPE_CUBE requires (RSS "Cube Face Enable"). */
   s->cube_face_enable_positive_x = s->cube_face_enable_negative_x = true;
   s->cube_face_enable_positive_y = s->cube_face_enable_negative_y = true;
   s->cube_face_enable_positive_z = s->cube_face_enable_negative_z = true;
}

/* What the fields can hold: Gen7's Surface Base Address is 32 bits
 * (relocated), MOCS 4 bits before Gen8 and 7 from Gen8, Surface Format 9
 * bits before Gen9 (so no ASTC) and 10 from Gen9. */
static bool
fields_ok(uint64_t address, uint32_t mocs, uint32_t format)
{
   if (GFX_VER < 8 && address >= (1ull << 32))
      return false;
   if (mocs >= (GFX_VER >= 8 ? 128u : 16u))
      return false;
   return format < (GFX_VER >= 9 ? 0x400u : 0x200u);
}

bool
genX(isl_fill_image_state)(uint32_t *dw, const struct isl_image_state *info)
{
   const struct isl_surf *surf = info->surf;
   const struct isl_view *view = info->view;
   const struct isl_format_layout *sl = isl_format_layout(surf->format);
   const struct isl_format_layout *vl = isl_format_layout(view->format);
   if (surf->verx10 != GFX_VERx10 || !sl || !view_ok(surf, view, sl, vl) ||
       !fields_ok(info->address, info->mocs, view->format))
      return false;
   STATE s = { 0 };
   uint32_t type = surface_type(surf, view);
   s.surface_type = type;
   s.surface_format = view->format;
   s.surface_array = surf->dim != ISL_SURF_DIM_3D;
   s.width = surf->width - 1;
   s.height = surf->height - 1;
   s.mocs = info->mocs;
   s.surface_base_address = info->address;
   s.resource_min_lod = view->min_lod < 0 ? 0.0f : view->min_lod > 14.0f ? 14.0f : view->min_lod;
   if (!encode_tiling(surf->tiling, &s) || !encode_alignment(surf, sl, &s) ||
       !encode_swizzle(vl, view->swizzle, view->usage & ISL_USAGE_RENDER, &s) ||
       !encode_msaa(surf, view, &s) || !encode_mcs(info, vl, &s))
      return false;
   encode_pitches(surf, sl, &s);
   view_extent(surf, view, type, &s);
   view_lods(view, &s);
   image_gen_bits(vl, &s);
   if (type == ISL_SURFTYPE_CUBE)
      cube_faces(&s);
   GENX(RENDER_SURFACE_STATE_pack)(NULL, dw, &s);
   return true;
}

/* ---- buffers ---- */

/* Entries a buffer may hold (RSS "Width"/"Height"/"Depth" for
 * SURFTYPE_BUFFER: typed buffers 2^27 entries; RAW buffers, counted in
 * bytes, 2^30 before Gen9 and 2^32 from Gen9). */
static uint64_t
max_entries(enum isl_format format)
{
   if (format != ISL_FORMAT_RAW)
      return 1ull << 27;
   return GFX_VER >= 9 ? 1ull << 32 : 1ull << 30;
}

bool
genX(isl_fill_buffer_state)(uint32_t *dw, const struct isl_buffer_state *info)
{
   const struct isl_format_layout *l = isl_format_layout(info->format);
   if (!l || isl_format_is_compressed(l) || !info->stride_B || info->stride_B > 2048 ||
       !fields_ok(info->address, info->mocs, info->format))
      return false;
   /* RAW buffers count bytes: their pitch is one byte. */
   if (info->format == ISL_FORMAT_RAW && info->stride_B != 1)
      return false;
   uint64_t n = info->size_B / info->stride_B;
   if (!n || n > max_entries(info->format))
      return false;
   STATE s = { 0 };
   s.surface_type = ISL_SURFTYPE_BUFFER;
   s.surface_format = info->format;
   s.surface_pitch = info->stride_B - 1;
   /* The entry count minus one, split over Width [6:0], Height [20:7] and
    * Depth [31:21]. */
   s.width = (uint32_t)((n - 1) & 0x7f);
   s.height = (uint32_t)(((n - 1) >> 7) & 0x3fff);
   s.depth = (uint32_t)((n - 1) >> 21);
   s.surface_horizontal_alignment = encode_halign(4);
   s.surface_vertical_alignment = encode_valign(4);
   s.mocs = info->mocs;
   s.surface_base_address = info->address;
   if (!encode_swizzle(l, info->swizzle, false, &s))
      return false;
#if GFX_VERx10 == 75
   s.integer_surface_format = isl_format_is_integer(l);
#endif
   GENX(RENDER_SURFACE_STATE_pack)(NULL, dw, &s);
   return true;
}

/* A null surface: writes are dropped, reads return 0.  Its size still
 * bounds render target access; R32_UINT and Y tiling as a null render
 * target needs (IVB RSS "Surface Vertical Alignment": VALIGN_4 for Y-tiled
 * render targets). */
bool
genX(isl_fill_null_state)(uint32_t *dw, uint32_t width, uint32_t height, uint32_t layers)
{
   if (!width || !height || !layers || width > 16384 || height > 16384 || layers > 2048)
      return false;
   STATE s = { 0 };
   s.surface_type = ISL_SURFTYPE_NULL;
   s.surface_format = ISL_FORMAT_R32_UINT;
   s.surface_array = layers > 1;
   s.width = width - 1;
   s.height = height - 1;
   s.depth = layers - 1;
   s.render_target_view_extent = layers - 1;
   s.surface_horizontal_alignment = encode_halign(4);
   s.surface_vertical_alignment = encode_valign(4);
   encode_tiling(ISL_TILING_Y, &s);
   GENX(RENDER_SURFACE_STATE_pack)(NULL, dw, &s);
   return true;
}

/* ---- reading a state back ---- */

/* Whether the state names an auxiliary surface, and whether it is the MCS
 * of an MSS surface (the one kind isl describes; CCS and HiZ are not). */
static bool
aux_present(const STATE *s)
{
#if GFX_VER >= 8
   return s->auxiliary_surface_mode != AUX_NONE;
#else
   return s->mcs_enable;
#endif
}

static bool
aux_is_mcs(const STATE *s)
{
#if GFX_VER >= 8
   bool mode = s->auxiliary_surface_mode == AUX_MCS_MODE;
#else
   bool mode = s->mcs_enable;
#endif
   return mode && s->number_of_multisamples && !s->multisampled_surface_storage_format;
}

static const char *
unsupported(const STATE *s)
{
   if (aux_present(s) && !aux_is_mcs(s))
      return "image surface with an auxiliary (compression) surface";
#if GFX_VER >= 9
   if (s->tiled_resource_mode)
      return "TileYF/TileYS image surface";
#endif
   if (s->number_of_multisamples &&
       !isl_sample_count_supported(GFX_VERx10, 1u << s->number_of_multisamples))
      return "multisampled image surface with a sample count the generation lacks";
   if (s->number_of_multisamples && (s->surface_type != ISL_SURFTYPE_2D ||
                                     s->surface_min_lod || s->mip_count_lod))
      return "multisampled image surface that is not 2D with one LOD";
   if (s->x_offset || s->y_offset)
      return "image surface with an X/Y offset";
   return NULL;
}

static void
decode_swizzle(const STATE *s, struct isl_swizzle *out)
{
#if GFX_VERx10 >= 75
   *out = (struct isl_swizzle){ (uint8_t)s->shader_channel_select_red,
                                (uint8_t)s->shader_channel_select_green,
                                (uint8_t)s->shader_channel_select_blue,
                                (uint8_t)s->shader_channel_select_alpha };
#else
   (void)s;
   *out = ISL_SWIZZLE_IDENTITY;
#endif
}

static enum isl_dim_layout
decode_layout(uint32_t type, enum isl_tiling tiling)
{
   if (type == ISL_SURFTYPE_3D)
      return GFX_VER >= 9 ? ISL_LAYOUT_2D : ISL_LAYOUT_3D_GEN7;
   if (type == ISL_SURFTYPE_1D && GFX_VER >= 9 && tiling == ISL_TILING_LINEAR)
      return ISL_LAYOUT_1D_GEN9;
   return ISL_LAYOUT_2D;
}

/* LOD alignment in texels: the fields (blocks from Gen9), one block for
 * Gen7 compressed formats (whose fields are ignored), 64 for Gen9 1D. */
static bool
decode_alignment(const STATE *s, const struct isl_format_layout *l, struct isl_surf *surf)
{
   if (surf->layout == ISL_LAYOUT_1D_GEN9) {
      surf->halign = 64;
      surf->valign = 1;
      return true;
   }
   if (GFX_VER == 7 && isl_format_is_compressed(l)) {
      surf->halign = l->bw;
      surf->valign = l->bh;
      return true;
   }
   uint32_t ha = decode_halign(s->surface_horizontal_alignment);
   uint32_t va = decode_valign(s->surface_vertical_alignment);
   uint32_t bw = GFX_VER >= 9 ? l->bw : 1, bh = GFX_VER >= 9 ? l->bh : 1;
   surf->halign = ha * bw;
   surf->valign = va * bh;
   return ha && va;
}

/* Rows between layers as the hardware derives them (encode_pitches). */
static void
decode_array_pitch(const STATE *s, const struct isl_format_layout *l, struct isl_surf *surf)
{
   uint32_t pw, ph;
   if (!surf->valign)
      return;   /* a reserved alignment: reported unsupported, never laid out */
   isl_surf_phys_size(surf, &pw, &ph);
   uint32_t h0 = isl_align(ph, surf->valign);
   if (surf->layout == ISL_LAYOUT_1D_GEN9) {
      surf->array_pitch_rows = 1;
      return;
   }
   if (surf->layout == ISL_LAYOUT_3D_GEN7) {
      surf->array_pitch_rows = h0;
      return;
   }
#if GFX_VER >= 9
   surf->array_pitch_rows = (s->surface_qpitch << 2) * l->bh;
#elif GFX_VER == 8
   (void)l;
   surf->array_pitch_rows = s->surface_qpitch << 2;
#else
   (void)l;
   enum { ARYSPC_FULL, ARYSPC_LOD0 };
   surf->array_spacing_lod0 = s->surface_array_spacing == ARYSPC_LOD0;
   uint32_t h1 = isl_align(isl_minify(ph, 1), surf->valign);
   surf->array_pitch_rows = surf->array_spacing_lod0 ? h0 : h0 + h1 + 12 * surf->valign;
#endif
}

/* Sample count and layout; a count the generation lacks reads as single
 * sampled (unsupported() reports it). */
static void
decode_msaa(const STATE *s, struct isl_surf *surf)
{
   surf->samples = 1;
   surf->msaa_layout = ISL_MSAA_LAYOUT_NONE;
   uint32_t n = s->number_of_multisamples;
   if (!n || !isl_sample_count_supported(GFX_VERx10, 1u << n))
      return;
   surf->samples = 1u << n;
   surf->msaa_layout = s->multisampled_surface_storage_format ? ISL_MSAA_LAYOUT_INTERLEAVED
                                                              : ISL_MSAA_LAYOUT_ARRAY;
}

/* The MCS as the hardware sees it: the main surface's size and layers in
 * Y tiles of one element per pixel; rows between layers from Auxiliary
 * Surface QPitch (Gen8+) or, on Gen7, as the main surface's ARYSPC_LOD0
 * (VALIGN_4: IVB's MCS "layout must match the render target"). */
static void
decode_mcs_surf(const STATE *s, const struct isl_surf *ms, struct isl_surf *mcs)
{
   static const enum isl_format format[17] = {
      [2] = ISL_FORMAT_R8_UINT, [4] = ISL_FORMAT_R8_UINT, [8] = ISL_FORMAT_R32_UINT,
      [16] = ISL_FORMAT_R32G32_UINT,
   };
   *mcs = (struct isl_surf){
      .dim = ISL_SURF_DIM_2D, .layout = ISL_LAYOUT_2D, .format = format[ms->samples],
      .tiling = ISL_TILING_Y, .verx10 = GFX_VERx10, .width = ms->width,
      .height = ms->height, .depth = 1, .levels = 1, .array_len = ms->array_len,
      .samples = 1, .halign = 4, .valign = 4, .align_B = 4096,
      .row_pitch_B = (s->auxiliary_surface_pitch + 1) * 128,
   };
#if GFX_VER >= 8
   mcs->array_pitch_rows = s->auxiliary_surface_qpitch << 2;
#else
   mcs->array_pitch_rows = isl_align(ms->height, 4);
   mcs->array_spacing_lod0 = true;
#endif
   uint64_t rows = (uint64_t)mcs->array_pitch_rows * (mcs->array_len - 1) + mcs->height;
   mcs->size_B = (uint64_t)mcs->row_pitch_B * isl_align64(rows, 32);
}

/* The clear colour MCS-clear pixels read (struct isl_state_desc). */
static void
decode_clear(const STATE *s, const struct isl_format_layout *l, struct isl_state_desc *out)
{
#if GFX_VER >= 11
   if (s->clear_value_address_enable) {
      out->clear_color_at_address = true;
      out->clear_address = s->clear_value_address;
      return;
   }
#endif
#if GFX_VER >= 12
   (void)l;
#elif GFX_VER >= 9
   (void)l;
   out->clear_color[0] = (uint32_t)s->red_clear_color;
   out->clear_color[1] = (uint32_t)s->green_clear_color;
   out->clear_color[2] = (uint32_t)s->blue_clear_color;
   out->clear_color[3] = (uint32_t)s->alpha_clear_color;
#else
   uint32_t one = isl_format_is_integer(l) ? 1u : 0x3f800000u;   /* 1.0f */
   out->clear_color[0] = s->red_clear_color ? one : 0;
   out->clear_color[1] = s->green_clear_color ? one : 0;
   out->clear_color[2] = s->blue_clear_color ? one : 0;
   out->clear_color[3] = s->alpha_clear_color ? one : 0;
#endif
}

static void
decode_aux(const STATE *s, const struct isl_format_layout *l, struct isl_state_desc *out)
{
   if (!aux_is_mcs(s) || out->surf.msaa_layout != ISL_MSAA_LAYOUT_ARRAY)
      return;
   out->has_mcs = true;
   out->mcs_address = s->auxiliary_surface_base_address;
   decode_mcs_surf(s, &out->surf, &out->mcs_surf);
   decode_clear(s, l, out);
}

static void
decode_image(const STATE *s, const struct isl_format_layout *l, struct isl_state_desc *out)
{
   struct isl_surf *surf = &out->surf;
   uint32_t type = s->surface_type;
   surf->verx10 = GFX_VERx10;
   surf->format = (enum isl_format)s->surface_format;
   surf->dim = type == ISL_SURFTYPE_1D ? ISL_SURF_DIM_1D :
               type == ISL_SURFTYPE_3D ? ISL_SURF_DIM_3D : ISL_SURF_DIM_2D;
   surf->tiling = decode_tiling(s);
   surf->layout = decode_layout(type, surf->tiling);
   surf->width = s->width + 1;
   surf->height = s->height + 1;
   decode_msaa(s, surf);
   surf->depth = type == ISL_SURFTYPE_3D ? s->depth + 1 : 1;
   out->array_extent = type == ISL_SURFTYPE_3D ? s->render_target_view_extent + 1 : s->depth + 1;
   surf->array_len = type == ISL_SURFTYPE_3D ? 1 :
      s->minimum_array_element + out->array_extent * (type == ISL_SURFTYPE_CUBE ? 6 : 1);
   out->min_array_element = s->minimum_array_element;
   out->min_lod = s->surface_min_lod;
   out->mip_count_lod = s->mip_count_lod;
   out->resource_min_lod = s->resource_min_lod;
   uint32_t levels = s->surface_min_lod + s->mip_count_lod + 1;
   surf->levels = levels > 15 ? 15 : levels;
   if (!decode_alignment(s, l, surf))
      out->unsupported = "image surface with a reserved alignment encoding";
   surf->row_pitch_B = s->surface_pitch + 1;
#if GFX_VER >= 9
   /* Gen9 1D: a row holds one layer, QPitch texels long. */
   if (surf->layout == ISL_LAYOUT_1D_GEN9)
      surf->row_pitch_B = (s->surface_qpitch << 2) * isl_format_bytes(l);
#endif
   decode_array_pitch(s, l, surf);
   decode_swizzle(s, &out->swizzle);
   decode_aux(s, l, out);
}

bool
genX(isl_decode_state)(const uint32_t *dw, struct isl_state_desc *out)
{
   STATE s;
   GENX(RENDER_SURFACE_STATE_unpack)(dw, &s);
   memset(out, 0, sizeof(*out));
   out->type = s.surface_type;
   out->format = s.surface_format;
   out->address = s.surface_base_address;
   if (s.surface_type == ISL_SURFTYPE_BUFFER || s.surface_type == ISL_SURFTYPE_STRBUF) {
      out->entries = ((uint64_t)s.depth << 21 | (uint64_t)s.height << 7 | s.width) + 1;
      out->stride_B = s.surface_pitch + 1;
      decode_swizzle(&s, &out->swizzle);
      return true;
   }
   if (s.surface_type > ISL_SURFTYPE_CUBE && s.surface_type != ISL_SURFTYPE_NULL)
      return false;
   /* A format isl does not know still has a size: lay it out as bytes. */
   static const struct isl_format_layout unknown = { .bpb = 8, .bw = 1, .bh = 1 };
   const struct isl_format_layout *l = isl_format_layout((enum isl_format)s.surface_format);
   decode_image(&s, l ? l : &unknown, out);
   if (s.surface_type == ISL_SURFTYPE_NULL) {
      out->unsupported = NULL;   /* nothing is accessed */
      return true;
   }
   out->unsupported = !l ? "image surface in a format isl does not know" :
                      out->unsupported ? out->unsupported : unsupported(&s);
   return true;
}

void
genX(isl_state_layout)(struct isl_state_layout *out)
{
   out->size_B = GENX(RENDER_SURFACE_STATE_length) * 4;
   /* Binding table entries hold bits 31:5 (Gen7) or 31:6 (Gen8+) of the
    * surface state offset. */
   out->align_B = GFX_VER >= 8 ? 64 : 32;
   out->address_offset_B = GFX_VER >= 8 ? 8 * 4 : 1 * 4;
}
