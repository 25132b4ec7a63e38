/* SAMPLER_STATE packed by genxml for each generation (test_sampler_state
 * _genX.c) from generation-neutral field values, so that
 * test_sampler_state.c can decode and compare field by field. */
#ifndef TEST_SAMPLER_STATE_H
#define TEST_SAMPLER_STATE_H

#include <stdbool.h>
#include <stdint.h>

struct test_sampler_fields {
   bool disable;
   uint32_t min_filter, mag_filter, mip_filter;  /* hardware encodings */
   uint32_t tcx, tcy, tcz;
   uint32_t shadow_function;
   uint32_t max_anisotropy;        /* field value: RATIO 2:1 is 0 */
   bool reduction_enable;          /* Gen9+ */
   uint32_t reduction_type;
   /* U mag, U min, V mag, V min, R mag, R min */
   bool rounding[6];
   bool non_normalized, cube_override, lod_preclamp;
   bool mag_clamp_mipfilter;       /* Gen8+ field, Haswell's trilinear 1 */
   bool border_dx9;
   float lod_bias, min_lod, max_lod;
   float base_mip_level;           /* Gen7-Gen8 */
   uint32_t border_color_pointer;
};

#define TEST_SAMPLER_PACK_DECL(v) \
   void gfx##v##_test_sampler_pack(const struct test_sampler_fields *f, uint32_t dw[4]);
TEST_SAMPLER_PACK_DECL(70)
TEST_SAMPLER_PACK_DECL(75)
TEST_SAMPLER_PACK_DECL(80)
TEST_SAMPLER_PACK_DECL(90)
TEST_SAMPLER_PACK_DECL(110)
TEST_SAMPLER_PACK_DECL(120)

#endif
