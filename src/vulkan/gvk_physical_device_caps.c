/* What a physical device reports: its device extensions, features and
 * properties, limited to what genvk does today (compute only; the back
 * end's abilities per generation are in src/compiler/README.md).  Each
 * answer is filled once into the Vulkan 1.1/1.2/1.3 aggregate structures,
 * and the extension structures copy their members from those, so that
 * every query of the same fact agrees. */
#include <stdio.h>
#include <string.h>

#include "gvk_descriptor.h"
#include "gvk_image.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "macros.h"

/* ---- extensions ---- */

/* The device extensions genvk exposes (the only list of them), with the
 * first generation that has each.  VK_KHR_variable_pointers is absent:
 * it needs front-end support genvk lacks. */
static const struct {
   enum gvk_extension ext;
   unsigned min_verx10;
} device_extensions[] = {
   { GVK_EXT_KHR_16bit_storage, 70 },
   { GVK_EXT_KHR_8bit_storage, 70 },
   { GVK_EXT_KHR_bind_memory2, 70 },
   { GVK_EXT_KHR_copy_commands2, 70 },
   /* A64 messages exist from Broadwell (no physical pointers on Gen7). */
   { GVK_EXT_KHR_buffer_device_address, 80 },
   { GVK_EXT_KHR_dedicated_allocation, 70 },
   /* depth and stencil resolve attachments: meta kernels at the end of
    * the subpass or rendering (gvk_cmd_resolve.c); Gen7 renders nothing */
   { GVK_EXT_KHR_depth_stencil_resolve, 80 },
   /* MI_PREDICATE per draw against the count (genX_cmd_draw.c); Gen7/7.5
    * have no graphics pipelines */
   { GVK_EXT_KHR_draw_indirect_count, 80 },
   { GVK_EXT_KHR_descriptor_update_template, 70 },
   { GVK_EXT_KHR_get_memory_requirements2, 70 },
   { GVK_EXT_KHR_maintenance1, 70 },
   { GVK_EXT_KHR_maintenance2, 70 },
   { GVK_EXT_KHR_maintenance3, 70 },
   { GVK_EXT_KHR_push_descriptor, 70 },
   /* TCM_MIRROR_ONCE on every generation (genX_sampler.c) */
   { GVK_EXT_KHR_sampler_mirror_clamp_to_edge, 70 },
   /* storage buffers only: the back end's 64-bit atomics (A64 int64
    * messages) start at Gen9, and shared memory has none before LSC */
   { GVK_EXT_KHR_shader_atomic_int64, 90 },
   { GVK_EXT_KHR_shader_float16_int8, 70 },
   /* Gen7 keeps no single-precision denormals (as Mesa's hasvk, which
    * exposes the extension from Broadwell). */
   { GVK_EXT_KHR_shader_float_controls, 80 },
   { GVK_EXT_KHR_shader_non_semantic_info, 70 },
   { GVK_EXT_KHR_storage_buffer_storage_class, 70 },
   { GVK_EXT_KHR_synchronization2, 70 },
   { GVK_EXT_KHR_timeline_semaphore, 70 },
   { GVK_EXT_KHR_uniform_buffer_standard_layout, 70 },
   /* The graphics extensions below need graphics pipelines (Gen8+):
    * the near/far clip test of 3DSTATE_RASTER, Instance Data Step Rate
    * (any divisor, 0 included: the VF then never steps), INDEX_BYTE
    * (genX_gfx_pipeline.c, genX_cmd_draw.c). */
   { GVK_EXT_EXT_depth_clip_enable, 80 },
   { GVK_EXT_EXT_vertex_attribute_divisor, 80 },
   { GVK_EXT_EXT_index_type_uint8, 80 },
   /* the states they make dynamic are packed at draw time
    * (genX_cmd_draw.c), the logic op too (BLEND_STATE);
    * extendedDynamicState2PatchControlPoints is not supported */
   { GVK_EXT_EXT_extended_dynamic_state, 80 },
   { GVK_EXT_EXT_extended_dynamic_state2, 80 },
   /* 3DSTATE_STREAMOUT and the SO buffers (genX_gfx_xfb.c) */
   { GVK_EXT_EXT_transform_feedback, 80 },
   /* the render target write's oS and 3DSTATE_PS_EXTRA Pixel Shader
    * Computes Stencil, which Skylake added (gbe_fs.c) */
   { GVK_EXT_EXT_shader_stencil_export, 90 },
   { GVK_EXT_EXT_host_query_reset, 70 },
   { GVK_EXT_EXT_memory_budget, 70 },
   { GVK_EXT_EXT_scalar_block_layout, 70 },
   { GVK_EXT_EXT_subgroup_size_control, 70 },
   /* Vulkan 1.2 (Gen8+ report it; gvk_physical_device.c).  Image layouts
    * are no-ops in genvk (no compression, no HiZ), so the separate
    * depth/stencil layouts need nothing; render pass 2, imageless
    * framebuffers and dynamic rendering are gvk_render_pass.c. */
   { GVK_EXT_KHR_create_renderpass2, 80 },
   { GVK_EXT_KHR_imageless_framebuffer, 80 },
   { GVK_EXT_KHR_dynamic_rendering, 80 },
   /* each draw replayed per view, the vertex stage writing the view's
    * layer (genX_cmd_draw.c, gbe_vs.c) */
   { GVK_EXT_KHR_multiview, 80 },
   { GVK_EXT_KHR_separate_depth_stencil_layouts, 80 },
   { GVK_EXT_KHR_driver_properties, 70 },
   /* view formats are taken as they come: nothing is compressed */
   { GVK_EXT_KHR_image_format_list, 70 },
   /* the stencil aspect's usage in views and format queries (gvk_image.c,
    * gvk_image_view.c, gvk_format.c) */
   { GVK_EXT_EXT_separate_stencil_usage, 70 },
   /* subgroup operations of any integer or float width: 64-bit values and
    * 16-bit floats fold lane by lane (spirv_subgroup.c) */
   { GVK_EXT_KHR_shader_subgroup_extended_types, 70 },
   /* SPIR-V 1.4/1.5 modules (src/spirv); the extension requires
    * VK_KHR_shader_float_controls, which starts at Gen8 */
   { GVK_EXT_KHR_spirv_1_4, 80 },
   /* Vulkan 1.3 extensions.  No tool in the driver (count 0); private
    * data on every object (gvk_private_data.c); creation feedback timed
    * around each stage's kernels, a cache hit when the application's
    * cache gave them all (gvk_shader.c) */
   { GVK_EXT_EXT_tooling_info, 70 },
   { GVK_EXT_EXT_private_data, 70 },
   { GVK_EXT_EXT_pipeline_creation_feedback, 70 },
   /* OpTerminateInvocation is OpKill's discard, OpDemoteToHelperInvocation
    * the back end's demote (src/spirv); fragment shaders start at Gen8 */
   { GVK_EXT_KHR_shader_terminate_invocation, 80 },
   { GVK_EXT_EXT_shader_demote_to_helper_invocation, 80 },
   /* Workgroup variables' null initialisers stored at entry, then a
    * workgroup barrier (src/spirv init_entry) */
   { GVK_EXT_KHR_zero_initialize_workgroup_memory, 70 },
   /* SAMPLER_STATE Reduction Type (genX_sampler.c), which Skylake added */
   { GVK_EXT_EXT_sampler_filter_minmax, 90 },
   /* robustImageAccess: the data port's Surface Boundary Checking reads
    * 0 and drops writes outside a typed surface, the sampler's ld reads 0
    * outside the view's levels and layers (surface states of the view's
    * extent: gvk_image_view.c) */
   { GVK_EXT_EXT_image_robustness, 70 },
   /* VkFormatProperties3 from the table VkFormatProperties comes from
    * (gvk_format.c), with the bits only VkFormatFeatureFlags2 holds */
   { GVK_EXT_KHR_format_feature_flags2, 70 },
   /* the 16-byte texel buffer offset alignment of the limits, without the
    * single-texel relaxation (gvk_buffer.c's views) */
   { GVK_EXT_EXT_texel_buffer_alignment, 70 },
};

/* MEMORY_OBJECT_CONTROL_STATE for the driver's surfaces and buffers:
 * cached in L3 and the LLC (write-back).  Gen7: L3 cacheable, LLC as the
 * page tables say; Haswell: L3 + LLC/eLLC write-back; Broadwell: WB, LLC
 * and eLLC, age 3; Gen9+: the index of the kernel's MOCS table entry for
 * write-back everywhere (index 2, the field holds index << 1). */
static const struct {
   unsigned verx10;
   uint32_t mocs;
} gen_mocs[] = {
   { 70, 0x1 }, { 75, 0x5 }, { 80, 0x78 }, { 90, 2 << 1 }, { 110, 2 << 1 },
   { 120, 2 << 1 },
};

void
gvk_physical_device_init_caps(struct gvk_physical_device *pdev)
{
   for (size_t i = 0; i < ARRAY_SIZE(device_extensions); i++)
      pdev->supported.has[device_extensions[i].ext] =
         pdev->info.verx10 >= device_extensions[i].min_verx10;
   for (size_t i = 0; i < ARRAY_SIZE(gen_mocs); i++) {
      if (gen_mocs[i].verx10 == pdev->info.verx10)
         pdev->mocs = gen_mocs[i].mocs;
   }
}

/* ---- features ---- */

static bool
has_64bit_floats(const struct gvk_physical_device *pdev)
{
   /* DF arithmetic: Ivy Bridge (its pair form) to Skylake; Gen11/Gen12LP
    * have none (src/compiler/README.md "64-bit values").  Mesa's hasvk
    * reports no shaderFloat64 on Ivy Bridge or Haswell: it does not
    * emulate what DF lacks (division, square root), which the back end
    * does with integer sequences. */
   return pdev->info.verx10 <= 90;
}

/* Vulkan "Features": the formats shaderStorageImageExtendedFormats
 * promises as storage images. */
static bool
has_extended_storage_formats(const struct gvk_physical_device *pdev)
{
   static const VkFormat formats[] = {
      VK_FORMAT_R16G16_SFLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, VK_FORMAT_R16_SFLOAT,
      VK_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32,
      VK_FORMAT_R16G16_UNORM, VK_FORMAT_R8G8_UNORM, VK_FORMAT_R16_UNORM, VK_FORMAT_R8_UNORM,
      VK_FORMAT_R16G16B16A16_SNORM, VK_FORMAT_R16G16_SNORM, VK_FORMAT_R8G8_SNORM,
      VK_FORMAT_R16_SNORM, VK_FORMAT_R8_SNORM, VK_FORMAT_R16G16_SINT, VK_FORMAT_R8G8_SINT,
      VK_FORMAT_R16_SINT, VK_FORMAT_R8_SINT, VK_FORMAT_A2B10G10R10_UINT_PACK32,
      VK_FORMAT_R16G16_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R16_UINT, VK_FORMAT_R8_UINT,
   };
   for (size_t i = 0; i < ARRAY_SIZE(formats); i++) {
      if (!(gvk_format_features(pdev, formats[i], GVK_FORMAT_IMAGE) &
            VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT))
         return false;
   }
   return true;
}

/* Vulkan "Features", textureCompressionBC: every BC format samples,
 * filters linearly and is a blit source in optimal tiling. */
static bool
has_bc_formats(const struct gvk_physical_device *pdev)
{
   const VkFormatFeatureFlags2 need = VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
                                      VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
                                      VK_FORMAT_FEATURE_2_BLIT_SRC_BIT;
   for (VkFormat f = VK_FORMAT_BC1_RGB_UNORM_BLOCK; f <= VK_FORMAT_BC7_SRGB_BLOCK; f++) {
      if ((gvk_format_features(pdev, f, GVK_FORMAT_IMAGE) & need) != need)
         return false;
   }
   return true;
}

/* Reads without a declared format need the data port to convert every
 * storage format. */
static bool
reads_every_storage_format(const struct gvk_physical_device *pdev)
{
   for (unsigned i = 0; isl_vk_format_at(i); i++) {
      VkFormatFeatureFlags2 f = gvk_format_features(pdev, isl_vk_format_at(i)->vk_format,
                                                    GVK_FORMAT_IMAGE);
      if ((f & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT) &&
          !(f & VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT))
         return false;
   }
   return true;
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceFeatures(VkPhysicalDevice physicalDevice,
                              VkPhysicalDeviceFeatures *pFeatures)
{
   const struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   /* No graphics, no sparse resources yet.  Sampling: cube-array views
    * are SURFTYPE_CUBE surfaces of several cubes, gathers with offsets
    * beyond [-8, 7] the gather4_po message, anisotropic filtering
    * MAPFILTER_ANISOTROPIC (genX_sampler.c). */
   *pFeatures = (VkPhysicalDeviceFeatures){
      .imageCubeArray = VK_TRUE,
      .shaderImageGatherExtended = VK_TRUE,
      .samplerAnisotropy = VK_TRUE,
      .textureCompressionBC = has_bc_formats(pdev),
      .shaderStorageImageExtendedFormats = has_extended_storage_formats(pdev),
      .shaderStorageImageReadWithoutFormat = reads_every_storage_format(pdev),
      .shaderStorageImageWriteWithoutFormat = VK_TRUE,
      /* descriptor arrays: gbe_isel_surface.c, any index */
      .shaderUniformBufferArrayDynamicIndexing = VK_TRUE,
      .shaderStorageBufferArrayDynamicIndexing = VK_TRUE,
      .shaderStorageImageArrayDynamicIndexing = VK_TRUE,
      .shaderFloat64 = has_64bit_floats(pdev),
      .shaderInt64 = VK_TRUE,
      .shaderInt16 = VK_TRUE,
      .pipelineStatisticsQuery = VK_TRUE,
      /* Gen8+ draws (genX_cmd_draw.c): the indirect command's
       * firstInstance is loaded into 3DPRIM_START_INSTANCE and the draw
       * parameters, and vertex shaders store to buffers (test_draw) */
      .drawIndirectFirstInstance = pdev->info.verx10 >= 80,
      .multiDrawIndirect = pdev->info.verx10 >= 80,
      /* BLEND_STATE entries per render target, their logic ops, and
       * 3DSTATE_RASTER fill modes (genX_gfx_pipeline.c) */
      .independentBlend = pdev->info.verx10 >= 80,
      /* SIMD8 dual-source render target writes and the SRC1 blend
       * factors (gbe_fs.c, genX_gfx_pipeline.c) */
      .dualSrcBlend = pdev->info.verx10 >= 80,
      .logicOp = pdev->info.verx10 >= 80,
      .fillModeNonSolid = pdev->info.verx10 >= 80,
      /* 3DSTATE_RASTER's near/far clip tests off and CC_VIEWPORT's clamp,
       * Global Depth Offset Clamp, 3DSTATE_SF's line width, the VUE
       * header's point width, 3DSTATE_VS/CLIP's clip and cull distance
       * test masks (genX_gfx_pipeline.c, genX_cmd_draw.c) */
      .depthClamp = pdev->info.verx10 >= 80,
      .depthBiasClamp = pdev->info.verx10 >= 80,
      .wideLines = pdev->info.verx10 >= 80,
      .largePoints = pdev->info.verx10 >= 80,
      .shaderClipDistance = pdev->info.verx10 >= 80,
      .shaderCullDistance = pdev->info.verx10 >= 80,
      .vertexPipelineStoresAndAtomics = pdev->info.verx10 >= 80,
      /* per-sample dispatch (3DSTATE_PS_EXTRA, genX_gfx_pipeline.c) */
      .sampleRateShading = pdev->info.verx10 >= 80,
      /* the hull and domain shaders, the TE (gbe_tcs.c, gbe_tes.c,
       * genX_gfx_tess.c); a domain shader's VUE header carries the point
       * size as a vertex shader's does */
      .tessellationShader = pdev->info.verx10 >= 80,
      /* SIMD8 geometry shaders (gbe_gs.c, 3DSTATE_GS in
       * genX_gfx_pipeline.c) */
      .geometryShader = pdev->info.verx10 >= 80,
      .shaderTessellationAndGeometryPointSize = pdev->info.verx10 >= 80,
   };
}

static void
vk11_features(const struct gvk_physical_device *pdev, VkPhysicalDeviceVulkan11Features *f)
{
   *f = (VkPhysicalDeviceVulkan11Features){
      /* the draw-parameter vertex elements (genX_gfx_pipeline.c) */
      .shaderDrawParameters = pdev->info.verx10 >= 80,
      /* vertex-stage pipelines only: no multiviewGeometryShader or
       * multiviewTessellationShader (gvk_gfx_pipeline.c) */
      .multiview = pdev->info.verx10 >= 80,
      .storageBuffer16BitAccess = VK_TRUE,
      .uniformAndStorageBuffer16BitAccess = VK_TRUE,
      .storagePushConstant16 = VK_TRUE,
   };
}

static void
vk12_features(const struct gvk_physical_device *pdev, VkPhysicalDeviceVulkan12Features *f)
{
   bool bda = pdev->supported.has[GVK_EXT_KHR_buffer_device_address];
   bool int64_atomics = pdev->supported.has[GVK_EXT_KHR_shader_atomic_int64];
   *f = (VkPhysicalDeviceVulkan12Features){
      .storageBuffer8BitAccess = VK_TRUE,
      .uniformAndStorageBuffer8BitAccess = VK_TRUE,
      .storagePushConstant8 = VK_TRUE,
      .shaderBufferInt64Atomics = int64_atomics,
      .shaderFloat16 = VK_TRUE,
      .shaderInt8 = VK_TRUE,
      .scalarBlockLayout = VK_TRUE,
      .uniformBufferStandardLayout = VK_TRUE,
      .hostQueryReset = VK_TRUE,
      .timelineSemaphore = VK_TRUE,
      .bufferDeviceAddress = bda,
      .samplerMirrorClampToEdge = VK_TRUE,
      .samplerFilterMinmax = pdev->supported.has[GVK_EXT_EXT_sampler_filter_minmax],
      .imagelessFramebuffer = pdev->supported.has[GVK_EXT_KHR_imageless_framebuffer],
      .separateDepthStencilLayouts =
         pdev->supported.has[GVK_EXT_KHR_separate_depth_stencil_layouts],
      .shaderSubgroupExtendedTypes =
         pdev->supported.has[GVK_EXT_KHR_shader_subgroup_extended_types],
      /* the lane index of a broadcast is a run-time shuffle operand
       * (gbe_isel_subgroup.c); Vulkan 1.2 requires it */
      .subgroupBroadcastDynamicId = VK_TRUE,
      .drawIndirectCount = pdev->supported.has[GVK_EXT_KHR_draw_indirect_count],
   };
}

static void
vk13_features(const struct gvk_physical_device *pdev, VkPhysicalDeviceVulkan13Features *f)
{
   (void)pdev;
   *f = (VkPhysicalDeviceVulkan13Features){
      .subgroupSizeControl = VK_TRUE,
      .computeFullSubgroups = VK_TRUE,
      .synchronization2 = VK_TRUE,
      .dynamicRendering = pdev->supported.has[GVK_EXT_KHR_dynamic_rendering],
      .privateData = pdev->supported.has[GVK_EXT_EXT_private_data],
      .robustImageAccess = pdev->supported.has[GVK_EXT_EXT_image_robustness],
      .shaderZeroInitializeWorkgroupMemory =
         pdev->supported.has[GVK_EXT_KHR_zero_initialize_workgroup_memory],
      .shaderTerminateInvocation =
         pdev->supported.has[GVK_EXT_KHR_shader_terminate_invocation],
      .shaderDemoteToHelperInvocation =
         pdev->supported.has[GVK_EXT_EXT_shader_demote_to_helper_invocation],
   };
}

struct all_features {
   VkPhysicalDeviceVulkan11Features v11;
   VkPhysicalDeviceVulkan12Features v12;
   VkPhysicalDeviceVulkan13Features v13;
   /* an extension no aggregate holds has its features where it is
    * supported */
   const struct gvk_extension_set *ext;
};

/* Copies what an extension (or aggregate) structure asks from the
 * aggregates; a structure genvk does not know is left as is. */
static void
fill_feature_struct(const struct all_features *a, VkBaseOutStructure *s)
{
   void *next = s->pNext;
   switch (s->sType) {
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES:
      *(VkPhysicalDeviceVulkan11Features *)s = a->v11;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES:
      *(VkPhysicalDeviceVulkan12Features *)s = a->v12;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES:
      *(VkPhysicalDeviceVulkan13Features *)s = a->v13;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES: {
      VkPhysicalDevice16BitStorageFeatures *f = (void *)s;
      f->storageBuffer16BitAccess = a->v11.storageBuffer16BitAccess;
      f->uniformAndStorageBuffer16BitAccess = a->v11.uniformAndStorageBuffer16BitAccess;
      f->storagePushConstant16 = a->v11.storagePushConstant16;
      f->storageInputOutput16 = a->v11.storageInputOutput16;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES: {
      VkPhysicalDeviceMultiviewFeatures *f = (void *)s;
      f->multiview = a->v11.multiview;
      f->multiviewGeometryShader = a->v11.multiviewGeometryShader;
      f->multiviewTessellationShader = a->v11.multiviewTessellationShader;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES: {
      VkPhysicalDeviceShaderDrawParametersFeatures *f = (void *)s;
      f->shaderDrawParameters = a->v11.shaderDrawParameters;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES: {
      VkPhysicalDevice8BitStorageFeatures *f = (void *)s;
      f->storageBuffer8BitAccess = a->v12.storageBuffer8BitAccess;
      f->uniformAndStorageBuffer8BitAccess = a->v12.uniformAndStorageBuffer8BitAccess;
      f->storagePushConstant8 = a->v12.storagePushConstant8;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES: {
      VkPhysicalDeviceShaderAtomicInt64Features *f = (void *)s;
      f->shaderBufferInt64Atomics = a->v12.shaderBufferInt64Atomics;
      f->shaderSharedInt64Atomics = a->v12.shaderSharedInt64Atomics;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES: {
      VkPhysicalDeviceShaderFloat16Int8Features *f = (void *)s;
      f->shaderFloat16 = a->v12.shaderFloat16;
      f->shaderInt8 = a->v12.shaderInt8;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES:
      ((VkPhysicalDeviceTimelineSemaphoreFeatures *)s)->timelineSemaphore =
         a->v12.timelineSemaphore;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES:
      ((VkPhysicalDeviceHostQueryResetFeatures *)s)->hostQueryReset = a->v12.hostQueryReset;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES:
      ((VkPhysicalDeviceScalarBlockLayoutFeatures *)s)->scalarBlockLayout =
         a->v12.scalarBlockLayout;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_UNIFORM_BUFFER_STANDARD_LAYOUT_FEATURES:
      ((VkPhysicalDeviceUniformBufferStandardLayoutFeatures *)s)->uniformBufferStandardLayout =
         a->v12.uniformBufferStandardLayout;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES: {
      VkPhysicalDeviceBufferDeviceAddressFeatures *f = (void *)s;
      f->bufferDeviceAddress = a->v12.bufferDeviceAddress;
      f->bufferDeviceAddressCaptureReplay = a->v12.bufferDeviceAddressCaptureReplay;
      f->bufferDeviceAddressMultiDevice = a->v12.bufferDeviceAddressMultiDevice;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES: {
      VkPhysicalDeviceSubgroupSizeControlFeatures *f = (void *)s;
      f->subgroupSizeControl = a->v13.subgroupSizeControl;
      f->computeFullSubgroups = a->v13.computeFullSubgroups;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGELESS_FRAMEBUFFER_FEATURES:
      ((VkPhysicalDeviceImagelessFramebufferFeatures *)s)->imagelessFramebuffer =
         a->v12.imagelessFramebuffer;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SEPARATE_DEPTH_STENCIL_LAYOUTS_FEATURES:
      ((VkPhysicalDeviceSeparateDepthStencilLayoutsFeatures *)s)->separateDepthStencilLayouts =
         a->v12.separateDepthStencilLayouts;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES:
      ((VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures *)s)->shaderSubgroupExtendedTypes =
         a->v12.shaderSubgroupExtendedTypes;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES:
      ((VkPhysicalDeviceDynamicRenderingFeatures *)s)->dynamicRendering =
         a->v13.dynamicRendering;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES:
      ((VkPhysicalDeviceSynchronization2Features *)s)->synchronization2 =
         a->v13.synchronization2;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_FEATURES_EXT:
      ((VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT *)s)->texelBufferAlignment =
         a->ext->has[GVK_EXT_EXT_texel_buffer_alignment];
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES:
      ((VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures *)s)
         ->shaderZeroInitializeWorkgroupMemory = a->v13.shaderZeroInitializeWorkgroupMemory;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES:
      ((VkPhysicalDeviceImageRobustnessFeatures *)s)->robustImageAccess =
         a->v13.robustImageAccess;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES:
      ((VkPhysicalDevicePrivateDataFeatures *)s)->privateData = a->v13.privateData;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES:
      ((VkPhysicalDeviceShaderTerminateInvocationFeatures *)s)->shaderTerminateInvocation =
         a->v13.shaderTerminateInvocation;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES:
      ((VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures *)s)
         ->shaderDemoteToHelperInvocation = a->v13.shaderDemoteToHelperInvocation;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT: {
      VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT *f = (void *)s;
      f->vertexAttributeInstanceRateDivisor = a->ext->has[GVK_EXT_EXT_vertex_attribute_divisor];
      f->vertexAttributeInstanceRateZeroDivisor = f->vertexAttributeInstanceRateDivisor;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT:
      ((VkPhysicalDeviceIndexTypeUint8FeaturesEXT *)s)->indexTypeUint8 =
         a->ext->has[GVK_EXT_EXT_index_type_uint8];
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT:
      ((VkPhysicalDeviceExtendedDynamicStateFeaturesEXT *)s)->extendedDynamicState =
         a->ext->has[GVK_EXT_EXT_extended_dynamic_state];
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT: {
      VkPhysicalDeviceExtendedDynamicState2FeaturesEXT *f = (void *)s;
      f->extendedDynamicState2 = a->ext->has[GVK_EXT_EXT_extended_dynamic_state2];
      f->extendedDynamicState2LogicOp = a->ext->has[GVK_EXT_EXT_extended_dynamic_state2];
      f->extendedDynamicState2PatchControlPoints = false;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT:
      ((VkPhysicalDeviceDepthClipEnableFeaturesEXT *)s)->depthClipEnable =
         a->ext->has[GVK_EXT_EXT_depth_clip_enable];
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT: {
      VkPhysicalDeviceTransformFeedbackFeaturesEXT *f = (void *)s;
      f->transformFeedback = a->ext->has[GVK_EXT_EXT_transform_feedback];
      /* geometry shaders write stream 0 only so far */
      f->geometryStreams = false;
      break;
   }
   default:
      return;
   }
   s->pNext = next;
}

static void
all_features(const struct gvk_physical_device *pdev, struct all_features *a)
{
   vk11_features(pdev, &a->v11);
   vk12_features(pdev, &a->v12);
   vk13_features(pdev, &a->v13);
   a->v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
   a->v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
   a->v13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
   a->ext = &pdev->supported;
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceFeatures2(VkPhysicalDevice physicalDevice,
                               VkPhysicalDeviceFeatures2 *pFeatures)
{
   gvk_GetPhysicalDeviceFeatures(physicalDevice, &pFeatures->features);
   struct all_features a;
   all_features(gvk_physical_device_from_handle(physicalDevice), &a);
   for (VkBaseOutStructure *s = pFeatures->pNext; s; s = s->pNext)
      fill_feature_struct(&a, s);
}

/* ---- properties ---- */

/* Hardware threads of one workgroup run on one subslice (dual-subslice on
 * Gen12), at most 64 of them (INTERFACE_DESCRIPTOR_DATA "Number of
 * Threads in GPGPU Thread Group"), each SIMD32 at most. */
uint32_t
gvk_max_workgroup_invocations(const struct gvk_physical_device *pdev)
{
   uint32_t threads = MIN2(pdev->info.max_threads[DEV_STAGE_CS], 64u);
   return MIN2(threads * 32u, 1024u);
}

#define GVK_SUBGROUP_OPS                                                   \
   (VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |          \
    VK_SUBGROUP_FEATURE_ARITHMETIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |   \
    VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT | \
    VK_SUBGROUP_FEATURE_CLUSTERED_BIT | VK_SUBGROUP_FEATURE_QUAD_BIT)

/* The device: PCI id and revision; the driver: this build. */
static void
fill_uuids(const struct gvk_physical_device *pdev, VkPhysicalDeviceVulkan11Properties *p)
{
   memset(p->deviceUUID, 0, VK_UUID_SIZE);
   memset(p->driverUUID, 0, VK_UUID_SIZE);
   snprintf((char *)p->deviceUUID, VK_UUID_SIZE, "gvk %04x %02x",
            pdev->info.pci_id, pdev->revision);
   snprintf((char *)p->driverUUID, VK_UUID_SIZE, "%s", GVK_BUILD_ID);
}

static void
vk11_properties(const struct gvk_physical_device *pdev,
                VkPhysicalDeviceVulkan11Properties *p)
{
   *p = (VkPhysicalDeviceVulkan11Properties){
      /* The default width a kernel reports as its subgroup size; 8 to 32
       * with a required size (src/compiler: SIMD8/16/32). */
      .subgroupSize = GVK_SUBGROUP_SIZE,
      .subgroupSupportedStages = VK_SHADER_STAGE_COMPUTE_BIT,
      .subgroupSupportedOperations = GVK_SUBGROUP_OPS,
      .subgroupQuadOperationsInAllStages = VK_FALSE,
      .pointClippingBehavior = VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES,
      /* a multiview draw runs once per view with the application's
       * instances (genX_cmd_draw.c): any instance index is valid */
      .maxMultiviewViewCount = pdev->info.verx10 >= 80 ? GVK_MAX_VIEWS : 1,
      .maxMultiviewInstanceIndex = pdev->info.verx10 >= 80 ? UINT32_MAX : 0,
      .maxPerSetDescriptors = GVK_MAX_SET_DESCRIPTORS,
      .maxMemoryAllocationSize = pdev->memory.memoryHeaps[0].size,
   };
   fill_uuids(pdev, p);
}

/* genvk is not one of the drivers Khronos registered an ID for, and no
 * registered ID describes it; 0 names none of them, so applications take
 * it for an unknown driver rather than apply another driver's workarounds
 * (VkDriverId: "There may be unregistered driver IDs returned").  Not
 * conformant: conformanceVersion stays 0.0.0.0. */
#define GVK_DRIVER_ID ((VkDriverId)0)

/* The float controls the back end honours (src/compiler/README.md, "Float
 * controls"): cr0 keeps or flushes the denormals of each width on its own
 * and has one rounding mode for all; the IR never folds what would break
 * signed zeros, infinities or NaNs.  Broadwell has no half-float denormal
 * mode and Gen7 no single-precision one (PRM Vol 7 "Control Register");
 * the math box always keeps half-float denormals, so they cannot be
 * flushed; 64-bit division, square root and conversions are integer
 * sequences that round to nearest and keep denormals. */
static void
float_controls(const struct gvk_physical_device *pdev, VkPhysicalDeviceVulkan12Properties *p)
{
   unsigned v = pdev->info.verx10;
   p->denormBehaviorIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_ALL;
   p->roundingModeIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE;
   p->shaderSignedZeroInfNanPreserveFloat16 = VK_TRUE;
   p->shaderSignedZeroInfNanPreserveFloat32 = VK_TRUE;
   p->shaderSignedZeroInfNanPreserveFloat64 = VK_TRUE;
   p->shaderDenormPreserveFloat16 = v >= 90;
   p->shaderDenormPreserveFloat32 = v >= 80;
   p->shaderDenormPreserveFloat64 = VK_TRUE;
   p->shaderDenormFlushToZeroFloat32 = VK_TRUE;
   p->shaderRoundingModeRTEFloat16 = VK_TRUE;
   p->shaderRoundingModeRTEFloat32 = VK_TRUE;
   p->shaderRoundingModeRTEFloat64 = VK_TRUE;
   p->shaderRoundingModeRTZFloat16 = VK_TRUE;
   p->shaderRoundingModeRTZFloat32 = VK_TRUE;
}

/* VK_KHR_depth_stencil_resolve's limits, for both
 * VkPhysicalDeviceDepthStencilResolveProperties and the Vulkan 1.2
 * aggregate: gvk_cmd_resolve.c resolves depth with every mode the spec
 * defines and stencil with every one but AVERAGE (which
 * supportedStencilResolveModes must not include), each aspect on its own
 * with its own mode, NONE included (Gen8+: Gen7 has no resolves). */
static void
ds_resolve_properties(const struct gvk_physical_device *pdev, VkResolveModeFlags *depth,
                      VkResolveModeFlags *stencil, VkBool32 *independent_none,
                      VkBool32 *independent)
{
   bool gfx = pdev->info.verx10 >= 80;
   *depth = gfx ? VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_AVERAGE_BIT |
                  VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT : 0;
   *stencil = gfx ? VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_MIN_BIT |
                    VK_RESOLVE_MODE_MAX_BIT : 0;
   *independent_none = gfx;
   *independent = gfx;
}

/* No descriptor indexing: no descriptor is updated after binding, and
 * the update-after-bind limits are the plain ones, which bound every
 * pipeline layout (Vulkan "Limits": VkPipelineLayoutCreateInfo checks
 * layouts of either kind against them). */
static void
update_after_bind_limits(const struct gvk_physical_device *pdev,
                         VkPhysicalDeviceVulkan12Properties *p)
{
   const VkPhysicalDeviceLimits *l = &pdev->properties.limits;
   p->maxUpdateAfterBindDescriptorsInAllPools = GVK_MAX_SET_DESCRIPTORS;
   p->maxPerStageDescriptorUpdateAfterBindSamplers = l->maxPerStageDescriptorSamplers;
   p->maxPerStageDescriptorUpdateAfterBindUniformBuffers =
      l->maxPerStageDescriptorUniformBuffers;
   p->maxPerStageDescriptorUpdateAfterBindStorageBuffers =
      l->maxPerStageDescriptorStorageBuffers;
   p->maxPerStageDescriptorUpdateAfterBindSampledImages =
      l->maxPerStageDescriptorSampledImages;
   p->maxPerStageDescriptorUpdateAfterBindStorageImages =
      l->maxPerStageDescriptorStorageImages;
   p->maxPerStageDescriptorUpdateAfterBindInputAttachments =
      l->maxPerStageDescriptorInputAttachments;
   p->maxPerStageUpdateAfterBindResources = l->maxPerStageResources;
   p->maxDescriptorSetUpdateAfterBindSamplers = l->maxDescriptorSetSamplers;
   p->maxDescriptorSetUpdateAfterBindUniformBuffers = l->maxDescriptorSetUniformBuffers;
   p->maxDescriptorSetUpdateAfterBindUniformBuffersDynamic =
      l->maxDescriptorSetUniformBuffersDynamic;
   p->maxDescriptorSetUpdateAfterBindStorageBuffers = l->maxDescriptorSetStorageBuffers;
   p->maxDescriptorSetUpdateAfterBindStorageBuffersDynamic =
      l->maxDescriptorSetStorageBuffersDynamic;
   p->maxDescriptorSetUpdateAfterBindSampledImages = l->maxDescriptorSetSampledImages;
   p->maxDescriptorSetUpdateAfterBindStorageImages = l->maxDescriptorSetStorageImages;
   p->maxDescriptorSetUpdateAfterBindInputAttachments = l->maxDescriptorSetInputAttachments;
}

static void
vk12_properties(const struct gvk_physical_device *pdev,
                VkPhysicalDeviceVulkan12Properties *p)
{
   *p = (VkPhysicalDeviceVulkan12Properties){
      .driverID = GVK_DRIVER_ID,
      .framebufferIntegerColorSampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .maxTimelineSemaphoreValueDifference = UINT64_MAX,
   };
   float_controls(pdev, p);
   update_after_bind_limits(pdev, p);
   /* every filterable format reduces (gvk_format.c), the single-channel
    * ones the spec lists among them; a view's component mapping with min
    * or max is not promised */
   p->filterMinmaxSingleComponentFormats =
      pdev->supported.has[GVK_EXT_EXT_sampler_filter_minmax];
   ds_resolve_properties(pdev, &p->supportedDepthResolveModes,
                         &p->supportedStencilResolveModes, &p->independentResolveNone,
                         &p->independentResolve);
   snprintf(p->driverName, sizeof(p->driverName), "genvk");
   snprintf(p->driverInfo, sizeof(p->driverInfo), "%s", GVK_BUILD_ID);
}

static void
vk13_properties(const struct gvk_physical_device *pdev,
                VkPhysicalDeviceVulkan13Properties *p)
{
   uint32_t invocations = gvk_max_workgroup_invocations(pdev);
   *p = (VkPhysicalDeviceVulkan13Properties){
      .minSubgroupSize = 8,
      .maxSubgroupSize = 32,
      .maxComputeWorkgroupSubgroups = invocations / 8,
      .requiredSubgroupSizeStages = VK_SHADER_STAGE_COMPUTE_BIT,
      .storageTexelBufferOffsetAlignmentBytes =
         pdev->properties.limits.minTexelBufferOffsetAlignment,
      .uniformTexelBufferOffsetAlignmentBytes =
         pdev->properties.limits.minTexelBufferOffsetAlignment,
      .maxBufferSize = pdev->properties.limits.maxStorageBufferRange,
   };
}

struct all_properties {
   VkPhysicalDeviceVulkan11Properties v11;
   VkPhysicalDeviceVulkan12Properties v12;
   VkPhysicalDeviceVulkan13Properties v13;
};

static void
fill_id_properties(const struct all_properties *a, VkPhysicalDeviceIDProperties *p)
{
   memcpy(p->deviceUUID, a->v11.deviceUUID, VK_UUID_SIZE);
   memcpy(p->driverUUID, a->v11.driverUUID, VK_UUID_SIZE);
   memset(p->deviceLUID, 0, VK_LUID_SIZE);
   p->deviceNodeMask = 0;
   p->deviceLUIDValid = VK_FALSE;
}

static void
fill_subgroup_properties(const struct all_properties *a,
                         VkPhysicalDeviceSubgroupProperties *p)
{
   p->subgroupSize = a->v11.subgroupSize;
   p->supportedStages = a->v11.subgroupSupportedStages;
   p->supportedOperations = a->v11.subgroupSupportedOperations;
   p->quadOperationsInAllStages = a->v11.subgroupQuadOperationsInAllStages;
}

static void
fill_driver_properties(const struct all_properties *a, VkPhysicalDeviceDriverProperties *p)
{
   p->driverID = a->v12.driverID;
   memcpy(p->driverName, a->v12.driverName, sizeof(p->driverName));
   memcpy(p->driverInfo, a->v12.driverInfo, sizeof(p->driverInfo));
   p->conformanceVersion = a->v12.conformanceVersion;
}

static void
fill_float_controls(const struct all_properties *a, VkPhysicalDeviceFloatControlsProperties *p)
{
   void *next = p->pNext;
   VkStructureType type = p->sType;
   const VkPhysicalDeviceVulkan12Properties *v = &a->v12;
   *p = (VkPhysicalDeviceFloatControlsProperties){
      .sType = type, .pNext = next,
      .denormBehaviorIndependence = v->denormBehaviorIndependence,
      .roundingModeIndependence = v->roundingModeIndependence,
      .shaderSignedZeroInfNanPreserveFloat16 = v->shaderSignedZeroInfNanPreserveFloat16,
      .shaderSignedZeroInfNanPreserveFloat32 = v->shaderSignedZeroInfNanPreserveFloat32,
      .shaderSignedZeroInfNanPreserveFloat64 = v->shaderSignedZeroInfNanPreserveFloat64,
      .shaderDenormPreserveFloat16 = v->shaderDenormPreserveFloat16,
      .shaderDenormPreserveFloat32 = v->shaderDenormPreserveFloat32,
      .shaderDenormPreserveFloat64 = v->shaderDenormPreserveFloat64,
      .shaderDenormFlushToZeroFloat16 = v->shaderDenormFlushToZeroFloat16,
      .shaderDenormFlushToZeroFloat32 = v->shaderDenormFlushToZeroFloat32,
      .shaderDenormFlushToZeroFloat64 = v->shaderDenormFlushToZeroFloat64,
      .shaderRoundingModeRTEFloat16 = v->shaderRoundingModeRTEFloat16,
      .shaderRoundingModeRTEFloat32 = v->shaderRoundingModeRTEFloat32,
      .shaderRoundingModeRTEFloat64 = v->shaderRoundingModeRTEFloat64,
      .shaderRoundingModeRTZFloat16 = v->shaderRoundingModeRTZFloat16,
      .shaderRoundingModeRTZFloat32 = v->shaderRoundingModeRTZFloat32,
      .shaderRoundingModeRTZFloat64 = v->shaderRoundingModeRTZFloat64,
   };
}

static void
fill_subgroup_size_control(const struct all_properties *a,
                           VkPhysicalDeviceSubgroupSizeControlProperties *p)
{
   p->minSubgroupSize = a->v13.minSubgroupSize;
   p->maxSubgroupSize = a->v13.maxSubgroupSize;
   p->maxComputeWorkgroupSubgroups = a->v13.maxComputeWorkgroupSubgroups;
   p->requiredSubgroupSizeStages = a->v13.requiredSubgroupSizeStages;
}

static void
fill_aggregate(const struct all_properties *a, VkBaseOutStructure *s)
{
   void *next = s->pNext;
   switch (s->sType) {
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES:
      *(VkPhysicalDeviceVulkan11Properties *)s = a->v11;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES:
      *(VkPhysicalDeviceVulkan12Properties *)s = a->v12;
      break;
   default:
      *(VkPhysicalDeviceVulkan13Properties *)s = a->v13;
      break;
   }
   s->pNext = next;
}

static void
fill_property_struct(const struct all_properties *a, VkBaseOutStructure *s)
{
   switch (s->sType) {
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES:
      fill_aggregate(a, s);
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES:
      fill_id_properties(a, (VkPhysicalDeviceIDProperties *)s);
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES: {
      VkPhysicalDeviceMultiviewProperties *m = (void *)s;
      m->maxMultiviewViewCount = a->v11.maxMultiviewViewCount;
      m->maxMultiviewInstanceIndex = a->v11.maxMultiviewInstanceIndex;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES:
      fill_subgroup_properties(a, (VkPhysicalDeviceSubgroupProperties *)s);
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES:
      fill_driver_properties(a, (VkPhysicalDeviceDriverProperties *)s);
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES:
      fill_float_controls(a, (VkPhysicalDeviceFloatControlsProperties *)s);
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES:
      fill_subgroup_size_control(a, (VkPhysicalDeviceSubgroupSizeControlProperties *)s);
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_FILTER_MINMAX_PROPERTIES: {
      VkPhysicalDeviceSamplerFilterMinmaxProperties *p = (void *)s;
      p->filterMinmaxSingleComponentFormats = a->v12.filterMinmaxSingleComponentFormats;
      p->filterMinmaxImageComponentMapping = a->v12.filterMinmaxImageComponentMapping;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES: {
      VkPhysicalDeviceTexelBufferAlignmentProperties *p = (void *)s;
      p->storageTexelBufferOffsetAlignmentBytes = a->v13.storageTexelBufferOffsetAlignmentBytes;
      p->storageTexelBufferOffsetSingleTexelAlignment =
         a->v13.storageTexelBufferOffsetSingleTexelAlignment;
      p->uniformTexelBufferOffsetAlignmentBytes = a->v13.uniformTexelBufferOffsetAlignmentBytes;
      p->uniformTexelBufferOffsetSingleTexelAlignment =
         a->v13.uniformTexelBufferOffsetSingleTexelAlignment;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES: {
      VkPhysicalDeviceDepthStencilResolveProperties *p = (void *)s;
      p->supportedDepthResolveModes = a->v12.supportedDepthResolveModes;
      p->supportedStencilResolveModes = a->v12.supportedStencilResolveModes;
      p->independentResolveNone = a->v12.independentResolveNone;
      p->independentResolve = a->v12.independentResolve;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES: {
      VkPhysicalDeviceMaintenance3Properties *p = (void *)s;
      p->maxPerSetDescriptors = a->v11.maxPerSetDescriptors;
      p->maxMemoryAllocationSize = a->v11.maxMemoryAllocationSize;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES:
      ((VkPhysicalDeviceTimelineSemaphoreProperties *)s)->maxTimelineSemaphoreValueDifference =
         a->v12.maxTimelineSemaphoreValueDifference;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR:
      ((VkPhysicalDevicePushDescriptorPropertiesKHR *)s)->maxPushDescriptors =
         GVK_MAX_PUSH_DESCRIPTORS;
      break;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT: {
      VkPhysicalDeviceTransformFeedbackPropertiesEXT *p = (void *)s;
      /* one stream without geometryStreams; four SO buffers; 128
       * SO_DECLs of at most four dwords a stream; Surface Pitch is 12
       * bits (dword multiples up to 2048 as Mesa's drivers report);
       * vkCmdDrawIndirectByteCountEXT divides counters below 2^31
       * exactly (genX_gfx_xfb.c). */
      p->maxTransformFeedbackStreams = 1;
      p->maxTransformFeedbackBuffers = 4;
      p->maxTransformFeedbackBufferSize = 1ull << 31;
      p->maxTransformFeedbackStreamDataSize = 128 * 4;
      p->maxTransformFeedbackBufferDataSize = 128 * 4;
      p->maxTransformFeedbackBufferDataStride = GBE_MAX_XFB_STRIDE;
      p->transformFeedbackQueries = true;
      p->transformFeedbackStreamsLinesTriangles = false;
      p->transformFeedbackRasterizationStreamSelect = false;
      p->transformFeedbackDraw = true;
      break;
   }
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT:
      /* 3DSTATE_VF_INSTANCING Instance Data Step Rate is 32 bits */
      ((VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT *)s)->maxVertexAttribDivisor =
         UINT32_MAX;
      break;
   default:
      break;
   }
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceProperties2(VkPhysicalDevice physicalDevice,
                                 VkPhysicalDeviceProperties2 *pProperties)
{
   const struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   pProperties->properties = pdev->properties;
   struct all_properties a;
   vk11_properties(pdev, &a.v11);
   vk12_properties(pdev, &a.v12);
   vk13_properties(pdev, &a.v13);
   a.v11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES;
   a.v12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES;
   a.v13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES;
   for (VkBaseOutStructure *s = pProperties->pNext; s; s = s->pNext)
      fill_property_struct(&a, s);
}
