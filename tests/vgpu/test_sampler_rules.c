/* The PRM's sampling rules (src/vgpu/sampler/vgpu_sampler_rules.c): for
 * each rule, a message that breaks it and one that keeps it.  Surfaces
 * and sampler states are built by hand; which formats a generation
 * samples, filters and shadow-compares follows the PRM's Surface Formats
 * table as stated in each case's comment. */
#include <string.h>

#include "../isl/isl_test.h"
#include "isa_send.h"
#include "vgpu_sampler.h"

static struct vgpu_tex_surface
surface(unsigned verx10, enum isl_surftype type, enum isl_format format)
{
   struct vgpu_tex_surface s;
   memset(&s, 0, sizeof(s));
   s.d.type = type;
   s.d.format = format;
   s.fmt = isl_format_layout(format);
   CHECK(s.fmt != NULL, "isl knows format 0x%x", format);
   s.verx10 = verx10;
   s.integer = s.fmt && isl_format_is_integer(s.fmt);
   s.levels = 1;
   s.layers = 1;
   return s;
}

/* NEAREST filters, CLAMP everywhere, cube PROGRAMMED. */
static struct vgpu_sampler_state
plain_sampler(void)
{
   struct vgpu_sampler_state ss;
   memset(&ss, 0, sizeof(ss));
   ss.address[0] = ss.address[1] = ss.address[2] = VGPU_TC_CLAMP;
   ss.max_anisotropy = 2;
   return ss;
}

static const struct vgpu_tex_op op_sample = { .type = ISA_SAMPLER_SAMPLE };
static const struct vgpu_tex_op op_sample_c = { .type = ISA_SAMPLER_SAMPLE_C, .compare = true };
static const struct vgpu_tex_op op_gather4 = { .type = ISA_SAMPLER_GATHER4, .gather = true };
static const struct vgpu_tex_op op_ld = { .type = ISA_SAMPLER_LD, .lod = VGPU_TEX_LOD_EXPLICIT,
                                          .fetch = true };
static const struct vgpu_tex_op op_resinfo = { .type = ISA_SAMPLER_RESINFO };

/* The rule's report names it ("hardware rule NAME: ...") or is NULL. */
static void
expect(const char *what, const char *got, const char *rule)
{
   if (!rule) {
      CHECK(got == NULL, "%s: unexpected report \"%s\"", what, got);
      return;
   }
   CHECK(got != NULL, "%s: no report, want rule %s", what, rule);
   if (!got)
      return;
   char prefix[128];
   snprintf(prefix, sizeof(prefix), "hardware rule %s: ", rule);
   CHECK(strncmp(got, prefix, strlen(prefix)) == 0, "%s: report \"%s\", want rule %s", what,
         got, rule);
   CHECK(strstr(got, "PRM") != NULL, "%s: the report cites no PRM: \"%s\"", what, got);
}

/* ETC2 is sampled natively from Broadwell (PRM Vol 2d Surface Formats:
 * ETC2_RGB8 "Sampling Engine" 8); Haswell's big cores cannot.  The rule
 * holds for fetches too but not for size queries, which read no texel. */
static void
test_sample_format(void)
{
   struct vgpu_sampler_state ss = plain_sampler();
   struct vgpu_tex_surface hsw = surface(75, ISL_SURFTYPE_2D, ISL_FORMAT_ETC2_RGB8);
   struct vgpu_tex_surface bdw = surface(80, ISL_SURFTYPE_2D, ISL_FORMAT_ETC2_RGB8);
   expect("ETC2 sampled on Haswell", vgpu_sampler_rule_broken(&hsw, &ss, &op_sample),
          "sampler-format");
   expect("ETC2 fetched on Haswell", vgpu_sampler_rule_broken(&hsw, NULL, &op_ld),
          "sampler-format");
   expect("ETC2 sampled on Broadwell", vgpu_sampler_rule_broken(&bdw, &ss, &op_sample), NULL);
   expect("ETC2 size queried on Haswell", vgpu_sampler_rule_broken(&hsw, NULL, &op_resinfo),
          NULL);
   struct vgpu_tex_surface null_surface = surface(75, ISL_SURFTYPE_NULL, ISL_FORMAT_ETC2_RGB8);
   expect("a null surface returns zeros", vgpu_sampler_rule_broken(&null_surface, &ss, &op_sample),
          NULL);
}

/* Integer formats filter nearest only (PRM Vol 7, Sampling Engine). */
static void
test_filter_format(void)
{
   struct vgpu_tex_surface uint_surface = surface(90, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UINT);
   struct vgpu_tex_surface unorm_surface = surface(90, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_sampler_state linear = plain_sampler();
   linear.mag_filter = VGPU_MAPFILTER_LINEAR;
   struct vgpu_sampler_state aniso = plain_sampler();
   aniso.min_filter = VGPU_MAPFILTER_ANISOTROPIC;
   struct vgpu_sampler_state nearest = plain_sampler();
   expect("UINT with a linear mag filter",
          vgpu_sampler_rule_broken(&uint_surface, &linear, &op_sample), "sampler-filter-format");
   expect("UINT with an anisotropic min filter",
          vgpu_sampler_rule_broken(&uint_surface, &aniso, &op_sample), "sampler-filter-format");
   expect("UINT with nearest filters",
          vgpu_sampler_rule_broken(&uint_surface, &nearest, &op_sample), NULL);
   expect("UNORM with a linear filter",
          vgpu_sampler_rule_broken(&unorm_surface, &linear, &op_sample), NULL);
   struct vgpu_sampler_state mip_linear = plain_sampler();
   mip_linear.mip_filter = VGPU_MIPFILTER_LINEAR;
   expect("UINT with MIPFILTER_LINEAR", vgpu_sampler_rule_broken(&uint_surface, &mip_linear,
                                                                 &op_sample),
          "sampler-filter-format");
   mip_linear.mip_filter = VGPU_MIPFILTER_NEAREST;
   expect("UINT with MIPFILTER_NEAREST",
          vgpu_sampler_rule_broken(&uint_surface, &mip_linear, &op_sample), NULL);
   /* gather4 returns the four texels unfiltered */
   expect("UINT gathered with a linear sampler",
          vgpu_sampler_rule_broken(&uint_surface, &linear, &op_gather4), NULL);
   /* a disabled sampler returns zeros */
   linear.disabled = true;
   expect("UINT through a disabled sampler",
          vgpu_sampler_rule_broken(&uint_surface, &linear, &op_sample), NULL);
}

/* Shadow comparison: R32_FLOAT, R24_UNORM_X8_TYPELESS and R16_UNORM carry
 * the Shadow Map column (PRM Vol 2d Surface Formats). */
static void
test_shadow_format(void)
{
   struct vgpu_sampler_state ss = plain_sampler();
   ss.shadow_function = VGPU_PREFILTER_LESS;
   struct vgpu_tex_surface color = surface(120, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface depth = surface(120, ISL_SURFTYPE_2D, ISL_FORMAT_R24_UNORM_X8_TYPELESS);
   expect("sample_c on R8G8B8A8_UNORM", vgpu_sampler_rule_broken(&color, &ss, &op_sample_c),
          "sampler-shadow-format");
   expect("sample_c on R24_UNORM_X8", vgpu_sampler_rule_broken(&depth, &ss, &op_sample_c), NULL);
   expect("sample on R8G8B8A8_UNORM", vgpu_sampler_rule_broken(&color, &ss, &op_sample), NULL);
   /* gather4_c reads through the same comparison */
   const struct vgpu_tex_op gather4_c = { .type = ISA_SAMPLER_GATHER4_C, .gather = true,
                                          .compare = true };
   expect("gather4_c on R8G8B8A8_UNORM", vgpu_sampler_rule_broken(&color, &ss, &gather4_c),
          "sampler-shadow-format");
   expect("gather4_c on R24_UNORM_X8", vgpu_sampler_rule_broken(&depth, &ss, &gather4_c), NULL);
}

/* Cube surfaces with Cube Surface Control Mode PROGRAMMED: one address
 * mode for TCX/TCY/TCZ, and on Ivy Bridge only CLAMP or CUBE. */
static void
test_cube_address(void)
{
   struct vgpu_tex_surface ivb = surface(70, ISL_SURFTYPE_CUBE, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface hsw = surface(75, ISL_SURFTYPE_CUBE, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface flat = surface(75, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);

   struct vgpu_sampler_state mixed = plain_sampler();
   mixed.address[1] = VGPU_TC_WRAP;
   expect("cube with CLAMP/WRAP/CLAMP", vgpu_sampler_rule_broken(&hsw, &mixed, &op_sample),
          "sampler-cube-address");
   expect("2D with CLAMP/WRAP/CLAMP", vgpu_sampler_rule_broken(&flat, &mixed, &op_sample), NULL);
   mixed.cube_override = true;
   expect("cube with mixed modes under OVERRIDE",
          vgpu_sampler_rule_broken(&hsw, &mixed, &op_sample), NULL);

   struct vgpu_sampler_state wrap = plain_sampler();
   wrap.address[0] = wrap.address[1] = wrap.address[2] = VGPU_TC_WRAP;
   expect("Ivy Bridge cube with WRAP", vgpu_sampler_rule_broken(&ivb, &wrap, &op_sample),
          "sampler-cube-address");
   expect("Haswell cube with WRAP", vgpu_sampler_rule_broken(&hsw, &wrap, &op_sample), NULL);

   struct vgpu_sampler_state cube = plain_sampler();
   cube.address[0] = cube.address[1] = cube.address[2] = VGPU_TC_CUBE;
   expect("Ivy Bridge cube with CUBE", vgpu_sampler_rule_broken(&ivb, &cube, &op_sample), NULL);
   expect("Ivy Bridge cube with CLAMP", vgpu_sampler_rule_broken(&ivb, &(struct vgpu_sampler_state){
             .address = { VGPU_TC_CLAMP, VGPU_TC_CLAMP, VGPU_TC_CLAMP } }, &op_sample), NULL);
}

/* Texture Coordinate Mode values: HALF_BORDER (6) from Gen8, MIRROR_101
 * (7) from Gen11; reserved before. */
static void
test_address_reserved(void)
{
   struct vgpu_sampler_state half = plain_sampler();
   half.address[2] = VGPU_TC_HALF_BORDER;
   struct vgpu_sampler_state m101 = plain_sampler();
   m101.address[0] = VGPU_TC_MIRROR_101;
   struct vgpu_tex_surface ivb = surface(70, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface hsw = surface(75, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface bdw = surface(80, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface icl = surface(110, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   expect("HALF_BORDER on Ivy Bridge", vgpu_sampler_rule_broken(&ivb, &half, &op_sample),
          "sampler-address-mode");
   expect("HALF_BORDER on Haswell", vgpu_sampler_rule_broken(&hsw, &half, &op_gather4),
          "sampler-address-mode");
   expect("HALF_BORDER on Broadwell", vgpu_sampler_rule_broken(&bdw, &half, &op_sample), NULL);
   expect("MIRROR_101 on Broadwell", vgpu_sampler_rule_broken(&bdw, &m101, &op_sample),
          "sampler-address-mode");
   expect("MIRROR_101 on Ice Lake", vgpu_sampler_rule_broken(&icl, &m101, &op_sample), NULL);
}

/* Non-normalized coordinates (Ivy Bridge and Haswell): clamping address
 * modes (TCZ only for 3D surfaces), NEAREST or LINEAR, Min = Max LOD 0. */
static void
test_non_normalized(void)
{
   struct vgpu_tex_surface flat = surface(75, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface deep = surface(70, ISL_SURFTYPE_3D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_tex_surface skl = surface(90, ISL_SURFTYPE_2D, ISL_FORMAT_R8G8B8A8_UNORM);
   struct vgpu_sampler_state ss = plain_sampler();
   ss.non_normalized = true;
   ss.min_filter = ss.mag_filter = VGPU_MAPFILTER_LINEAR;
   ss.address[1] = VGPU_TC_CLAMP_BORDER;
   ss.address[2] = VGPU_TC_WRAP;
   expect("unnormalized 2D, CLAMP/CLAMP_BORDER, TCZ WRAP",
          vgpu_sampler_rule_broken(&flat, &ss, &op_sample), NULL);
   expect("unnormalized 3D with TCZ WRAP", vgpu_sampler_rule_broken(&deep, &ss, &op_sample),
          "sampler-non-normalized");
   ss.address[2] = VGPU_TC_CLAMP;
   expect("unnormalized 3D, all clamping", vgpu_sampler_rule_broken(&deep, &ss, &op_sample), NULL);

   struct vgpu_sampler_state wrap = ss;
   wrap.address[0] = VGPU_TC_WRAP;
   expect("unnormalized with TCX WRAP", vgpu_sampler_rule_broken(&flat, &wrap, &op_sample),
          "sampler-non-normalized");
   expect("unnormalized with TCX WRAP on Skylake (rule not quoted there)",
          vgpu_sampler_rule_broken(&skl, &wrap, &op_sample), NULL);
   struct vgpu_sampler_state aniso = ss;
   aniso.min_filter = VGPU_MAPFILTER_ANISOTROPIC;
   expect("unnormalized anisotropic", vgpu_sampler_rule_broken(&flat, &aniso, &op_sample),
          "sampler-non-normalized");
   struct vgpu_sampler_state lod = ss;
   lod.max_lod = 1.0f;
   expect("unnormalized with Max LOD 1", vgpu_sampler_rule_broken(&flat, &lod, &op_sample),
          "sampler-non-normalized");
   lod.non_normalized = false;
   expect("normalized with Max LOD 1", vgpu_sampler_rule_broken(&flat, &lod, &op_sample), NULL);
}

/* Haswell's integer border colours at 512-byte alignment. */
static void
test_hsw_border_align(void)
{
   struct vgpu_tex_surface hsw_int = surface(75, ISL_SURFTYPE_2D, ISL_FORMAT_R32_UINT);
   struct vgpu_tex_surface hsw_float = surface(75, ISL_SURFTYPE_2D, ISL_FORMAT_R32_FLOAT);
   struct vgpu_tex_surface ivb_int = surface(70, ISL_SURFTYPE_2D, ISL_FORMAT_R32_UINT);
   struct vgpu_sampler_state ss = plain_sampler();
   ss.address[0] = VGPU_TC_CLAMP_BORDER;
   ss.border_color_pointer = 0x1040;
   expect("Haswell R32_UINT border at 0x1040", vgpu_sampler_rule_broken(&hsw_int, &ss, &op_sample),
          "sampler-hsw-int-border-align");
   expect("Haswell R32_FLOAT border at 0x1040",
          vgpu_sampler_rule_broken(&hsw_float, &ss, &op_sample), NULL);
   expect("Ivy Bridge R32_UINT border at 0x1040",
          vgpu_sampler_rule_broken(&ivb_int, &ss, &op_sample), NULL);
   ss.border_color_pointer = 0x1200;
   expect("Haswell R32_UINT border at 0x1200", vgpu_sampler_rule_broken(&hsw_int, &ss, &op_sample),
          NULL);
   /* without a border address mode the colour is never read */
   ss.border_color_pointer = 0x1040;
   ss.address[0] = VGPU_TC_CLAMP;
   expect("Haswell R32_UINT clamped to edge, border at 0x1040",
          vgpu_sampler_rule_broken(&hsw_int, &ss, &op_sample), NULL);
}

int
main(void)
{
   test_sample_format();
   test_filter_format();
   test_shadow_format();
   test_cube_address();
   test_hsw_border_align();
   test_address_reserved();
   test_non_normalized();
   return isl_test_result("test_sampler_rules");
}
