/* Inside isl: small arithmetic helpers and the per-generation layout rules
 * isl_surface.c and the surface-state files share. */
#ifndef ISL_PRIV_H
#define ISL_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "isl.h"

static inline uint32_t
isl_align(uint32_t v, uint32_t a)
{
   return (v + a - 1) / a * a;
}

static inline uint64_t
isl_align64(uint64_t v, uint64_t a)
{
   return (v + a - 1) / a * a;
}

static inline uint32_t
isl_div_round_up(uint32_t v, uint32_t d)
{
   return (v + d - 1) / d;
}

static inline bool
isl_is_pow2(uint32_t v)
{
   return v && !(v & (v - 1));
}

/* What changes from one generation to the next in surface layout (PRM Vol
 * 5 "Memory Views"/"Memory Data Formats" of each generation; isl_surface.c
 * cites the rules each field stands for). */
struct isl_gen_rules {
   uint16_t verx10;
   /* LOD alignment in texels */
   uint8_t depth16_halign, depth16_valign;    /* D16_UNORM depth buffers */
   uint8_t depth_halign, depth_valign;        /* other depth buffers */
   uint8_t stencil_halign, stencil_valign;
   uint8_t compressed_align_blocks;           /* compressed formats, blocks */
   bool rgb32f_valign2;                       /* R32G32B32_FLOAT needs VALIGN_2 */
   bool halign8_32bpp_tiled_mips;             /* 32bpp Y-tiled mipmaps: HALIGN_8 */
   /* layout */
   bool align_in_blocks;     /* RSS HALIGN/VALIGN/QPitch count blocks, not texels */
   bool qpitch_field;        /* RSS Surface QPitch exists (else Gen7 array spacing) */
   bool layout_3d_as_2d;     /* 3D slices QPitch apart in a 2D mip tree */
   bool layout_1d_row;       /* linear 1D: LODs side by side, 64-texel aligned */
   bool qpitch_3d_tile_aligned;   /* tiled 3D QPitch: a multiple of the tile height */
   enum isl_tiling stencil_tiling;
   bool wide_render_linear;  /* render targets wider than 16382 must be linear */
   uint64_t max_size_B;
};

/* NULL for an unknown generation. */
const struct isl_gen_rules *isl_gen_rules(unsigned verx10);

/* isl_msaa.c: the layout a surface's samples take (NONE when single
 * sampled); false when the generation cannot multisample it so. */
bool isl_msaa_choose_layout(unsigned verx10, const struct isl_surf_info *info,
                            const struct isl_format_layout *l,
                            enum isl_msaa_layout *out);

/* isl_state_genX.c, once per generation (gfx70_..., gfx120_...). */
#define ISL_STATE_GEN_FUNCS(v) \
   bool gfx##v##_isl_fill_image_state(uint32_t *dw, const struct isl_image_state *info); \
   bool gfx##v##_isl_fill_buffer_state(uint32_t *dw, const struct isl_buffer_state *info); \
   bool gfx##v##_isl_fill_null_state(uint32_t *dw, uint32_t w, uint32_t h, uint32_t layers); \
   bool gfx##v##_isl_decode_state(const uint32_t *dw, struct isl_state_desc *out); \
   void gfx##v##_isl_state_layout(struct isl_state_layout *out);
ISL_STATE_GEN_FUNCS(70)
ISL_STATE_GEN_FUNCS(75)
ISL_STATE_GEN_FUNCS(80)
ISL_STATE_GEN_FUNCS(90)
ISL_STATE_GEN_FUNCS(110)
ISL_STATE_GEN_FUNCS(120)
#undef ISL_STATE_GEN_FUNCS

#endif
