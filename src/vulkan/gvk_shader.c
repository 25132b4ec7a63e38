/* Shaders: one pipeline stage compiled by SPIR-V -> src/spirv -> src/ir ->
 * src/compiler (as src/tools/genvk_compile.c drives them), placed in the
 * device's instruction heap with its scratch object, shared by pipelines
 * and pipeline caches under a key that names everything the kernel
 * depends on. */
#include "gvk_pipeline.h"

#include <stdio.h>
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_descriptor.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "ir_pass.h"
#include "macros.h"
#include "spirv.h"
#include "util_sha1.h"

/* Kernel Start Pointer is 64-byte aligned (INTERFACE_DESCRIPTOR_DATA
 * bits 5:0 are not stored). */
#define KERNEL_ALIGN 64
/* The EU fetches instructions in cache lines ahead of the one it runs, so
 * a kernel's last instruction is followed by two lines of zeros that stay
 * inside the heap object and belong to no other kernel. */
#define KERNEL_PADDING 128
/* INTERFACE_DESCRIPTOR_DATA Shared Local Memory Size encodes up to 64 KiB */
#define MAX_SLM (64u * 1024)
/* Number of Threads in GPGPU Thread Group: the hardware dispatches at most
 * 64 threads per workgroup on every generation here. */
#define MAX_GROUP_THREADS 64

static const VkAllocationCallbacks *
device_alloc(struct gvk_device *device)
{
   return &device->base.alloc;
}

/* ---- the key ---- */

static void
hash_u32(struct util_sha1_ctx *c, uint32_t v)
{
   const uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
   util_sha1_update(c, b, sizeof(b));
}

static void
shader_key(const struct gvk_device *device, const struct gvk_shader_stage *st,
           const struct spirv_spec_value *spec, unsigned num_spec,
           const struct gvk_pipeline_layout *layout, uint8_t key[20])
{
   struct util_sha1_ctx c;
   util_sha1_init(&c);
   util_sha1_update(&c, device->pdev->build_sha1, sizeof(device->pdev->build_sha1));
   hash_u32(&c, device->pdev->info.verx10);
   hash_u32(&c, device->pdev->info.pci_id);
   util_sha1_update(&c, st->words_sha1, sizeof(st->words_sha1));
   util_sha1_update(&c, st->entry, strlen(st->entry) + 1);
   hash_u32(&c, st->stage);
   hash_u32(&c, num_spec);
   for (unsigned i = 0; i < num_spec; i++) {
      hash_u32(&c, spec[i].spec_id);
      hash_u32(&c, (uint32_t)spec[i].value);
      hash_u32(&c, (uint32_t)(spec[i].value >> 32));
   }
   hash_u32(&c, layout != NULL);
   if (layout)
      util_sha1_update(&c, layout->sha1, sizeof(layout->sha1));
   hash_u32(&c, st->required_subgroup_size);
   hash_u32(&c, st->full_subgroups);
   hash_u32(&c, st->input_vue != NULL);
   if (st->input_vue)
      util_sha1_update(&c, st->input_vue, sizeof(*st->input_vue));
   hash_u32(&c, st->tess_domain);
   hash_u32(&c, st->multiview);
   util_sha1_final(&c, key);
}

/* ---- compiler inputs ---- */

/* The command a stage's compilation errors name. */
static const char *
command_name(const struct gvk_shader_stage *st)
{
   return st->stage == VK_SHADER_STAGE_COMPUTE_BIT ? "vkCreateComputePipelines"
                                                   : "vkCreateGraphicsPipelines";
}

/* Specialization constants as the front end takes them: each map entry's
 * bytes (VkSpecializationMapEntry: 1, 2, 4 or 8 of them, a VkBool32 for
 * booleans) as a little-endian value. */
static VkResult
spec_values(struct gvk_device *device, const struct gvk_shader_stage *st,
            struct spirv_spec_value **out, unsigned *count)
{
   const VkSpecializationInfo *info = st->spec;
   *out = NULL;
   *count = 0;
   if (!info || !info->mapEntryCount)
      return VK_SUCCESS;
   struct spirv_spec_value *v = gvk_alloc(device_alloc(device),
                                          info->mapEntryCount * sizeof(*v),
                                          VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!v)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   for (uint32_t i = 0; i < info->mapEntryCount; i++) {
      const VkSpecializationMapEntry *e = &info->pMapEntries[i];
      if (e->size > sizeof(uint64_t) || e->offset > info->dataSize ||
          e->size > info->dataSize - e->offset) {
         gvk_free(device_alloc(device), v);
         return gvk_fail(VK_ERROR_UNKNOWN, "%s: specialization constant %u: %zu bytes "
                         "at offset %u do not fit dataSize %zu", command_name(st),
                         e->constantID, e->size, e->offset, info->dataSize);
      }
      uint64_t raw = 0;
      memcpy(&raw, (const uint8_t *)info->pData + e->offset, e->size);
      v[i] = (struct spirv_spec_value){ e->constantID, raw };
   }
   *out = v;
   *count = info->mapEntryCount;
   return VK_SUCCESS;
}

/* Runtime-sized descriptor arrays take the layout's descriptor count. */
static VkResult
array_sizes(struct gvk_device *device, const struct gvk_pipeline_layout *layout,
            struct gbe_array_size **out, unsigned *count)
{
   *out = NULL;
   *count = 0;
   unsigned n = 0;
   for (uint32_t s = 0; layout && s < layout->set_count; s++) {
      const struct gvk_descriptor_set_layout *set = layout->sets[s];
      for (uint32_t b = 0; set && b < set->binding_count; b++)
         n += set->bindings[b].count != 0;
   }
   if (!n)
      return VK_SUCCESS;
   struct gbe_array_size *sizes = gvk_alloc(device_alloc(device), n * sizeof(*sizes),
                                            VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!sizes)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   unsigned at = 0;
   for (uint32_t s = 0; s < layout->set_count; s++) {
      const struct gvk_descriptor_set_layout *set = layout->sets[s];
      for (uint32_t b = 0; set && b < set->binding_count; b++) {
         if (set->bindings[b].count)
            sizes[at++] = (struct gbe_array_size){ s, b, set->bindings[b].count };
      }
   }
   *out = sizes;
   *count = n;
   return VK_SUCCESS;
}

/* ---- compilation ---- */

/* The IR stage a pipeline stage's entry point must be; compute for a
 * stage the back end has no kernels for (the entry point check fails). */
static enum ir_stage
ir_stage_of(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT: return IR_STAGE_VERTEX;
   case VK_SHADER_STAGE_FRAGMENT_BIT: return IR_STAGE_FRAGMENT;
   case VK_SHADER_STAGE_GEOMETRY_BIT: return IR_STAGE_GEOMETRY;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT: return IR_STAGE_TESS_CTRL;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: return IR_STAGE_TESS_EVAL;
   default: return IR_STAGE_COMPUTE;
   }
}

/* A fresh, optimised IR of the stage, or NULL with the reason logged. */
static struct ir_shader *
front_end(const struct gvk_shader_stage *st, const struct spirv_options *so,
          VkResult *result)
{
   char err[512];
   struct spirv_options staged = *so;
   staged.match_stage = true;
   staged.stage = ir_stage_of(st->stage);
   struct ir_shader *s = spirv_to_ir(st->words, st->word_count, &staged, err, sizeof(err));
   if (!s) {
      *result = gvk_fail(VK_ERROR_UNKNOWN, "%s: entry point \"%s\": the SPIR-V front "
                         "end rejects the module: %s", command_name(st), st->entry, err);
      return NULL;
   }
   if (s->stage != ir_stage_of(st->stage)) {
      ir_shader_destroy(s);
      *result = gvk_fail(VK_ERROR_UNKNOWN, "%s: entry point \"%s\" is not an entry "
                         "point of the stage it is given for (0x%x)", command_name(st),
                         st->entry, st->stage);
      return NULL;
   }
   struct ir_pass_options po = { .validate = false };
   if (!ir_optimize(s, &po)) {
      ir_shader_destroy(s);
      *result = gvk_fail(VK_ERROR_UNKNOWN, "%s: entry point \"%s\": the IR passes "
                         "failed", command_name(st), st->entry);
      return NULL;
   }
   return s;
}

static bool
is_subgroup_sysval(uint32_t sysval)
{
   switch (sysval) {
   case IR_SYSVAL_subgroup_size: case IR_SYSVAL_subgroup_invocation_id:
   case IR_SYSVAL_num_subgroups: case IR_SYSVAL_subgroup_id:
   case IR_SYSVAL_subgroup_eq_mask: case IR_SYSVAL_subgroup_ge_mask:
   case IR_SYSVAL_subgroup_gt_mask: case IR_SYSVAL_subgroup_le_mask:
   case IR_SYSVAL_subgroup_lt_mask:
      return true;
   default:
      return false;
   }
}

/* Whether the kernel's width is visible to the shader: a subgroup
 * operation or subgroup system value. */
static bool
observes_subgroup_size(const struct ir_shader *s)
{
   ir_foreach_block(b, s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op == IR_OP_subgroup || (i->op == IR_OP_sysval && is_subgroup_sysval(i->imm)))
            return true;
      }
   }
   return false;
}

/* The widths to try, best first: the required one, GVK_SUBGROUP_SIZE for
 * a shader that can observe its width when it may not vary, else the back
 * end's choices, keeping those that divide the X size when full subgroups
 * are required (VK_EXT_subgroup_size_control). */
static unsigned
simd_candidates(const struct ir_shader *s, enum isa_gen gen,
                const struct gvk_shader_stage *st, unsigned out[3])
{
   if (st->required_subgroup_size) {
      out[0] = st->required_subgroup_size;
      return 1;
   }
   if (!st->varying_subgroup_size && observes_subgroup_size(s)) {
      out[0] = GVK_SUBGROUP_SIZE;
      return 1;
   }
   unsigned all[3], n = gbe_cs_simd_choices(s, gen, all), m = 0;
   for (unsigned i = 0; i < n; i++) {
      if (!st->full_subgroups || s->workgroup_size[0] % all[i] == 0)
         out[m++] = all[i];
   }
   if (m)
      return m;
   memcpy(out, all, n * sizeof(*all));
   return n;
}

static bool
kernel_fits(const struct gvk_device *device, const struct gbe_kernel *k, char *err,
            size_t err_size)
{
   /* A narrower kernel spills less: one whose scratch MEDIA_VFE_STATE
    * cannot encode (Ivy Bridge: 12 KiB) leaves the choice to the next. */
   const struct gvk_genx_pipeline *gx = gvk_genx_pipeline(device->pdev->info.verx10);
   if (k->scratch_per_thread > gx->scratch_max) {
      snprintf(err, err_size, "SIMD%u: %u bytes of scratch per thread, more than the %u "
               "MEDIA_VFE_STATE encodes", k->simd, k->scratch_per_thread, gx->scratch_max);
      return false;
   }
   if (k->cs.threads > MAX_GROUP_THREADS) {
      snprintf(err, err_size, "SIMD%u: a workgroup needs %u threads, more than %u",
               k->simd, k->cs.threads, MAX_GROUP_THREADS);
      return false;
   }
   if (k->cs.push_bytes > GVK_MAX_PUSH_CONSTANTS) {
      snprintf(err, err_size, "%u bytes of push constants, more than %u", k->cs.push_bytes,
               GVK_MAX_PUSH_CONSTANTS);
      return false;
   }
   if (k->slm_size > MAX_SLM) {
      snprintf(err, err_size, "%u bytes of shared memory, more than %u", k->slm_size, MAX_SLM);
      return false;
   }
   return true;
}

/* Keeps the first width (the best) that compiles without spills, else
 * the one with the fewest spills: as Mesa ends up choosing, the widest
 * kernel that does not spill, or a narrower spilling one. */
static void
keep_better(struct gbe_kernel *best, bool have, struct gbe_kernel *k)
{
   if (have && k->stats.spills >= best->stats.spills) {
      gbe_kernel_finish(k);
      return;
   }
   if (have)
      gbe_kernel_finish(best);
   *best = *k;
}

static VkResult
compile_kernel(struct gvk_device *device, const struct gvk_shader_stage *st,
               const struct spirv_options *so, const struct gbe_array_size *sizes,
               unsigned num_sizes, struct gbe_kernel *out)
{
   enum isa_gen gen = isa_gen_from_verx10(device->pdev->info.verx10);
   VkResult result = VK_SUCCESS;
   struct ir_shader *s = front_end(st, so, &result);
   if (!s)
      return result;
   unsigned widths[3], n = simd_candidates(s, gen, st, widths);
   struct gbe_options opt = { .gen = gen, .array_sizes = sizes, .num_array_sizes = num_sizes,
                              .input_vue = st->input_vue,
                              .tess_domain = (enum ir_prim)st->tess_domain,
                              .multiview = st->multiview };
   char err[512], first_err[512] = "";
   bool have = false;
   for (unsigned i = 0; i < n && !(have && !out->stats.spills); i++) {
      if (!s && !(s = front_end(st, so, &result)))
         break;
      opt.simd = widths[i];
      struct gbe_kernel k;
      bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
      ir_shader_destroy(s);
      s = NULL;
      if (ok && !kernel_fits(device, &k, err, sizeof(err))) {
         gbe_kernel_finish(&k);
         ok = false;
      }
      if (!ok && !first_err[0])
         snprintf(first_err, sizeof(first_err), "%s", err);
      if (ok) {
         keep_better(out, have, &k);
         have = true;
      }
   }
   if (s)
      ir_shader_destroy(s);
   if (have)
      return VK_SUCCESS;
   if (!first_err[0])
      return result;
   if (!strcmp(first_err, "out of memory"))
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   return gvk_fail(VK_ERROR_UNKNOWN, "%s: entry point \"%s\" cannot "
                   "be compiled for %s: %s", command_name(st), st->entry, isa_gen_name(gen),
                   first_err);
}

static void
print_kernel(const struct gvk_shader_stage *st, const struct gbe_kernel *k)
{
   char stats[200];
   gbe_stats_line(k, stats, sizeof(stats));
   flockfile(stderr);
   log_info("compute shader \"%s\" (%s):", st->entry, isa_gen_name(k->gen));
   isa_disasm_kernel(k->gen, k->code, k->code_size, stderr);
   fprintf(stderr, "%s\n", stats);
   funlockfile(stderr);
}

/* ---- placement ---- */

/* Scratch slots a stage's threads index: compute's FFTIDs
 * (scratch_slots); a 3D stage's thread indexes up to the stage's thread
 * count over the whole GPU (3DSTATE_VS..PS Maximum Number of Threads; Mesa
 * sizes its 3D scratch pools by the same counts), whichever is larger. */
static uint32_t
scratch_threads(const struct gvk_physical_device *pdev, const struct gvk_genx_pipeline *gx,
                enum ir_stage stage)
{
   static const enum devinfo_stage dev_stage[] = {
      [IR_STAGE_VERTEX] = DEV_STAGE_VS, [IR_STAGE_TESS_CTRL] = DEV_STAGE_HS,
      [IR_STAGE_TESS_EVAL] = DEV_STAGE_DS, [IR_STAGE_GEOMETRY] = DEV_STAGE_GS,
      [IR_STAGE_FRAGMENT] = DEV_STAGE_PS, [IR_STAGE_COMPUTE] = DEV_STAGE_CS,
   };
   uint32_t slots = gx->scratch_slots(pdev);
   if (stage == IR_STAGE_COMPUTE || (unsigned)stage >= ARRAY_SIZE(dev_stage))
      return slots;
   return MAX2(slots, pdev->info.max_threads[dev_stage[stage]]);
}

static VkResult
create_scratch(struct gvk_device *device, struct gvk_shader *sh)
{
   const struct gvk_physical_device *pdev = device->pdev;
   const struct gvk_genx_pipeline *gx = gvk_genx_pipeline(pdev->info.verx10);
   uint32_t need = sh->kernel.scratch_per_thread;
   if (!need)
      return VK_SUCCESS;
   uint32_t per = MAX2(need, gx->scratch_min);
   if (per > gx->scratch_max)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY, "%s: a kernel needs %u bytes of scratch "
                      "per thread; MEDIA_VFE_STATE encodes at most %u", pdev->info.name,
                      need, gx->scratch_max);
   /* R0.5 holds a 32-bit scratch offset from General State Base Address,
    * which is 0. */
   struct gvk_bo *bo;
   VkResult result = gvk_bo_create(device, (uint64_t)per * scratch_threads(pdev, gx,
                                                                         sh->kernel.stage),
                                   GVK_BO_32BIT, "scratch", &bo);
   if (result != VK_SUCCESS)
      return result;
   sh->scratch = bo;
   sh->scratch_per_thread = per;
   return VK_SUCCESS;
}

/* Places code in the instruction heap and creates the scratch object
 * (sh->lock held or sh not shared yet). */
static VkResult
upload(struct gvk_device *device, struct gvk_shader *sh, const uint8_t *code)
{
   uint32_t size = ALIGN_POT(sh->kernel.code_size + KERNEL_PADDING, KERNEL_ALIGN);
   uint32_t offset;
   VkResult result = gvk_heap_alloc(&device->kernels, size, KERNEL_ALIGN, &offset);
   if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY)
      return gvk_fail(result, "%s: no room for a %u-byte kernel in the instruction heap",
                      device->pdev->info.name, size);
   if (result != VK_SUCCESS)
      return result;
   result = create_scratch(device, sh);
   if (result != VK_SUCCESS) {
      gvk_heap_free(&device->kernels, offset, size);
      return result;
   }
   uint8_t *dst = (uint8_t *)device->kernels.bo->map + offset;
   memcpy(dst, code, sh->kernel.code_size);
   memset(dst + sh->kernel.code_size, 0, size - sh->kernel.code_size);
   sh->offset = offset;
   sh->size = size;
   sh->uploaded = true;
   return VK_SUCCESS;
}

/* A shader loaded from cache data is placed on first use. */
static VkResult
shader_ready(struct gvk_device *device, struct gvk_shader *sh)
{
   pthread_mutex_lock(&sh->lock);
   VkResult result = VK_SUCCESS;
   if (!sh->uploaded) {
      result = upload(device, sh, sh->kernel.code);
      if (result == VK_SUCCESS) {
         gvk_free(device_alloc(device), sh->kernel.code);
         sh->kernel.code = NULL;
      }
   }
   pthread_mutex_unlock(&sh->lock);
   return result;
}

/* ---- shaders ---- */

/* The GPU side of gvk_shader_unref (gvk_shader_object.c): the heap range
 * and the scratch object of a placed shader. */
void
gvk_shader_unplace(struct gvk_device *device, struct gvk_shader *shader)
{
   gvk_heap_free(&device->kernels, shader->offset, shader->size);
   if (shader->scratch)
      gvk_bo_unref(device, shader->scratch);
}

static VkResult
compile_shader(struct gvk_device *device, const struct gvk_shader_stage *st,
               const struct spirv_options *so, const struct gvk_pipeline_layout *layout,
               const uint8_t key[20], struct gvk_shader **out)
{
   struct gbe_array_size *sizes;
   unsigned num_sizes;
   VkResult result = array_sizes(device, layout, &sizes, &num_sizes);
   if (result != VK_SUCCESS)
      return result;
   struct gbe_kernel k;
   result = compile_kernel(device, st, so, sizes, num_sizes, &k);
   gvk_free(device_alloc(device), sizes);
   if (result != VK_SUCCESS)
      return result;
   atomic_fetch_add(&device->shader_compiles, 1);
   if (gvk_debug(CS))
      print_kernel(st, &k);
   /* The shader keeps no host copy of code it has uploaded. */
   struct gbe_kernel placed = k;
   placed.code = NULL;
   struct gvk_shader *sh = gvk_shader_create(device, key, &placed);
   result = sh ? upload(device, sh, k.code) : VK_ERROR_OUT_OF_HOST_MEMORY;
   gbe_kernel_finish(&k);
   if (result != VK_SUCCESS) {
      gvk_shader_unref(device, sh);
      return result;
   }
   *out = sh;
   return VK_SUCCESS;
}

/* gvk_shader_compile; *hit: cache gave the kernel. */
static VkResult
find_or_compile(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                const struct gvk_shader_stage *stage, const struct gvk_pipeline_layout *layout,
                struct gvk_shader **out, bool *hit)
{
   *hit = false;
   struct spirv_spec_value *spec;
   unsigned num_spec;
   VkResult result = spec_values(device, stage, &spec, &num_spec);
   if (result != VK_SUCCESS)
      return result;
   uint8_t key[20];
   shader_key(device, stage, spec, num_spec, layout, key);
   if (gvk_debug(NOCACHE))
      cache = NULL;

   struct gvk_shader *sh = cache ? gvk_pipeline_cache_lookup(cache, key) : NULL;
   *hit = sh != NULL;
   if (sh) {
      gvk_free(device_alloc(device), spec);
      result = shader_ready(device, sh);
      if (result != VK_SUCCESS) {
         gvk_shader_unref(device, sh);
         return result;
      }
      *out = sh;
      return VK_SUCCESS;
   }
   if (stage->cache_only) {
      gvk_free(device_alloc(device), spec);
      return VK_PIPELINE_COMPILE_REQUIRED;
   }
   struct spirv_options so = { .entry_point = stage->entry, .spec = spec, .num_spec = num_spec };
   result = compile_shader(device, stage, &so, layout, key, &sh);
   gvk_free(device_alloc(device), spec);
   if (result != VK_SUCCESS)
      return result;
   if (cache)
      sh = gvk_pipeline_cache_insert(device, cache, sh);
   *out = sh;
   return VK_SUCCESS;
}

VkResult
gvk_shader_compile(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                   const struct gvk_shader_stage *stage,
                   const struct gvk_pipeline_layout *layout, struct gvk_shader **out)
{
   const uint64_t start = gvk_now_ns();
   bool hit;
   VkResult result = find_or_compile(device, cache, stage, layout, out, &hit);
   /* the default cache is the driver's, not the application's */
   gvk_pipeline_feedback_kernel(stage->stage, hit && cache != device->default_cache,
                                gvk_now_ns() - start);
   return result;
}
