/* vkCreateGraphicsPipelines: the vertex and fragment kernels of a
 * pipeline and the generation's packets built from its create info
 * (genX_gfx_pipeline.c). */
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_descriptor.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "gvk_render_pass.h"
#include "spirv.h"
#include "util_sha1.h"

/* The stage's SPIR-V: its module, or (VK_KHR_maintenance5) a chained
 * VkShaderModuleCreateInfo. */
static VkResult
resolve_stage(const VkPipelineShaderStageCreateInfo *info, struct gvk_shader_stage *st)
{
   *st = (struct gvk_shader_stage){
      .entry = info->pName, .stage = info->stage, .spec = info->pSpecializationInfo,
   };
   if (!info->pName)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: stage 0x%x has no "
                      "entry point name", info->stage);
   const struct gvk_shader_module *m = gvk_shader_module_from_handle(info->module);
   if (m) {
      st->words = m->words;
      st->word_count = m->word_count;
      memcpy(st->words_sha1, m->sha1, sizeof(st->words_sha1));
      return VK_SUCCESS;
   }
   const VkShaderModuleCreateInfo *mci =
      gvk_find_struct(info->pNext, VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
   if (!mci || !mci->pCode || !mci->codeSize || mci->codeSize % 4)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: stage 0x%x has no "
                      "shader module and no SPIR-V chained", info->stage);
   st->words = mci->pCode;
   st->word_count = mci->codeSize / 4;
   util_sha1(mci->pCode, mci->codeSize, st->words_sha1);
   return VK_SUCCESS;
}

typedef VkResult (*gfx_emit_fn)(struct gvk_device *, struct gvk_pipeline *,
                                const VkGraphicsPipelineCreateInfo *);

/* Gen7/7.5's vertex stages are SIMD4x2 kernels the back end does not
 * make: no graphics pipelines there (and no graphics features reported). */
static gfx_emit_fn
gfx_emit_for(unsigned verx10)
{
   switch (verx10) {
   case 80: return gfx80_gfx_pipeline_emit;
   case 90: return gfx90_gfx_pipeline_emit;
   case 110: return gfx110_gfx_pipeline_emit;
   case 120: return gfx120_gfx_pipeline_emit;
   default: return NULL;
   }
}

/* The pipeline's stages by gvk_gfx_stage; a stage given twice is invalid
 * (VUID-VkGraphicsPipelineCreateInfo-stage-06897). */
static VkResult
find_stages(const VkGraphicsPipelineCreateInfo *info,
            const VkPipelineShaderStageCreateInfo *out[GVK_GFX_STAGES])
{
   static const VkShaderStageFlagBits bits[GVK_GFX_STAGES] = {
      [GVK_GFX_VS] = VK_SHADER_STAGE_VERTEX_BIT,
      [GVK_GFX_TCS] = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
      [GVK_GFX_TES] = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
      [GVK_GFX_GS] = VK_SHADER_STAGE_GEOMETRY_BIT,
      [GVK_GFX_FS] = VK_SHADER_STAGE_FRAGMENT_BIT,
   };
   memset(out, 0, GVK_GFX_STAGES * sizeof(*out));
   for (uint32_t i = 0; i < info->stageCount; i++) {
      const VkPipelineShaderStageCreateInfo *s = &info->pStages[i];
      unsigned k = 0;
      while (k < GVK_GFX_STAGES && bits[k] != s->stage)
         k++;
      if (k == GVK_GFX_STAGES || out[k])
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: stage 0x%x is not "
                         "a graphics stage or is given twice", s->stage);
      out[k] = s;
   }
   if (!out[GVK_GFX_VS])
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: no vertex stage");
   return VK_SUCCESS;
}

/* input_vue: the VUE the previous stage writes, which a tessellation or
 * geometry stage reads rows of (NULL for the vertex and fragment stages);
 * tess_domain: the tessellation stages' domain (enum ir_prim, 0 for the
 * other stages). */
static VkResult
compile_stage(struct gvk_device *device, struct gvk_pipeline_cache *cache,
              const VkPipelineShaderStageCreateInfo *info, uint32_t simd, bool cache_only,
              const struct gbe_vue_map *input_vue, uint32_t tess_domain,
              struct gvk_pipeline_layout *layout, struct gvk_shader **out)
{
   struct gvk_shader_stage st;
   VkResult result = resolve_stage(info, &st);
   if (result != VK_SUCCESS)
      return result;
   st.required_subgroup_size = simd;
   st.cache_only = cache_only;
   st.input_vue = input_vue;
   st.tess_domain = tess_domain;
   return gvk_shader_compile(device, cache, &st, layout, out);
}

/* The pipeline's tessellation domain (SPIR-V Triangles, Quads or
 * Isolines), which either stage may declare, both the same one (Vulkan
 * "Tessellator": at least one must declare it): the control
 * stage writes the patch header in its layout and the evaluation stage
 * computes its coordinates for it (gbe_options.tess_domain).  Only the
 * stages' execution modes are read (spirv_tess_modes), not translated. */
static VkResult
tess_domain(const VkPipelineShaderStageCreateInfo *tcs, const VkPipelineShaderStageCreateInfo *tes,
            uint32_t *domain)
{
   static const char *const names[2] = { "control", "evaluation" };
   const VkPipelineShaderStageCreateInfo *infos[2] = { tcs, tes };
   enum ir_prim d[2];
   for (unsigned i = 0; i < 2; i++) {
      struct gvk_shader_stage st;
      VkResult result = resolve_stage(infos[i], &st);
      if (result != VK_SUCCESS)
         return result;
      struct ir_stage_info modes;
      char err[256];
      if (!spirv_tess_modes(st.words, st.word_count, st.entry,
                            i ? IR_STAGE_TESS_EVAL : IR_STAGE_TESS_CTRL, &modes, err,
                            sizeof(err)))
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: the tessellation %s "
                         "stage: %s", names[i], err);
      d[i] = modes.input_prim;
   }
   if (d[0] == IR_PRIM_none && d[1] == IR_PRIM_none)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: neither tessellation "
                      "stage declares the domain (Triangles, Quads or Isolines)");
   if (d[0] != IR_PRIM_none && d[1] != IR_PRIM_none && d[0] != d[1])
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: the tessellation control "
                      "stage declares the %s domain, the evaluation stage %s",
                      ir_prim_names[d[0]], ir_prim_names[d[1]]);
   *domain = d[1] != IR_PRIM_none ? d[1] : d[0];
   return VK_SUCCESS;
}

/* The tessellation stages, both or neither (VUID-VkGraphicsPipelineCreateInfo-
 * pStages-00729/00730): the control stage reads the last VUE and writes
 * the patch, the evaluation stage reads the patch as the control stage
 * laid it out and writes the VUE the next stage reads. */
static VkResult
compile_tess(struct gvk_device *device, struct gvk_pipeline_cache *cache,
             const VkPipelineShaderStageCreateInfo *const stages[GVK_GFX_STAGES],
             bool cache_only, struct gvk_pipeline_layout *layout, struct gvk_gfx_pipeline *g)
{
   const VkPipelineShaderStageCreateInfo *tcs = stages[GVK_GFX_TCS], *tes = stages[GVK_GFX_TES];
   if (!tcs && !tes)
      return VK_SUCCESS;
   if (!tcs || !tes)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: a tessellation %s stage "
                      "without the %s stage", tcs ? "control" : "evaluation",
                      tcs ? "evaluation" : "control");
   uint32_t domain = 0;
   VkResult result = tess_domain(tcs, tes, &domain);
   if (result != VK_SUCCESS)
      return result;
   result = compile_stage(device, cache, tcs, 8, cache_only, g->last_vue, domain, layout,
                          &g->tcs);
   if (result != VK_SUCCESS)
      return result;
   result = compile_stage(device, cache, tes, 8, cache_only, &g->tcs->kernel.tcs.vue, domain,
                          layout, &g->tes);
   if (result != VK_SUCCESS)
      return result;
   if (g->tcs->kernel.num_bindings || g->tes->kernel.num_bindings ||
       g->tcs->kernel.num_samplers || g->tes->kernel.num_samplers)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: descriptors in "
                      "tessellation stages are not supported yet");
   g->last_vue = &g->tes->kernel.tes.vue;
   return VK_SUCCESS;
}

/* Whether a SIMD32 kernel is worth dispatching beside the SIMD16 one, our
 * own rule after Mesa's brw_compile_fs (which tries SIMD32 only when
 * SIMD8 and SIMD16 compiled without spilling and keeps it only when its
 * performance estimate beats theirs): no spills, and no more estimated
 * cycles per pixel than SIMD16's (gbe_sched's estimate, twice SIMD16's
 * cycles for twice the pixels).  A width that loses is left out rather
 * than dispatched for less throughput. */
static bool
keep_simd32(const struct gvk_shader *s16, const struct gvk_shader *s32)
{
   const struct gbe_stats *a = &s16->kernel.stats, *b = &s32->kernel.stats;
   return !b->spills && b->cycles <= 2 * a->cycles;
}

/* The fragment shader at SIMD8, SIMD16 and SIMD32: the hardware picks a
 * width per dispatch among those enabled (emit_ps); SIMD16 is optional
 * (a kernel that does not compile at 16 runs at 8 alone), SIMD8 is not;
 * SIMD32 is tried, on Gen8+ as gbe compiles it, only when SIMD16
 * compiled without spilling (keep_simd32). */
static VkResult
compile_fs(struct gvk_device *device, struct gvk_pipeline_cache *cache,
           const VkPipelineShaderStageCreateInfo *info, bool cache_only,
           struct gvk_pipeline_layout *layout, struct gvk_gfx_pipeline *g)
{
   VkResult result = compile_stage(device, cache, info, 8, cache_only, NULL, 0, layout,
                                   &g->fs[0]);
   if (result != VK_SUCCESS)
      return result;
   /* dual-source and stencil-exporting kernels are SIMD8 only (gbe_fs.c):
    * no SIMD16 attempt, whose refusal would be logged as an error */
   const struct gbe_fs_info *fs = &g->fs[0]->kernel.fs;
   if (fs->dual_source || fs->computes_stencil)
      return VK_SUCCESS;
   if (compile_stage(device, cache, info, 16, cache_only, NULL, 0, layout, &g->fs[1]) !=
       VK_SUCCESS) {
      g->fs[1] = NULL;
      return VK_SUCCESS;
   }
   if (device->pdev->info.verx10 < 80 || g->fs[0]->kernel.stats.spills ||
       g->fs[1]->kernel.stats.spills)
      return VK_SUCCESS;
   if (compile_stage(device, cache, info, 32, cache_only, NULL, 0, layout, &g->fs[2]) !=
       VK_SUCCESS) {
      g->fs[2] = NULL;
      return VK_SUCCESS;
   }
   if (!keep_simd32(g->fs[1], g->fs[2])) {
      gvk_shader_unref(device, g->fs[2]);
      g->fs[2] = NULL;
   }
   return VK_SUCCESS;
}

/* The vertex stage; with a view mask (the subpass's or
 * VkPipelineRenderingCreateInfo's) it renders view i to layer i
 * (gbe_options.multiview).  multiviewTessellationShader and
 * multiviewGeometryShader are not supported: the vertex stage must be the
 * last before rasterization. */
static VkResult
compile_vs(struct gvk_device *device, struct gvk_pipeline_cache *cache,
           const VkGraphicsPipelineCreateInfo *info,
           const VkPipelineShaderStageCreateInfo *const stages[GVK_GFX_STAGES],
           bool cache_only, struct gvk_pipeline_layout *layout, struct gvk_gfx_pipeline *g)
{
   struct gvk_rendering_formats formats;
   gvk_rendering_formats_for_pipeline(info, &formats);
   const bool multiview = formats.view_mask != 0;
   if (multiview && (stages[GVK_GFX_TCS] || stages[GVK_GFX_TES] || stages[GVK_GFX_GS]))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: view mask 0x%x with "
                      "tessellation or geometry stages (multiviewTessellationShader and "
                      "multiviewGeometryShader are not supported)", formats.view_mask);
   struct gvk_shader_stage st;
   VkResult result = resolve_stage(stages[GVK_GFX_VS], &st);
   if (result != VK_SUCCESS)
      return result;
   st.required_subgroup_size = 8;
   st.cache_only = cache_only;
   st.multiview = multiview;
   return gvk_shader_compile(device, cache, &st, layout, &g->vs);
}

static VkResult
build(struct gvk_device *device, struct gvk_pipeline_cache *cache,
      const VkGraphicsPipelineCreateInfo *info, struct gvk_pipeline *p)
{
   gfx_emit_fn emit = gfx_emit_for(device->pdev->info.verx10);
   if (!emit)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: %s has no graphics "
                      "pipelines in genvk (Gen7/7.5 vertex stages are not compiled)",
                      device->pdev->info.name);
   const VkPipelineShaderStageCreateInfo *stages[GVK_GFX_STAGES];
   VkResult result = find_stages(info, stages);
   if (result != VK_SUCCESS)
      return result;
   const bool cache_only = gvk_pipeline_cache_only(device, info->flags);
   struct gvk_gfx_pipeline *g = p->gfx;
   result = compile_vs(device, cache, info, stages, cache_only, p->layout, g);
   if (result != VK_SUCCESS)
      return result;
   g->last_vue = &g->vs->kernel.vs.vue;
   result = compile_tess(device, cache, stages, cache_only, p->layout, g);
   if (result != VK_SUCCESS)
      return result;
   if (stages[GVK_GFX_GS]) {
      result = compile_stage(device, cache, stages[GVK_GFX_GS], 8, cache_only, g->last_vue, 0,
                             p->layout, &g->gs);
      if (result != VK_SUCCESS)
         return result;
      g->last_vue = &g->gs->kernel.gs.vue;
   }
   if (stages[GVK_GFX_FS])
      result = compile_fs(device, cache, stages[GVK_GFX_FS], cache_only, p->layout, g);
   if (result != VK_SUCCESS)
      return result;
   return emit(device, p, info);
}

/* A gvk_create_pipeline_fn (gvk_create_pipelines). */
static VkResult
create_graphics_pipeline(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                         const void *create_info, const VkAllocationCallbacks *alloc,
                         VkPipeline *out)
{
   const VkGraphicsPipelineCreateInfo *info = create_info;
   *out = VK_NULL_HANDLE;
   struct gvk_pipeline_layout *layout = gvk_pipeline_layout_from_handle(info->layout);
   if (!layout)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: no pipeline layout");
   struct gvk_pipeline *p = gvk_object_create(&device->base.alloc, alloc, sizeof(*p),
                                              VK_OBJECT_TYPE_PIPELINE,
                                              VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!p)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   p->bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS;
   atomic_fetch_add(&layout->refcount, 1);
   p->layout = layout;
   p->gfx = gvk_zalloc(&p->base.alloc, sizeof(*p->gfx), VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   VkResult result = p->gfx ? build(device, cache, info, p) : VK_ERROR_OUT_OF_HOST_MEMORY;
   if (result != VK_SUCCESS) {
      gvk_pipeline_destroy(device, p, alloc);
      return result;
   }
   *out = gvk_pipeline_to_handle(p);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateGraphicsPipelines(VkDevice device, VkPipelineCache pipelineCache,
                            uint32_t createInfoCount,
                            const VkGraphicsPipelineCreateInfo *pCreateInfos,
                            const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   return gvk_create_pipelines(device, pipelineCache, createInfoCount, pCreateInfos,
                               sizeof(*pCreateInfos), create_graphics_pipeline,
                               pAllocator, pPipelines);
}

void
gvk_gfx_pipeline_finish(struct gvk_device *device, struct gvk_pipeline *p)
{
   struct gvk_gfx_pipeline *g = p->gfx;
   if (!g)
      return;
   gvk_shader_unref(device, g->vs);
   gvk_shader_unref(device, g->tcs);
   gvk_shader_unref(device, g->tes);
   gvk_shader_unref(device, g->gs);
   gvk_shader_unref(device, g->fs[0]);
   gvk_shader_unref(device, g->fs[1]);
   gvk_shader_unref(device, g->fs[2]);
   gvk_free(&p->base.alloc, g->batch);
   gvk_free(&p->base.alloc, g);
   p->gfx = NULL;
}
