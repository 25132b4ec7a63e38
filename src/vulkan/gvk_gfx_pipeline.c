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
#include "util_sha1.h"

static const void *
find_struct(const void *chain, VkStructureType type)
{
   for (const VkBaseInStructure *s = chain; s; s = s->pNext) {
      if (s->sType == type)
         return s;
   }
   return NULL;
}

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
      find_struct(info->pNext, VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
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

/* The vertex and fragment stages; any other stage is one whose feature
 * genvk does not report. */
static VkResult
find_stages(const VkGraphicsPipelineCreateInfo *info,
            const VkPipelineShaderStageCreateInfo **vs,
            const VkPipelineShaderStageCreateInfo **fs)
{
   *vs = *fs = NULL;
   for (uint32_t i = 0; i < info->stageCount; i++) {
      const VkPipelineShaderStageCreateInfo *s = &info->pStages[i];
      if (s->stage == VK_SHADER_STAGE_VERTEX_BIT && !*vs)
         *vs = s;
      else if (s->stage == VK_SHADER_STAGE_FRAGMENT_BIT && !*fs)
         *fs = s;
      else
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: stage 0x%x is not "
                         "supported (only one vertex and one fragment stage)", s->stage);
   }
   if (!*vs)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateGraphicsPipelines: no vertex stage");
   return VK_SUCCESS;
}

static VkResult
compile_stage(struct gvk_device *device, struct gvk_pipeline_cache *cache,
              const VkPipelineShaderStageCreateInfo *info, uint32_t simd, bool cache_only,
              struct gvk_pipeline_layout *layout, struct gvk_shader **out)
{
   struct gvk_shader_stage st;
   VkResult result = resolve_stage(info, &st);
   if (result != VK_SUCCESS)
      return result;
   st.required_subgroup_size = simd;
   st.cache_only = cache_only;
   return gvk_shader_compile(device, cache, &st, layout, out);
}

/* The fragment shader at SIMD8 and SIMD16: the hardware picks a width
 * per dispatch among those enabled; SIMD16 is optional (a kernel that
 * does not compile at 16 runs at 8 alone), SIMD8 is not. */
static VkResult
compile_fs(struct gvk_device *device, struct gvk_pipeline_cache *cache,
           const VkPipelineShaderStageCreateInfo *info, bool cache_only,
           struct gvk_pipeline_layout *layout, struct gvk_gfx_pipeline *g)
{
   VkResult result = compile_stage(device, cache, info, 8, cache_only, layout, &g->fs[0]);
   if (result != VK_SUCCESS)
      return result;
   if (compile_stage(device, cache, info, 16, cache_only, layout, &g->fs[1]) != VK_SUCCESS)
      g->fs[1] = NULL;
   return VK_SUCCESS;
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
   const VkPipelineShaderStageCreateInfo *vs, *fs;
   VkResult result = find_stages(info, &vs, &fs);
   if (result != VK_SUCCESS)
      return result;
   const bool cache_only = gvk_pipeline_cache_only(device, info->flags);
   struct gvk_gfx_pipeline *g = p->gfx;
   result = compile_stage(device, cache, vs, 8, cache_only, p->layout, &g->vs);
   if (result == VK_SUCCESS && fs)
      result = compile_fs(device, cache, fs, cache_only, p->layout, g);
   if (result != VK_SUCCESS)
      return result;
   return emit(device, p, info);
}

static VkResult
create_graphics_pipeline(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                         const VkGraphicsPipelineCreateInfo *info,
                         const VkAllocationCallbacks *alloc, VkPipeline *out)
{
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

static VkResult
create_graphics(struct gvk_device *device, struct gvk_pipeline_cache *cache, const void *info,
                const VkAllocationCallbacks *alloc, VkPipeline *out)
{
   return create_graphics_pipeline(device, cache, info, alloc, out);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateGraphicsPipelines(VkDevice device, VkPipelineCache pipelineCache,
                            uint32_t createInfoCount,
                            const VkGraphicsPipelineCreateInfo *pCreateInfos,
                            const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   return gvk_create_pipelines(device, pipelineCache, createInfoCount, pCreateInfos,
                               sizeof(*pCreateInfos), create_graphics, pAllocator, pPipelines);
}

void
gvk_gfx_pipeline_finish(struct gvk_device *device, struct gvk_pipeline *p)
{
   struct gvk_gfx_pipeline *g = p->gfx;
   if (!g)
      return;
   gvk_shader_unref(device, g->vs);
   gvk_shader_unref(device, g->fs[0]);
   gvk_shader_unref(device, g->fs[1]);
   gvk_free(&p->base.alloc, g->batch);
   gvk_free(&p->base.alloc, g);
   p->gfx = NULL;
}
