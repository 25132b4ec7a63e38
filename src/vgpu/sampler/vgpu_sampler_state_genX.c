/* SAMPLER_STATE of one generation read back (built once per generation,
 * -DGFX_VERx10): field positions come from genxml's unpack functions,
 * meaning from PRM Vol 2d "SAMPLER_STATE". */
#include <string.h>

#include "genX_pack.h"
#include "vgpu_sampler.h"

/* LOD PreClamp: Gen7 has an enable bit (CLAMP_ENABLE_OGL = 1), Gen8+ a
 * two-bit mode (CLAMP_MODE_OGL = 2; 0 is NONE). */
static bool
lod_preclamp(const struct GENX(SAMPLER_STATE) *v)
{
#if GFX_VER >= 8
   return v->lod_preclamp_mode == 2;
#else
   return v->lod_preclamp_enable == 1;
#endif
}

/* LOD Clamp Magnification Mode MIPFILTER: its own bit on Gen8+; Haswell
 * folds it into Trilinear Filter Quality (value 1,
 * "TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER"); Ivy Bridge has no such mode. */
static bool
mag_clamp_mipfilter(const struct GENX(SAMPLER_STATE) *v)
{
#if GFX_VER >= 8
   return v->lod_clamp_magnification_mode == 1;
#elif GFX_VERx10 == 75
   return v->trilinear_filter_quality == 1;
#else
   (void)v;
   return false;
#endif
}

/* Reduction Type (Gen9+) counts only with Reduction Type Enable. */
static uint8_t
reduction(const struct GENX(SAMPLER_STATE) *v)
{
#if GFX_VER >= 9
   return v->reduction_type_enable ? (uint8_t)v->reduction_type : VGPU_REDUCTION_STD;
#else
   (void)v;
   return VGPU_REDUCTION_STD;
#endif
}

/* Base Mip Level (u4.1) exists on Gen7/7.5 and is kept on Gen8; Gen9
 * reuses its bits for Coarse LOD Quality Mode. */
static float
base_mip_level(const struct GENX(SAMPLER_STATE) *v)
{
#if GFX_VER <= 8
   return v->base_mip_level;
#else
   (void)v;
   return 0.0f;
#endif
}

/* Border Color Pointer: bits 31:5 on Gen7/7.5 (32-byte aligned), 23:6 on
 * Gen8-Gen11 (64-byte aligned); Gen12 widens it to 31:6 (Mesa's
 * gen12.xml, SAMPLER_STATE "Border Color Pointer" 70..95), which genvk's
 * own genxml does not describe, so that generation reads the dword. */
static uint32_t
border_color_pointer(const uint32_t *dw, const struct GENX(SAMPLER_STATE) *v)
{
#if GFX_VER >= 12
   (void)v;
   return dw[2] & 0xffffffc0u;
#else
   (void)dw;
   return (uint32_t)v->border_color_pointer;
#endif
}

/* Settings of later generations that change the returned values and that
 * no driver vgpu runs programs (Mesa's anv, hasvk and BLORP leave them 0). */
static const char *
later_not_modelled(const struct GENX(SAMPLER_STATE) *v)
{
#if GFX_VER >= 9
   if (v->coarse_lod_quality_mode)
      return "SAMPLER_STATE Coarse LOD Quality Mode";
   if (v->reduction_type_enable && v->reduction_type == VGPU_REDUCTION_COMPARISON)
      return "SAMPLER_STATE Reduction Type COMPARISON";
#endif
#if GFX_VER >= 11
   if (v->srgb_decode)
      return "SAMPLER_STATE SRGB DECODE: skipping the sRGB decode";
   if (v->return_filter_weight_for_null_texels || v->return_filter_weight_for_border_texels)
      return "SAMPLER_STATE Return Filter Weight for Null/Border Texels";
   if (v->force_gather4_behavior)
      return "SAMPLER_STATE Force gather4 Behavior";
   if (v->allow_low_quality_lod_calculation)
      return "SAMPLER_STATE Allow Low Quality LOD Calculation";
#endif
#if GFX_VER >= 12
   if (v->low_quality_filter)
      return "SAMPLER_STATE Low Quality Filter";
#endif
   (void)v;
   return NULL;
}

/* What the state asks that vgpu's sampler does not model (header). */
static const char *
not_modelled(const struct GENX(SAMPLER_STATE) *v)
{
   if (v->chromakey_enable)
      return "SAMPLER_STATE ChromaKey Enable";
   if (v->texture_border_color_mode == 1)
      return "SAMPLER_STATE Texture Border Color Mode DX9";
   if (v->min_mode_filter == VGPU_MAPFILTER_MONO || v->mag_mode_filter == VGPU_MAPFILTER_MONO)
      return "SAMPLER_STATE MAPFILTER_MONO";
   /* Trilinear Filter Quality: FULL (0) is the exact blend; Haswell's value
    * 1 is its magnification clamp mode, read above. */
   if (v->trilinear_filter_quality && !(GFX_VERx10 == 75 && v->trilinear_filter_quality == 1))
      return "SAMPLER_STATE Trilinear Filter Quality other than FULL";
   return later_not_modelled(v);
}

static void
copy_rounding(const struct GENX(SAMPLER_STATE) *v, struct vgpu_sampler_state *out)
{
   out->rounding = (uint8_t)((v->u_address_mag_filter_rounding_enable ? 1u << 0 : 0) |
                             (v->u_address_min_filter_rounding_enable ? 1u << 1 : 0) |
                             (v->v_address_mag_filter_rounding_enable ? 1u << 2 : 0) |
                             (v->v_address_min_filter_rounding_enable ? 1u << 3 : 0) |
                             (v->r_address_mag_filter_rounding_enable ? 1u << 4 : 0) |
                             (v->r_address_min_filter_rounding_enable ? 1u << 5 : 0));
}

bool
genX(vgpu_sampler_state_decode)(const uint32_t *dw, struct vgpu_sampler_state *out)
{
   struct GENX(SAMPLER_STATE) v;
   GENX(SAMPLER_STATE_unpack)(dw, &v);
   memset(out, 0, sizeof(*out));
   out->disabled = v.sampler_disable;
   out->min_filter = (uint8_t)v.min_mode_filter;
   out->mag_filter = (uint8_t)v.mag_mode_filter;
   out->mip_filter = (uint8_t)v.mip_mode_filter;
   out->address[0] = (uint8_t)v.tcx_address_control_mode;
   out->address[1] = (uint8_t)v.tcy_address_control_mode;
   out->address[2] = (uint8_t)v.tcz_address_control_mode;
   out->shadow_function = (uint8_t)v.shadow_function;
   /* Maximum Anisotropy encodes RATIO 2:1 as 0 up to RATIO 16:1 as 7. */
   out->max_anisotropy = (uint8_t)(2u * (v.maximum_anisotropy + 1u));
   out->reduction = reduction(&v);
   copy_rounding(&v, out);
   out->non_normalized = v.non_normalized_coordinate_enable;
   out->cube_override = v.cube_surface_control_mode == 1;
   out->lod_preclamp = lod_preclamp(&v);
   out->mag_clamp_mipfilter = mag_clamp_mipfilter(&v);
   out->border_dx9 = v.texture_border_color_mode == 1;
   out->lod_bias = v.texture_lod_bias;
   out->min_lod = v.min_lod;
   out->max_lod = v.max_lod;
   out->base_mip_level = base_mip_level(&v);
   out->border_color_pointer = border_color_pointer(dw, &v);
   out->not_modelled = not_modelled(&v);
   return true;
}
