/* The PRM's programming rules for sampling a surface that a driver can
 * break, checked on every sampler message.  Each report reads
 * "hardware rule NAME: what the PRM asks (where it says so)", the wording
 * of the command streamer's rule checker (cs/vgpu_rules.c).  Only rules
 * the PRM states are here, most as Mesa's drivers quote them (ilo's
 * ilo_state_sampler.c, i965, crocus); each costs a few compares.
 *
 * Left out on purpose: the Ivy Bridge PRM's "Cube Surface Control Mode
 * must be set to CUBECTRLMODE_PROGRAMMED" (hasvk programs OVERRIDE for
 * every seamless sampler on Gen7, so every Vulkan sample would fault),
 * the non-normalized-coordinate items that Mesa's drivers break without
 * effect (Mip Mode Filter NONE: Vulkan's unnormalized samplers come with
 * mipmapMode NEAREST and Min = Max LOD 0; Texture LOD Bias 0, which
 * Vulkan does not constrain; Surface Type, MIP Count and Surface Min LOD,
 * which BLORP's blits from other levels and 1D images do not keep), and
 * Sandy Bridge's "only NEAREST and LINEAR for SURFTYPE_3D", not restated
 * for later generations in what Mesa quotes. */
#include "isa_send.h"
#include "vgpu_sampler.h"

#define RULE(name, text, prm) "hardware rule " name ": " text " (" prm ")"

static const char rule_sample_format[] =
   RULE("sampler-format", "the sampling engine cannot read the surface format on this generation",
        "PRM Vol 2d, Surface Formats table, Sampling Engine column");
static const char rule_filter_format[] =
   RULE("sampler-filter-format",
        "only MAPFILTER_NEAREST, and no MIPFILTER_LINEAR, for surface formats without "
        "Sampling Engine Filtering (integer formats) unless using sample_c",
        "SNB PRM Vol 4 Part 1, SAMPLER_STATE Min/Mag/Mip Mode Filter, as Mesa's ilo quotes it; "
        "PRM Vol 2d, Surface Formats table, Filtering column");
static const char rule_shadow_format[] =
   RULE("sampler-shadow-format",
        "a compare message (sample_c, gather4_c family) needs a surface format the sampler "
        "can shadow-compare (R32_FLOAT, R24_UNORM_X8_TYPELESS, R16_UNORM)",
        "PRM Vol 2d, Surface Formats table, Shadow Map column");
static const char rule_address_reserved[] =
   RULE("sampler-address-mode",
        "TCX/TCY/TCZ Address Control Mode holds a value the generation reserves "
        "(TEXCOORDMODE_HALF_BORDER from Gen8, MIRROR_101 from Gen11)",
        "PRM Vol 2d, SAMPLER_STATE, Texture Coordinate Mode; Mesa's gen8.xml and gen11.xml");
static const char rule_cube_address[] =
   RULE("sampler-cube-address",
        "when using cube map texture coordinates each TC component must have the same "
        "Address Control Mode, and on Ivy Bridge only TEXCOORDMODE_CLAMP or TEXCOORDMODE_CUBE",
        "IVB PRM Vol 4 Part 1 p. 99 and HSW PRM Vol 2d p. 278, SAMPLER_STATE TCX Address "
        "Control Mode, as Mesa's ilo quotes them");
static const char rule_non_normalized[] =
   RULE("sampler-non-normalized",
        "with Non-normalized Coordinate Enable, TCX/TCY/TCZ Address Control Mode must be "
        "CLAMP, HALF_BORDER or CLAMP_BORDER, Min/Mag Mode Filter NEAREST or LINEAR, and Min LOD "
        "and Max LOD 0",
        "IVB PRM Vol 4 Part 1 p. 98, SAMPLER_STATE Non-normalized Coordinate Enable, as "
        "Mesa's ilo quotes it");
static const char rule_hsw_border_align[] =
   RULE("sampler-hsw-int-border-align",
        "on Haswell, the SAMPLER_BORDER_COLOR_STATE of an integer surface format must be "
        "512-byte aligned",
        "HSW PRM Vol 2d, SAMPLER_BORDER_COLOR_STATE, integer border colours; the alignment as "
        "Mesa's i965 and crocus allocate it and hasvk strides it");

/* Messages that read texels through the filter (not the fetches, not the
 * queries, not gathers, which return the four texels unfiltered). */
static bool
filters(const struct vgpu_tex_op *op)
{
   if (op->fetch || op->gather)
      return false;
   switch (op->type) {
   case ISA_SAMPLER_LD: case ISA_SAMPLER_LD_LZ: case ISA_SAMPLER_LD2DMS_W:
   case ISA_SAMPLER_LD_MCS: case ISA_SAMPLER_LD2DMS: case ISA_SAMPLER_LD2DSS:
   case ISA_SAMPLER_LOD: case ISA_SAMPLER_RESINFO: case ISA_SAMPLER_SAMPLEINFO:
      return false;
   default:
      return true;
   }
}

/* Messages that read texels at all (everything but the queries). */
static bool
reads_texels(const struct vgpu_tex_op *op)
{
   return op->type != ISA_SAMPLER_LOD && op->type != ISA_SAMPLER_RESINFO &&
          op->type != ISA_SAMPLER_SAMPLEINFO;
}

static bool
is_filtering(uint8_t mapfilter)
{
   return mapfilter != VGPU_MAPFILTER_NEAREST;
}

static bool
filter_broken(const struct vgpu_sampler_state *ss, const struct vgpu_tex_op *op, uint32_t caps)
{
   if (!filters(op) || op->compare || (caps & ISL_CAP_FILTER))
      return false;
   return is_filtering(ss->min_filter) || is_filtering(ss->mag_filter) ||
          ss->mip_filter == VGPU_MIPFILTER_LINEAR;
}

/* The first reserved Texture Coordinate Mode value of a generation. */
static unsigned
first_reserved_address(unsigned verx10)
{
   return verx10 < 80 ? VGPU_TC_HALF_BORDER : verx10 < 90 ? VGPU_TC_MIRROR_101 : 8;
}

static bool
address_reserved(unsigned verx10, const struct vgpu_sampler_state *ss)
{
   const unsigned first = first_reserved_address(verx10);
   return ss->address[0] >= first || ss->address[1] >= first || ss->address[2] >= first;
}

static bool
cube_address_broken(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss)
{
   /* OVERRIDE makes the sampler take TEXCOORDMODE_CUBE for cube surfaces
    * whatever is programmed. */
   if (s->d.type != ISL_SURFTYPE_CUBE || ss->cube_override)
      return false;
   if (ss->address[0] != ss->address[1] || ss->address[0] != ss->address[2])
      return true;
   return s->verx10 < 75 && ss->address[0] != VGPU_TC_CLAMP && ss->address[0] != VGPU_TC_CUBE;
}

static bool
clamps(uint8_t mode)
{
   return mode == VGPU_TC_CLAMP || mode == VGPU_TC_HALF_BORDER || mode == VGPU_TC_CLAMP_BORDER;
}

/* Checked where the rule is quoted from, Ivy Bridge and Haswell.  TCZ
 * only counts for 3D surfaces: Vulkan leaves addressModeW free for
 * unnormalized samplers of 1D and 2D views, where the sampler has no R
 * coordinate to address. */
static bool
non_normalized_broken(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss)
{
   if (!ss->non_normalized || s->verx10 > 75)
      return false;
   if (!clamps(ss->address[0]) || !clamps(ss->address[1]) ||
       (s->d.type == ISL_SURFTYPE_3D && !clamps(ss->address[2])))
      return true;
   if (ss->min_filter > VGPU_MAPFILTER_LINEAR || ss->mag_filter > VGPU_MAPFILTER_LINEAR)
      return true;
   return ss->min_lod != 0.0f || ss->max_lod != 0.0f;
}

static bool
uses_border(const struct vgpu_sampler_state *ss)
{
   for (unsigned i = 0; i < 3; i++) {
      if (ss->address[i] == VGPU_TC_CLAMP_BORDER || ss->address[i] == VGPU_TC_HALF_BORDER)
         return true;
   }
   return false;
}

/* The rules on the sampler state, for messages that go through it. */
static const char *
sampler_rule_broken(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                    const struct vgpu_tex_op *op, uint32_t caps)
{
   if (op->compare && !(caps & ISL_CAP_SHADOW))
      return rule_shadow_format;
   if (filter_broken(ss, op, caps))
      return rule_filter_format;
   if (!filters(op) && !op->gather)
      return NULL;
   if (address_reserved(s->verx10, ss))
      return rule_address_reserved;
   if (cube_address_broken(s, ss))
      return rule_cube_address;
   if (non_normalized_broken(s, ss))
      return rule_non_normalized;
   if (s->verx10 == 75 && s->integer && uses_border(ss) && ss->border_color_pointer % 512u)
      return rule_hsw_border_align;
   return NULL;
}

const char *
vgpu_sampler_rule_broken(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                         const struct vgpu_tex_op *op)
{
   /* A null surface returns zeros whatever the format; a format isl does
    * not know is reported as not modelled by the surface layer. */
   if (s->d.type == ISL_SURFTYPE_NULL || !s->fmt || !reads_texels(op))
      return NULL;
   const uint32_t caps = isl_format_caps_verx10(s->verx10, (enum isl_format)s->fmt->format);
   if (!(caps & ISL_CAP_SAMPLE))
      return rule_sample_format;
   if (!ss || ss->disabled)
      return NULL;
   return sampler_rule_broken(s, ss, op, caps);
}
