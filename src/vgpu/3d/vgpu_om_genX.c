/* The output merger's state structures for one generation (built once per
 * generation, -DGFX_VERx10): BLEND_STATE, COLOR_CALC_STATE and Gen7's
 * DEPTH_STENCIL_STATE unpacked with genxml's functions (PRM Vol 2d). */
#include "genX_pack.h"
#include "vgpu_om.h"

/* Gen7/7.5 keep one two-DWord entry per render target and nothing else;
 * Gen8+ put the alpha-to-coverage, independent-alpha and alpha-test bits
 * in a one-DWord header before the entries. */
void
genX(vgpu_om_blend)(const uint32_t *blend_state, unsigned rt, struct vgpu_om_blend *out)
{
#if GFX_VER >= 8
   struct GENX(BLEND_STATE) h;
   GENX(BLEND_STATE_unpack)(blend_state, &h);
   const uint32_t *entry = blend_state + 1 + 2 * rt;
#else
   const uint32_t *entry = blend_state + 2 * rt;
#endif
   struct GENX(BLEND_STATE_ENTRY) e;
   GENX(BLEND_STATE_ENTRY_unpack)(entry, &e);
   *out = (struct vgpu_om_blend){
      .enable = e.color_buffer_blend_enable,
      .src = (uint8_t)e.source_blend_factor,
      .dst = (uint8_t)e.destination_blend_factor,
      .func = (uint8_t)e.color_blend_function,
      .src_alpha = (uint8_t)e.source_alpha_blend_factor,
      .dst_alpha = (uint8_t)e.destination_alpha_blend_factor,
      .func_alpha = (uint8_t)e.alpha_blend_function,
      .write_mask = (uint8_t)((e.write_disable_red ? 0 : 1) |
                              (e.write_disable_green ? 0 : 2) |
                              (e.write_disable_blue ? 0 : 4) |
                              (e.write_disable_alpha ? 0 : 8)),
      .logic_op = e.logic_op_enable,
      .logic_func = (uint8_t)e.logic_op_function,
   };
#if GFX_VER >= 8
   out->independent_alpha = h.independent_alpha_blend_enable;
   out->alpha_to_coverage = h.alpha_to_coverage_enable;
   out->alpha_to_coverage_dither = h.alpha_to_coverage_dither_enable;
   out->alpha_to_one = h.alpha_to_one_enable;
   out->alpha_test = h.alpha_test_enable;
   out->alpha_test_func = (uint8_t)h.alpha_test_function;
#else
   out->independent_alpha = e.independent_alpha_blend_enable;
   out->alpha_to_coverage = e.alphatocoverage_enable;
   out->alpha_to_coverage_dither = e.alphatocoverage_dither_enable;
   out->alpha_to_one = e.alphatoone_enable;
   out->alpha_test = e.alpha_test_enable;
   out->alpha_test_func = (uint8_t)e.alpha_test_function;
#endif
}

void
genX(vgpu_om_cc)(const uint32_t *dw, struct vgpu_om_cc *out)
{
   struct GENX(COLOR_CALC_STATE) v;
   GENX(COLOR_CALC_STATE_unpack)(dw, &v);
   *out = (struct vgpu_om_cc){
      .constant = { v.blend_constant_color_red, v.blend_constant_color_green,
                    v.blend_constant_color_blue, v.blend_constant_color_alpha },
      /* ALPHATEST_UNORM8 is 0, ALPHATEST_FLOAT32 1 */
      .alpha_ref_unorm8 = v.alpha_test_format == 0,
      .alpha_ref = v.alpha_test_format == 0 ? (float)(v.alpha_reference_value_as_unorm8 & 0xff)
                                            : v.alpha_reference_value_as_float32,
   };
#if GFX_VER < 9
   out->stencil_ref = (uint8_t)v.stencil_reference_value;
   out->backface_stencil_ref = (uint8_t)v.backface_stencil_reference_value;
#endif
}

void
genX(vgpu_om_depth_stencil)(const uint32_t *dw, struct vgpu_om_depth_stencil *out)
{
   struct GENX(DEPTH_STENCIL_STATE) v;
   GENX(DEPTH_STENCIL_STATE_unpack)(dw, &v);
   *out = (struct vgpu_om_depth_stencil){
      .depth_test = v.depth_test_enable,
      .depth_write = v.depth_buffer_write_enable,
      .depth_func = v.depth_test_function,
      .stencil_test = v.stencil_test_enable,
      .stencil_write = v.stencil_buffer_write_enable,
      .double_sided = v.double_sided_stencil_enable,
      .stencil_func = { (uint8_t)v.stencil_test_function,
                        (uint8_t)v.backface_stencil_test_function },
      .fail_op = { (uint8_t)v.stencil_fail_op, (uint8_t)v.backface_stencil_fail_op },
      .zfail_op = { (uint8_t)v.stencil_pass_depth_fail_op,
                    (uint8_t)v.backface_stencil_pass_depth_fail_op },
      .pass_op = { (uint8_t)v.stencil_pass_depth_pass_op,
                   (uint8_t)v.backface_stencil_pass_depth_pass_op },
      .test_mask = { (uint8_t)v.stencil_test_mask, (uint8_t)v.backface_stencil_test_mask },
      .write_mask = { (uint8_t)v.stencil_write_mask, (uint8_t)v.backface_stencil_write_mask },
   };
}
