/* vkCreateComputePipelines / vkDestroyPipeline, the driver's own compute
 * pipelines, and the CURBE of a dispatch. */
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "gvk_alloc.h"
#include "gvk_descriptor.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "macros.h"
#include "util_sha1.h"

const struct gvk_genx_pipeline *
gvk_genx_pipeline(unsigned verx10)
{
   switch (verx10) {
   case 70: return &gfx70_pipeline;
   case 75: return &gfx75_pipeline;
   case 80: return &gfx80_pipeline;
   case 90: return &gfx90_pipeline;
   case 110: return &gfx110_pipeline;
   default: return &gfx120_pipeline;
   }
}

/* The SPIR-V of a stage: its module, or (VK_KHR_maintenance5) a
 * VkShaderModuleCreateInfo chained to it when module is VK_NULL_HANDLE. */
static VkResult
stage_code(const VkPipelineShaderStageCreateInfo *info, struct gvk_shader_stage *st)
{
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
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateComputePipelines: the stage has no "
                      "shader module and no SPIR-V chained");
   st->words = mci->pCode;
   st->word_count = mci->codeSize / 4;
   util_sha1(mci->pCode, mci->codeSize, st->words_sha1);
   return VK_SUCCESS;
}

static VkResult
resolve_stage(const VkPipelineShaderStageCreateInfo *info, struct gvk_shader_stage *st)
{
   *st = (struct gvk_shader_stage){
      .entry = info->pName,
      .stage = info->stage,
      .spec = info->pSpecializationInfo,
      .full_subgroups = (info->flags & VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT) != 0,
   };
   if (info->stage != VK_SHADER_STAGE_COMPUTE_BIT || !info->pName)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateComputePipelines: the stage is not a "
                      "compute stage with an entry point name (stage 0x%x)", info->stage);
   const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo *req =
      gvk_find_struct(info->pNext,
                      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO);
   /* SPIR-V 1.6 lets SubgroupSize vary by default (Vulkan 1.3,
    * "SubgroupSize"). */
   st->varying_subgroup_size =
      (info->flags & VK_PIPELINE_SHADER_STAGE_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT) != 0;
   if (req) {
      uint32_t size = req->requiredSubgroupSize;
      if (size != 8 && size != 16 && size != 32)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateComputePipelines: required subgroup "
                         "size %u is not 8, 16 or 32", size);
      st->required_subgroup_size = size;
   }
   VkResult result = stage_code(info, st);
   if (result == VK_SUCCESS && st->word_count > 1 && st->words[1] >= 0x00010600)
      st->varying_subgroup_size = true;
   return result;
}

/* VK_EXT_pipeline_creation_cache_control (core in 1.3): without it the
 * FAIL_ON_PIPELINE_COMPILE_REQUIRED and EARLY_RETURN_ON_FAILURE bits mean
 * nothing. */
static bool
has_cache_control(const struct gvk_device *device)
{
   return device->api_version >= VK_API_VERSION_1_3 ||
          device->enabled.has[GVK_EXT_EXT_pipeline_creation_cache_control];
}

bool
gvk_pipeline_cache_only(const struct gvk_device *device, VkPipelineCreateFlags flags)
{
   return has_cache_control(device) &&
          (flags & VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT);
}

static bool
has_cross_thread_constants(const struct gvk_device *device)
{
   return gvk_genx_pipeline(device->pdev->info.verx10)->cross_thread_constants;
}

/* p->curbe_template (gvk_pipeline.h): the ids depend only on the kernel,
 * so they are computed once here instead of at every dispatch. */
static VkResult
build_curbe_template(const struct gvk_device *device, struct gvk_pipeline *p)
{
   if (!p->curbe_size)
      return VK_SUCCESS;
   p->curbe_template = gvk_zalloc(&p->base.alloc, p->curbe_size,
                                  VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!p->curbe_template)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   const struct gbe_kernel *k = &p->cs->kernel;
   const uint32_t cross = k->cs.cross_thread_regs * 32, per = k->cs.per_thread_regs * 32;
   const bool once = has_cross_thread_constants(device);
   uint8_t *dst = p->curbe_template + (once ? cross : 0);
   for (uint32_t t = 0; t < k->cs.threads; t++, dst += per) {
      if (!once)
         dst += cross;
      gbe_cs_fill_per_thread(k, t, dst);
   }
   return VK_SUCCESS;
}

static VkResult
pipeline_create(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                const struct gvk_shader_stage *st, struct gvk_pipeline_layout *layout,
                const VkAllocationCallbacks *alloc, struct gvk_pipeline **out)
{
   struct gvk_pipeline *p = gvk_object_create(&device->base.alloc, alloc, sizeof(*p),
                                              VK_OBJECT_TYPE_PIPELINE,
                                              VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!p)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   VkResult result = gvk_shader_compile(device, cache, st, layout, &p->cs);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&p->base);
      return result;
   }
   p->bind_point = VK_PIPELINE_BIND_POINT_COMPUTE;
   if (layout) {
      atomic_fetch_add(&layout->refcount, 1);
      p->layout = layout;
   }
   gvk_genx_pipeline(device->pdev->info.verx10)->compute_pipeline_emit(device, p);
   result = build_curbe_template(device, p);
   if (result != VK_SUCCESS) {
      gvk_pipeline_destroy(device, p, alloc);
      return result;
   }
   *out = p;
   return VK_SUCCESS;
}

/* A gvk_create_pipeline_fn (gvk_create_pipelines). */
static VkResult
create_compute_pipeline(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                        const void *create_info, const VkAllocationCallbacks *alloc,
                        VkPipeline *out)
{
   const VkComputePipelineCreateInfo *info = create_info;
   *out = VK_NULL_HANDLE;
   struct gvk_pipeline_layout *layout = gvk_pipeline_layout_from_handle(info->layout);
   if (!layout)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateComputePipelines: no pipeline layout");
   struct gvk_shader_stage st;
   VkResult result = resolve_stage(&info->stage, &st);
   if (result != VK_SUCCESS)
      return result;
   st.cache_only = gvk_pipeline_cache_only(device, info->flags);
   struct gvk_pipeline *p;
   result = pipeline_create(device, cache, &st, layout, alloc, &p);
   if (result == VK_SUCCESS)
      *out = gvk_pipeline_to_handle(p);
   return result;
}

/* Both create infos start with sType, pNext and flags. */
_Static_assert(offsetof(VkComputePipelineCreateInfo, flags) ==
               offsetof(VkGraphicsPipelineCreateInfo, flags), "create info flags");

/* ---- VK_EXT_pipeline_creation_feedback ---- */

uint64_t
gvk_now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* What a VkPipelineCreationFeedbackCreateInfo receives, gathered while
 * the pipeline is created: each stage's kernels are compiled several
 * calls down, from either kind of pipeline, and report to the one this
 * thread is creating (a pipeline is created on one thread). */
struct creation_feedback {
   const VkPipelineCreationFeedbackCreateInfo *info;
   uint64_t start;
   uint32_t count;
   VkShaderStageFlagBits stage[GVK_GFX_STAGES];
   VkPipelineCreationFeedback feedback[GVK_GFX_STAGES];
};

static _Thread_local struct creation_feedback *current_feedback;

void
gvk_pipeline_feedback_kernel(VkShaderStageFlagBits stage, bool app_cache_hit, uint64_t ns)
{
   struct creation_feedback *fb = current_feedback;
   for (uint32_t i = 0; fb && i < fb->count; i++) {
      if (fb->stage[i] != stage)
         continue;
      fb->feedback[i].duration += ns;
      if (!app_cache_hit)
         fb->feedback[i].flags &= ~VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
   }
}

/* Starts gathering for a create info that asks for feedback (the stages
 * in pStages order, each a cache hit until one of its kernels is not). */
static void
feedback_begin(const void *create_info, struct creation_feedback *fb)
{
   const VkBaseInStructure *base = create_info;
   fb->info = gvk_find_struct(base->pNext,
                              VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
   if (!fb->info)
      return;
   fb->start = gvk_now_ns();
   const VkPipelineShaderStageCreateInfo *stages;
   uint32_t count;
   if (base->sType == VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO) {
      stages = &((const VkComputePipelineCreateInfo *)create_info)->stage;
      count = 1;
   } else {
      stages = ((const VkGraphicsPipelineCreateInfo *)create_info)->pStages;
      count = ((const VkGraphicsPipelineCreateInfo *)create_info)->stageCount;
   }
   /* a graphics stage twice or more than the stages there are fails
    * creation (gvk_gfx_pipeline.c); feedback is then not valid anyway */
   fb->count = MIN2(count, (uint32_t)GVK_GFX_STAGES);
   for (uint32_t i = 0; i < fb->count; i++) {
      fb->stage[i] = stages[i].stage;
      fb->feedback[i] = (VkPipelineCreationFeedback){
         .flags = VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT |
                  VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT,
      };
   }
   current_feedback = fb;
}

/* The pipeline is a cache hit when all its stages are; nothing is valid
 * when creation failed. */
static void
feedback_end(struct creation_feedback *fb, VkResult result)
{
   if (!fb->info)
      return;
   current_feedback = NULL;
   const VkPipelineCreationFeedbackFlags hit =
      VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
   VkPipelineCreationFeedback pipeline = {
      .flags = VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT | (fb->count ? hit : 0),
      .duration = gvk_now_ns() - fb->start,
   };
   for (uint32_t i = 0; i < fb->count; i++) {
      if (!(fb->feedback[i].flags & hit))
         pipeline.flags &= ~hit;
   }
   if (result != VK_SUCCESS)
      pipeline = (VkPipelineCreationFeedback){ 0 };
   *fb->info->pPipelineCreationFeedback = pipeline;
   uint32_t n = MIN2(fb->count, fb->info->pipelineStageCreationFeedbackCount);
   for (uint32_t i = 0; i < n; i++) {
      fb->info->pPipelineStageCreationFeedbacks[i] =
         result == VK_SUCCESS ? fb->feedback[i] : (VkPipelineCreationFeedback){ 0 };
   }
}

VkResult
gvk_create_pipelines(VkDevice _device, VkPipelineCache pipelineCache, uint32_t count,
                     const void *infos, size_t info_size, gvk_create_pipeline_fn *create,
                     const VkAllocationCallbacks *alloc, VkPipeline *out)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_pipeline_cache *cache = gvk_pipeline_cache_from_handle(pipelineCache);
   if (!cache)
      cache = device->default_cache;
   /* Spec "Multiple Pipeline Creation": every pipeline is attempted, the
    * failed ones are VK_NULL_HANDLE; an error outranks
    * VK_PIPELINE_COMPILE_REQUIRED; EARLY_RETURN_ON_FAILURE stops at the
    * first failure. */
   VkResult result = VK_SUCCESS;
   uint32_t i = 0;
   for (; i < count; i++) {
      const void *info = (const char *)infos + i * info_size;
      struct creation_feedback fb;
      feedback_begin(info, &fb);
      VkResult r = create(device, cache, info, alloc, &out[i]);
      feedback_end(&fb, r);
      if (r == VK_SUCCESS)
         continue;
      if (result == VK_SUCCESS || (result > 0 && r < 0))
         result = r;
      VkPipelineCreateFlags flags;
      memcpy(&flags, (const char *)info + offsetof(VkComputePipelineCreateInfo, flags),
             sizeof(flags));
      if (has_cache_control(device) && (flags & VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT))
         break;
   }
   for (i++; i < count; i++)
      out[i] = VK_NULL_HANDLE;
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateComputePipelines(VkDevice device, VkPipelineCache pipelineCache,
                           uint32_t createInfoCount,
                           const VkComputePipelineCreateInfo *pCreateInfos,
                           const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   return gvk_create_pipelines(device, pipelineCache, createInfoCount, pCreateInfos,
                               sizeof(*pCreateInfos), create_compute_pipeline,
                               pAllocator, pPipelines);
}

void
gvk_pipeline_destroy(struct gvk_device *device, struct gvk_pipeline *p,
                     const VkAllocationCallbacks *alloc)
{
   (void)alloc;
   gvk_free(&p->base.alloc, p->curbe_template);
   gvk_gfx_pipeline_finish(device, p);
   gvk_shader_unref(device, p->cs);
   if (p->layout)
      gvk_pipeline_layout_unref(device, p->layout);
   gvk_object_destroy(&p->base);
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyPipeline(VkDevice _device, VkPipeline pipeline,
                    const VkAllocationCallbacks *pAllocator)
{
   struct gvk_pipeline *p = gvk_pipeline_from_handle(pipeline);
   if (p)
      gvk_pipeline_destroy(gvk_device_from_handle(_device), p, pAllocator);
}

VkResult
gvk_internal_compute_pipeline(struct gvk_device *device, const uint32_t *words,
                              size_t word_count, struct gvk_pipeline **out)
{
   struct gvk_shader_stage st = {
      .words = words, .word_count = word_count, .entry = "main",
      .stage = VK_SHADER_STAGE_COMPUTE_BIT,
   };
   util_sha1(words, word_count * 4, st.words_sha1);
   return pipeline_create(device, device->default_cache, &st, NULL, NULL, out);
}

/* ---- CURBE ---- */

/* The template's cross-thread constants are 0: only what is not 0 is
 * written. */
static void
fill_cross_thread(const struct gbe_cs_info *cs, const void *push,
                  const uint32_t num_workgroups[3], uint8_t *dst)
{
   memcpy(dst, push, cs->push_bytes);
   uint32_t at = cs->sysval_offset[GBE_CS_NUM_WORKGROUPS];
   if (at != UINT32_MAX)
      memcpy(dst + at, num_workgroups, 3 * sizeof(uint32_t));
}

void
gvk_compute_curbe_fill(const struct gvk_device *device, const struct gvk_pipeline *p,
                       const void *push, const uint32_t num_workgroups[3], void *out)
{
   const struct gbe_cs_info *cs = &p->cs->kernel.cs;
   uint8_t *dst = out;
   memcpy(dst, p->curbe_template, p->curbe_size);
   if (has_cross_thread_constants(device)) {
      fill_cross_thread(cs, push, num_workgroups, dst);
      return;
   }
   const uint32_t stride = (cs->cross_thread_regs + cs->per_thread_regs) * 32;
   for (uint32_t t = 0; t < cs->threads; t++)
      fill_cross_thread(cs, push, num_workgroups, dst + t * stride);
}

void
gvk_compute_curbe_num_workgroups(const struct gvk_device *device,
                                 const struct gvk_pipeline *p, uint32_t *offsets,
                                 uint32_t max, uint32_t *count)
{
   const struct gbe_cs_info *cs = &p->cs->kernel.cs;
   uint32_t at = cs->sysval_offset[GBE_CS_NUM_WORKGROUPS];
   *count = 0;
   if (at == UINT32_MAX)
      return;
   if (has_cross_thread_constants(device)) {
      if (max)
         offsets[(*count)++] = at;
      return;
   }
   uint32_t stride = (cs->cross_thread_regs + cs->per_thread_regs) * 32;
   for (uint32_t t = 0; t < cs->threads && *count < max; t++)
      offsets[(*count)++] = t * stride + at;
}
