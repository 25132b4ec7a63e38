/* The tessellation stages' packets (Gen8+): 3DSTATE_HS, 3DSTATE_TE and
 * 3DSTATE_DS of a pipeline with a control and an evaluation stage, from
 * the kernels' gbe_tcs_info and gbe_tes_info (src/compiler/gbe.h) and the
 * pipeline's VkPipelineTessellationStateCreateInfo; the dispatch modes
 * are the ones src/vgpu/3d/vgpu_tess.c models (HS SINGLE_PATCH, DS
 * SIMD8_SINGLE_PATCH). */
#include "genX_pack.h"

#include <string.h>

#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "macros.h"

#if GFX_VER >= 8

enum { TE_QUAD = 0, TE_TRI = 1, TE_ISOLINE = 2 };
enum { TE_POINT = 0, TE_LINE = 1, TE_TRI_CW = 2, TE_TRI_CCW = 3 };
enum { TE_INTEGER = 0, TE_ODD_FRACTIONAL = 1, TE_EVEN_FRACTIONAL = 2 };
#define DS_DISPATCH_SIMD8_SINGLE_PATCH 1

static uint32_t
sampler_prefetch(const struct gvk_shader *sh)
{
   return DIV_ROUND_UP(MIN2(sh->kernel.sampler_table_size, 16u), 4);
}

/* The TE modes of the pipeline.  SPIR-V 3.6 lets the control stage, the
 * evaluation stage or both declare the spacing, winding and point mode
 * (DXC puts them on the control stage); both declaring one must agree
 * (Vulkan "Tessellator"), so a mode either declares is the pipeline's.  The domain was merged before the
 * kernels were compiled (gbe_options.tess_domain). */
struct te_modes {
   enum ir_prim domain;
   enum ir_tess_spacing spacing;
   bool ccw, point_mode;
};

static struct te_modes
te_modes(const struct gbe_tcs_info *tcs, const struct gbe_tes_info *tes)
{
   struct te_modes m = { tes->domain, tes->spacing, tes->ccw, tes->point_mode };
   if (!(tes->tess_declared & IR_TESS_DECLARED_SPACING))
      m.spacing = tcs->spacing;
   if (!(tes->tess_declared & IR_TESS_DECLARED_ORDER))
      m.ccw = tcs->ccw;
   m.point_mode = tes->point_mode || tcs->point_mode;
   return m;
}

/* With Vulkan's default upper-left domain origin the TE's winding is the
 * shader's (SPIR-V VertexOrderCw: TRI_CW; Mesa's SPIR-V front end notes
 * the same match, GL's lower-left view being the opposite);
 * VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT mirrors the domain, which
 * swaps the two (as anv does).  tess_tri_fill checks it against lavapipe
 * with back faces culled. */
static uint32_t
output_topology(const struct te_modes *m, bool lower_left)
{
   if (m->point_mode)
      return TE_POINT;
   if (m->domain == IR_PRIM_isolines)
      return TE_LINE;
   return m->ccw != lower_left ? TE_TRI_CCW : TE_TRI_CW;
}

static uint32_t
partitioning(enum ir_tess_spacing s)
{
   return s == IR_SPACING_fractional_odd ? TE_ODD_FRACTIONAL :
          s == IR_SPACING_fractional_even ? TE_EVEN_FRACTIONAL : TE_INTEGER;
}

static bool
lower_left_origin(const VkGraphicsPipelineCreateInfo *info)
{
   const VkPipelineTessellationDomainOriginStateCreateInfo *o = info->pTessellationState ?
      gvk_find_struct(info->pTessellationState->pNext,
                      VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO)
      : NULL;
   return o && o->domainOrigin == VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT;
}

uint32_t
genX(gfx_tess_pack)(const struct gvk_device *device, const struct gvk_gfx_pipeline *g,
                    const VkGraphicsPipelineCreateInfo *info, const uint32_t scratch_space[2],
                    const uint64_t scratch_base[2], uint32_t *dw)
{
   const struct devinfo *di = &device->pdev->info;
   const struct gvk_shader *hs_sh = g->tcs, *ds_sh = g->tes;
   const struct gbe_tcs_info *tcs = &hs_sh->kernel.tcs;
   const struct gbe_tes_info *tes = &ds_sh->kernel.tes;
   const struct te_modes modes = te_modes(tcs, tes);
   struct GENX(3DSTATE_HS) hs = {
      GENX(3DSTATE_HS_header),
      .enable = true,
      .statistics_enable = true,
      .kernel_start_pointer = hs_sh->offset,
      .binding_table_entry_count = MIN2(hs_sh->kernel.binding_table_size, 255u),
      .sampler_count = sampler_prefetch(hs_sh),
      .instance_count = tcs->instances - 1,
      .maximum_number_of_threads = di->max_threads[DEV_STAGE_HS] - 1,
      .per_thread_scratch_space = scratch_space[0],
      .scratch_space_base_pointer = scratch_base[0],
      .dispatch_grf_start_register_for_urb_data = tcs->grf_start,
      .include_vertex_handles = true,
   };
   struct GENX(3DSTATE_TE) te = {
      GENX(3DSTATE_TE_header),
      .te_enable = true,
      .te_domain = modes.domain == IR_PRIM_quads ? TE_QUAD :
                   modes.domain == IR_PRIM_triangles ? TE_TRI : TE_ISOLINE,
      .output_topology = output_topology(&modes, lower_left_origin(info)),
      .partitioning = partitioning(modes.spacing),
      /* Vulkan's maxTessellationGenerationLevel 64 (Mesa's values) */
      .maximum_tessellation_factor_odd = 63.0f,
      .maximum_tessellation_factor_not_odd = 64.0f,
   };
   struct GENX(3DSTATE_DS) ds = {
      GENX(3DSTATE_DS_header),
      .enable = true,
      .statistics_enable = true,
      .kernel_start_pointer = ds_sh->offset,
      .binding_table_entry_count = MIN2(ds_sh->kernel.binding_table_size, 255u),
      .sampler_count = sampler_prefetch(ds_sh),
      .per_thread_scratch_space = scratch_space[1],
      .scratch_space_base_pointer = scratch_base[1],
      .dispatch_grf_start_register_for_urb_data = tes->grf_start,
      .compute_w_coordinate_enable = tes->domain == IR_PRIM_triangles,
      .dispatch_mode = DS_DISPATCH_SIMD8_SINGLE_PATCH,
      .maximum_number_of_threads = di->max_threads[DEV_STAGE_DS] - 1,
      .user_clip_distance_clip_test_enable_bitmask = (1u << tes->vue.num_clip) - 1,
      .user_clip_distance_cull_test_enable_bitmask =
         ((1u << tes->vue.num_cull) - 1) << tes->vue.num_clip,
      /* the clipper and SF read the VUE after its header and position,
       * as 3DSTATE_VS says for a VS's (256-bit units) */
      .vertex_urb_entry_output_read_offset = 1,
      .vertex_urb_entry_output_length = MAX2(DIV_ROUND_UP(tes->vue.num_rows, 2u), 2u) - 1,
   };
   _Static_assert(GENX(3DSTATE_HS_length) + GENX(3DSTATE_TE_length) +
                  GENX(3DSTATE_DS_length) <= GVK_TESS_PACK_DWORDS, "GVK_TESS_PACK_DWORDS");
   GENX(3DSTATE_HS_pack)(NULL, dw, &hs);
   dw += GENX(3DSTATE_HS_length);
   GENX(3DSTATE_TE_pack)(NULL, dw, &te);
   dw += GENX(3DSTATE_TE_length);
   GENX(3DSTATE_DS_pack)(NULL, dw, &ds);
   return GENX(3DSTATE_HS_length) + GENX(3DSTATE_TE_length) + GENX(3DSTATE_DS_length);
}

#endif
