/* Per-generation graphics pipeline state (Gen8+): the packets a
 * VkGraphicsPipelineCreateInfo decides alone, packed once at creation into
 * p->gfx->batch and emitted as they are when the pipeline is bound, and
 * the BLEND_STATE a draw copies (gvk_pipeline.h, struct gvk_gfx_pipeline).
 *
 * Kernel Start Pointers are offsets in the instruction heap (Instruction
 * Base Address, genX_cmd_buffer.c).  Everything that points into state
 * memory or depends on dynamic state is genX_cmd_draw.c's. */
#include "genX_pack.h"

#include <string.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "isl.h"
#include "macros.h"

#if GFX_VER >= 8

/* Dwords of the static packets: vertex elements (at most 34 of 2 dwords,
 * with VF_INSTANCING's 3 each) and the fixed-size packets. */
#define MAX_DWORDS 640

/* Packets past MAX_DWORDS go to `sink` and fail the pipeline. */
struct packer {
   uint32_t dw[MAX_DWORDS];
   uint32_t sink[MAX_DWORDS];
   uint32_t n;
   bool overflow;
};

static uint32_t *
reserve(struct packer *pk, uint32_t dwords)
{
   if (pk->n + dwords > MAX_DWORDS || pk->overflow) {
      pk->overflow = true;
      return pk->sink;
   }
   uint32_t *p = &pk->dw[pk->n];
   memset(p, 0, dwords * 4);
   pk->n += dwords;
   return p;
}

#define GVK_PACK_PASTE2(a, b) a##b
#define GVK_PACK_PASTE(a, b) GVK_PACK_PASTE2(a, b)
#define GVK_PACK_ONCE GVK_PACK_PASTE(gvk_pack_once_, __LINE__)
#define pack(pk, CMD, name)                                                \
   for (struct GENX(CMD) name = { GENX(CMD##_header) }, *GVK_PACK_ONCE = &name; \
        GVK_PACK_ONCE;                                                     \
        GENX(CMD##_pack)(NULL, reserve((pk), GENX(CMD##_length)), &name),  \
        GVK_PACK_ONCE = NULL)

/* 3D_Vertex_Component_Control */
enum { VFCOMP_STORE_SRC = 1, VFCOMP_STORE_0 = 2, VFCOMP_STORE_1_FP = 3, VFCOMP_STORE_1_INT = 4 };

/* ---- vertex input ---- */

struct element {
   uint32_t vb, format, offset;
   uint32_t comp[4];
   bool instanced;
   uint32_t step_rate;
};

static const VkVertexInputAttributeDescription *
find_attribute(const VkPipelineVertexInputStateCreateInfo *vi, uint32_t location)
{
   for (uint32_t i = 0; vi && i < vi->vertexAttributeDescriptionCount; i++) {
      if (vi->pVertexAttributeDescriptions[i].location == location)
         return &vi->pVertexAttributeDescriptions[i];
   }
   return NULL;
}

static const VkVertexInputBindingDescription *
find_binding(const VkPipelineVertexInputStateCreateInfo *vi, uint32_t binding)
{
   for (uint32_t i = 0; vi && i < vi->vertexBindingDescriptionCount; i++) {
      if (vi->pVertexBindingDescriptions[i].binding == binding)
         return &vi->pVertexBindingDescriptions[i];
   }
   return NULL;
}

/* VK_EXT_vertex_attribute_divisor's divisor of a per-instance binding (1
 * without one), which is the element's Instance Data Step Rate: the VF
 * reads instance Start Instance Location + InstanceID / rate, and with
 * rate 0 never steps from Start Instance Location (src/vgpu/3d/vgpu_vf.c,
 * as ANV programs it): Vulkan's firstInstance + (instanceIndex -
 * firstInstance) / divisor, and firstInstance for divisor 0. */
static uint32_t
binding_divisor(const VkPipelineVertexInputStateCreateInfo *vi, uint32_t binding)
{
   const VkPipelineVertexInputDivisorStateCreateInfoEXT *div = vi ? gvk_find_struct(
      vi->pNext, VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT) : NULL;
   for (uint32_t i = 0; div && i < div->vertexBindingDivisorCount; i++) {
      if (div->pVertexBindingDivisors[i].binding == binding)
         return div->pVertexBindingDivisors[i].divisor;
   }
   return 1;
}

/* An application attribute: its format's channels stored, the missing
 * ones (0, 0, 0, 1) as the Vulkan spec's "Vertex Input Extraction" fills
 * them, the 1 an integer for integer formats. */
static VkResult
attribute_element(struct gvk_device *device, const VkPipelineVertexInputStateCreateInfo *vi,
                  uint32_t location, struct element *e, struct gvk_gfx_pipeline *g)
{
   const VkVertexInputAttributeDescription *a = find_attribute(vi, location);
   if (!a)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: the vertex shader "
                      "reads location %u, which has no vertex attribute", location);
   const VkVertexInputBindingDescription *b = find_binding(vi, a->binding);
   if (!b || a->binding >= GVK_MAX_VERTEX_BINDINGS)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: attribute %u reads "
                      "binding %u, which is not described or beyond %u", location,
                      a->binding, GVK_MAX_VERTEX_BINDINGS);
   const struct isl_vk_format *vf = isl_vk_format(a->format);
   const struct isl_format_layout *l = vf ? isl_format_layout((enum isl_format)vf->format) : NULL;
   if (!l || !(isl_format_caps(&device->pdev->info, (enum isl_format)vf->format) & ISL_CAP_VERTEX))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: attribute %u: format "
                      "%d is not a vertex format here", location, a->format);
   *e = (struct element){ .vb = a->binding, .format = vf->format, .offset = a->offset };
   const bool integer = isl_format_is_integer(l);
   for (unsigned c = 0; c < 4; c++) {
      if (isl_format_has_channel(l, (enum isl_component)c))
         e->comp[c] = VFCOMP_STORE_SRC;
      else
         e->comp[c] = c < 3 ? VFCOMP_STORE_0 : integer ? VFCOMP_STORE_1_INT : VFCOMP_STORE_1_FP;
   }
   if (b->inputRate == VK_VERTEX_INPUT_RATE_INSTANCE) {
      e->instanced = true;
      e->step_rate = binding_divisor(vi, a->binding);
   }
   g->vb_used |= 1u << a->binding;
   g->vb_stride[a->binding] = b->stride;
   return VK_SUCCESS;
}

/* The location whose attribute fills input row `row`, or -1. */
static int
row_location(const struct gbe_vs_info *vs, uint32_t row)
{
   for (uint32_t l = 0; l < GBE_MAX_VS_ATTRIBUTES; l++) {
      if (vs->input_row[l] != GBE_NO_SLOT && row >= vs->input_row[l] &&
          row < vs->input_row[l] + vs->input_rows[l])
         return (int)l;
   }
   return -1;
}

/* The elements in input-row order: element r fills row r (the VF writes
 * the valid elements one row each, in order). */
static VkResult
build_elements(struct gvk_device *device, const VkGraphicsPipelineCreateInfo *info,
               struct gvk_gfx_pipeline *g, struct element *out, uint32_t *count)
{
   const struct gbe_vs_info *vs = &g->vs->kernel.vs;
   const VkPipelineVertexInputStateCreateInfo *vi = info->pVertexInputState;
   for (uint32_t r = 0; r < vs->num_input_rows; r++) {
      struct element *e = &out[r];
      if (r == vs->sgv_row) {
         /* (BaseVertex, BaseInstance) from the per-draw buffer; VertexID
          * and InstanceID written over z and w by 3DSTATE_VF_SGVS. */
         *e = (struct element){ .vb = GVK_VB_DRAW_PARAMS, .format = ISL_FORMAT_R32G32_UINT,
                                .comp = { VFCOMP_STORE_SRC, VFCOMP_STORE_SRC,
                                          VFCOMP_STORE_0, VFCOMP_STORE_0 } };
         g->uses_draw_params = true;
         continue;
      }
      if (r == vs->drawid_row) {
         /* (DrawIndex, ViewIndex) from the per-draw buffer */
         *e = (struct element){ .vb = GVK_VB_DRAW_ID, .format = ISL_FORMAT_R32G32_UINT,
                                .comp = { VFCOMP_STORE_SRC, VFCOMP_STORE_SRC,
                                          VFCOMP_STORE_0, VFCOMP_STORE_0 } };
         g->uses_draw_id = true;
         continue;
      }
      const int l = row_location(vs, r);
      if (l < 0)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: vertex input row "
                         "%u belongs to no attribute", r);
      if (vs->input_rows[l] != 1)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: location %d is a "
                         "64-bit attribute of two rows, not supported yet", l);
      VkResult result = attribute_element(device, vi, (uint32_t)l, e, g);
      if (result != VK_SUCCESS)
         return result;
   }
   *count = vs->num_input_rows;
   return VK_SUCCESS;
}

/* 3DSTATE_VERTEX_ELEMENTS, 3DSTATE_VF_INSTANCING of every element (the
 * state stays until changed), 3DSTATE_VF_SGVS.  A shader without inputs
 * still gets one element of zeros: the VF needs a valid element to
 * fetch (Mesa's drivers do the same). */
static void
emit_vertex_input(struct packer *pk, const struct gbe_vs_info *vs, const struct element *el,
                  uint32_t count)
{
   static const struct element zeros = {
      .format = ISL_FORMAT_R32G32B32A32_FLOAT,
      .comp = { VFCOMP_STORE_0, VFCOMP_STORE_0, VFCOMP_STORE_0, VFCOMP_STORE_0 },
   };
   const uint32_t n = count ? count : 1;
   uint32_t *dw = reserve(pk, 1 + 2 * n);
   struct GENX(3DSTATE_VERTEX_ELEMENTS) ve = { GENX(3DSTATE_VERTEX_ELEMENTS_header) };
   ve.dword_length = 2 * n - 1;
   GENX(3DSTATE_VERTEX_ELEMENTS_pack)(NULL, dw, &ve);
   for (uint32_t i = 0; i < n; i++) {
      const struct element *e = count ? &el[i] : &zeros;
      const struct GENX(VERTEX_ELEMENT_STATE) s = {
         .vertex_buffer_index = e->vb, .valid = true,
         .source_element_format = e->format, .source_element_offset = e->offset,
         .component_0_control = e->comp[0], .component_1_control = e->comp[1],
         .component_2_control = e->comp[2], .component_3_control = e->comp[3],
      };
      if (pk->overflow)
         return;
      GENX(VERTEX_ELEMENT_STATE_pack)(NULL, &dw[1 + 2 * i], &s);
   }
   for (uint32_t i = 0; i < n; i++) {
      pack(pk, 3DSTATE_VF_INSTANCING, vfi) {
         vfi.vertex_element_index = i;
         vfi.instancing_enable = count && el[i].instanced;
         vfi.instance_data_step_rate = count ? el[i].step_rate : 0;
      }
   }
   pack(pk, 3DSTATE_VF_SGVS, sgvs) {
      if (vs->sgv_row != GBE_NO_SLOT) {
         sgvs.vertexid_enable = vs->uses_vertex_id;
         sgvs.vertexid_component_number = 2;
         sgvs.vertexid_element_offset = vs->sgv_row;
         sgvs.instanceid_enable = vs->uses_instance_id;
         sgvs.instanceid_component_number = 3;
         sgvs.instanceid_element_offset = vs->sgv_row;
      }
   }
}

/* ---- URB and push constants ---- */

/* The most URB entries each of VS, HS, DS and GS may have (PRM Vol 2a
 * 3DSTATE_URB_xS Number of URB Entries; the figures Mesa's
 * intel_device_info.c lists per platform and GT). */
static uint32_t
urb_max_entries(const struct devinfo *info, unsigned stage)
{
   static const uint32_t bdw[4] = { 2560, 504, 1536, 960 };
   static const uint32_t bdw_gt1[4] = { 2560, 504, 1536, 640 };
   static const uint32_t chv[4] = { 640, 80, 384, 256 };
   static const uint32_t skl[4] = { 1856, 672, 1120, 640 };
   static const uint32_t skl_gt1[4] = { 928, 672, 1120, 256 };
   static const uint32_t bxt[4] = { 704, 256, 416, 256 };
   static const uint32_t icl[4] = { 2384, 1024, 2384, 1032 };
   static const uint32_t ehl[4] = { 1024, 256, 1024, 256 };
   static const uint32_t tgl[4] = { 3576, 1548, 3576, 1548 };
   switch (info->platform) {
   case PLATFORM_BDW: return (info->gt == 1 ? bdw_gt1 : bdw)[stage];
   case PLATFORM_CHV: return chv[stage];
   case PLATFORM_SKL: case PLATFORM_KBL: case PLATFORM_CFL:
      return (info->gt == 1 ? skl_gt1 : skl)[stage];
   case PLATFORM_BXT: case PLATFORM_GLK: return bxt[stage];
   case PLATFORM_ICL: return icl[stage];
   case PLATFORM_EHL: return ehl[stage];
   default: return tgl[stage];
   }
}

/* The fewest entries a stage that runs may have: the VS's device minimum
 * (192 with tessellation on Gen8: BDW PRM 3DSTATE_URB_VS), 34 DS entries
 * (3DSTATE_URB_DS), two GS entries for a thread's objects and one HS
 * entry. */
static uint32_t
urb_min_entries(const struct devinfo *info, unsigned stage, bool tess)
{
   switch (stage) {
   case 0:
      if (tess && info->ver == 8)
         return 192;
      return info->is_lp && info->ver < 11 ? 34 : 64;
   case 1: return 1;
   case 2: return 34;
   default: return 2;
   }
}

/* Number of URB Entries must be a multiple of 8 when the entries are
 * under 9 512-bit units (PRM 3DSTATE_URB_xS). */
static uint32_t
urb_granularity(uint32_t entry_size64)
{
   return entry_size64 < 9 ? 8 : 1;
}

#define URB_CHUNK_BYTES 8192u

/* Gen8+ keep the push constants at the start of the URB: the stages'
 * entries follow them in pipeline order (3DSTATE_URB_xS starting address
 * in 8 KB chunks).  Each stage that runs (entry_size64[s], VS HS DS GS in
 * 64-byte units, non-zero) first gets the chunks its minimum entry count
 * needs; the rest is shared out in proportion to the chunks each could
 * still use up to its maximum entry count.  Stages that do not run get no
 * entries at the first chunk. */
static void
emit_urb(struct packer *pk, const struct devinfo *info, const uint32_t entry_size64[4])
{
   const uint32_t first = info->push_constant_kb / 8;
   const uint32_t total = info->urb_size_kb / 8 - first;
   const bool tess = entry_size64[1] && entry_size64[2];
   uint32_t chunks[4] = { 0 }, wants[4] = { 0 }, entries[4] = { 0 }, start[4];
   uint32_t used = 0, total_wants = 0;
   for (unsigned s = 0; s < 4; s++) {
      if (!entry_size64[s])
         continue;
      const uint32_t bytes = entry_size64[s] * 64, gran = urb_granularity(entry_size64[s]);
      const uint32_t min = DIV_ROUND_UP(urb_min_entries(info, s, tess), gran) * gran;
      chunks[s] = DIV_ROUND_UP(min * bytes, URB_CHUNK_BYTES);
      wants[s] = DIV_ROUND_UP(urb_max_entries(info, s) * bytes, URB_CHUNK_BYTES) - chunks[s];
      used += chunks[s];
      total_wants += wants[s];
   }
   const uint32_t spare = total > used ? total - used : 0;
   for (unsigned s = 0; s < 4 && total_wants; s++)
      chunks[s] += (uint32_t)((uint64_t)spare * wants[s] / total_wants);
   uint32_t next = first;
   for (unsigned s = 0; s < 4; s++) {
      start[s] = first;
      if (!entry_size64[s])
         continue;
      const uint32_t gran = urb_granularity(entry_size64[s]);
      const uint32_t fit = chunks[s] * URB_CHUNK_BYTES / (entry_size64[s] * 64);
      entries[s] = MIN2(fit, urb_max_entries(info, s)) / gran * gran;
      start[s] = next;
      next += chunks[s];
   }
   pack(pk, 3DSTATE_URB_VS, u) {
      u.vs_number_of_urb_entries = entries[0];
      u.vs_urb_entry_allocation_size = MAX2(entry_size64[0], 1u) - 1;
      u.vs_urb_starting_address = start[0];
   }
   pack(pk, 3DSTATE_URB_HS, u) {
      u.hs_number_of_urb_entries = entries[1];
      u.hs_urb_entry_allocation_size = MAX2(entry_size64[1], 1u) - 1;
      u.hs_urb_starting_address = start[1];
   }
   pack(pk, 3DSTATE_URB_DS, u) {
      u.ds_number_of_urb_entries = entries[2];
      u.ds_urb_entry_allocation_size = MAX2(entry_size64[2], 1u) - 1;
      u.ds_urb_starting_address = start[2];
   }
   pack(pk, 3DSTATE_URB_GS, u) {
      u.gs_number_of_urb_entries = entries[3];
      u.gs_urb_entry_allocation_size = MAX2(entry_size64[3], 1u) - 1;
      u.gs_urb_starting_address = start[3];
   }
}

/* The push constants of a stage's kernel, in GRFs (0 for a stage the
 * pipeline does not have). */
static uint32_t
stage_push_regs(const struct gvk_gfx_pipeline *g, enum gvk_gfx_stage s)
{
   switch (s) {
   case GVK_GFX_VS: return g->vs->kernel.vs.push_regs;
   case GVK_GFX_GS: return g->gs ? g->gs->kernel.gs.push_regs : 0;
   case GVK_GFX_TCS: return g->tcs ? g->tcs->kernel.tcs.push_regs : 0;
   case GVK_GFX_TES: return g->tes ? g->tes->kernel.tes.push_regs : 0;
   default: return 0;
   }
}

/* The space 3DSTATE_PUSH_CONSTANT_ALLOC partitions (KB, in 2 KB steps:
 * the PRM's Constant Buffer Size granularity from Gen8): an equal share
 * for each vertex-pipeline stage with push constants, the rest for the
 * PS. */
static void
push_allocation(const struct devinfo *info, struct gvk_gfx_pipeline *g)
{
   const uint32_t total = info->push_constant_kb;
   uint32_t n = 1;
   for (unsigned s = GVK_GFX_VS; s < GVK_GFX_FS; s++)
      n += stage_push_regs(g, s) != 0;
   const uint32_t share = total / n & ~1u;
   g->push_kb_vs = stage_push_regs(g, GVK_GFX_VS) ? share : 0;
   g->push_kb_hs = stage_push_regs(g, GVK_GFX_TCS) ? share : 0;
   g->push_kb_ds = stage_push_regs(g, GVK_GFX_TES) ? share : 0;
   g->push_kb_gs = stage_push_regs(g, GVK_GFX_GS) ? share : 0;
   g->push_kb_ps = total - g->push_kb_vs - g->push_kb_hs - g->push_kb_ds - g->push_kb_gs;
   for (unsigned s = GVK_GFX_VS; s < GVK_GFX_FS; s++)
      g->push_regs[s] = stage_push_regs(g, s);
}

/* ---- shaders ---- */

/* Per-Thread Scratch Space and Scratch Space Base Pointer of a 3D stage's
 * packet (3DSTATE_VS, HS, DS, GS, PS: the encoding MEDIA_VFE_STATE has,
 * 1 KiB << n from Gen8), from the larger scratch of the stage's kernels
 * (the PS's widths share the packet's one pointer; each runs in its own
 * thread's slot, so the larger slot holds either); zeros without.  The
 * hardware gives each thread its slot in R0.5 (vgpu_3d_thread.c). */
struct stage_scratch {
   uint32_t space;
   uint64_t base;
};

static struct stage_scratch
stage_scratch(const struct gvk_device *device, const struct gvk_shader *a,
              const struct gvk_shader *b)
{
   const struct gvk_shader *sh = !b || (a && a->scratch_per_thread >= b->scratch_per_thread)
                                 ? a : b;
   if (!sh || !sh->scratch)
      return (struct stage_scratch){ 0, 0 };
   const struct gvk_genx_pipeline *gx = gvk_genx_pipeline(device->pdev->info.verx10);
   return (struct stage_scratch){ gx->scratch_space(sh->scratch_per_thread), sh->scratch->addr };
}

static uint32_t
sampler_prefetch(const struct gvk_shader *sh)
{
   return DIV_ROUND_UP(MIN2(sh->kernel.sampler_table_size, 16u), 4);
}

/* VUE rows the clipper, SF and stream output read after the header and
 * position (3DSTATE_VS Vertex URB Entry Output Read Offset 1, in 256-bit
 * units). */
static uint32_t
vue_output_length(const struct gbe_vue_map *vue)
{
   return MAX2(DIV_ROUND_UP(vue->num_rows, 2u), 2u) - 1;
}

static void
emit_vs(struct packer *pk, const struct devinfo *info, const struct gvk_shader *sh,
        struct stage_scratch scratch)
{
   const struct gbe_vs_info *vs = &sh->kernel.vs;
   pack(pk, 3DSTATE_VS, v) {
      v.per_thread_scratch_space = scratch.space;
      v.scratch_space_base_pointer = scratch.base;
      v.kernel_start_pointer = sh->offset;
      v.binding_table_entry_count = MIN2(sh->kernel.binding_table_size, 255u);
      v.sampler_count = sampler_prefetch(sh);
      v.vertex_urb_entry_read_offset = 0;
      v.vertex_urb_entry_read_length = vs->urb_read_length;
      v.dispatch_grf_start_register_for_urb_data = vs->grf_start;
      v.enable = true;
      v.simd8_dispatch_enable = true;
      v.statistics_enable = true;
      v.maximum_number_of_threads = info->max_threads[DEV_STAGE_VS] - 1;
      v.user_clip_distance_clip_test_enable_bitmask = (1u << vs->vue.num_clip) - 1;
      v.user_clip_distance_cull_test_enable_bitmask =
         ((1u << vs->vue.num_cull) - 1) << vs->vue.num_clip;
      v.vertex_urb_entry_output_read_offset = 1;
      v.vertex_urb_entry_output_length = vue_output_length(&vs->vue);
   }
}

/* The stages genvk does not run, off (their state stays from whatever ran
 * before in the context otherwise).  3DSTATE_STREAMOUT is the draw's
 * (genX_gfx_xfb.c): it depends on whether transform feedback is active. */
static void
emit_disabled_stages(struct packer *pk, bool tess)
{
   if (!tess) {
      pack(pk, 3DSTATE_HS, hs);
      pack(pk, 3DSTATE_TE, te);
      pack(pk, 3DSTATE_DS, ds);
   }
}

/* 3DSTATE_GS for gbe_gs.c's SIMD8 kernels (the payload and entry layout
 * of struct gbe_gs_info); off without a geometry stage.  Reorder Mode
 * TRAILING hands odd strip triangles over in the API's vertex order
 * (HARDWARE-NOTES section 4). */
static void
emit_gs(struct packer *pk, const struct devinfo *info, const struct gvk_shader *sh,
        struct stage_scratch scratch)
{
   if (!sh) {
      pack(pk, 3DSTATE_GS, gs);
      return;
   }
   const struct gbe_gs_info *gs = &sh->kernel.gs;
   pack(pk, 3DSTATE_GS, v) {
      v.per_thread_scratch_space = scratch.space;
      v.scratch_space_base_pointer = scratch.base;
      v.kernel_start_pointer = sh->offset;
      v.binding_table_entry_count = MIN2(sh->kernel.binding_table_size, 255u);
      v.sampler_count = sampler_prefetch(sh);
      v.expected_vertex_count = gs->input_vertices;
      v.output_vertex_size = gs->output_vertex_rows - 1;
      v.output_topology = gs->output_topology;
      v.vertex_urb_entry_read_length = gs->urb_read_length;
      v.include_vertex_handles = true;
      v.vertex_urb_entry_read_offset = 0;
      v.dispatch_grf_start_register_for_urb_data = gs->grf_start;
#if GFX_VER == 8
      /* Gen8's field is 8 bits: fewer threads than the device has */
      v.maximum_number_of_threads = MIN2(info->max_threads[DEV_STAGE_GS] - 1, 255u);
#else
      v.maximum_number_of_threads = info->max_threads[DEV_STAGE_GS] - 1;
#endif
      v.control_data_header_size = gs->control_data_header_size;
      v.instance_control = gs->invocations - 1;
      v.dispatch_mode = 3; /* SIMD8 */
      v.statistics_enable = true;
      v.invocations_increment_value = gs->invocations - 1;
      v.include_primitive_id = gs->include_primitive_id;
      v.reorder_mode = 1; /* TRAILING */
      v.enable = true;
      v.control_data_format = gs->control_data_format;
      v.vertex_urb_entry_output_read_offset = 1;
      v.vertex_urb_entry_output_length = vue_output_length(&gs->vue);
      v.user_clip_distance_clip_test_enable_bitmask = (1u << gs->vue.num_clip) - 1;
      v.user_clip_distance_cull_test_enable_bitmask =
         ((1u << gs->vue.num_cull) - 1) << gs->vue.num_clip;
   }
}

/* The tessellation stages' packets (genX_gfx_tess.c). */
static void
emit_tess(struct packer *pk, const struct gvk_device *device, const struct gvk_gfx_pipeline *g,
          const VkGraphicsPipelineCreateInfo *info)
{
   const struct stage_scratch hs = stage_scratch(device, g->tcs, NULL);
   const struct stage_scratch ds = stage_scratch(device, g->tes, NULL);
   const uint32_t space[2] = { hs.space, ds.space };
   const uint64_t base[2] = { hs.base, ds.base };
   uint32_t dw[GVK_TESS_PACK_DWORDS];
   const uint32_t n = genX(gfx_tess_pack)(device, g, info, space, base, dw);
   memcpy(reserve(pk, n), dw, n * 4);
}

/* The VUE row of FS input location loc (GBE_NO_SLOT: not written). */
static uint32_t
input_row(const struct gbe_vue_map *vue, uint32_t loc)
{
   if (loc == GBE_INPUT_PRIMITIVE_ID)
      return vue->primitive_id_row ? vue->primitive_id_row : GBE_NO_SLOT;
   if (loc == GBE_INPUT_VIEW_INDEX)
      return vue->view_index_row ? vue->view_index_row : GBE_NO_SLOT;
   return loc < GBE_MAX_VARYINGS ? vue->location_row[loc] : GBE_NO_SLOT;
}

/* SBE attribute k is the VS output at the FS's input_location[k]: row
 * location_row[L] of the VUE, read from row 2 on (Read Offset 1 skips
 * the header and the position).  SBE_SWIZ names the source of each of
 * the first 16 attributes; attributes beyond read their own row in order,
 * so those must already sit there.  An input the VS does not write reads
 * (0, 0, 0, 0) through the component overrides; gl_PrimitiveID that no
 * stage writes is the override's PRIM_ID constant (Vulkan: the number of
 * the primitive in the draw). */
static VkResult
emit_sbe(struct packer *pk, const struct gbe_vue_map *vue, const struct gbe_fs_info *fs)
{
   struct GENX(3DSTATE_SBE_SWIZ) swiz = { GENX(3DSTATE_SBE_SWIZ_header) };
   uint32_t max_row = 2;
   const uint32_t n = fs ? fs->num_inputs : 0;
   for (uint32_t k = 0; k < n; k++) {
      const uint32_t loc = fs->input_location[k];
      const uint32_t row = input_row(vue, loc);
      if (row == GBE_NO_SLOT || row < 2) {
         if (k >= 16)
            return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: fragment input "
                            "%u (location %u) is not written by the last vertex stage", k, loc);
         swiz.attribute[k].component_override_x = true;
         swiz.attribute[k].component_override_y = true;
         swiz.attribute[k].component_override_z = true;
         swiz.attribute[k].component_override_w = true;
         /* CONST_0000, PRIM_ID */
         swiz.attribute[k].constant_source = loc == GBE_INPUT_PRIMITIVE_ID ? 3 : 0;
         continue;
      }
      max_row = MAX2(max_row, row);
      if (k < 16)
         swiz.attribute[k].source_attribute = row - 2;
      else if (row - 2 != k)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: fragment input %u "
                         "(location %u) is in VUE row %u; attributes past 16 cannot be "
                         "swizzled", k, loc, row);
   }
   pack(pk, 3DSTATE_SBE, sbe) {
      sbe.attribute_swizzle_enable = true;
      sbe.number_of_sf_output_attributes = n;
      sbe.vertex_urb_entry_read_offset = 1;
      sbe.vertex_urb_entry_read_length = MAX2(DIV_ROUND_UP(max_row - 1, 2u), 1u);
      sbe.force_vertex_urb_entry_read_offset = true;
      sbe.force_vertex_urb_entry_read_length = true;
      sbe.constant_interpolation_enable = fs ? fs->flat_inputs : 0;
#if GFX_VER >= 9
      for (uint32_t k = 0; k < n; k++)
         sbe.attribute_active_component_format[k] = 3;   /* ACTIVE_COMPONENT_XYZW */
#endif
   }
   uint32_t *dw = reserve(pk, GENX(3DSTATE_SBE_SWIZ_length));
   if (!pk->overflow)
      GENX(3DSTATE_SBE_SWIZ_pack)(NULL, dw, &swiz);
   return VK_SUCCESS;
}

static const struct gvk_shader *
fs_kernel(const struct gvk_gfx_pipeline *g)
{
   return g->fs[0] ? g->fs[0] : g->fs[1];
}

/* The PS width whose scratch slot is the largest (stage_scratch). */
static const struct gvk_shader *
stage_scratch_fs(const struct gvk_gfx_pipeline *g)
{
   const struct gvk_shader *best = NULL;
   for (unsigned i = 0; i < 3; i++)
      if (g->fs[i] && (!best || g->fs[i]->scratch_per_thread > best->scratch_per_thread))
         best = g->fs[i];
   return best;
}

/* 3DSTATE_WM: the rasterizer's side of the pixel shader.  Point
 * rasterization follows the upper-right rule as Mesa's drivers program it
 * for Vulkan. */
static void
emit_wm(struct packer *pk, const struct gbe_fs_info *fs)
{
   pack(pk, 3DSTATE_WM, wm) {
      wm.statistics_enable = true;
      wm.point_rasterization_rule = 1;      /* RASTRULE_UPPER_RIGHT */
      wm.line_end_cap_antialiasing_region_width = 1;   /* 0.5 pixel */
      wm.line_antialiasing_region_width = 1;
      if (!fs)
         continue;
      wm.barycentric_interpolation_mode = fs->barycentric_modes;
      wm.early_depth_stencil_control = fs->early_fragment_tests ? 2 : 0; /* PREPS : NORMAL */
   }
}

/* 3DSTATE_PS with each compiled width (KSP0 SIMD8, KSP2 SIMD16 beside it,
 * or KSP0 for a lone SIMD16: PRM Vol 2a 3DSTATE_PS "Dispatch Enables"). */
/* The widths 3DSTATE_PS enables among the compiled ones, by the PRM's
 * dispatch rules (Vol 2a 3DSTATE_PS "8/16/32 Pixel Dispatch Enable", as
 * Mesa's intel_set_ps_dispatch_state applies them; vgpu's rule
 * ps-dispatch checks each): per-sample dispatch at more than one sample
 * takes one width only before Gen12 (the dispatch classifications that
 * allow it), the widest; Gen12 has no SIMD32 there and keeps SIMD16
 * alone; 16 samples per pixel rule SIMD32 out (Gen9+). */
static void
ps_widths(const struct gvk_gfx_pipeline *g, bool per_sample, unsigned samples,
          const struct gvk_shader *k[3])
{
   for (unsigned i = 0; i < 3; i++)
      k[i] = g->fs[i];
   if (per_sample && samples > 1) {
      if (GFX_VER >= 12)
         k[2] = NULL;
      if (k[1] || k[2])
         k[0] = NULL;
      if (GFX_VER < 12 && k[2])
         k[1] = NULL;
   }
   if (GFX_VER >= 9 && samples == 16 && !(per_sample && samples > 1))
      k[2] = NULL;
}

/* Kernel Start Pointers (PRM Vol 2a 3DSTATE_PS "Dispatch Enables"
 * table): KSP0 SIMD8, or a lone SIMD16 or SIMD32; KSP1 SIMD32 beside
 * another width; KSP2 SIMD16 beside another width. */
static unsigned
ksp_index(const struct gvk_shader *const k[3], unsigned w)
{
   const unsigned enabled = (k[0] != NULL) + (k[1] != NULL) + (k[2] != NULL);
   if (w == 0 || enabled == 1)
      return 0;
   return w == 2 ? 1 : 2;
}

static void
emit_ps(struct packer *pk, const struct gvk_gfx_pipeline *g, bool per_sample,
        unsigned samples, struct stage_scratch scratch)
{
   const struct gvk_shader *any = fs_kernel(g), *k[3];
   const bool sample_rate = any && (any->kernel.fs.per_sample || per_sample);
   ps_widths(g, sample_rate, samples, k);
   pack(pk, 3DSTATE_PS, ps) {
      if (!any)
         continue;
      ps.per_thread_scratch_space = scratch.space;
      ps.scratch_space_base_pointer = scratch.base;
      const struct gbe_fs_info *fs = &any->kernel.fs;
      ps.binding_table_entry_count = MIN2(any->kernel.binding_table_size, 255u);
      ps.sampler_count = sampler_prefetch(any);
      ps.maximum_number_of_threads_per_psd = 63;
      ps.push_constant_enable = fs->push_regs > 0;
      ps.position_xy_offset_select = fs->uses_position_offset ? 3 : 0; /* POSOFFSET_SAMPLE */
      ps._8_pixel_dispatch_enable = k[0] != NULL;
      ps._16_pixel_dispatch_enable = k[1] != NULL;
      ps._32_pixel_dispatch_enable = k[2] != NULL;
      for (unsigned w = 0; w < 3; w++) {
         if (!k[w])
            continue;
         const uint64_t ksp = k[w]->offset;
         const uint32_t grf = k[w]->kernel.fs.grf_start;
         switch (ksp_index(k, w)) {
         case 0:
            ps.kernel_start_pointer_0 = ksp;
            ps.dispatch_grf_start_register_for_constant_setup_data_0 = grf;
            break;
         case 1:
            ps.kernel_start_pointer_1 = ksp;
            ps.dispatch_grf_start_register_for_constant_setup_data_1 = grf;
            break;
         default:
            ps.kernel_start_pointer_2 = ksp;
            ps.dispatch_grf_start_register_for_constant_setup_data_2 = grf;
            break;
         }
      }
   }
   pack(pk, 3DSTATE_PS_EXTRA, x) {
      if (!any)
         continue;
      const struct gbe_fs_info *fs = &any->kernel.fs;
      x.pixel_shader_valid = true;
      x.attribute_enable = fs->num_inputs > 0;
      x.pixel_shader_kills_pixel = fs->kills;
      x.pixel_shader_computed_depth_mode = fs->computes_depth ? 1 : 0; /* PSCDEPTH_ON */
      x.pixel_shader_uses_source_depth = fs->uses_source_depth;
      x.pixel_shader_uses_source_w = fs->uses_source_w;
      x.pixel_shader_is_per_sample = fs->per_sample || per_sample;
      x.pixel_shader_has_uav = fs->has_side_effects;
      x.omask_present_to_render_target = fs->writes_sample_mask;
      x.pixel_shader_does_not_write_to_rt = fs->render_target_mask == 0;
#if GFX_VER >= 9
      x.pixel_shader_computes_stencil = fs->computes_stencil;
      x.input_coverage_mask_state = fs->uses_coverage_mask ? 1 : 0;    /* ICMS_NORMAL */
#else
      x.pixel_shader_uses_input_coverage_mask = fs->uses_coverage_mask;
#endif
   }
}

/* ---- fixed functions ---- */

/* Clipping in D3D's 0 <= z <= w (Vulkan's depth range), with the guard
 * band.  The clip mode is the draw's: rasterizer discard (which may be
 * dynamic) rejects every primitive (genX_cmd_draw.c). */
static void
build_clip(struct gvk_gfx_pipeline *g)
{
   const struct gvk_shader *fs = fs_kernel(g);
   const struct GENX(3DSTATE_CLIP) clip = {
      GENX(3DSTATE_CLIP_header),
      .clip_enable = true,
      .statistics_enable = true,
      .early_cull_enable = true,
      .api_mode = 1,                        /* APIMODE_D3D */
      .guardband_clip_test_enable = true,
      .viewport_xy_clip_test_enable = true,
      .triangle_fan_provoking_vertex_select = 1,
      .minimum_point_width = 0.125f,
      .maximum_point_width = 255.875f,
      .user_clip_distance_clip_test_enable_bitmask = (1u << g->last_vue->num_clip) - 1,
      .non_perspective_barycentric_enable = fs &&
         (fs->kernel.fs.barycentric_modes & (GBE_BARY_NONPERSP_PIXEL |
                                             GBE_BARY_NONPERSP_CENTROID |
                                             GBE_BARY_NONPERSP_SAMPLE)),
   };
   _Static_assert(GENX(3DSTATE_CLIP_length) == ARRAY_SIZE(g->clip),
                  "gvk_gfx_pipeline.clip holds the generation's 3DSTATE_CLIP");
   GENX(3DSTATE_CLIP_pack)(NULL, g->clip, &clip);
}

/* 3DSTATE_SF without the line width (the draw packs it: it may be
 * dynamic).  Points take the VUE header's PointSize when the last vertex
 * stage writes it (clamped by 3DSTATE_CLIP's point width range), else
 * 1.0 (Vulkan: a point without PointSize is one pixel wide,
 * VK_KHR_maintenance5). */
static void
build_sf(struct gvk_gfx_pipeline *g)
{
   const struct GENX(3DSTATE_SF) sf = {
      GENX(3DSTATE_SF_header),
      .viewport_transform_enable = true,
      .statistics_enable = true,
      .point_width = 1.0f,
      .point_width_source = g->last_vue->writes_point_size ? 0 : 1, /* Vertex : State */
      .triangle_fan_provoking_vertex_select = 1,
   };
   _Static_assert(GENX(3DSTATE_SF_length) == ARRAY_SIZE(g->sf),
                  "gvk_gfx_pipeline.sf holds the generation's 3DSTATE_SF");
   GENX(3DSTATE_SF_pack)(NULL, g->sf, &sf);
}

/* Vulkan "Primitive Clipping": primitives are clipped against the near
 * and far planes unless depth clamping is on, or as
 * VkPipelineRasterizationDepthClipStateCreateInfoEXT says when chained
 * (VK_EXT_depth_clip_enable). */
static bool
depth_clip(const VkPipelineRasterizationStateCreateInfo *rs)
{
   const VkPipelineRasterizationDepthClipStateCreateInfoEXT *dc = gvk_find_struct(
      rs->pNext, VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT);
   return dc ? dc->depthClipEnable : !rs->depthClampEnable;
}

/* The depth offsets, their enables, the cull mode and front winding are
 * left out: the draw packs them with the dynamic state (genX_cmd_draw.c),
 * from the static values kept here when they are not dynamic. */
static VkResult
build_raster(const VkPipelineRasterizationStateCreateInfo *rs, struct gvk_gfx_pipeline *g)
{
   if (!rs)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: no rasterization state");
   const bool clip_z = depth_clip(rs);
   if (rs->polygonMode > VK_POLYGON_MODE_POINT)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: polygon mode %d is "
                      "not supported", rs->polygonMode);
   /* FILL_MODE_SOLID, WIREFRAME, POINT are VkPolygonMode's order */
   struct GENX(3DSTATE_RASTER) r = {
      GENX(3DSTATE_RASTER_header),
      .front_face_fill_mode = rs->polygonMode,
      .back_face_fill_mode = rs->polygonMode,
      .scissor_rectangle_enable = true,
      .api_mode = 1,                        /* DX10.1: Vulkan's rasterization rules */
#if GFX_VER >= 9
      .viewport_z_near_clip_test_enable = clip_z,
      .viewport_z_far_clip_test_enable = clip_z,
#else
      .viewport_z_clip_test_enable = clip_z,
#endif
   };
   _Static_assert(GENX(3DSTATE_RASTER_length) == ARRAY_SIZE(g->raster),
                  "gvk_gfx_pipeline.raster holds the generation's 3DSTATE_RASTER");
   GENX(3DSTATE_RASTER_pack)(NULL, g->raster, &r);
   /* Vulkan's constant factor counts minimum resolvable differences, the
    * unit of the hardware's constant (as for D3D). */
   g->state.depth_bias_constant = rs->depthBiasConstantFactor;
   g->state.depth_bias_slope = rs->depthBiasSlopeFactor;
   g->state.depth_bias_clamp = rs->depthBiasClamp;
   g->state.line_width = rs->lineWidth;
   g->state.cull_mode = rs->cullMode;
   g->state.front_face = rs->frontFace;
   g->state.depth_bias_enable = rs->depthBiasEnable;
   g->state.rasterizer_discard = rs->rasterizerDiscardEnable;
   g->depth_clamp = rs->depthClampEnable;
   return VK_SUCCESS;
}

/* Vulkan's standard sample locations ("Multisampling", the table of
 * standard sample locations) in the 1/16 pixel units of
 * 3DSTATE_SAMPLE_PATTERN's offsets. */
#define SAMPLE_POS(n, i, x, y) \
   do { sp._##n##x_sample##i##_x_offset = (x) / 16.0f; \
        sp._##n##x_sample##i##_y_offset = (y) / 16.0f; } while (0)

static void
emit_sample_pattern(struct packer *pk)
{
   pack(pk, 3DSTATE_SAMPLE_PATTERN, sp) {
      SAMPLE_POS(1, 0, 8, 8);
      SAMPLE_POS(2, 0, 12, 12); SAMPLE_POS(2, 1, 4, 4);
      SAMPLE_POS(4, 0, 6, 2); SAMPLE_POS(4, 1, 14, 6);
      SAMPLE_POS(4, 2, 2, 10); SAMPLE_POS(4, 3, 10, 14);
      SAMPLE_POS(8, 0, 9, 5); SAMPLE_POS(8, 1, 7, 11); SAMPLE_POS(8, 2, 13, 9);
      SAMPLE_POS(8, 3, 5, 3); SAMPLE_POS(8, 4, 3, 13); SAMPLE_POS(8, 5, 1, 7);
      SAMPLE_POS(8, 6, 11, 15); SAMPLE_POS(8, 7, 15, 1);
#if GFX_VER >= 9
      SAMPLE_POS(16, 0, 9, 9); SAMPLE_POS(16, 1, 7, 5); SAMPLE_POS(16, 2, 5, 10);
      SAMPLE_POS(16, 3, 12, 7); SAMPLE_POS(16, 4, 3, 6); SAMPLE_POS(16, 5, 10, 13);
      SAMPLE_POS(16, 6, 13, 11); SAMPLE_POS(16, 7, 11, 3); SAMPLE_POS(16, 8, 6, 14);
      SAMPLE_POS(16, 9, 8, 1); SAMPLE_POS(16, 10, 4, 2); SAMPLE_POS(16, 11, 2, 12);
      SAMPLE_POS(16, 12, 0, 8); SAMPLE_POS(16, 13, 15, 4); SAMPLE_POS(16, 14, 14, 15);
      SAMPLE_POS(16, 15, 1, 0);
#endif
   }
}

#undef SAMPLE_POS

static uint32_t
raster_samples(const VkPipelineMultisampleStateCreateInfo *ms)
{
   return ms && ms->rasterizationSamples ? (uint32_t)ms->rasterizationSamples : 1;
}

/* The sample count, its locations (pixel centre based: Vulkan's
 * locations are offsets from the pixel's corner, PIXLOC_CENTER places
 * one sample at the centre) and the sample mask (pSampleMask's bits of
 * the samples there are; none: all).  3DSTATE_RASTER's DX Multisample
 * Rasterization Enable makes the rasterizer test each sample at its
 * location (PRM Vol 2a 3DSTATE_RASTER; ANV sets it exactly when
 * multisampled). */
static VkResult
emit_multisample(struct packer *pk, const VkPipelineMultisampleStateCreateInfo *ms,
                 const struct devinfo *di, struct gvk_gfx_pipeline *g)
{
   uint32_t samples = raster_samples(ms);
   if (!isl_sample_count_supported(di->verx10, samples))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: %u samples: "
                      "this generation has no such sample count", samples);
   pack(pk, 3DSTATE_MULTISAMPLE, m)
      m.number_of_multisamples = (uint32_t)__builtin_ctz(samples);
   emit_sample_pattern(pk);
   uint32_t all = (1u << samples) - 1;
   pack(pk, 3DSTATE_SAMPLE_MASK, m)
      m.sample_mask = ms && ms->pSampleMask ? (ms->pSampleMask[0] & all) : all;
   if (samples > 1) {
      struct GENX(3DSTATE_RASTER) r;
      GENX(3DSTATE_RASTER_unpack)(g->raster, &r);
      r.dx_multisample_rasterization_enable = true;
      r.dx_multisample_rasterization_mode = 3;   /* MSRASTMODE_ON_PATTERN */
      GENX(3DSTATE_RASTER_pack)(NULL, g->raster, &r);
   }
   return VK_SUCCESS;
}

/* Vulkan "Sample Shading": with sampleShadingEnable, at least
 * minSampleShading * samples invocations a pixel, which more than one
 * means per-sample dispatch (the only rate between one and all). */
static bool
sample_shading(const VkPipelineMultisampleStateCreateInfo *ms)
{
   return ms && ms->sampleShadingEnable &&
          ms->minSampleShading * (float)raster_samples(ms) > 1.0f;
}

/* ---- blending ---- */

static const uint8_t blend_factors[] = {
   [VK_BLEND_FACTOR_ZERO] = 0x11, [VK_BLEND_FACTOR_ONE] = 0x1,
   [VK_BLEND_FACTOR_SRC_COLOR] = 0x2, [VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR] = 0x12,
   [VK_BLEND_FACTOR_DST_COLOR] = 0x5, [VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR] = 0x15,
   [VK_BLEND_FACTOR_SRC_ALPHA] = 0x3, [VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA] = 0x13,
   [VK_BLEND_FACTOR_DST_ALPHA] = 0x4, [VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA] = 0x14,
   [VK_BLEND_FACTOR_CONSTANT_COLOR] = 0x7, [VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR] = 0x17,
   [VK_BLEND_FACTOR_CONSTANT_ALPHA] = 0x8, [VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA] = 0x18,
   [VK_BLEND_FACTOR_SRC_ALPHA_SATURATE] = 0x6,
   [VK_BLEND_FACTOR_SRC1_COLOR] = 0x9, [VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR] = 0x19,
   [VK_BLEND_FACTOR_SRC1_ALPHA] = 0xa, [VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA] = 0x1a,
};

/* VkBlendOp ADD, SUBTRACT, REVERSE_SUBTRACT, MIN, MAX are BLENDFUNCTION's
 * order. */
static bool
valid_attachment(const VkPipelineColorBlendAttachmentState *a)
{
   return (unsigned)a->srcColorBlendFactor < ARRAY_SIZE(blend_factors) &&
          (unsigned)a->dstColorBlendFactor < ARRAY_SIZE(blend_factors) &&
          (unsigned)a->srcAlphaBlendFactor < ARRAY_SIZE(blend_factors) &&
          (unsigned)a->dstAlphaBlendFactor < ARRAY_SIZE(blend_factors) &&
          a->colorBlendOp <= VK_BLEND_OP_MAX && a->alphaBlendOp <= VK_BLEND_OP_MAX;
}

static struct GENX(BLEND_STATE_ENTRY)
blend_entry(const VkPipelineColorBlendStateCreateInfo *cb, uint32_t i)
{
   struct GENX(BLEND_STATE_ENTRY) e = {
      .write_disable_red = true, .write_disable_green = true,
      .write_disable_blue = true, .write_disable_alpha = true,
   };
   if (!cb || i >= cb->attachmentCount)
      return e;
   const VkPipelineColorBlendAttachmentState *a = &cb->pAttachments[i];
   e.write_disable_red = !(a->colorWriteMask & VK_COLOR_COMPONENT_R_BIT);
   e.write_disable_green = !(a->colorWriteMask & VK_COLOR_COMPONENT_G_BIT);
   e.write_disable_blue = !(a->colorWriteMask & VK_COLOR_COMPONENT_B_BIT);
   e.write_disable_alpha = !(a->colorWriteMask & VK_COLOR_COMPONENT_A_BIT);
   e.logic_op_enable = cb->logicOpEnable;
   e.logic_op_function = cb->logicOpEnable ? gvk_logic_op(cb->logicOp) : 0;
   /* Colours are clamped to the render target format's range before and
    * after blending (Vulkan clamps fixed-point inputs to [0, 1] or
    * [-1, 1]; COLORCLAMP_RTFORMAT). */
   e.pre_blend_color_clamp_enable = true;
   e.post_blend_color_clamp_enable = true;
   e.color_clamp_range = 2;
   if (!a->blendEnable)
      return e;
   e.color_buffer_blend_enable = true;
   e.source_blend_factor = blend_factors[a->srcColorBlendFactor];
   e.destination_blend_factor = blend_factors[a->dstColorBlendFactor];
   e.color_blend_function = a->colorBlendOp;
   e.source_alpha_blend_factor = blend_factors[a->srcAlphaBlendFactor];
   e.destination_alpha_blend_factor = blend_factors[a->dstAlphaBlendFactor];
   e.alpha_blend_function = a->alphaBlendOp;
   return e;
}

/* BLEND_STATE and one entry per render target (the draw copies them into
 * state memory), and 3DSTATE_PS_BLEND, which repeats render target 0's
 * blending for the pixel shader's dispatch. */
static VkResult
build_blend(struct packer *pk, const VkGraphicsPipelineCreateInfo *info,
            struct gvk_gfx_pipeline *g, uint32_t color_count)
{
   /* a static rasterizer discard writes no colour; a dynamic one may be
    * turned off, whatever the static value (which is then ignored) */
   const bool discard = info->pRasterizationState &&
                        info->pRasterizationState->rasterizerDiscardEnable &&
                        !(g->dynamic & GVK_DYNAMIC_RASTERIZER_DISCARD);
   const VkPipelineColorBlendStateCreateInfo *cb = discard ? NULL : info->pColorBlendState;
   g->state.logic_op = cb ? cb->logicOp : VK_LOGIC_OP_CLEAR;
   for (uint32_t i = 0; cb && i < cb->attachmentCount; i++) {
      if (!valid_attachment(&cb->pAttachments[i]))
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: colour blend "
                         "attachment %u has a factor or op genvk does not know", i);
   }
   const VkPipelineMultisampleStateCreateInfo *ms = info->pMultisampleState;
   const struct GENX(BLEND_STATE) bs = {
      .independent_alpha_blend_enable = true,
      .alpha_to_coverage_enable = ms && ms->alphaToCoverageEnable,
      .alpha_to_one_enable = ms && ms->alphaToOneEnable,
   };
   _Static_assert(GENX(BLEND_STATE_length) == 1 && GENX(BLEND_STATE_ENTRY_length) == 2,
                  "gvk_gfx_pipeline.blend holds BLEND_STATE and 2-dword entries");
   GENX(BLEND_STATE_pack)(NULL, g->blend, &bs);
   const uint32_t n = MAX2(color_count, 1u);
   bool writes = false;
   for (uint32_t i = 0; i < n; i++) {
      const struct GENX(BLEND_STATE_ENTRY) e = blend_entry(i < color_count ? cb : NULL, i);
      GENX(BLEND_STATE_ENTRY_pack)(NULL, &g->blend[1 + 2 * i], &e);
      writes |= !(e.write_disable_red && e.write_disable_green && e.write_disable_blue &&
                  e.write_disable_alpha);
   }
   g->blend_dwords = 1 + 2 * n;
   const struct GENX(BLEND_STATE_ENTRY) e0 = blend_entry(color_count ? cb : NULL, 0);
   pack(pk, 3DSTATE_PS_BLEND, pb) {
      pb.has_writeable_rt = writes;
      pb.alpha_to_coverage_enable = bs.alpha_to_coverage_enable;
      pb.independent_alpha_blend_enable = true;
      pb.color_buffer_blend_enable = e0.color_buffer_blend_enable;
      pb.source_blend_factor = e0.source_blend_factor;
      pb.destination_blend_factor = e0.destination_blend_factor;
      pb.source_alpha_blend_factor = e0.source_alpha_blend_factor;
      pb.destination_alpha_blend_factor = e0.destination_alpha_blend_factor;
   }
   if (cb)
      memcpy(g->state.blend_constants, cb->blendConstants, sizeof(g->state.blend_constants));
   return VK_SUCCESS;
}

/* ---- depth, stencil, dynamic state ---- */

static void
stencil_face(struct gvk_gfx_pipeline *g, unsigned f, const VkStencilOpState *s)
{
   g->state.stencil_ops[f] = (struct gvk_stencil_ops){
      .fail = s->failOp, .pass = s->passOp, .depth_fail = s->depthFailOp,
      .compare = s->compareOp,
   };
   g->state.stencil_compare[f] = s->compareMask;
   g->state.stencil_write[f] = s->writeMask;
   g->state.stencil_reference[f] = s->reference;
}

/* The static depth/stencil state; the draw runs the tests only against
 * the attachments the pipeline is made for (has_depth, has_stencil). */
static void
depth_stencil(const VkGraphicsPipelineCreateInfo *info, const struct gvk_rendering_formats *f,
              struct gvk_gfx_pipeline *g)
{
   g->has_depth = f->depth != VK_FORMAT_UNDEFINED;
   g->has_stencil = f->stencil != VK_FORMAT_UNDEFINED;
   const VkPipelineDepthStencilStateCreateInfo *ds = info->pDepthStencilState;
   if (!ds)
      return;
   g->state.depth_test = ds->depthTestEnable;
   g->state.depth_write = ds->depthWriteEnable;
   g->state.depth_compare = ds->depthCompareOp;
   g->state.stencil_test = ds->stencilTestEnable;
   stencil_face(g, 0, &ds->front);
   stencil_face(g, 1, &ds->back);
}

/* The dynamic states genvk keeps (VK_EXT_extended_dynamic_state's and
 * _state2's are Vulkan 1.3 core); depth bounds is not among them: the
 * depthBounds feature is not reported, so its test is never on. */
static uint32_t
dynamic_bit(VkDynamicState s)
{
   switch (s) {
   case VK_DYNAMIC_STATE_VIEWPORT: return GVK_DYNAMIC_VIEWPORT;
   case VK_DYNAMIC_STATE_SCISSOR: return GVK_DYNAMIC_SCISSOR;
   case VK_DYNAMIC_STATE_BLEND_CONSTANTS: return GVK_DYNAMIC_BLEND_CONSTANTS;
   case VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK: return GVK_DYNAMIC_STENCIL_COMPARE_MASK;
   case VK_DYNAMIC_STATE_STENCIL_WRITE_MASK: return GVK_DYNAMIC_STENCIL_WRITE_MASK;
   case VK_DYNAMIC_STATE_STENCIL_REFERENCE: return GVK_DYNAMIC_STENCIL_REFERENCE;
   case VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE: return GVK_DYNAMIC_VERTEX_STRIDE;
   case VK_DYNAMIC_STATE_DEPTH_BIAS: return GVK_DYNAMIC_DEPTH_BIAS;
   case VK_DYNAMIC_STATE_LINE_WIDTH: return GVK_DYNAMIC_LINE_WIDTH;
   case VK_DYNAMIC_STATE_CULL_MODE: return GVK_DYNAMIC_CULL_MODE;
   case VK_DYNAMIC_STATE_FRONT_FACE: return GVK_DYNAMIC_FRONT_FACE;
   case VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY: return GVK_DYNAMIC_TOPOLOGY;
   case VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT: return GVK_DYNAMIC_VIEWPORT_COUNT;
   case VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT: return GVK_DYNAMIC_SCISSOR_COUNT;
   case VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE: return GVK_DYNAMIC_DEPTH_TEST;
   case VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE: return GVK_DYNAMIC_DEPTH_WRITE;
   case VK_DYNAMIC_STATE_DEPTH_COMPARE_OP: return GVK_DYNAMIC_DEPTH_COMPARE;
   case VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE: return GVK_DYNAMIC_STENCIL_TEST;
   case VK_DYNAMIC_STATE_STENCIL_OP: return GVK_DYNAMIC_STENCIL_OP;
   case VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE: return GVK_DYNAMIC_RASTERIZER_DISCARD;
   case VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE: return GVK_DYNAMIC_DEPTH_BIAS_ENABLE;
   case VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE: return GVK_DYNAMIC_PRIMITIVE_RESTART;
   case VK_DYNAMIC_STATE_LOGIC_OP_EXT: return GVK_DYNAMIC_LOGIC_OP;
   default: return 0;
   }
}

static void
dynamic_states(const VkGraphicsPipelineCreateInfo *info, struct gvk_gfx_pipeline *g)
{
   const VkPipelineDynamicStateCreateInfo *dyn = info->pDynamicState;
   for (uint32_t i = 0; dyn && i < dyn->dynamicStateCount; i++)
      g->dynamic |= dynamic_bit(dyn->pDynamicStates[i]);
   const VkPipelineViewportStateCreateInfo *vp = info->pViewportState;
   if (!vp)
      return;
   g->state.viewport_count = MIN2(vp->viewportCount, (uint32_t)GVK_MAX_VIEWPORTS);
   g->state.scissor_count = MIN2(vp->scissorCount, (uint32_t)GVK_MAX_VIEWPORTS);
   if (vp->pViewports && !(g->dynamic & GVK_DYNAMIC_VIEWPORT))
      memcpy(g->state.viewports, vp->pViewports, g->state.viewport_count * sizeof(VkViewport));
   if (vp->pScissors && !(g->dynamic & GVK_DYNAMIC_SCISSOR))
      memcpy(g->state.scissors, vp->pScissors, g->state.scissor_count * sizeof(VkRect2D));
}

/* ---- the pipeline ---- */

static VkResult
emit_all(struct gvk_device *device, struct gvk_pipeline *p,
         const VkGraphicsPipelineCreateInfo *info, struct packer *pk)
{
   struct gvk_gfx_pipeline *g = p->gfx;
   const struct devinfo *di = &device->pdev->info;
   const VkPipelineInputAssemblyStateCreateInfo *ia = info->pInputAssemblyState;
   VkResult result;
   const uint32_t patch_points = g->tcs && info->pTessellationState
                                 ? info->pTessellationState->patchControlPoints : 0;
   uint32_t prim;
   if (!ia || !gvk_prim_topology(ia->topology, patch_points, &prim))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: the primitive "
                      "topology is missing or not supported");
   g->patch_points = patch_points;
   g->state.topology = ia->topology;
   g->state.primitive_restart = ia->primitiveRestartEnable;
   struct gvk_rendering_formats formats;
   gvk_rendering_formats_for_pipeline(info, &formats);
   struct element elements[GBE_MAX_VS_ATTRIBUTES + 2];
   uint32_t count = 0;
   const struct gbe_vs_info *vs = &g->vs->kernel.vs;
   if (vs->num_input_rows > ARRAY_SIZE(elements))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: %u vertex input rows",
                      vs->num_input_rows);
   result = build_elements(device, info, g, elements, &count);
   if (result != VK_SUCCESS)
      return result;
   pack(pk, 3DSTATE_VF_STATISTICS, st) st.statistics_enable = true;
   emit_vertex_input(pk, vs, elements, count);
   const uint32_t urb_entry_size64[4] = {
      vs->urb_entry_size, g->tcs ? g->tcs->kernel.tcs.urb_entry_size : 0,
      g->tes ? g->tes->kernel.tes.urb_entry_size : 0,
      g->gs ? g->gs->kernel.gs.urb_entry_size : 0,
   };
   emit_urb(pk, di, urb_entry_size64);
   push_allocation(di, g);
   dynamic_states(info, g);
   emit_vs(pk, di, g->vs, stage_scratch(device, g->vs, NULL));
   emit_disabled_stages(pk, g->tcs != NULL);
   emit_gs(pk, di, g->gs, stage_scratch(device, g->gs, NULL));
   if (g->tcs)
      emit_tess(pk, device, g, info);
   build_clip(g);
   build_sf(g);
   result = build_raster(info->pRasterizationState, g);
   if (result == VK_SUCCESS)
      result = emit_multisample(pk, info->pMultisampleState, di, g);
   const struct gvk_shader *fs = fs_kernel(g);
   if (result == VK_SUCCESS)
      result = emit_sbe(pk, g->last_vue, fs ? &fs->kernel.fs : NULL);
   if (result != VK_SUCCESS)
      return result;
   emit_wm(pk, fs ? &fs->kernel.fs : NULL);
   emit_ps(pk, g, sample_shading(info->pMultisampleState),
           raster_samples(info->pMultisampleState),
           stage_scratch(device, stage_scratch_fs(g), NULL));
   pack(pk, 3DSTATE_WM_CHROMAKEY, ck);
   result = build_blend(pk, info, g, formats.color_count);
   if (result != VK_SUCCESS)
      return result;
   depth_stencil(info, &formats, g);
   return VK_SUCCESS;
}

VkResult
genX(gfx_pipeline_emit)(struct gvk_device *device, struct gvk_pipeline *p,
                        const VkGraphicsPipelineCreateInfo *info)
{
   struct packer *pk = gvk_zalloc(&p->base.alloc, sizeof(*pk),
                                  VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!pk)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = emit_all(device, p, info, pk);
   if (result == VK_SUCCESS && pk->overflow)
      result = gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: the pipeline's "
                        "packets exceed %u dwords", MAX_DWORDS);
   if (result == VK_SUCCESS) {
      p->gfx->batch = gvk_alloc(&p->base.alloc, pk->n * 4, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (p->gfx->batch) {
         memcpy(p->gfx->batch, pk->dw, pk->n * 4);
         p->gfx->batch_dwords = pk->n;
      } else {
         result = VK_ERROR_OUT_OF_HOST_MEMORY;
      }
   }
   gvk_free(&p->base.alloc, pk);
   return result;
}

#endif
