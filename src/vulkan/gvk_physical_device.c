#include "gvk_physical_device.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <i915_drm.h>
#include <xf86drm.h>

#include "gvk_alloc.h"
#include "gvk_build_id.h"
#include "gvk_descriptor.h"
#include "gvk_i915.h"
#include "gvk_instance.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_outarray.h"
#include "gvk_pipeline.h"
#include "macros.h"

#define INTEL_VENDOR_ID 0x8086
#define MAX_DRM_DEVICES 64

struct probe {
   int fd;
   const char *path;
   struct gvk_physical_device *pdev;
   const VkAllocationCallbacks *alloc;
};

/* Features the driver cannot work without; NULL when all are present. */
static const char *
missing_kernel_feature(int fd, const struct devinfo *info)
{
   int value = 0;
   if (gvk_i915_getparam(fd, I915_PARAM_HAS_EXECBUF2, &value) || !value)
      return "I915_PARAM_HAS_EXECBUF2";
   if (gvk_i915_getparam(fd, I915_PARAM_HAS_EXEC_FENCE_ARRAY, &value) || !value)
      return "I915_PARAM_HAS_EXEC_FENCE_ARRAY (Linux 4.14+)";
   uint64_t cap = 0;
   if (drmGetCap(fd, DRM_CAP_SYNCOBJ, &cap) || !cap)
      return "DRM_CAP_SYNCOBJ (Linux 4.14+)";
   /* Full-PPGTT generations place every buffer at a fixed address. */
   if (info->has_full_ppgtt &&
       (gvk_i915_getparam(fd, I915_PARAM_HAS_EXEC_SOFTPIN, &value) || !value))
      return "I915_PARAM_HAS_EXEC_SOFTPIN";
   uint32_t ctx;
   if (gvk_i915_context_create(fd, &ctx))
      return "I915_CONTEXT_PARAM_ENGINES (Linux 5.3+)";
   gvk_i915_context_destroy(fd, ctx);
   return NULL;
}

static unsigned
popcount_bytes(const uint8_t *bytes, size_t n)
{
   unsigned count = 0;
   for (size_t i = 0; i < n; i++)
      count += __builtin_popcount(bytes[i]);
   return count;
}

/* Topology the kernel reports (fused-off parts differ from the table). */
static int
query_topology(struct probe *p)
{
   struct drm_i915_query_topology_info *topo;
   size_t size;
   int ret = gvk_i915_query(p->fd, DRM_I915_QUERY_TOPOLOGY_INFO, p->alloc,
                            (void **)&topo, &size);
   if (ret)
      return ret;

   struct gvk_physical_device *pdev = p->pdev;
   if (size < sizeof(*topo)) {
      gvk_free(p->alloc, topo);
      return -EINVAL;
   }
   size_t ss_bytes = (size_t)topo->max_slices * topo->subslice_stride;
   size_t eu_bytes = (size_t)topo->max_slices * topo->max_subslices *
                     topo->eu_stride;
   if (topo->subslice_offset + ss_bytes > size ||
       topo->eu_offset + eu_bytes > size) {
      gvk_free(p->alloc, topo);
      return -EINVAL;
   }
   unsigned slices = popcount_bytes(topo->data, (topo->max_slices + 7) / 8);
   unsigned subslices = popcount_bytes(topo->data + topo->subslice_offset,
                                       ss_bytes);
   unsigned eus = popcount_bytes(topo->data + topo->eu_offset, eu_bytes);
   gvk_free(p->alloc, topo);
   if (!slices || !subslices || !eus)
      return -EINVAL;

   pdev->subslice_total = subslices;
   pdev->eu_total = eus;
   pdev->info.num_slices = slices;
   pdev->info.subslices_per_slice = subslices / slices;
   pdev->info.eus_per_subslice = eus / subslices;
   return 0;
}

static int
read_topology(struct probe *p)
{
   struct gvk_physical_device *pdev = p->pdev;
   pdev->eu_total = devinfo_eu_total(&pdev->info);
   pdev->subslice_total = devinfo_subslice_total(&pdev->info);
   int ret = query_topology(p);
   if (ret == 0 || ret == -ENOMEM)
      return ret;

   /* Older kernels: GETPARAM counts (Gen8+), else the table's figures. */
   int value;
   if (gvk_i915_getparam(p->fd, I915_PARAM_EU_TOTAL, &value) == 0 && value > 0)
      pdev->eu_total = value;
   if (gvk_i915_getparam(p->fd, I915_PARAM_SUBSLICE_TOTAL, &value) == 0 &&
       value > 0)
      pdev->subslice_total = value;
   return 0;
}

/* 1 if the kernel lists a render engine, 0 if not, -ENOMEM.  Kernels
 * without I915_QUERY_ENGINE_INFO (before 5.3) get the benefit of the doubt:
 * every Gen7+ GPU has one. */
static int
has_render_engine(struct probe *p)
{
   struct drm_i915_query_engine_info *engines;
   size_t size;
   int ret = gvk_i915_query(p->fd, DRM_I915_QUERY_ENGINE_INFO, p->alloc,
                            (void **)&engines, &size);
   if (ret == -ENOMEM)
      return ret;
   if (ret)
      return 1;
   int found = 0;
   if (size < sizeof(*engines)) {
      gvk_free(p->alloc, engines);
      return 1;
   }
   size_t fits = (size - sizeof(*engines)) / sizeof(engines->engines[0]);
   for (uint32_t i = 0; i < engines->num_engines && i < fits; i++) {
      if (engines->engines[i].engine.engine_class == I915_ENGINE_CLASS_RENDER)
         found = 1;
   }
   gvk_free(p->alloc, engines);
   return found;
}

static uint64_t
system_ram(void)
{
   long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
   return pages > 0 && page_size > 0 ? (uint64_t)pages * page_size : 0;
}

static int
read_memory_regions(struct probe *p)
{
   struct drm_i915_query_memory_regions *regions;
   size_t size;
   int ret = gvk_i915_query(p->fd, DRM_I915_QUERY_MEMORY_REGIONS, p->alloc,
                            (void **)&regions, &size);
   if (ret)
      return ret;
   if (size < sizeof(*regions) ||
       sizeof(*regions) + regions->num_regions * sizeof(regions->regions[0]) >
       size) {
      gvk_free(p->alloc, regions);
      return -EINVAL;
   }
   for (uint32_t i = 0; i < regions->num_regions; i++) {
      const struct drm_i915_memory_region_info *r = &regions->regions[i];
      if (r->region.memory_class == I915_MEMORY_CLASS_SYSTEM)
         p->pdev->sys_memory_size = r->probed_size;
      else if (r->region.memory_class == I915_MEMORY_CLASS_DEVICE)
         p->pdev->local_memory_size = r->probed_size;
   }
   gvk_free(p->alloc, regions);
   return 0;
}

/* Kernel figures override the table's; the table stays the fallback for
 * kernels that predate each query. */
static VkResult
read_kernel_info(struct probe *p)
{
   struct gvk_physical_device *pdev = p->pdev;
   int value;
   if (gvk_i915_getparam(p->fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY, &value) == 0 &&
       value > 0)
      pdev->info.timestamp_frequency = value;

   uint64_t gtt_size;
   if (gvk_i915_context_getparam(p->fd, 0, I915_CONTEXT_PARAM_GTT_SIZE,
                                 &gtt_size) == 0 && gtt_size)
      pdev->info.gtt_size = gtt_size;

   if (read_topology(p) == -ENOMEM)
      return VK_ERROR_OUT_OF_HOST_MEMORY;

   int ret = read_memory_regions(p);
   if (ret == -ENOMEM)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (ret || !pdev->sys_memory_size)
      pdev->sys_memory_size = system_ram();
   return VK_SUCCESS;
}

static void
fill_limits(const struct gvk_physical_device *pdev, VkPhysicalDeviceLimits *l)
{
   /* Hardware limits of Gen7-Gen12; where a feature is not exposed yet the
    * limit is the value the spec requires for an absent feature. */
   const bool gfx = pdev->info.verx10 >= 80;   /* graphics pipelines */
   *l = (VkPhysicalDeviceLimits){
      .maxImageDimension1D = 16384,
      .maxImageDimension2D = pdev->info.max_surface_size,
      .maxImageDimension3D = 2048,
      .maxImageDimensionCube = pdev->info.max_surface_size,
      .maxImageArrayLayers = 2048,
      .maxTexelBufferElements = 1u << 27,
      .maxUniformBufferRange = 1u << 16,
      /* RAW buffer surfaces: 2^30 bytes before Gen9 (RSS Width/Height/Depth) */
      .maxStorageBufferRange = 1u << 30,
      .maxPushConstantsSize = GVK_MAX_PUSH_CONSTANTS,
      .maxMemoryAllocationCount = UINT32_MAX,
      .maxSamplerAllocationCount = 64 * 1024,
      .bufferImageGranularity = 64,
      .sparseAddressSpaceSize = 0,
      .maxBoundDescriptorSets = GVK_MAX_SETS,
      /* A stage's binding table holds at most 240 surfaces (indices 240 and
       * up name SLM and stateless access), one per array element it uses;
       * a sampler state table 16 samplers (SAMPLER_STATE count field). */
      .maxPerStageDescriptorSamplers = 16,
      .maxPerStageDescriptorUniformBuffers = 64,
      .maxPerStageDescriptorStorageBuffers = 64,
      .maxPerStageDescriptorSampledImages = 128,
      .maxPerStageDescriptorStorageImages = 64,
      .maxPerStageDescriptorInputAttachments = 8,
      .maxPerStageResources = 240,
      .maxDescriptorSetSamplers = 96,
      .maxDescriptorSetUniformBuffers = 72,
      /* the two share GVK_MAX_DYNAMIC_BUFFERS */
      .maxDescriptorSetUniformBuffersDynamic = GVK_MAX_DYNAMIC_BUFFERS / 2,
      .maxDescriptorSetStorageBuffers = 64,
      .maxDescriptorSetStorageBuffersDynamic = GVK_MAX_DYNAMIC_BUFFERS / 2,
      .maxDescriptorSetSampledImages = 128,
      .maxDescriptorSetStorageImages = 64,
      .maxDescriptorSetInputAttachments = 8,
      .maxVertexInputAttributes = 16,
      .maxVertexInputBindings = 16,
      .maxVertexInputAttributeOffset = 2047,
      .maxVertexInputBindingStride = 2048,
      .maxVertexOutputComponents = 128,   /* 32 VUE rows of varyings (gbe_vue_map) */
      .maxFragmentInputComponents = 64,
      /* Vulkan's required minimums with tessellationShader; levels up to
       * 64 (3DSTATE_TE Maximum Tessellation Factor), 32 control points
       * (3DPRIM_PATCHLIST_32) */
      .maxTessellationGenerationLevel = gfx ? 64 : 0,
      .maxTessellationPatchSize = gfx ? 32 : 0,
      .maxTessellationControlPerVertexInputComponents = gfx ? 64 : 0,
      .maxTessellationControlPerVertexOutputComponents = gfx ? 64 : 0,
      .maxTessellationControlPerPatchOutputComponents = gfx ? 120 : 0,
      .maxTessellationControlTotalOutputComponents = gfx ? 2048 : 0,
      .maxTessellationEvaluationInputComponents = gfx ? 64 : 0,
      .maxTessellationEvaluationOutputComponents = gfx ? 64 : 0,
      /* 3DSTATE_GS Instance Control is 5 bits; outputs are a VUE of up to
       * 32 varying rows (gbe_vue_map); an entry of 256 vertices of 1024
       * components fits 3DSTATE_URB_GS's 32 KB entries (gbe_gs.c) */
      .maxGeometryShaderInvocations = gfx ? 32 : 0,
      .maxGeometryInputComponents = gfx ? 64 : 0,
      .maxGeometryOutputComponents = gfx ? 128 : 0,
      .maxGeometryOutputVertices = gfx ? 256 : 0,
      .maxGeometryTotalOutputComponents = gfx ? 1024 : 0,
      .maxFragmentOutputAttachments = 4,
      .maxFragmentDualSrcAttachments = gfx ? 1 : 0,
      .maxFragmentCombinedOutputResources = 4,
      /* Shared local memory: 64 KiB per workgroup on Gen7-Gen12
       * (INTERFACE_DESCRIPTOR_DATA "Shared Local Memory Size"). */
      .maxComputeSharedMemorySize = 64 * 1024,
      .maxComputeWorkGroupCount = { 65535, 65535, 65535 },
      .maxComputeWorkGroupInvocations = gvk_max_workgroup_invocations(pdev),
      .maxComputeWorkGroupSize = { gvk_max_workgroup_invocations(pdev),
                                   gvk_max_workgroup_invocations(pdev),
                                   gvk_max_workgroup_invocations(pdev) },
      .subPixelPrecisionBits = 8,
      .subTexelPrecisionBits = 8,
      .mipmapPrecisionBits = 8,
      .maxDrawIndexedIndexValue = (1u << 24) - 1, /* no fullDrawIndexUint32 */
      /* multiDrawIndirect from Gen8 (genX_cmd_draw.c: a 3DPRIMITIVE per
       * command) */
      .maxDrawIndirectCount = pdev->info.verx10 >= 80 ? UINT32_MAX : 1,
      .maxSamplerLodBias = 16,
      /* SAMPLER_STATE "Maximum Anisotropy": ratios 2:1 to 16:1 */
      .maxSamplerAnisotropy = 16,
      .maxViewports = 1,                          /* no multiViewport */
      .maxViewportDimensions = { 16384, 16384 },
      .viewportBoundsRange = { -32768, 32767 },
      .viewportSubPixelBits = 8,
      .minMemoryMapAlignment = 4096,
      /* Typed buffer surfaces start at a multiple of their element
       * (at most 16 bytes); untyped messages address dwords. */
      .minTexelBufferOffsetAlignment = 16,
      .minUniformBufferOffsetAlignment = 64,
      .minStorageBufferOffsetAlignment = 4,
      .minTexelOffset = -8,
      .maxTexelOffset = 7,
      /* gather4_po takes its offsets as six-bit parameters (Mesa's anv
       * reports the same range on Gen7-Gen12). */
      .minTexelGatherOffset = -32,
      .maxTexelGatherOffset = 31,
      .minInterpolationOffset = -0.5f,
      .maxInterpolationOffset = 0.4375f,
      .subPixelInterpolationOffsetBits = 4,
      .maxFramebufferWidth = pdev->info.max_surface_size,
      .maxFramebufferHeight = pdev->info.max_surface_size,
      .maxFramebufferLayers = 2048,
      .framebufferColorSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .framebufferDepthSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .framebufferStencilSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .framebufferNoAttachmentsSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .maxColorAttachments = 8,
      .sampledImageColorSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .sampledImageIntegerSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .sampledImageDepthSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .sampledImageStencilSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT,
      .storageImageSampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .maxSampleMaskWords = 1,
      .timestampComputeAndGraphics = VK_TRUE,
      .timestampPeriod = 1e9f / (float)pdev->info.timestamp_frequency,
      /* the VUE's two rows of distances (gbe_vue_map), each tested by a
       * bit of 3DSTATE_VS's clip and cull test masks */
      .maxClipDistances = gfx ? 8 : 0,
      .maxCullDistances = gfx ? 8 : 0,
      .maxCombinedClipAndCullDistances = gfx ? 8 : 0,
      .discreteQueuePriorities = 2,
      /* 3DSTATE_CLIP's point width range and 3DSTATE_SF's u8.3 Point
       * Width; Line Width is u3.7 (Gen8) or u11.7, held to
       * GVK_MAX_LINE_WIDTH */
      .pointSizeRange = { gfx ? 0.125f : 1.0f, gfx ? 255.875f : 1.0f },
      .lineWidthRange = { gfx ? 0.0f : 1.0f, gfx ? GVK_MAX_LINE_WIDTH : 1.0f },
      .pointSizeGranularity = gfx ? 0.125f : 0.0f,
      .lineWidthGranularity = gfx ? 1.0f / 128 : 0.0f,
      .strictLines = VK_FALSE,
      .standardSampleLocations = VK_TRUE,
      .optimalBufferCopyOffsetAlignment = 128,
      .optimalBufferCopyRowPitchAlignment = 128,
      .nonCoherentAtomSize = 64,
   };
}

/* Identifies the driver build and the GPU for pipeline cache blobs. */
static void
fill_cache_uuid(const struct gvk_physical_device *pdev, uint8_t *uuid)
{
   memset(uuid, 0, VK_UUID_SIZE);
   memcpy(uuid, pdev->build_sha1, VK_UUID_SIZE - 4);
   uuid[VK_UUID_SIZE - 4] = pdev->info.pci_id & 0xff;
   uuid[VK_UUID_SIZE - 3] = pdev->info.pci_id >> 8;
   uuid[VK_UUID_SIZE - 2] = pdev->revision;
}

static void
fill_properties(struct gvk_physical_device *pdev)
{
   VkPhysicalDeviceProperties *props = &pdev->properties;
   /* Gen7/7.5 cannot draw yet: they keep Vulkan 1.1, whose render-pass
    * and framebuffer promises are fewer than 1.2's (imageless
    * framebuffers, separate depth/stencil layouts, render pass 2). */
   unsigned minor = pdev->info.verx10 >= 80 ? GVK_API_VERSION_MINOR : 1;
   props->apiVersion = VK_MAKE_API_VERSION(0, 1, minor, VK_HEADER_VERSION);
   props->driverVersion = VK_MAKE_VERSION(GVK_VERSION_MAJOR, GVK_VERSION_MINOR,
                                          GVK_VERSION_PATCH);
   props->vendorID = INTEL_VENDOR_ID;
   props->deviceID = pdev->info.pci_id;
   props->deviceType = pdev->info.has_local_memory
                       ? VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU
                       : VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
   snprintf(props->deviceName, sizeof(props->deviceName), "%s",
            pdev->info.name);
   gvk_build_id_sha1(pdev->build_sha1);
   fill_cache_uuid(pdev, props->pipelineCacheUUID);
   fill_limits(pdev, &props->limits);
   props->sparseProperties = (VkPhysicalDeviceSparseProperties){ 0 };
}

static bool
is_i915(int fd)
{
   drmVersionPtr version = drmGetVersion(fd);
   if (!version)
      return false;
   bool ok = strcmp(version->name, "i915") == 0;
   drmFreeVersion(version);
   return ok;
}

/* VK_SUCCESS with p->pdev set, VK_SUCCESS with NULL (node skipped), or
 * VK_ERROR_OUT_OF_HOST_MEMORY. */
static VkResult
probe_node(struct probe *p, drmDevicePtr drm)
{
   uint16_t pci_id = drm->deviceinfo.pci->device_id;
   const struct devinfo *info = devinfo_from_pci_id(pci_id);
   if (!info) {
      log_warn("skipping %s: PCI id 0x%04x is not a known Gen7-Gen12 GPU",
               p->path, pci_id);
      return VK_SUCCESS;
   }
   const char *missing = missing_kernel_feature(p->fd, info);
   if (missing) {
      log_warn("skipping %s (%s): the kernel lacks %s", p->path, info->name,
               missing);
      return VK_SUCCESS;
   }

   struct gvk_physical_device *pdev =
      gvk_object_create(p->alloc, NULL, sizeof(*pdev),
                        VK_OBJECT_TYPE_PHYSICAL_DEVICE,
                        VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!pdev)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   p->pdev = pdev;
   snprintf(pdev->path, sizeof(pdev->path), "%s", p->path);
   pdev->info = *info;
   pdev->revision = drm->deviceinfo.pci->revision_id;

   int render = has_render_engine(p);
   VkResult result = render < 0 ? VK_ERROR_OUT_OF_HOST_MEMORY
                                : read_kernel_info(p);
   if (result != VK_SUCCESS || render == 0) {
      if (render == 0)
         log_warn("skipping %s (%s): the kernel reports no render engine",
                  p->path, info->name);
      gvk_object_destroy(&pdev->base);
      p->pdev = NULL;
      return result;
   }
   gvk_physical_device_init_caps(pdev);
   fill_properties(pdev);
   gvk_physical_device_init_memory(pdev);

   if (gvk_debug(STARTUP))
      log_info("%s: %s, PCI id 0x%04x rev %u, Gen%u (verx10 %u), %u EUs in "
               "%u subslices, timestamp %llu Hz, GTT %llu MiB",
               p->path, info->name, pci_id, pdev->revision, info->ver,
               info->verx10, pdev->eu_total, pdev->subslice_total,
               (unsigned long long)pdev->info.timestamp_frequency,
               (unsigned long long)(pdev->info.gtt_size >> 20));
   return VK_SUCCESS;
}

static VkResult
probe_drm_device(struct gvk_instance *instance, drmDevicePtr drm,
                 struct gvk_physical_device **out)
{
   *out = NULL;
   if (!(drm->available_nodes & (1 << DRM_NODE_RENDER)) ||
       drm->bustype != DRM_BUS_PCI ||
       drm->deviceinfo.pci->vendor_id != INTEL_VENDOR_ID)
      return VK_SUCCESS;

   const char *path = drm->nodes[DRM_NODE_RENDER];
   int fd = open(path, O_RDWR | O_CLOEXEC);
   if (fd < 0) {
      log_warn("skipping %s: cannot open it: %s", path, strerror(errno));
      return VK_SUCCESS;
   }
   if (!is_i915(fd)) {
      if (gvk_debug(STARTUP))
         log_info("skipping %s: its kernel driver is not i915", path);
      close(fd);
      return VK_SUCCESS;
   }
   struct probe p = { .fd = fd, .path = path, .alloc = &instance->base.alloc };
   VkResult result = probe_node(&p, drm);
   close(fd);
   if (p.pdev)
      p.pdev->instance = instance;
   *out = p.pdev;
   return result;
}

VkResult
gvk_enumerate_physical_devices(struct gvk_instance *instance)
{
   drmDevicePtr devices[MAX_DRM_DEVICES];
   /* Without the flag libdrm leaves revision_id at 0xff. */
   int count = drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, devices,
                              ARRAY_SIZE(devices));
   if (count <= 0) {
      if (gvk_debug(STARTUP))
         log_info("no DRM device found (drmGetDevices2: %d)", count);
      instance->enumerated = true;
      return VK_SUCCESS;
   }

   const VkAllocationCallbacks *alloc = &instance->base.alloc;
   struct gvk_physical_device **list =
      gvk_zalloc(alloc, sizeof(*list) * count,
                 VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   VkResult result = list ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
   uint32_t n = 0;
   for (int i = 0; i < count && result == VK_SUCCESS; i++) {
      struct gvk_physical_device *pdev;
      result = probe_drm_device(instance, devices[i], &pdev);
      if (pdev)
         list[n++] = pdev;
   }
   drmFreeDevices(devices, count);

   if (result != VK_SUCCESS) {
      for (uint32_t i = 0; i < n; i++)
         gvk_physical_device_destroy(list[i]);
      gvk_free(alloc, list);
      return result;
   }
   instance->physical_devices = list;
   instance->physical_device_count = n;
   instance->enumerated = true;
   return VK_SUCCESS;
}

void
gvk_physical_device_destroy(struct gvk_physical_device *pdev)
{
   gvk_object_destroy(&pdev->base);
}

/* ---- vkGetPhysicalDevice* ---- */

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceProperties(VkPhysicalDevice physicalDevice,
                                VkPhysicalDeviceProperties *pProperties)
{
   *pProperties = gvk_physical_device_from_handle(physicalDevice)->properties;
}

static const VkQueueFamilyProperties gvk_queue_family = {
   .queueFlags = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT |
                 VK_QUEUE_TRANSFER_BIT,
   .queueCount = 1,
   .timestampValidBits = DEVINFO_TIMESTAMP_BITS,
   .minImageTransferGranularity = { 1, 1, 1 },
};

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice physicalDevice,
                                           uint32_t *pCount,
                                           VkQueueFamilyProperties *pProps)
{
   struct gvk_outarray out = gvk_outarray_init(pProps, sizeof(*pProps), pCount);
   VkQueueFamilyProperties *p = gvk_outarray_next(&out);
   if (p)
      *p = gvk_queue_family;
   gvk_outarray_finish(&out);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceQueueFamilyProperties2(VkPhysicalDevice physicalDevice,
                                            uint32_t *pCount,
                                            VkQueueFamilyProperties2 *pProps)
{
   struct gvk_outarray out = gvk_outarray_init(pProps, sizeof(*pProps), pCount);
   VkQueueFamilyProperties2 *p = gvk_outarray_next(&out);
   if (p)
      p->queueFamilyProperties = gvk_queue_family;
   gvk_outarray_finish(&out);
}

/* VK_EXT_tooling_info: genvk is a driver, not a tool; the loader and the
 * layers add their own entries to the driver's none. */
VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetPhysicalDeviceToolProperties(VkPhysicalDevice physicalDevice, uint32_t *pToolCount,
                                    VkPhysicalDeviceToolProperties *pToolProperties)
{
   *pToolCount = 0;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_EnumerateDeviceExtensionProperties(VkPhysicalDevice physicalDevice,
                                       const char *pLayerName,
                                       uint32_t *pCount,
                                       VkExtensionProperties *pProps)
{
   if (pLayerName)
      return VK_ERROR_LAYER_NOT_PRESENT;
   struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   struct gvk_outarray out = gvk_outarray_init(pProps, sizeof(*pProps), pCount);
   for (int i = GVK_DEVICE_EXT_FIRST; i < GVK_EXT_COUNT; i++) {
      if (!pdev->supported.has[i])
         continue;
      VkExtensionProperties *p = gvk_outarray_next(&out);
      if (p)
         *p = gvk_extensions[i];
   }
   return gvk_outarray_finish(&out);
}
