/* One generation's SAMPLER_STATE packed with genxml's pack function from
 * generation-neutral values (built once per generation): the fields a
 * generation lacks are left out. */
#include "genX_pack.h"
#include "test_sampler_state.h"

void
genX(test_sampler_pack)(const struct test_sampler_fields *f, uint32_t dw[4])
{
   struct GENX(SAMPLER_STATE) v = {
      .sampler_disable = f->disable,
      .min_mode_filter = f->min_filter,
      .mag_mode_filter = f->mag_filter,
      .mip_mode_filter = f->mip_filter,
      .tcx_address_control_mode = f->tcx,
      .tcy_address_control_mode = f->tcy,
      .tcz_address_control_mode = f->tcz,
      .shadow_function = f->shadow_function,
      .maximum_anisotropy = f->max_anisotropy,
      .u_address_mag_filter_rounding_enable = f->rounding[0],
      .u_address_min_filter_rounding_enable = f->rounding[1],
      .v_address_mag_filter_rounding_enable = f->rounding[2],
      .v_address_min_filter_rounding_enable = f->rounding[3],
      .r_address_mag_filter_rounding_enable = f->rounding[4],
      .r_address_min_filter_rounding_enable = f->rounding[5],
      .non_normalized_coordinate_enable = f->non_normalized,
      .cube_surface_control_mode = f->cube_override,
      .texture_border_color_mode = f->border_dx9,
      .texture_lod_bias = f->lod_bias,
      .min_lod = f->min_lod,
      .max_lod = f->max_lod,
      .border_color_pointer = f->border_color_pointer,
   };
#if GFX_VER >= 8
   v.lod_preclamp_mode = f->lod_preclamp ? 2 : 0;    /* CLAMP_MODE_OGL */
   v.lod_clamp_magnification_mode = f->mag_clamp_mipfilter;
#else
   v.lod_preclamp_enable = f->lod_preclamp;           /* CLAMP_ENABLE_OGL */
#endif
#if GFX_VERx10 == 75
   v.trilinear_filter_quality = f->mag_clamp_mipfilter ? 1 : 0;
#endif
#if GFX_VER <= 8
   v.base_mip_level = f->base_mip_level;
#endif
#if GFX_VER >= 9
   v.reduction_type_enable = f->reduction_enable;
   v.reduction_type = f->reduction_type;
#endif
   GENX(SAMPLER_STATE_pack)(NULL, dw, &v);
}
