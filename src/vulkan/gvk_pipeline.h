/* Shader modules, pipelines and the pipeline cache. */
#ifndef GVK_PIPELINE_H
#define GVK_PIPELINE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "gbe.h"
#include "gvk_bo.h"
#include "gvk_object.h"
#include "gvk_render_pass.h"

struct gvk_device;
struct gvk_physical_device;
struct gvk_pipeline_layout;
struct gvk_pipeline_cache;

struct gvk_shader_module {
   struct gvk_object base;
   uint8_t sha1[20];              /* of the SPIR-V words */
   size_t word_count;
   uint32_t *words;
};

/* VkPhysicalDeviceSubgroupProperties::subgroupSize: the width of every
 * kernel that can observe its subgroup size, unless the pipeline lets it
 * vary or requires another (Vulkan spec, "Built-In Variables",
 * SubgroupSize). */
#define GVK_SUBGROUP_SIZE 32

/* One stage of a pipeline as the compiler needs it, resolved from a
 * VkPipelineShaderStageCreateInfo. */
struct gvk_shader_stage {
   const uint32_t *words;
   size_t word_count;
   uint8_t words_sha1[20];
   const char *entry;
   VkShaderStageFlagBits stage;
   const VkSpecializationInfo *spec;      /* may be NULL */
   /* VK_EXT_subgroup_size_control: 8, 16 or 32, or 0 when the driver
    * chooses the SIMD width */
   uint32_t required_subgroup_size;
   /* VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT: the
    * width must divide the workgroup's X size */
   bool full_subgroups;
   /* ALLOW_VARYING_SUBGROUP_SIZE_BIT or a SPIR-V 1.6 module: SubgroupSize
    * may be any width; otherwise it is GVK_SUBGROUP_SIZE */
   bool varying_subgroup_size;
   /* VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT: a kernel
    * not in the cache is VK_PIPELINE_COMPILE_REQUIRED, not compiled */
   bool cache_only;
   /* tessellation and geometry stages: the VUE the previous stage writes
    * (part of the kernel's cache key); NULL otherwise */
   const struct gbe_vue_map *input_vue;
   /* tessellation control stages: the evaluation stage's domain (enum
    * ir_prim: gbe_options.tess_domain, part of the cache key); 0 otherwise */
   uint32_t tess_domain;
   /* vertex stages of a pipeline with a non-zero view mask
    * (gbe_options.multiview, part of the cache key) */
   bool multiview;
};

/* A kernel placed in the device's instruction heap (device->kernels):
 * Instruction Base Address is the heap's, so kernel start pointers are
 * `offset`.  Shaders are shared by pipelines and caches; one loaded from
 * pipeline cache data is placed in the heap (and gets its scratch) the
 * first time a pipeline uses it. */
struct gvk_shader {
   atomic_uint refcount;
   uint8_t key[20];               /* cache key */
   /* kernel.code is NULL once uploaded (the code is then read back from
    * the heap); before, it is allocated with the device's allocator */
   struct gbe_kernel kernel;
   pthread_mutex_t lock;          /* upload */
   bool uploaded;
   uint32_t offset, size;         /* in the instruction heap, padding
                                   * included */
   struct gvk_bo *scratch;        /* per-thread scratch for every thread the
                                   * device can run, or NULL */
   uint32_t scratch_per_thread;   /* bytes, a power of two the generation's
                                   * MEDIA_VFE_STATE can encode */
};

/* A compute pipeline.  The command buffer uses the templates below as
 * follows (all of them genX code of the device's generation):
 *
 * - vfe_state: MEDIA_VFE_STATE, copied as it is (vfe_dwords dwords).  When
 *   the kernel has scratch, dword vfe_scratch_dw holds the scratch
 *   buffer's GPU address (General State Base Address is 0) ORed with the
 *   Per Thread Scratch Space field in bits 3:0; on Gen7/7.5 the copy
 *   records a relocation of that dword whose address is the whole dword
 *   value (the low bits are a delta within the scratch object).
 *   vfe_scratch_dw is 0 without scratch.
 * - idd: INTERFACE_DESCRIPTOR_DATA complete except Binding Table Pointer,
 *   Binding Table Entry Count, Sampler State Pointer and Sampler Count:
 *   the command buffer packs a GENX(INTERFACE_DESCRIPTOR_DATA) holding
 *   only those fields and ORs it into a copy of idd dword by dword
 *   (Gen7/7.5: dwords 2 and 3, Gen8+: 3 and 4).  On Gen11 Sampler Count
 *   stays 0 (Wa_1606682166).  Constant URB Entry Read Offset is 0.
 * - CURBE: MEDIA_CURBE_LOAD of curbe_size bytes laid out by
 *   gvk_compute_curbe_fill(). */
struct gvk_pipeline {
   struct gvk_object base;
   VkPipelineBindPoint bind_point;
   struct gvk_pipeline_layout *layout;   /* referenced; NULL for the
                                          * driver's own pipelines */
   struct gvk_shader *cs;
   uint32_t vfe_state[16];
   uint32_t vfe_dwords;
   uint32_t vfe_scratch_dw;
   uint32_t idd[8];
   uint32_t curbe_size;                  /* bytes */
   /* The CURBE with every cross-thread constant 0 and each thread's
    * local invocation ids in place (curbe_size bytes, NULL when 0):
    * gvk_compute_curbe_fill copies it and writes the constants, so a
    * dispatch computes no ids. */
   uint8_t *curbe_template;
   struct gvk_gfx_pipeline *gfx;          /* graphics pipelines only */
};

/* ---- graphics pipelines (gvk_gfx_pipeline.c, genX_gfx_pipeline.c) ---- */

#define GVK_MAX_VERTEX_BINDINGS 16
#define GVK_MAX_VIEWPORTS 16
/* lineWidthRange's end: Gen9+'s Line Width (u11.7) holds wider lines, but
 * 8 is what Mesa's ANV reports (wider ones fail conformance) */
#define GVK_MAX_LINE_WIDTH 8.0f
/* Vertex buffers of the draw parameters (gbe.h gbe_vs_info sgv_row,
 * drawid_row), after the application's bindings. */
#define GVK_VB_DRAW_PARAMS 30
#define GVK_VB_DRAW_ID 31

/* Dynamic states a graphics pipeline leaves to the command buffer. */
enum gvk_dynamic {
   GVK_DYNAMIC_VIEWPORT = 1u << 0,
   GVK_DYNAMIC_SCISSOR = 1u << 1,
   GVK_DYNAMIC_BLEND_CONSTANTS = 1u << 2,
   GVK_DYNAMIC_STENCIL_COMPARE_MASK = 1u << 3,
   GVK_DYNAMIC_STENCIL_WRITE_MASK = 1u << 4,
   GVK_DYNAMIC_STENCIL_REFERENCE = 1u << 5,
   GVK_DYNAMIC_VERTEX_STRIDE = 1u << 6,
   GVK_DYNAMIC_DEPTH_BIAS = 1u << 7,
   GVK_DYNAMIC_LINE_WIDTH = 1u << 8,
   /* VK_EXT_extended_dynamic_state (Vulkan 1.3) */
   GVK_DYNAMIC_CULL_MODE = 1u << 9,
   GVK_DYNAMIC_FRONT_FACE = 1u << 10,
   GVK_DYNAMIC_TOPOLOGY = 1u << 11,
   GVK_DYNAMIC_VIEWPORT_COUNT = 1u << 12,    /* VIEWPORT_WITH_COUNT */
   GVK_DYNAMIC_SCISSOR_COUNT = 1u << 13,     /* SCISSOR_WITH_COUNT */
   GVK_DYNAMIC_DEPTH_TEST = 1u << 14,
   GVK_DYNAMIC_DEPTH_WRITE = 1u << 15,
   GVK_DYNAMIC_DEPTH_COMPARE = 1u << 16,
   GVK_DYNAMIC_STENCIL_TEST = 1u << 17,
   GVK_DYNAMIC_STENCIL_OP = 1u << 18,
   /* VK_EXT_extended_dynamic_state2 (Vulkan 1.3) */
   GVK_DYNAMIC_RASTERIZER_DISCARD = 1u << 19,
   GVK_DYNAMIC_DEPTH_BIAS_ENABLE = 1u << 20,
   GVK_DYNAMIC_PRIMITIVE_RESTART = 1u << 21,
   GVK_DYNAMIC_LOGIC_OP = 1u << 22,          /* extendedDynamicState2LogicOp */
};

/* BLEND_STATE_ENTRY Logic Op Function (LOGICOP_*, the ROP3-style truth
 * table of source and destination bits) of a VkLogicOp. */
static inline uint32_t
gvk_logic_op(VkLogicOp op)
{
   static const uint8_t ops[] = {
      [VK_LOGIC_OP_CLEAR] = 0x0, [VK_LOGIC_OP_AND] = 0x8, [VK_LOGIC_OP_AND_REVERSE] = 0x4,
      [VK_LOGIC_OP_COPY] = 0xc, [VK_LOGIC_OP_AND_INVERTED] = 0x2, [VK_LOGIC_OP_NO_OP] = 0xa,
      [VK_LOGIC_OP_XOR] = 0x6, [VK_LOGIC_OP_OR] = 0xe, [VK_LOGIC_OP_NOR] = 0x1,
      [VK_LOGIC_OP_EQUIVALENT] = 0x9, [VK_LOGIC_OP_INVERT] = 0x5,
      [VK_LOGIC_OP_OR_REVERSE] = 0xd, [VK_LOGIC_OP_COPY_INVERTED] = 0x3,
      [VK_LOGIC_OP_OR_INVERTED] = 0xb, [VK_LOGIC_OP_NAND] = 0x7, [VK_LOGIC_OP_SET] = 0xf,
   };
   return ops[op & 15];
}

/* The 3DPRIM_* of a topology (3DPRIM_PATCHLIST_n for patch lists of n
 * control points, 1..32); false for one the hardware has no type for.
 * Shared by pipeline creation and draws (a dynamic topology). */
static inline bool
gvk_prim_topology(VkPrimitiveTopology t, uint32_t patch_points, uint32_t *out)
{
   static const uint8_t prims[] = {
      [VK_PRIMITIVE_TOPOLOGY_POINT_LIST] = 1, [VK_PRIMITIVE_TOPOLOGY_LINE_LIST] = 2,
      [VK_PRIMITIVE_TOPOLOGY_LINE_STRIP] = 3, [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST] = 4,
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP] = 5, [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN] = 6,
      [VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY] = 9,
      [VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY] = 10,
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY] = 11,
      [VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY] = 12,
   };
   if (t == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
      /* 3DPRIM_PATCHLIST_1..32: 0x20 + control points - 1 */
      if (!patch_points || patch_points > 32)
         return false;
      *out = 0x1f + patch_points;
      return true;
   }
   if ((unsigned)t >= sizeof(prims) || !prims[t])
      return false;
   *out = prims[t];
   return true;
}

/* One face's VkStencilOpState operations (the masks and reference are
 * states of their own). */
struct gvk_stencil_ops {
   VkStencilOp fail, pass, depth_fail;
   VkCompareOp compare;
};

/* State a draw packs from the pipeline and the command buffer's dynamic
 * state together (viewports, scissors, colour calculator, depth/stencil). */
struct gvk_gfx_dynamic {
   uint32_t viewport_count, scissor_count;
   VkViewport viewports[GVK_MAX_VIEWPORTS];
   VkRect2D scissors[GVK_MAX_VIEWPORTS];
   float blend_constants[4];
   uint32_t stencil_compare[2], stencil_write[2], stencil_reference[2]; /* front, back */
   float depth_bias_constant, depth_bias_clamp, depth_bias_slope;
   float line_width;
   VkCullModeFlags cull_mode;
   VkFrontFace front_face;
   VkPrimitiveTopology topology;
   bool primitive_restart, rasterizer_discard, depth_bias_enable;
   bool depth_test, depth_write, stencil_test;
   VkCompareOp depth_compare;
   struct gvk_stencil_ops stencil_ops[2];  /* front, back */
   VkLogicOp logic_op;
};

/* The graphics part of a pipeline.  `batch` holds every packet that only
 * the pipeline decides (vertex elements, VS, SBE, PS, raster, ... and the
 * URB allocation), emitted as it is when the pipeline is bound; `blend`
 * is the BLEND_STATE a draw copies into state memory; the depth/stencil
 * and colour-calculator fields are packed at draw time with the dynamic
 * state. */
/* The graphics stages in pipeline order. */
enum gvk_gfx_stage {
   GVK_GFX_VS, GVK_GFX_TCS, GVK_GFX_TES, GVK_GFX_GS, GVK_GFX_FS,
   GVK_GFX_STAGES,
};

struct gvk_gfx_pipeline {
   struct gvk_shader *vs;
   struct gvk_shader *tcs, *tes, *gs;     /* NULL when the pipeline has none */
   struct gvk_shader *fs[3];              /* SIMD8, SIMD16, SIMD32 (16, 32 may be NULL) */
   /* the VUE the clipper, SF, SBE and stream output read: the last
    * pre-rasterization stage's outputs */
   const struct gbe_vue_map *last_vue;
   uint32_t *batch;
   uint32_t batch_dwords;
   uint32_t blend[1 + 2 * GVK_MAX_COLOR_ATTACHMENTS];
   /* 3DSTATE_RASTER (5 dwords on Gen8-12) without the depth offsets, cull
    * mode, front winding and depth offset enables, which the draw packs
    * from the dynamic state */
   uint32_t raster[5];
   /* 3DSTATE_CLIP (4 dwords on Gen8-12) without the clip mode (rasterizer
    * discard rejects every primitive), likewise */
   uint32_t clip[4];
   /* 3DSTATE_SF (4 dwords on Gen8-12) without the line width, which the
    * draw packs from the dynamic state */
   uint32_t sf[4];
   /* depthClampEnable: CC_VIEWPORT clamps to the viewport's depth range
    * rather than [0, 1] (genX_cmd_draw.c) */
   bool depth_clamp;
   uint32_t blend_dwords;
   uint32_t vb_stride[GVK_MAX_VERTEX_BINDINGS];
   uint32_t vb_used;                      /* bit b: binding b is read */
   uint32_t patch_points;                 /* of a PATCH_LIST topology */
   bool uses_draw_params, uses_draw_id;
   uint32_t dynamic;                      /* enum gvk_dynamic */
   struct gvk_gfx_dynamic state;          /* the static values */
   /* the attachments the pipeline is made for: depth and stencil tests
    * run only against those (spec: without one the test passes and
    * nothing is written) */
   bool has_depth, has_stencil;
   /* 3DSTATE_PUSH_CONSTANT_ALLOC sizes in KB, laid out VS, HS, DS, GS, PS
    * (0 for a stage without push constants) */
   uint32_t push_kb_vs, push_kb_hs, push_kb_ds, push_kb_gs, push_kb_ps;
   /* each stage's 3DSTATE_CONSTANT_xS read length (GRFs; FS unused) */
   uint32_t push_regs[GVK_GFX_STAGES];
};

GVK_DEFINE_HANDLE_CASTS(gvk_shader_module, VkShaderModule)
GVK_DEFINE_HANDLE_CASTS(gvk_pipeline, VkPipeline)
GVK_DEFINE_HANDLE_CASTS(gvk_pipeline_cache, VkPipelineCache)

/* Compiles (or finds in the cache; cache may be NULL) the kernel of one
 * stage: SPIR-V -> src/spirv -> src/ir -> src/compiler, uploads it and
 * returns it with a reference.  layout may be NULL for the driver's own
 * kernels (then runtime descriptor arrays take GBE_RUNTIME_ARRAY_DEFAULT
 * entries).  A module the front end or back end rejects fails with
 * VK_ERROR_UNKNOWN and a log line naming the reason (spec "Return Codes":
 * an error not attributable to valid application and implementation
 * behaviour; vkCreateComputePipelines lists no code for it in 1.0). */
VkResult gvk_shader_compile(struct gvk_device *device,
                            struct gvk_pipeline_cache *cache,
                            const struct gvk_shader_stage *stage,
                            const struct gvk_pipeline_layout *layout,
                            struct gvk_shader **out);
struct gvk_shader *gvk_shader_ref(struct gvk_shader *shader);
void gvk_shader_unref(struct gvk_device *device, struct gvk_shader *shader);
/* A shader made from a kernel, not placed yet: takes the kernel's code
 * (allocated with the device's allocator; NULL for none).  NULL when
 * allocation fails.  gvk_shader_object.c, with ref, unref and read_code. */
struct gvk_shader *gvk_shader_create(struct gvk_device *device,
                                     const uint8_t key[20],
                                     const struct gbe_kernel *kernel);
/* Releases what placing the shader took (gvk_shader.c): called by
 * gvk_shader_unref for an uploaded shader. */
void gvk_shader_unplace(struct gvk_device *device, struct gvk_shader *shader);
/* Copies the kernel's code (kernel.code_size bytes) to dst: from host
 * memory before upload, from the heap after. */
void gvk_shader_read_code(struct gvk_device *device, struct gvk_shader *shader,
                          void *dst);

/* The CURBE of one dispatch of p (p->curbe_size bytes at out): the
 * cross-thread constants (push constants from byte 0, then NumWorkgroups
 * at cs.sysval_offset[GBE_CS_NUM_WORKGROUPS] when the kernel reads it)
 * once, then each hardware thread's local invocation ids; Gen7 has no
 * cross-thread constants, so there each thread's block repeats them
 * before its ids.  For an indirect dispatch the command buffer writes
 * NumWorkgroups itself at gvk_compute_curbe_num_workgroups() offsets. */
void gvk_compute_curbe_fill(const struct gvk_device *device,
                            const struct gvk_pipeline *p, const void *push,
                            const uint32_t num_workgroups[3], void *out);
/* Byte offsets in the CURBE where NumWorkgroups (3 dwords) goes: one, or
 * on Gen7 one per thread; *count 0 when the kernel does not read it.
 * Returns at most max offsets. */
void gvk_compute_curbe_num_workgroups(const struct gvk_device *device,
                                      const struct gvk_pipeline *p,
                                      uint32_t *offsets, uint32_t max,
                                      uint32_t *count);

/* Releases p->gfx (gvk_gfx_pipeline.c); nothing for a compute pipeline. */
void gvk_gfx_pipeline_finish(struct gvk_device *device, struct gvk_pipeline *p);

/* A compute pipeline of the driver's own (copies, fills): built from
 * SPIR-V generated at build time, destroyed with the device. */
VkResult gvk_internal_compute_pipeline(struct gvk_device *device,
                                       const uint32_t *words, size_t word_count,
                                       struct gvk_pipeline **out);
/* vkCreate*Pipelines: creates count pipelines from infos (info_size bytes
 * apart) with create, by the rules of "Multiple Pipeline Creation". */
typedef VkResult gvk_create_pipeline_fn(struct gvk_device *device,
                                        struct gvk_pipeline_cache *cache, const void *info,
                                        const VkAllocationCallbacks *alloc, VkPipeline *out);
VkResult gvk_create_pipelines(VkDevice device, VkPipelineCache cache, uint32_t count,
                              const void *infos, size_t info_size,
                              gvk_create_pipeline_fn *create,
                              const VkAllocationCallbacks *alloc, VkPipeline *out);
/* VK_EXT_pipeline_creation_feedback: gvk_shader_compile reports each
 * kernel of a stage (several for a SIMD8 and SIMD16 fragment shader): the
 * time it took, and whether the application's pipeline cache gave it.
 * Counted for the pipeline gvk_create_pipelines is creating on this
 * thread, when its create info asks for feedback. */
void gvk_pipeline_feedback_kernel(VkShaderStageFlagBits stage, bool app_cache_hit,
                                  uint64_t ns);
uint64_t gvk_now_ns(void);
/* VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT in effect:
 * only a cached kernel may be used. */
bool gvk_pipeline_cache_only(const struct gvk_device *device, VkPipelineCreateFlags flags);
void gvk_pipeline_destroy(struct gvk_device *device, struct gvk_pipeline *p,
                          const VkAllocationCallbacks *alloc);

/* Pipeline caches (gvk_pipeline_cache.c).  Lookups and insertions are
 * thread-safe. */
/* The shader with this key, referenced, or NULL. */
struct gvk_shader *gvk_pipeline_cache_lookup(struct gvk_pipeline_cache *cache,
                                             const uint8_t key[20]);
/* Adds shader (the cache takes a reference of its own) and returns the
 * shader to use: the one already cached under the same key if another
 * thread added it first (then shader is released and that one is
 * returned referenced), else shader.  When the cache cannot grow, the
 * shader is simply not cached. */
struct gvk_shader *gvk_pipeline_cache_insert(struct gvk_device *device,
                                             struct gvk_pipeline_cache *cache,
                                             struct gvk_shader *shader);
/* device->default_cache, made and destroyed with the device. */
VkResult gvk_pipeline_cache_create_default(struct gvk_device *device);
void gvk_pipeline_cache_destroy_default(struct gvk_device *device);

/* Per-generation parts (genX_pipeline.c), one table per generation. */
struct gvk_genx_pipeline {
   void (*compute_pipeline_emit)(struct gvk_device *device,
                                 struct gvk_pipeline *p);
   /* Scratch slots the device's threads index (FFTID): the scratch object
    * of a kernel is per-thread size times this. */
   uint32_t (*scratch_slots)(const struct gvk_physical_device *pdev);
   /* MEDIA_VFE_STATE Per Thread Scratch Space of a per-thread size the
    * generation can encode (scratch_min..scratch_max, a power of two). */
   uint32_t (*scratch_space)(uint32_t per_thread_bytes);
   uint32_t scratch_min, scratch_max;
   /* Cross-thread constants are loaded once (Gen7.5+) or per thread */
   bool cross_thread_constants;
};

const struct gvk_genx_pipeline *gvk_genx_pipeline(unsigned verx10);

/* genX_gfx_pipeline.c (Gen8+): packs p->gfx's static packets and blend
 * state from info; VK_SUCCESS or a failure logged with its reason. */
VkResult gfx80_gfx_pipeline_emit(struct gvk_device *device, struct gvk_pipeline *p,
                                 const VkGraphicsPipelineCreateInfo *info);
VkResult gfx90_gfx_pipeline_emit(struct gvk_device *device, struct gvk_pipeline *p,
                                 const VkGraphicsPipelineCreateInfo *info);
VkResult gfx110_gfx_pipeline_emit(struct gvk_device *device, struct gvk_pipeline *p,
                                  const VkGraphicsPipelineCreateInfo *info);
VkResult gfx120_gfx_pipeline_emit(struct gvk_device *device, struct gvk_pipeline *p,
                                  const VkGraphicsPipelineCreateInfo *info);

/* genX_gfx_tess.c (Gen8+): packs 3DSTATE_HS, 3DSTATE_TE and 3DSTATE_DS of
 * a pipeline with g->tcs and g->tes into dw, the stages' scratch (Per
 * Thread Scratch Space, base) given for HS and DS; returns the dwords
 * written (GVK_TESS_PACK_DWORDS at most). */
#define GVK_TESS_PACK_DWORDS 32
#define GVK_TESS_PACK_DECL(gen)                                              \
   uint32_t gen##_gfx_tess_pack(const struct gvk_device *device,            \
                                const struct gvk_gfx_pipeline *g,           \
                                const VkGraphicsPipelineCreateInfo *info,   \
                                const uint32_t scratch_space[2],            \
                                const uint64_t scratch_base[2], uint32_t *dw)
GVK_TESS_PACK_DECL(gfx80);
GVK_TESS_PACK_DECL(gfx90);
GVK_TESS_PACK_DECL(gfx110);
GVK_TESS_PACK_DECL(gfx120);

extern const struct gvk_genx_pipeline gfx70_pipeline, gfx75_pipeline,
   gfx80_pipeline, gfx90_pipeline, gfx110_pipeline, gfx120_pipeline;

#endif
