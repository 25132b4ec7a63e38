/* SAMPLER_STATE and SAMPLER_BORDER_COLOR_STATE of one generation (PRM Vol
 * 2d "SAMPLER_STATE", "SAMPLER_BORDER_COLOR_STATE"; Vulkan spec "Samplers"
 * and "Texel Filtering"). */
#include <string.h>

#include "genX_cmd.h"
#include "gbe.h"
#include "gvk_image.h"
#include "macros.h"

/* Field values the PRM names (SAMPLER_STATE). */
enum { MAPFILTER_NEAREST = 0, MAPFILTER_LINEAR = 1, MAPFILTER_ANISOTROPIC = 2 };
enum { MIPFILTER_NONE = 0, MIPFILTER_NEAREST = 1, MIPFILTER_LINEAR = 3 };
enum { CUBECTRLMODE_OVERRIDE = 1 };
enum { BORDER_COLOR_MODE_OGL = 0 };
/* "Texture Coordinate Mode" (TCX/TCY/TCZ Address Control Mode) */
enum { TCM_WRAP = 0, TCM_MIRROR = 1, TCM_CLAMP = 2, TCM_CLAMP_BORDER = 4,
       TCM_MIRROR_ONCE = 5 };
/* "Reduction Type" (Gen9+): MINIMUM and MAXIMUM take the smallest or
 * largest of the texels the filter weighs, per channel */
enum { REDUCTION_MINIMUM = 2, REDUCTION_MAXIMUM = 3 };
#if GFX_VER >= 8
enum { LOD_PRECLAMP_OGL = 2 };       /* "LOD PreClamp Mode" */
#else
enum { LOD_PRECLAMP_OGL = 1 };       /* "LOD PreClamp Enable" */
#endif

static uint32_t
map_filter(VkFilter filter, bool anisotropic)
{
   if (filter != VK_FILTER_LINEAR)
      return MAPFILTER_NEAREST;
   return anisotropic ? MAPFILTER_ANISOTROPIC : MAPFILTER_LINEAR;
}

static uint32_t
mip_filter(VkSamplerMipmapMode mode)
{
   return mode == VK_SAMPLER_MIPMAP_MODE_LINEAR ? MIPFILTER_LINEAR : MIPFILTER_NEAREST;
}

static uint32_t
address_mode(VkSamplerAddressMode mode)
{
   switch (mode) {
   case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT: return TCM_MIRROR;
   case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE: return TCM_CLAMP;
   case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER: return TCM_CLAMP_BORDER;
   case VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE: return TCM_MIRROR_ONCE;
   case VK_SAMPLER_ADDRESS_MODE_REPEAT:
   default: return TCM_WRAP;
   }
}

/* The sampler returns 0 where "texel FUNCTION reference" holds (PRM
 * SAMPLER_STATE "Shadow Function": the function names the comparison
 * that fails), while Vulkan's compareOp passes when "reference OP texel"
 * holds: each op takes the negation of its operand-swapped form. */
static uint32_t
shadow_function(VkCompareOp op)
{
#define CF(x) GENX(3D_COMPARE_FUNCTION_COMPAREFUNCTION_##x)
   static const uint8_t map[] = {
      [VK_COMPARE_OP_NEVER] = CF(ALWAYS),
      [VK_COMPARE_OP_LESS] = CF(LEQUAL),
      [VK_COMPARE_OP_EQUAL] = CF(NOTEQUAL),
      [VK_COMPARE_OP_LESS_OR_EQUAL] = CF(LESS),
      [VK_COMPARE_OP_GREATER] = CF(GEQUAL),
      [VK_COMPARE_OP_NOT_EQUAL] = CF(EQUAL),
      [VK_COMPARE_OP_GREATER_OR_EQUAL] = CF(GREATER),
      [VK_COMPARE_OP_ALWAYS] = CF(NEVER),
   };
   return (unsigned)op < sizeof(map) ? map[op] : CF(ALWAYS);
#undef CF
}

static float
clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* "Maximum Anisotropy": RATIO 2:1 (0) to 16:1 (7) in steps of two. */
static uint32_t
anisotropy_ratio(float max)
{
   return (uint32_t)clampf((max - 2.0f) / 2.0f, 0.0f, 7.0f);
}

/* ---- border colours ---- */

/* The standard border colours as the four channels the sampler returns:
 * float bits for the float ones, integers for the *_INT ones. */
static void
border_rgba(VkBorderColor color, uint32_t rgba[4], bool *is_int)
{
   const uint32_t one_f = 0x3f800000u;
   *is_int = color == VK_BORDER_COLOR_INT_TRANSPARENT_BLACK ||
             color == VK_BORDER_COLOR_INT_OPAQUE_BLACK ||
             color == VK_BORDER_COLOR_INT_OPAQUE_WHITE;
   uint32_t one = *is_int ? 1u : one_f;
   memset(rgba, 0, 4 * sizeof(rgba[0]));
   switch (color) {
   case VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE:
   case VK_BORDER_COLOR_INT_OPAQUE_WHITE:
      rgba[0] = rgba[1] = rgba[2] = one;
      rgba[3] = one;
      break;
   case VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK:
   case VK_BORDER_COLOR_INT_OPAQUE_BLACK:
      rgba[3] = one;
      break;
   default:
      break;
   }
}

/* Border colour alignment in bytes (gvk_sampler.border_align). */
#if GFX_VER >= 8
#define BORDER_ALIGN 64
#elif GFX_VERx10 == 75
#define BORDER_ALIGN 512
#else
#define BORDER_ALIGN 32
#endif

#if GFX_VER >= 8
/* Broadwell+: four dwords read as floats, or as 32-bit integers for
 * integer surface formats (64-byte aligned: pointer bits 23:6). */
static void
fill_border(struct gvk_sampler *sampler, const uint32_t rgba[4], bool is_int)
{
   struct GENX(SAMPLER_BORDER_COLOR_STATE) b = {
      .border_color_32bit_red = rgba[0],
      .border_color_32bit_green = rgba[1],
      .border_color_32bit_blue = rgba[2],
      .border_color_32bit_alpha = rgba[3],
   };
   (void)is_int;
   GENX(SAMPLER_BORDER_COLOR_STATE_pack)(NULL, sampler->border, &b);
   sampler->border_dwords = GENX(SAMPLER_BORDER_COLOR_STATE_length);
   sampler->border_align = BORDER_ALIGN;
}
#elif GFX_VERx10 == 75
/* Haswell: red, green, blue, alpha as floats in dwords 0-3 and as 32-bit
 * integers in dwords 16-19, 512-byte aligned (HSW PRM
 * SAMPLER_BORDER_COLOR_STATE; genxml does not describe it yet).  8- and
 * 16-bit integer formats read narrower fields overlapping dwords 16-18,
 * which one state cannot set for every format: such images sampled with
 * an integer border colour see these 32-bit values' low bits. */
static void
fill_border(struct gvk_sampler *sampler, const uint32_t rgba[4], bool is_int)
{
   memcpy(&sampler->border[is_int ? 16 : 0], rgba, 4 * sizeof(rgba[0]));
   sampler->border_dwords = 20;
   sampler->border_align = BORDER_ALIGN;
}
#else
/* Ivy Bridge: four dwords, floats or, for integer formats, the integers
 * themselves, 32-byte aligned (pointer bits 31:5; IVB PRM
 * SAMPLER_BORDER_COLOR_STATE; genxml does not describe it yet). */
static void
fill_border(struct gvk_sampler *sampler, const uint32_t rgba[4], bool is_int)
{
   (void)is_int;
   memcpy(sampler->border, rgba, 4 * sizeof(rgba[0]));
   sampler->border_dwords = 4;
   sampler->border_align = BORDER_ALIGN;
}
#endif

/* VK_EXT_sampler_filter_minmax (Gen9+, where SAMPLER_STATE has the
 * Reduction Type): a sampler without VkSamplerReductionModeCreateInfo
 * averages. */
static void
set_reduction(struct GENX(SAMPLER_STATE) *s, const VkSamplerCreateInfo *info)
{
#if GFX_VER >= 9
   const VkSamplerReductionModeCreateInfo *r =
      gvk_find_struct(info->pNext, VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO);
   if (!r || r->reductionMode == VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE)
      return;
   s->reduction_type_enable = true;
   s->reduction_type = r->reductionMode == VK_SAMPLER_REDUCTION_MODE_MIN ? REDUCTION_MINIMUM
                                                                         : REDUCTION_MAXIMUM;
#else
   (void)s;
   (void)info;
#endif
}

void
genX(sampler_fill)(struct gvk_sampler *sampler, const VkSamplerCreateInfo *info)
{
   bool aniso = info->anisotropyEnable && info->maxAnisotropy > 1.0f;
   uint32_t min = map_filter(info->minFilter, aniso);
   uint32_t mag = map_filter(info->magFilter, aniso);
   struct GENX(SAMPLER_STATE) s = {
      .texture_border_color_mode = BORDER_COLOR_MODE_OGL,
#if GFX_VER >= 8
      .lod_preclamp_mode = LOD_PRECLAMP_OGL,
#else
      .lod_preclamp_enable = LOD_PRECLAMP_OGL,
#endif
      .min_mode_filter = min,
      .mag_mode_filter = mag,
      .mip_mode_filter = mip_filter(info->mipmapMode),
      /* s4.8 and u4.8 fields; a surface has LODs 0..14. */
      .texture_lod_bias = clampf(info->mipLodBias, -16.0f, 15.99f),
      .min_lod = clampf(info->minLod, 0.0f, 14.0f),
      .max_lod = clampf(info->maxLod, 0.0f, 14.0f),
      /* Vulkan filters cube maps across faces ("Cube Map Edge Handling"):
       * OVERRIDE makes cube surfaces use TEXCOORDMODE_CUBE. */
      .cube_surface_control_mode = CUBECTRLMODE_OVERRIDE,
      .shadow_function = info->compareEnable ? shadow_function(info->compareOp) : 0,
      .maximum_anisotropy = aniso ? anisotropy_ratio(info->maxAnisotropy) : 0,
      /* Filtered addresses are rounded to the sample grid only when the
       * filter is not point sampling (PRM "Address Rounding Enable"). */
      .u_address_min_filter_rounding_enable = min != MAPFILTER_NEAREST,
      .v_address_min_filter_rounding_enable = min != MAPFILTER_NEAREST,
      .r_address_min_filter_rounding_enable = min != MAPFILTER_NEAREST,
      .u_address_mag_filter_rounding_enable = mag != MAPFILTER_NEAREST,
      .v_address_mag_filter_rounding_enable = mag != MAPFILTER_NEAREST,
      .r_address_mag_filter_rounding_enable = mag != MAPFILTER_NEAREST,
      .tcx_address_control_mode = address_mode(info->addressModeU),
      .tcy_address_control_mode = address_mode(info->addressModeV),
      .tcz_address_control_mode = address_mode(info->addressModeW),
      .non_normalized_coordinate_enable = info->unnormalizedCoordinates,
   };
   set_reduction(&s, info);
   GENX(SAMPLER_STATE_pack)(NULL, sampler->state, &s);

   uint32_t rgba[4];
   bool is_int;
   border_rgba(info->borderColor, rgba, &is_int);
   memset(sampler->border, 0, sizeof(sampler->border));
   fill_border(sampler, rgba, is_int);
}


/* ---- a kernel's sampler table in a command buffer's state block ---- */

/* A state and its border colour with the padding before it. */
uint32_t
genX(sampler_entry_bytes)(void)
{
   return GENX(SAMPLER_STATE_length) * 4 + GVK_BORDER_COLOR_DWORDS * 4 + BORDER_ALIGN;
}

static const struct gvk_sampler *
descriptor_sampler(const struct gvk_descriptor *d)
{
   if (!d || (d->type != VK_DESCRIPTOR_TYPE_SAMPLER &&
              d->type != VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER))
      return NULL;
   return d->sampler;
}

/* The sampler's SAMPLER_STATE with its Border Color Pointer set to a copy
 * of its SAMPLER_BORDER_COLOR_STATE in the state block, an offset from
 * Dynamic State Base Address (gvk_image.h, struct gvk_sampler). */
static void
write_sampler(struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gvk_sampler *s)
{
   uint32_t *border = gvk_batch_alloc(&cmd->state, s->border_dwords, s->border_align);
   memcpy(border, s->border, s->border_dwords * 4);
   memcpy(dw, s->state, sizeof(s->state));
   dw[2] |= gvk_batch_offset(&cmd->state, border);
}

/* Entry index + e holds element e's sampler (gbe.h, struct
 * gbe_sampler_binding), the one of a SAMPLER or COMBINED_IMAGE_SAMPLER
 * descriptor (immutable samplers are in the descriptors already).  An
 * entry without a sampler stays zero, a valid state.  Entries are 16
 * bytes, the table 32-byte aligned (IVB PRM Vol 2a INTERFACE_DESCRIPTOR_DATA
 * "Sampler State Pointer" bits 31:5; 3DSTATE_SAMPLER_STATE_POINTERS_xS
 * likewise). */
uint32_t
genX(cmd_emit_sampler_table)(struct gvk_cmd_buffer *cmd, const struct gbe_kernel *k,
                             gvk_descriptor_lookup lookup)
{
   const uint32_t size = k->sampler_table_size, dwords = GENX(SAMPLER_STATE_length);
   if (!size)
      return 0;
   uint32_t *table = gvk_batch_alloc(&cmd->state, size * dwords, 32);
   memset(table, 0, size * dwords * 4);
   for (uint32_t i = 0; i < k->num_samplers; i++) {
      const struct gbe_sampler_binding *sb = &k->samplers[i];
      const struct gbe_binding b = { .set = sb->set, .binding = sb->binding };
      for (uint32_t e = 0; e < sb->count && sb->index + e < size; e++) {
         uint64_t dynamic_offset;
         const struct gvk_sampler *s = descriptor_sampler(lookup(cmd, &b, e, &dynamic_offset));
         if (s)
            write_sampler(cmd, &table[(sb->index + e) * dwords], s);
      }
   }
   return gvk_batch_offset(&cmd->state, table);
}
