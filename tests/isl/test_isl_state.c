/* RENDER_SURFACE_STATE round trips: isl packs a state for an image view,
 * a buffer or a null surface, genxml's unpack functions read its fields
 * back, and the fields must hold what the PRM says they hold for that
 * surface (worked out by hand: sizes minus one, pitch minus one, QPitch
 * bits 16:2, alignment encodings, channel selects).  Then isl's own reading
 * of the state (what vgpu uses) must give the surface back. */
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

/* The fields every generation has, and the others where it has them. */
struct rss {
   uint32_t type, format, width, height, depth, pitch, min_array, rtve, mip_count, min_lod;
   uint32_t halign, valign, mocs, qpitch, aryspc, tiling, scs[4], miptail, unorm_path;
   uint32_t int_fmt, l2_bypass, cube_faces;
   bool array;
   uint64_t address;
};

enum { T_LINEAR = 0, T_W = 1, T_X = 2, T_Y = 3 };

#define COMMON(s, r) do { \
   (r)->type = (s).surface_type; (r)->format = (s).surface_format; \
   (r)->width = (s).width; (r)->height = (s).height; (r)->depth = (s).depth; \
   (r)->pitch = (s).surface_pitch; (r)->min_array = (s).minimum_array_element; \
   (r)->rtve = (s).render_target_view_extent; (r)->mip_count = (s).mip_count_lod; \
   (r)->min_lod = (s).surface_min_lod; (r)->halign = (s).surface_horizontal_alignment; \
   (r)->valign = (s).surface_vertical_alignment; (r)->mocs = (s).mocs; \
   (r)->array = (s).surface_array; (r)->address = (s).surface_base_address; \
   (r)->cube_faces = (s).cube_face_enable_positive_x + (s).cube_face_enable_negative_x + \
      (s).cube_face_enable_positive_y + (s).cube_face_enable_negative_y + \
      (s).cube_face_enable_positive_z + (s).cube_face_enable_negative_z; \
} while (0)

#define SELECTS(s, r) do { \
   (r)->scs[0] = (s).shader_channel_select_red; (r)->scs[1] = (s).shader_channel_select_green; \
   (r)->scs[2] = (s).shader_channel_select_blue; (r)->scs[3] = (s).shader_channel_select_alpha; \
} while (0)

static void
unpack(unsigned v, const uint32_t *dw, struct rss *r)
{
   memset(r, 0, sizeof(*r));
   r->scs[0] = 4, r->scs[1] = 5, r->scs[2] = 6, r->scs[3] = 7;
   if (v == 70) {
      struct GFX70_RENDER_SURFACE_STATE s;
      GFX70_RENDER_SURFACE_STATE_unpack(dw, &s);
      COMMON(s, r);
      r->aryspc = s.surface_array_spacing;
      r->tiling = s.tiled_surface ? (s.tile_walk ? T_Y : T_X) : T_LINEAR;
   } else if (v == 75) {
      struct GFX75_RENDER_SURFACE_STATE s;
      GFX75_RENDER_SURFACE_STATE_unpack(dw, &s);
      COMMON(s, r);
      SELECTS(s, r);
      r->aryspc = s.surface_array_spacing;
      r->tiling = s.tiled_surface ? (s.tile_walk ? T_Y : T_X) : T_LINEAR;
      r->int_fmt = s.integer_surface_format;
   } else if (v == 80) {
      struct GFX80_RENDER_SURFACE_STATE s;
      GFX80_RENDER_SURFACE_STATE_unpack(dw, &s);
      COMMON(s, r);
      SELECTS(s, r);
      r->qpitch = s.surface_qpitch;
      r->tiling = s.tile_mode;
      r->l2_bypass = s.sampler_l2_bypass_mode_disable;
   } else if (v == 90) {
      struct GFX90_RENDER_SURFACE_STATE s;
      GFX90_RENDER_SURFACE_STATE_unpack(dw, &s);
      COMMON(s, r);
      SELECTS(s, r);
      r->qpitch = s.surface_qpitch;
      r->tiling = s.tile_mode;
      r->miptail = s.mip_tail_start_lod;
      r->l2_bypass = s.sampler_l2_bypass_mode_disable;
   } else if (v == 110) {
      struct GFX110_RENDER_SURFACE_STATE s;
      GFX110_RENDER_SURFACE_STATE_unpack(dw, &s);
      COMMON(s, r);
      SELECTS(s, r);
      r->qpitch = s.surface_qpitch;
      r->tiling = s.tile_mode;
      r->miptail = s.mip_tail_start_lod;
      r->unorm_path = s.enable_unorm_path_in_color_pipe;
   } else {
      struct GFX120_RENDER_SURFACE_STATE s;
      GFX120_RENDER_SURFACE_STATE_unpack(dw, &s);
      COMMON(s, r);
      SELECTS(s, r);
      r->qpitch = s.surface_qpitch;
      r->tiling = s.tile_mode;
      r->miptail = s.mip_tail_start_lod;
      r->unorm_path = s.enable_unorm_path_in_color_pipe;
   }
}

static struct isl_view
view(enum isl_format f, uint32_t usage, uint32_t base_level, uint32_t levels,
     uint32_t base_layer, uint32_t layers)
{
   return (struct isl_view){ .format = f, .base_level = base_level, .levels = levels,
                             .base_layer = base_layer, .layers = layers, .usage = usage,
                             .swizzle = ISL_SWIZZLE_IDENTITY };
}

static bool
fill(unsigned v, const struct isl_surf *s, const struct isl_view *vw, uint64_t addr,
     uint32_t *dw)
{
   memset(dw, 0xcc, 64);
   struct isl_image_state st = { .surf = s, .view = vw, .address = addr, .mocs = 2 };
   return isl_fill_image_state(v, dw, &st);
}

/* isl's reading of the state gives the surface it was packed from. */
static void
check_decode(unsigned v, const uint32_t *dw, const struct isl_surf *s, const char *what)
{
   struct isl_state_desc d;
   CHECK(isl_decode_state(v, dw, &d), "Gen%u %s: decode", v, what);
   CHECK(!d.unsupported, "Gen%u %s: decode says %s", v, what, d.unsupported);
   const struct isl_surf *o = &d.surf;
   CHECK(o->tiling == s->tiling && o->layout == s->layout && o->halign == s->halign &&
         o->valign == s->valign && o->row_pitch_B == s->row_pitch_B &&
         o->array_pitch_rows == s->array_pitch_rows && o->width == s->width &&
         o->height == s->height && o->format == s->format && o->dim == s->dim,
         "Gen%u %s: decoded tiling %d/%d layout %d/%d align %ux%u/%ux%u pitch %u/%u "
         "qpitch %u/%u", v, what, o->tiling, s->tiling, o->layout, s->layout, o->halign,
         o->valign, s->halign, s->valign, o->row_pitch_B, s->row_pitch_B,
         o->array_pitch_rows, s->array_pitch_rows);
   /* Same texel addresses for LOD 0 and 1 (every generation places them
    * from fields isl just decoded). */
   CHECK(isl_surf_texel_offset(o, 1, 1, 3, 2) == isl_surf_texel_offset(s, 1, 1, 3, 2) ||
         s->levels < 2 || (s->array_len < 2 && s->depth < 2),
         "Gen%u %s: decoded texel address", v, what);
}

/* The 2D 37x19 RGBA8 surface of test_isl_surface.c (6 LODs, 3 layers):
 * pitch 256, QPitch 36 (Gen7: ARYSPC_FULL), HALIGN 4 (8 from Gen11). */
static void
test_2d(unsigned v)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R8G8B8A8_UNORM,
                                 .width = 37, .height = 19, .depth = 1, .levels = 6,
                                 .array_len = 3,
                                 .usage = ISL_USAGE_SAMPLED | ISL_USAGE_STORAGE };
   struct isl_surf s;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u 2D init", v);
   uint32_t dw[16];
   struct isl_view vw = view(ISL_FORMAT_R8G8B8A8_UNORM, ISL_USAGE_SAMPLED, 1, 3, 1, 2);
   CHECK(fill(v, &s, &vw, 0x10000, dw), "Gen%u 2D sampled fill", v);
   struct rss r;
   unpack(v, dw, &r);
   CHECK(r.type == 1 && r.format == 0x0c7 && r.width == 36 && r.height == 18,
         "Gen%u 2D: type %u format 0x%x size %ux%u", v, r.type, r.format, r.width, r.height);
   /* Depth: the view's 2 layers - 1, from Minimum Array Element 1; LODs
    * [1, 1 + 2]. */
   CHECK(r.depth == 1 && r.min_array == 1 && r.mip_count == 2 && r.min_lod == 1,
         "Gen%u 2D: depth %u min array %u mip count %u min LOD %u", v, r.depth, r.min_array,
         r.mip_count, r.min_lod);
   CHECK(r.pitch == 255 && r.tiling == T_Y && r.array && r.mocs == 2 && r.address == 0x10000,
         "Gen%u 2D: pitch %u tiling %u array %d mocs %u", v, r.pitch, r.tiling, r.array, r.mocs);
   if (v == 70 || v == 75) {
      /* HALIGN_4 = 0, VALIGN_4 = 1, ARYSPC_FULL = 0 */
      CHECK(r.halign == 0 && r.valign == 1 && r.aryspc == 0, "Gen%u 2D align/spacing", v);
   } else {
      /* HALIGN_4 = 1 (HALIGN_8 = 2 from Gen11), VALIGN_4 = 1, QPitch 36 >> 2 */
      CHECK(r.halign == (v >= 110 ? 2u : 1u) && r.valign == 1, "Gen%u 2D align %u %u", v,
            r.halign, r.valign);
      CHECK_EQ(r.qpitch, 9, "2D QPitch field");
   }
   CHECK(r.scs[0] == 4 && r.scs[1] == 5 && r.scs[2] == 6 && r.scs[3] == 7,
         "Gen%u 2D identity selects", v);
   if (v >= 90)
      CHECK_EQ(r.miptail, 15, "Mip Tail Start LOD");
   if (v >= 110)
      CHECK_EQ(r.unorm_path, 1, "Enable Unorm Path In Color Pipe");
   check_decode(v, dw, &s, "2D");

   /* A storage view of LOD 2, all layers: MIP Count/LOD and Min LOD both
    * 2; Render Target View Extent = Depth = 2. */
   vw = view(ISL_FORMAT_R8G8B8A8_UNORM, ISL_USAGE_STORAGE, 2, 1, 0, 3);
   CHECK(fill(v, &s, &vw, 0x10000, dw), "Gen%u 2D storage fill", v);
   unpack(v, dw, &r);
   CHECK(r.mip_count == 2 && r.min_lod == 2 && r.depth == 2 && r.rtve == 2,
         "Gen%u storage: mip count %u min LOD %u depth %u extent %u", v, r.mip_count,
         r.min_lod, r.depth, r.rtve);

   /* A render target cannot swizzle; Ivy Bridge cannot swizzle at all. */
   vw = view(ISL_FORMAT_R8G8B8A8_UNORM, ISL_USAGE_RENDER, 0, 1, 0, 1);
   vw.swizzle = (struct isl_swizzle){ ISL_SCS_BLUE, ISL_SCS_GREEN, ISL_SCS_RED, ISL_SCS_ALPHA };
   CHECK(!fill(v, &s, &vw, 0x10000, dw), "Gen%u swizzled render target refused", v);
   vw.usage = ISL_USAGE_SAMPLED;
   CHECK(fill(v, &s, &vw, 0x10000, dw) == (v >= 75), "Gen%u swizzled sampling", v);
   vw = view(ISL_FORMAT_R8G8B8A8_UNORM, ISL_USAGE_SAMPLED, 0, 7, 0, 1);
   CHECK(!fill(v, &s, &vw, 0x10000, dw), "Gen%u view beyond the LODs refused", v);
   vw = view(ISL_FORMAT_R16G16B16A16_FLOAT, ISL_USAGE_SAMPLED, 0, 1, 0, 1);
   CHECK(!fill(v, &s, &vw, 0x10000, dw), "Gen%u view of another texel size refused", v);
   vw = view(ISL_FORMAT_R32_UINT, ISL_USAGE_STORAGE, 0, 1, 0, 1);
   CHECK(fill(v, &s, &vw, 0x10000, dw), "Gen%u R32_UINT view of RGBA8", v);
   CHECK(fill(v, &s, &vw, 1ull << 32, dw) == (v >= 80), "Gen%u 64-bit address", v);
   /* MOCS is 4 bits before Gen8, 7 from Gen8. */
   struct isl_image_state st = { .surf = &s, .view = &vw, .mocs = 16 };
   CHECK(isl_fill_image_state(v, dw, &st) == (v >= 80), "Gen%u MOCS 16", v);
   st.mocs = 128;
   CHECK(!isl_fill_image_state(v, dw, &st), "Gen%u MOCS 128", v);
}

/* Missing channels select ZERO, missing alpha ONE (Haswell+). */
static void
test_selects(unsigned v)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R8_UNORM,
                                 .width = 8, .height = 8, .depth = 1, .levels = 1,
                                 .array_len = 1, .usage = ISL_USAGE_SAMPLED };
   struct isl_surf s;
   isl_surf_init(v, &info, &s);
   uint32_t dw[16];
   struct isl_view vw = view(ISL_FORMAT_R8_UNORM, ISL_USAGE_SAMPLED, 0, 1, 0, 1);
   CHECK(fill(v, &s, &vw, 0, dw), "Gen%u R8 fill", v);
   struct rss r;
   unpack(v, dw, &r);
   if (v >= 75)
      CHECK(r.scs[0] == 4 && r.scs[1] == 0 && r.scs[2] == 0 && r.scs[3] == 1,
            "Gen%u R8 selects %u %u %u %u", v, r.scs[0], r.scs[1], r.scs[2], r.scs[3]);
   /* Haswell tells integer formats apart. */
   vw.format = ISL_FORMAT_R8_UINT;
   fill(v, &s, &vw, 0, dw);
   unpack(v, dw, &r);
   if (v == 75)
      CHECK_EQ(r.int_fmt, 1, "HSW Integer Surface Format");
}

static void
test_cube(unsigned v)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R8G8B8A8_UNORM,
                                 .width = 16, .height = 16, .depth = 1, .levels = 1,
                                 .array_len = 12, .usage = ISL_USAGE_SAMPLED | ISL_USAGE_CUBE };
   struct isl_surf s;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u cube init", v);
   uint32_t dw[16];
   /* The second cube: faces 6-11, SURFTYPE_CUBE, Depth = cubes - 1 = 0. */
   struct isl_view vw = view(ISL_FORMAT_R8G8B8A8_UNORM, ISL_USAGE_SAMPLED | ISL_USAGE_CUBE,
                             0, 1, 6, 6);
   CHECK(fill(v, &s, &vw, 0, dw), "Gen%u cube fill", v);
   struct rss r;
   unpack(v, dw, &r);
   CHECK(r.type == 3 && r.depth == 0 && r.min_array == 6 && r.cube_faces == 6,
         "Gen%u cube: type %u depth %u min array %u faces %u", v, r.type, r.depth,
         r.min_array, r.cube_faces);
   /* A storage view sees faces as a 2D array. */
   vw.usage = ISL_USAGE_STORAGE | ISL_USAGE_CUBE;
   fill(v, &s, &vw, 0, dw);
   unpack(v, dw, &r);
   CHECK(r.type == 1 && r.depth == 5 && r.rtve == 5, "Gen%u cube storage: type %u depth %u",
         v, r.type, r.depth);
}

/* 3D 16x8x8 RGBA8, 4 LODs: Depth 7; a storage view of LOD 1's 4 slices
 * says Render Target View Extent 3; QPitch ignored on Gen8 (0), 32 rows
 * from Gen9 (8). */
static void
test_3d(unsigned v)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_3D, .format = ISL_FORMAT_R8G8B8A8_UNORM,
                                 .width = 16, .height = 8, .depth = 8, .levels = 4,
                                 .array_len = 1, .usage = ISL_USAGE_SAMPLED };
   struct isl_surf s;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u 3D init", v);
   uint32_t dw[16];
   struct isl_view vw = view(ISL_FORMAT_R8G8B8A8_UNORM, ISL_USAGE_STORAGE, 1, 1, 0, 4);
   CHECK(fill(v, &s, &vw, 0, dw), "Gen%u 3D fill", v);
   struct rss r;
   unpack(v, dw, &r);
   CHECK(r.type == 2 && r.depth == 7 && r.rtve == 3 && !r.array,
         "Gen%u 3D: type %u depth %u extent %u array %d", v, r.type, r.depth, r.rtve, r.array);
   if (v == 80)
      CHECK_EQ(r.qpitch, 0, "Gen8 3D QPitch");
   if (v >= 90)
      CHECK_EQ(r.qpitch, 8, "Gen9+ 3D QPitch");
   check_decode(v, dw, &s, "3D");
   struct isl_state_desc d;
   isl_decode_state(v, dw, &d);
   CHECK(d.surf.depth == 8 && d.array_extent == 4, "Gen%u 3D decode depth %u extent %u", v,
         d.surf.depth, d.array_extent);
}

/* 1D RGBA16F, width 100, 3 LODs, 4 layers: Gen9+ QPitch is the row's 256
 * texels (field 64) and Surface Pitch is ignored (0). */
static void
test_1d(unsigned v)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_1D, .format = ISL_FORMAT_R16G16B16A16_FLOAT,
                                 .width = 100, .height = 1, .depth = 1, .levels = 3,
                                 .array_len = 4, .usage = ISL_USAGE_SAMPLED };
   struct isl_surf s;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u 1D init", v);
   uint32_t dw[16];
   struct isl_view vw = view(ISL_FORMAT_R16G16B16A16_FLOAT, ISL_USAGE_SAMPLED, 0, 3, 0, 4);
   CHECK(fill(v, &s, &vw, 0, dw), "Gen%u 1D fill", v);
   struct rss r;
   unpack(v, dw, &r);
   CHECK(r.type == 0 && r.width == 99 && r.height == 0 && r.depth == 3, "Gen%u 1D fields", v);
   if (v >= 90)
      CHECK(r.qpitch == 64 && r.pitch == 0, "Gen%u 1D QPitch %u pitch %u", v, r.qpitch, r.pitch);
   check_decode(v, dw, &s, "1D");
}

/* BC1 20x12, 3 LODs, 2 layers: Gen8 HALIGN_4/VALIGN_4 in texels and
 * QPitch 20 rows (field 5); Gen9+ HALIGN_4/VALIGN_4 in blocks and QPitch
 * 8 block rows (field 2).  BC7 sets Sampler L2 Bypass Mode Disable on
 * Gen8/9. */
static void
test_compressed(unsigned v)
{
   struct isl_surf_info info = { .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_BC1_UNORM,
                                 .width = 20, .height = 12, .depth = 1, .levels = 3,
                                 .array_len = 2, .usage = ISL_USAGE_SAMPLED };
   struct isl_surf s;
   CHECK(isl_surf_init(v, &info, &s), "Gen%u BC1 init", v);
   uint32_t dw[16];
   struct isl_view vw = view(ISL_FORMAT_BC1_UNORM, ISL_USAGE_SAMPLED, 0, 3, 0, 2);
   CHECK(fill(v, &s, &vw, 0, dw), "Gen%u BC1 fill", v);
   struct rss r;
   unpack(v, dw, &r);
   if (v >= 80)
      CHECK(r.halign == 1 && r.valign == 1 && r.qpitch == (v == 80 ? 5u : 2u),
            "Gen%u BC1 align %u %u QPitch %u", v, r.halign, r.valign, r.qpitch);
   CHECK_EQ(r.l2_bypass, 0, "BC1 keeps the L2 bypass");
   check_decode(v, dw, &s, "BC1");

   info.format = ISL_FORMAT_BC7_UNORM;
   isl_surf_init(v, &info, &s);
   vw.format = ISL_FORMAT_BC7_UNORM;
   fill(v, &s, &vw, 0, dw);
   unpack(v, dw, &r);
   CHECK_EQ(r.l2_bypass, v == 80 || v == 90, "BC7 Sampler L2 Bypass Mode Disable");
}

static void
test_buffers(unsigned v)
{
   uint32_t dw[16];
   struct rss r;
   /* RAW, 1000 bytes: 999 = Width 103 (bits 6:0), Height 7 (bits 20:7). */
   struct isl_buffer_state b = { .address = 0x2000, .size_B = 1000, .format = ISL_FORMAT_RAW,
                                 .stride_B = 1, .swizzle = ISL_SWIZZLE_IDENTITY, .mocs = 1 };
   CHECK(isl_fill_buffer_state(v, dw, &b), "Gen%u RAW buffer", v);
   unpack(v, dw, &r);
   CHECK(r.type == 4 && r.format == 0x1ff && r.width == 103 && r.height == 7 && r.depth == 0 &&
         r.pitch == 0 && r.address == 0x2000, "Gen%u RAW: %u %u %u %u", v, r.width, r.height,
         r.depth, r.pitch);
   b.stride_B = 4;
   CHECK(!isl_fill_buffer_state(v, dw, &b), "Gen%u RAW buffer with a 4-byte pitch", v);
   /* RGBA32F, 3000000 entries of 16 bytes: 2999999 = Depth 1 (2^21),
    * Height 7053 (x 128), Width 63. */
   b = (struct isl_buffer_state){ .address = 0x2000, .size_B = 16ull * 3000000,
                                  .format = ISL_FORMAT_R32G32B32A32_FLOAT, .stride_B = 16,
                                  .swizzle = ISL_SWIZZLE_IDENTITY };
   CHECK(isl_fill_buffer_state(v, dw, &b), "Gen%u typed buffer", v);
   unpack(v, dw, &r);
   CHECK(r.width == 63 && r.height == 7053 && r.depth == 1 && r.pitch == 15,
         "Gen%u typed buffer: %u %u %u pitch %u", v, r.width, r.height, r.depth, r.pitch);
   struct isl_state_desc d;
   CHECK(isl_decode_state(v, dw, &d) && d.entries == 3000000 && d.stride_B == 16,
         "Gen%u buffer decode", v);
   /* Typed buffers hold at most 2^27 entries. */
   b.size_B = 16ull << 27;
   CHECK(isl_fill_buffer_state(v, dw, &b), "Gen%u 2^27 entries", v);
   b.size_B += 16;
   CHECK(!isl_fill_buffer_state(v, dw, &b), "Gen%u 2^27 + 1 entries", v);
   /* RAW: 2^30 bytes before Gen9, 2^32 from Gen9. */
   b = (struct isl_buffer_state){ .size_B = 1ull << 31, .format = ISL_FORMAT_RAW,
                                  .stride_B = 1, .swizzle = ISL_SWIZZLE_IDENTITY };
   CHECK(isl_fill_buffer_state(v, dw, &b) == (v >= 90), "Gen%u 2 GB RAW buffer", v);
   /* An R32_UINT texel buffer reads G = B = 0, A = 1. */
   b = (struct isl_buffer_state){ .size_B = 64, .format = ISL_FORMAT_R32_UINT, .stride_B = 4,
                                  .swizzle = ISL_SWIZZLE_IDENTITY };
   isl_fill_buffer_state(v, dw, &b);
   unpack(v, dw, &r);
   if (v >= 75)
      CHECK(r.scs[0] == 4 && r.scs[1] == 0 && r.scs[2] == 0 && r.scs[3] == 1,
            "Gen%u R32_UINT buffer selects", v);
}

static void
test_null(unsigned v)
{
   uint32_t dw[16];
   struct rss r;
   CHECK(isl_fill_null_state(v, dw, 100, 50, 1), "Gen%u null", v);
   unpack(v, dw, &r);
   CHECK(r.type == 7 && r.format == 0x0d7 && r.width == 99 && r.height == 49 &&
         r.tiling == T_Y, "Gen%u null fields", v);
}

static void
test_layout(unsigned v)
{
   struct isl_state_layout l;
   CHECK(isl_state_layout(v, &l), "Gen%u layout", v);
   /* Gen7: 8 dwords, address in DWord 1; Gen8+: 16 dwords, DWord 8. */
   if (v < 80)
      CHECK(l.size_B == 32 && l.address_offset_B == 4 && l.align_B == 32, "Gen7 layout");
   else
      CHECK(l.size_B == 64 && l.address_offset_B == 32 && l.align_B == 64, "Gen8+ layout");
}

int
main(void)
{
   for (unsigned i = 0; i < NGENS; i++) {
      test_2d(gens[i]);
      test_selects(gens[i]);
      test_cube(gens[i]);
      test_3d(gens[i]);
      test_1d(gens[i]);
      test_compressed(gens[i]);
      test_buffers(gens[i]);
      test_null(gens[i]);
      test_layout(gens[i]);
   }
   return isl_test_result("test_isl_state");
}
