/* Shader modules, pipelines and the pipeline cache. */
#ifndef GVK_PIPELINE_H
#define GVK_PIPELINE_H

#include <stdint.h>

#include "gbe.h"
#include "gvk_bo.h"
#include "gvk_object.h"

struct gvk_device;
struct gvk_pipeline_layout;
struct gvk_pipeline_cache;

struct gvk_shader_module {
   struct gvk_object base;
   uint8_t sha1[20];              /* of the SPIR-V words */
   uint32_t word_count;
   uint32_t *words;
};

/* A kernel placed in the device's instruction heap (device->kernels):
 * Instruction Base Address is the heap's, so kernel start pointers are
 * `offset`. */
struct gvk_shader {
   atomic_uint refcount;          /* pipelines and the cache share shaders */
   uint8_t key[20];               /* cache key */
   struct gbe_kernel kernel;      /* code freed once uploaded */
   uint32_t offset, size;         /* in the instruction heap */
   struct gvk_bo *scratch;        /* per-thread scratch for every thread the
                                   * device can run, or NULL */
   uint32_t scratch_per_thread;   /* bytes, a power of two >= 1 KiB */
};

struct gvk_pipeline {
   struct gvk_object base;
   VkPipelineBindPoint bind_point;
   struct gvk_pipeline_layout *layout;   /* referenced */
   struct gvk_shader *cs;
   /* Gen-specific packets the command buffer copies as they are
    * (MEDIA_VFE_STATE, the interface descriptor template), filled by
    * genX(compute_pipeline_emit). */
   uint32_t vfe_state[16];
   uint32_t vfe_dwords;
   uint32_t idd[8];               /* INTERFACE_DESCRIPTOR_DATA without the
                                   * binding table, sampler and CURBE fields */
};

GVK_DEFINE_HANDLE_CASTS(gvk_shader_module, VkShaderModule)
GVK_DEFINE_HANDLE_CASTS(gvk_pipeline, VkPipeline)
GVK_DEFINE_HANDLE_CASTS(gvk_pipeline_cache, VkPipelineCache)

/* Compiles (or finds in the cache) the kernel of one stage: SPIR-V ->
 * src/spirv -> src/ir -> src/compiler, uploads it and returns it with a
 * reference.  layout may be NULL for the driver's own kernels (then
 * descriptor sets are numbered as the SPIR-V says and bindings take their
 * binding numbers). */
VkResult gvk_shader_compile(struct gvk_device *device,
                            struct gvk_pipeline_cache *cache,
                            const uint32_t *words, size_t word_count,
                            const char *entry, VkShaderStageFlagBits stage,
                            const VkSpecializationInfo *spec,
                            const struct gvk_pipeline_layout *layout,
                            uint32_t required_subgroup_size,
                            struct gvk_shader **out);
void gvk_shader_unref(struct gvk_device *device, struct gvk_shader *shader);

/* A compute pipeline of the driver's own (copies, fills): built from
 * SPIR-V generated at build time, destroyed with the device. */
VkResult gvk_internal_compute_pipeline(struct gvk_device *device,
                                       const uint32_t *words, size_t word_count,
                                       struct gvk_pipeline **out);
void gvk_pipeline_destroy(struct gvk_device *device, struct gvk_pipeline *p,
                          const VkAllocationCallbacks *alloc);

#endif
