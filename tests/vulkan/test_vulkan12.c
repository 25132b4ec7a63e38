/* Vulkan 1.2 through the loader (with the Khronos validation layer when it
 * is installed: any validation error fails the run):
 *  - the instance version and the device's apiVersion (1.2 on Gen8+, 1.1
 *    on Gen7/7.5: argv[1] is the expected minor version);
 *  - every 1.2 core command resolves by its core name, and the host-side
 *    ones work (timeline semaphores, host query reset, device addresses);
 *  - the features Vulkan 1.2 requires ("Feature Requirements") are true,
 *    and VkPhysicalDeviceVulkan11/12Features/Properties agree with the
 *    structures of the extensions they promoted;
 *  - VK_EXT_separate_stencil_usage in image format queries and images, and
 *    VK_KHR_separate_depth_stencil_layouts in a render pass 2 instance with
 *    an imageless framebuffer: depth and stencil cleared and drawn with
 *    their own layouts, read back aspect by aspect.
 * Usage: test_vulkan12 MINOR */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "test_vulkan12.vert.spv.h"

#define SKIP 77
#define W 8
#define H 8

static int failures, validation_errors;

#define CHECK(cond) check((cond), __LINE__, #cond)
#define VK(call) CHECK((call) == VK_SUCCESS)

static bool
check(bool ok, int line, const char *what)
{
   if (!ok) {
      fprintf(stderr, "FAIL line %d: %s\n", line, what);
      failures++;
   }
   return ok;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_validation(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
              VkDebugUtilsMessageTypeFlagsEXT type,
              const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   (void)severity; (void)type; (void)user;
   fprintf(stderr, "validation error: %s\n", data->pMessage);
   validation_errors++;
   return VK_FALSE;
}

static bool
has_validation_layer(void)
{
   uint32_t n = 0;
   vkEnumerateInstanceLayerProperties(&n, NULL);
   VkLayerProperties *layers = calloc(n ? n : 1, sizeof(*layers));
   vkEnumerateInstanceLayerProperties(&n, layers);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= strcmp(layers[i].layerName, "VK_LAYER_KHRONOS_validation") == 0;
   free(layers);
   return found;
}

struct ctx {
   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger;
   VkPhysicalDevice pdev;
   VkDevice device;
   VkQueue queue;
   VkPhysicalDeviceMemoryProperties mem;
};

static void
create_instance(struct ctx *c)
{
   const char *layer = "VK_LAYER_KHRONOS_validation";
   const char *ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
   bool validate = has_validation_layer();
   const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .pApplicationName = "test_vulkan12",
                                   .apiVersion = VK_API_VERSION_1_2 };
   const VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app,
      .enabledLayerCount = validate ? 1 : 0, .ppEnabledLayerNames = &layer,
      .enabledExtensionCount = validate ? 1 : 0, .ppEnabledExtensionNames = &ext,
   };
   VK(vkCreateInstance(&info, NULL, &c->instance));
   if (!validate) {
      printf("note: VK_LAYER_KHRONOS_validation is not installed: usage not validated\n");
      return;
   }
   const VkDebugUtilsMessengerCreateInfoEXT m = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT,
      .pfnUserCallback = on_validation,
   };
   PFN_vkCreateDebugUtilsMessengerEXT create = (PFN_vkCreateDebugUtilsMessengerEXT)
      vkGetInstanceProcAddr(c->instance, "vkCreateDebugUtilsMessengerEXT");
   VK(create(c->instance, &m, NULL, &c->messenger));
}

static bool
has_extension(VkPhysicalDevice pdev, const char *name)
{
   uint32_t n = 0;
   vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, NULL);
   VkExtensionProperties *exts = calloc(n ? n : 1, sizeof(*exts));
   vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, exts);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= strcmp(exts[i].extensionName, name) == 0;
   free(exts);
   return found;
}

/* The device extensions Vulkan 1.2 promoted that genvk advertises on
 * every generation that reports 1.2 (the optional ones it lacks -
 * descriptor indexing, sampler filter minmax, the memory model,
 * VK_KHR_shader_atomic_int64 before Gen9 - are left out). */
static const char *const promoted12[] = {
   "VK_KHR_8bit_storage", "VK_KHR_create_renderpass2", "VK_KHR_depth_stencil_resolve",
   "VK_KHR_draw_indirect_count", "VK_KHR_driver_properties", "VK_KHR_image_format_list",
   "VK_KHR_imageless_framebuffer", "VK_KHR_sampler_mirror_clamp_to_edge",
   "VK_KHR_separate_depth_stencil_layouts", "VK_KHR_shader_float16_int8",
   "VK_KHR_shader_float_controls", "VK_KHR_shader_subgroup_extended_types",
   "VK_KHR_spirv_1_4", "VK_KHR_timeline_semaphore", "VK_KHR_uniform_buffer_standard_layout",
   "VK_KHR_buffer_device_address", "VK_EXT_host_query_reset",
   "VK_EXT_scalar_block_layout", "VK_EXT_separate_stencil_usage",
};

/* The commands Vulkan 1.2 added (vk.xml, feature VK_VERSION_1_2). */
static const char *const commands12[] = {
   "vkCmdDrawIndirectCount", "vkCmdDrawIndexedIndirectCount", "vkCreateRenderPass2",
   "vkCmdBeginRenderPass2", "vkCmdNextSubpass2", "vkCmdEndRenderPass2", "vkResetQueryPool",
   "vkGetSemaphoreCounterValue", "vkWaitSemaphores", "vkSignalSemaphore",
   "vkGetBufferDeviceAddress", "vkGetBufferOpaqueCaptureAddress",
   "vkGetDeviceMemoryOpaqueCaptureAddress",
};

/* ---- features ---- */

struct features {
   VkPhysicalDeviceFeatures2 f2;
   VkPhysicalDeviceVulkan11Features v11;
   VkPhysicalDeviceVulkan12Features v12;
};

static void
query_aggregates(VkPhysicalDevice pdev, struct features *f)
{
   *f = (struct features){
      .f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f->v11 },
      .v11 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
               .pNext = &f->v12 },
      .v12 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES },
   };
   vkGetPhysicalDeviceFeatures2(pdev, &f->f2);
}

/* Each promoted extension's feature structure says what the aggregate
 * says (filled with a pattern first, so that an unwritten member shows). */
static void
check_feature_structs(VkPhysicalDevice pdev, const VkPhysicalDeviceVulkan12Features *v)
{
   VkPhysicalDevice8BitStorageFeatures s8 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES };
   VkPhysicalDeviceShaderFloat16Int8Features fi = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES, .pNext = &s8 };
   VkPhysicalDeviceTimelineSemaphoreFeatures ts = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES, .pNext = &fi };
   VkPhysicalDeviceHostQueryResetFeatures hq = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES, .pNext = &ts };
   VkPhysicalDeviceImagelessFramebufferFeatures ifb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGELESS_FRAMEBUFFER_FEATURES, .pNext = &hq };
   VkPhysicalDeviceSeparateDepthStencilLayoutsFeatures sl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SEPARATE_DEPTH_STENCIL_LAYOUTS_FEATURES,
      .pNext = &ifb };
   VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures sx = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES,
      .pNext = &sl };
   VkPhysicalDeviceUniformBufferStandardLayoutFeatures ub = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_UNIFORM_BUFFER_STANDARD_LAYOUT_FEATURES,
      .pNext = &sx };
   VkPhysicalDeviceScalarBlockLayoutFeatures sb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES, .pNext = &ub };
   VkPhysicalDeviceBufferDeviceAddressFeatures bda = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES, .pNext = &sb };
   VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &bda };
   const VkBool32 junk = 0x7e;
   s8.storageBuffer8BitAccess = fi.shaderInt8 = ts.timelineSemaphore = junk;
   hq.hostQueryReset = ifb.imagelessFramebuffer = sl.separateDepthStencilLayouts = junk;
   sx.shaderSubgroupExtendedTypes = ub.uniformBufferStandardLayout = junk;
   sb.scalarBlockLayout = bda.bufferDeviceAddress = junk;
   vkGetPhysicalDeviceFeatures2(pdev, &f2);
   CHECK(s8.storageBuffer8BitAccess == v->storageBuffer8BitAccess);
   CHECK(s8.uniformAndStorageBuffer8BitAccess == v->uniformAndStorageBuffer8BitAccess);
   CHECK(s8.storagePushConstant8 == v->storagePushConstant8);
   CHECK(fi.shaderInt8 == v->shaderInt8 && fi.shaderFloat16 == v->shaderFloat16);
   CHECK(ts.timelineSemaphore == v->timelineSemaphore);
   CHECK(hq.hostQueryReset == v->hostQueryReset);
   CHECK(ifb.imagelessFramebuffer == v->imagelessFramebuffer);
   CHECK(sl.separateDepthStencilLayouts == v->separateDepthStencilLayouts);
   CHECK(sx.shaderSubgroupExtendedTypes == v->shaderSubgroupExtendedTypes);
   CHECK(ub.uniformBufferStandardLayout == v->uniformBufferStandardLayout);
   CHECK(sb.scalarBlockLayout == v->scalarBlockLayout);
   CHECK(bda.bufferDeviceAddress == v->bufferDeviceAddress);
   CHECK(bda.bufferDeviceAddressCaptureReplay == v->bufferDeviceAddressCaptureReplay);
}

/* Vulkan "Feature Requirements": what a 1.2 implementation must have, and
 * what an extension it advertises brings with it. */
static void
check_required_features(VkPhysicalDevice pdev, const struct features *f)
{
   const VkPhysicalDeviceVulkan12Features *v = &f->v12;
   CHECK(v->timelineSemaphore);
   CHECK(v->hostQueryReset);
   CHECK(v->imagelessFramebuffer);
   CHECK(v->uniformBufferStandardLayout);
   CHECK(v->separateDepthStencilLayouts);
   CHECK(v->shaderSubgroupExtendedTypes);
   CHECK(v->subgroupBroadcastDynamicId);
   CHECK(!has_extension(pdev, "VK_KHR_buffer_device_address") || v->bufferDeviceAddress);
   CHECK(!has_extension(pdev, "VK_KHR_8bit_storage") || v->storageBuffer8BitAccess);
   CHECK(!has_extension(pdev, "VK_KHR_draw_indirect_count") || v->drawIndirectCount);
   CHECK(!has_extension(pdev, "VK_KHR_sampler_mirror_clamp_to_edge") ||
         v->samplerMirrorClampToEdge);
   CHECK(!has_extension(pdev, "VK_EXT_scalar_block_layout") || v->scalarBlockLayout);
   CHECK(!has_extension(pdev, "VK_EXT_sampler_filter_minmax") == !v->samplerFilterMinmax);
   CHECK(!has_extension(pdev, "VK_KHR_vulkan_memory_model") == !v->vulkanMemoryModel);
   CHECK(!has_extension(pdev, "VK_EXT_descriptor_indexing") == !v->descriptorIndexing);
   CHECK(!has_extension(pdev, "VK_KHR_shader_atomic_int64") == !v->shaderBufferInt64Atomics);
   check_feature_structs(pdev, v);
}

/* ---- properties ---- */

static void
check_properties(VkPhysicalDevice pdev)
{
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES };
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES, .pNext = &p11 };
   VkPhysicalDeviceProperties2 agg = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                       .pNext = &p12 };
   vkGetPhysicalDeviceProperties2(pdev, &agg);

   VkPhysicalDeviceDriverProperties drv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES };
   VkPhysicalDeviceFloatControlsProperties fc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES, .pNext = &drv };
   VkPhysicalDeviceTimelineSemaphoreProperties ts = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES, .pNext = &fc };
   VkPhysicalDeviceDepthStencilResolveProperties dsr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES,
      .pNext = &ts };
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES, .pNext = &dsr };
   VkPhysicalDeviceIDProperties id = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES,
                                       .pNext = &sg };
   VkPhysicalDeviceMaintenance3Properties m3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES, .pNext = &id };
   VkPhysicalDeviceProperties2 ext = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                       .pNext = &m3 };
   vkGetPhysicalDeviceProperties2(pdev, &ext);

   /* not conformant: conformanceVersion 0.0.0.0; a driver name and an ID
    * (genvk has no registered one: the spec allows unregistered IDs) */
   CHECK(p12.conformanceVersion.major == 0 && p12.conformanceVersion.minor == 0 &&
         p12.conformanceVersion.subminor == 0 && p12.conformanceVersion.patch == 0);
   CHECK(p12.driverName[0] != '\0');
   CHECK(drv.driverID == p12.driverID);
   CHECK(strcmp(drv.driverName, p12.driverName) == 0);
   CHECK(strcmp(drv.driverInfo, p12.driverInfo) == 0);
   CHECK(memcmp(&drv.conformanceVersion, &p12.conformanceVersion,
                sizeof(drv.conformanceVersion)) == 0);
   CHECK(fc.denormBehaviorIndependence == p12.denormBehaviorIndependence);
   CHECK(fc.roundingModeIndependence == p12.roundingModeIndependence);
   CHECK(fc.shaderDenormPreserveFloat32 == p12.shaderDenormPreserveFloat32);
   CHECK(fc.shaderRoundingModeRTZFloat16 == p12.shaderRoundingModeRTZFloat16);
   CHECK(fc.shaderSignedZeroInfNanPreserveFloat64 ==
         p12.shaderSignedZeroInfNanPreserveFloat64);
   CHECK(ts.maxTimelineSemaphoreValueDifference == p12.maxTimelineSemaphoreValueDifference);
   /* Vulkan "Required Limits": at least 2^31 - 1 */
   CHECK(p12.maxTimelineSemaphoreValueDifference >= 0x7fffffffull);
   CHECK(dsr.supportedDepthResolveModes == p12.supportedDepthResolveModes);
   CHECK(dsr.supportedStencilResolveModes == p12.supportedStencilResolveModes);
   CHECK(dsr.independentResolveNone == p12.independentResolveNone);
   CHECK(dsr.independentResolve == p12.independentResolve);
   CHECK(p12.framebufferIntegerColorSampleCounts & VK_SAMPLE_COUNT_1_BIT);
   /* the update-after-bind limits bound every pipeline layout */
   CHECK(p12.maxPerStageDescriptorUpdateAfterBindUniformBuffers >=
         agg.properties.limits.maxPerStageDescriptorUniformBuffers);
   CHECK(p12.maxPerStageDescriptorUpdateAfterBindStorageBuffers >=
         agg.properties.limits.maxPerStageDescriptorStorageBuffers);

   CHECK(sg.subgroupSize == p11.subgroupSize);
   CHECK(sg.supportedStages == p11.subgroupSupportedStages);
   CHECK(sg.supportedOperations == p11.subgroupSupportedOperations);
   CHECK(sg.quadOperationsInAllStages == p11.subgroupQuadOperationsInAllStages);
   CHECK(memcmp(id.deviceUUID, p11.deviceUUID, VK_UUID_SIZE) == 0);
   CHECK(memcmp(id.driverUUID, p11.driverUUID, VK_UUID_SIZE) == 0);
   CHECK(m3.maxPerSetDescriptors == p11.maxPerSetDescriptors);
   CHECK(m3.maxMemoryAllocationSize == p11.maxMemoryAllocationSize);
}

/* ---- separate stencil usage ---- */

static VkFormat
depth_stencil_format(VkPhysicalDevice pdev)
{
   static const VkFormat formats[] = { VK_FORMAT_D32_SFLOAT_S8_UINT,
                                       VK_FORMAT_D24_UNORM_S8_UINT };
   const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                     VK_FORMAT_FEATURE_TRANSFER_SRC_BIT;
   for (unsigned i = 0; i < 2; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(pdev, formats[i], &fp);
      if ((fp.optimalTilingFeatures & need) == need)
         return formats[i];
   }
   return VK_FORMAT_UNDEFINED;
}

static VkResult
query_usage(VkPhysicalDevice pdev, VkFormat format, VkImageUsageFlags usage,
            const VkImageStencilUsageCreateInfo *stencil)
{
   const VkPhysicalDeviceImageFormatInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2, .pNext = stencil,
      .format = format, .type = VK_IMAGE_TYPE_2D, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
   };
   VkImageFormatProperties2 props = { .sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2 };
   return vkGetPhysicalDeviceImageFormatProperties2(pdev, &info, &props);
}

/* A stencil usage the format cannot have fails the query even when the
 * image's usage alone would pass (Vulkan "VkImageStencilUsageCreateInfo"). */
static void
check_stencil_usage_query(VkPhysicalDevice pdev, VkFormat format)
{
   const VkImageUsageFlags usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   VkImageStencilUsageCreateInfo su = { .sType = VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO,
                                        .stencilUsage = usage | VK_IMAGE_USAGE_SAMPLED_BIT };
   CHECK(query_usage(pdev, format, usage, NULL) == VK_SUCCESS);
   CHECK(query_usage(pdev, format, usage, &su) == VK_SUCCESS);
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(pdev, format, &fp);
   if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
      return;
   su.stencilUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   CHECK(query_usage(pdev, format, usage, &su) == VK_ERROR_FORMAT_NOT_SUPPORTED);
}

/* ---- the device ---- */

static bool
create_device(struct ctx *c, const struct features *have)
{
   VkPhysicalDeviceVulkan12Features v12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .timelineSemaphore = VK_TRUE, .hostQueryReset = VK_TRUE,
      .imagelessFramebuffer = VK_TRUE, .separateDepthStencilLayouts = VK_TRUE,
      .uniformBufferStandardLayout = VK_TRUE, .shaderSubgroupExtendedTypes = VK_TRUE,
      .subgroupBroadcastDynamicId = VK_TRUE,
      .bufferDeviceAddress = have->v12.bufferDeviceAddress,
      .drawIndirectCount = have->v12.drawIndirectCount,
   };
   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                         .queueCount = 1, .pQueuePriorities = &prio };
   const VkDeviceCreateInfo info = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                     .pNext = &v12, .queueCreateInfoCount = 1,
                                     .pQueueCreateInfos = &qci };
   if (!VK(vkCreateDevice(c->pdev, &info, NULL, &c->device)))
      return false;
   vkGetDeviceQueue(c->device, 0, 0, &c->queue);
   return true;
}

static void
check_commands(const struct ctx *c)
{
   for (size_t i = 0; i < sizeof(commands12) / sizeof(commands12[0]); i++) {
      if (!vkGetDeviceProcAddr(c->device, commands12[i])) {
         fprintf(stderr, "FAIL: vkGetDeviceProcAddr(%s) is NULL\n", commands12[i]);
         failures++;
      }
      if (!vkGetInstanceProcAddr(c->instance, commands12[i])) {
         fprintf(stderr, "FAIL: vkGetInstanceProcAddr(%s) is NULL\n", commands12[i]);
         failures++;
      }
   }
}

static void
check_timeline(const struct ctx *c)
{
   const VkSemaphoreTypeCreateInfo type = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                            .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
                                            .initialValue = 5 };
   const VkSemaphoreCreateInfo info = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                                        .pNext = &type };
   VkSemaphore s;
   if (!VK(vkCreateSemaphore(c->device, &info, NULL, &s)))
      return;
   uint64_t value = 0;
   VK(vkGetSemaphoreCounterValue(c->device, s, &value));
   CHECK(value == 5);
   const VkSemaphoreSignalInfo sig = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
                                       .semaphore = s, .value = 9 };
   VK(vkSignalSemaphore(c->device, &sig));
   uint64_t want = 9;
   const VkSemaphoreWaitInfo wait = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                                      .semaphoreCount = 1, .pSemaphores = &s,
                                      .pValues = &want };
   CHECK(vkWaitSemaphores(c->device, &wait, 0) == VK_SUCCESS);
   want = 10;
   CHECK(vkWaitSemaphores(c->device, &wait, 0) == VK_TIMEOUT);
   VK(vkGetSemaphoreCounterValue(c->device, s, &value));
   CHECK(value == 9);
   vkDestroySemaphore(c->device, s, NULL);
}

/* vkResetQueryPool from the host: the results read back as unavailable. */
static void
check_host_query_reset(const struct ctx *c)
{
   const VkQueryPoolCreateInfo info = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                        .queryType = VK_QUERY_TYPE_OCCLUSION, .queryCount = 4 };
   VkQueryPool pool;
   if (!VK(vkCreateQueryPool(c->device, &info, NULL, &pool)))
      return;
   vkResetQueryPool(c->device, pool, 0, 4);
   uint64_t data[8];
   memset(data, 0xab, sizeof(data));
   CHECK(vkGetQueryPoolResults(c->device, pool, 0, 4, sizeof(data), data, 16,
                               VK_QUERY_RESULT_64_BIT |
                               VK_QUERY_RESULT_WITH_AVAILABILITY_BIT) == VK_NOT_READY);
   for (unsigned i = 0; i < 4; i++)
      CHECK(data[2 * i + 1] == 0);
   vkDestroyQueryPool(c->device, pool, NULL);
}

static uint32_t
memory_type(const struct ctx *c, uint32_t bits, VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < c->mem.memoryTypeCount; i++) {
      if ((bits & (1u << i)) && (c->mem.memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   return UINT32_MAX;
}

static VkDeviceMemory
allocate(const struct ctx *c, VkMemoryRequirements r, VkMemoryPropertyFlags want,
         const void *next)
{
   const VkMemoryAllocateInfo info = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                       .pNext = next, .allocationSize = r.size,
                                       .memoryTypeIndex = memory_type(c, r.memoryTypeBits, want) };
   VkDeviceMemory m = VK_NULL_HANDLE;
   VK(vkAllocateMemory(c->device, &info, NULL, &m));
   return m;
}

/* Device addresses: nonzero and aligned.  The opaque capture addresses
 * may only be asked for with bufferDeviceAddressCaptureReplay
 * (VUID-vkGetBufferOpaqueCaptureAddress-None-03326): a device without it
 * has them resolve only (check_commands). */
static void
check_device_address(const struct ctx *c)
{
   const VkBufferCreateInfo info = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                     .size = 4096,
                                     .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                              VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT };
   VkBuffer b;
   if (!VK(vkCreateBuffer(c->device, &info, NULL, &b)))
      return;
   VkMemoryRequirements r;
   vkGetBufferMemoryRequirements(c->device, b, &r);
   const VkMemoryAllocateFlagsInfo flags = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
      .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT };
   VkDeviceMemory m = allocate(c, r, 0, &flags);
   VK(vkBindBufferMemory(c->device, b, m, 0));
   const VkBufferDeviceAddressInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                                          .buffer = b };
   VkDeviceAddress a = vkGetBufferDeviceAddress(c->device, &bi);
   CHECK(a != 0 && a % r.alignment == 0);
   vkDestroyBuffer(c->device, b, NULL);
   vkFreeMemory(c->device, m, NULL);
}

/* ---- the render pass ---- */

struct ds_target {
   VkFormat format;
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view, stencil_view;
   VkBuffer depth_buf, stencil_buf;
   VkDeviceMemory depth_mem, stencil_mem;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkPipelineLayout layout;
   VkShaderModule vs;
   VkPipeline pipeline;
   VkCommandPool pool;
};

static const VkImageUsageFlags ds_usage =
   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
/* the stencil aspect may also be sampled (its own view) */
static const VkImageUsageFlags stencil_usage =
   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
   VK_IMAGE_USAGE_SAMPLED_BIT;

static void
create_ds_image(const struct ctx *c, struct ds_target *t)
{
   const VkImageStencilUsageCreateInfo su = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO, .stencilUsage = stencil_usage };
   const VkImageCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .pNext = &su,
      .imageType = VK_IMAGE_TYPE_2D, .format = t->format, .extent = { W, H, 1 },
      .mipLevels = 1, .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = ds_usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VK(vkCreateImage(c->device, &info, NULL, &t->image));
   VkMemoryRequirements r;
   vkGetImageMemoryRequirements(c->device, t->image, &r);
   t->mem = allocate(c, r, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, NULL);
   VK(vkBindImageMemory(c->device, t->image, t->mem, 0));
   VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = t->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = t->format,
      .subresourceRange = { VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0, 1, 0, 1 },
   };
   VK(vkCreateImageView(c->device, &vi, NULL, &t->view));
   /* sampled: allowed by the stencil usage only */
   vi.subresourceRange.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
   VK(vkCreateImageView(c->device, &vi, NULL, &t->stencil_view));
}

/* Subpass 0 draws with depth and stencil attachment layouts of their own;
 * subpass 1 only reads them (read-only layouts).  The final layouts are
 * transfer sources, one per aspect. */
static void
create_render_pass(const struct ctx *c, struct ds_target *t)
{
   const VkAttachmentDescriptionStencilLayout stencil_layouts = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_STENCIL_LAYOUT,
      .stencilInitialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .stencilFinalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
   };
   const VkAttachmentDescription2 att = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2, .pNext = &stencil_layouts,
      .format = t->format, .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
   };
   const VkAttachmentReferenceStencilLayout write_stencil = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_STENCIL_LAYOUT,
      .stencilLayout = VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL };
   const VkAttachmentReferenceStencilLayout read_stencil = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_STENCIL_LAYOUT,
      .stencilLayout = VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL };
   const VkAttachmentReference2 refs[2] = {
      { .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .pNext = &write_stencil,
        .attachment = 0, .layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT },
      { .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .pNext = &read_stencil,
        .attachment = 0, .layout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT },
   };
   const VkSubpassDescription2 subpasses[2] = {
      { .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
        .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
        .pDepthStencilAttachment = &refs[0] },
      { .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
        .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
        .pDepthStencilAttachment = &refs[1] },
   };
   const VkPipelineStageFlags tests = VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
                                      VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
   const VkSubpassDependency2 deps[2] = {
      { .sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2, .srcSubpass = 0, .dstSubpass = 1,
        .srcStageMask = tests, .dstStageMask = tests,
        .srcAccessMask = VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT },
      { .sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2, .srcSubpass = 1,
        .dstSubpass = VK_SUBPASS_EXTERNAL, .srcStageMask = tests,
        .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
        .srcAccessMask = VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
        .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT },
   };
   const VkRenderPassCreateInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2, .attachmentCount = 1,
      .pAttachments = &att, .subpassCount = 2, .pSubpasses = subpasses,
      .dependencyCount = 2, .pDependencies = deps,
   };
   VK(vkCreateRenderPass2(c->device, &info, NULL, &t->pass));

   const VkFramebufferAttachmentImageInfo image = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO, .usage = ds_usage,
      .width = W, .height = H, .layerCount = 1, .viewFormatCount = 1,
      .pViewFormats = &t->format,
   };
   const VkFramebufferAttachmentsCreateInfo images = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO,
      .attachmentImageInfoCount = 1, .pAttachmentImageInfos = &image };
   const VkFramebufferCreateInfo fb = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .pNext = &images,
      .flags = VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT, .renderPass = t->pass,
      .attachmentCount = 1, .width = W, .height = H, .layers = 1,
   };
   VK(vkCreateFramebuffer(c->device, &fb, NULL, &t->fb));
}

/* Depth always passes and is written; stencil always passes and takes the
 * reference 0x33; the scissor keeps the left half. */
static void
create_pipeline(const struct ctx *c, struct ds_target *t)
{
   const VkShaderModuleCreateInfo mi = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                         .codeSize = sizeof(test_vulkan12_vert_spv),
                                         .pCode = test_vulkan12_vert_spv };
   VK(vkCreateShaderModule(c->device, &mi, NULL, &t->vs));
   const VkPipelineLayoutCreateInfo li = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO };
   VK(vkCreatePipelineLayout(c->device, &li, NULL, &t->layout));
   const VkPipelineShaderStageCreateInfo stage = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = t->vs, .pName = "main" };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
   const VkViewport viewport = { 0, 0, W, H, 0, 1 };
   const VkRect2D scissor = { { 0, 0 }, { W / 2, H } };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1,
      .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1 };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT };
   const VkStencilOpState so = { .failOp = VK_STENCIL_OP_KEEP, .passOp = VK_STENCIL_OP_REPLACE,
                                 .depthFailOp = VK_STENCIL_OP_KEEP,
                                 .compareOp = VK_COMPARE_OP_ALWAYS, .compareMask = 0xff,
                                 .writeMask = 0xff, .reference = 0x33 };
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS, .stencilTestEnable = VK_TRUE,
      .front = so, .back = so };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO };
   const VkGraphicsPipelineCreateInfo gi = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 1,
      .pStages = &stage, .pVertexInputState = &vi, .pInputAssemblyState = &ia,
      .pViewportState = &vp, .pRasterizationState = &rs, .pMultisampleState = &ms,
      .pDepthStencilState = &ds, .pColorBlendState = &cb, .layout = t->layout,
      .renderPass = t->pass, .subpass = 0,
   };
   VK(vkCreateGraphicsPipelines(c->device, VK_NULL_HANDLE, 1, &gi, NULL, &t->pipeline));
}

static VkBuffer
readback_buffer(const struct ctx *c, VkDeviceSize size, VkDeviceMemory *mem)
{
   const VkBufferCreateInfo info = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                     .size = size, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT };
   VkBuffer b = VK_NULL_HANDLE;
   VK(vkCreateBuffer(c->device, &info, NULL, &b));
   VkMemoryRequirements r;
   vkGetBufferMemoryRequirements(c->device, b, &r);
   *mem = allocate(c, r, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, NULL);
   VK(vkBindBufferMemory(c->device, b, *mem, 0));
   return b;
}

static void
record(const struct ctx *c, const struct ds_target *t, VkCommandBuffer cmd)
{
   const VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                         .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
   VK(vkBeginCommandBuffer(cmd, &bi));
   const VkClearValue clear = { .depthStencil = { 0.25f, 0x5a } };
   const VkRenderPassAttachmentBeginInfo views = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO, .attachmentCount = 1,
      .pAttachments = &t->view };
   const VkRenderPassBeginInfo rp = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .pNext = &views,
      .renderPass = t->pass, .framebuffer = t->fb, .renderArea = { { 0, 0 }, { W, H } },
      .clearValueCount = 1, .pClearValues = &clear };
   const VkSubpassBeginInfo sb = { .sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
                                   .contents = VK_SUBPASS_CONTENTS_INLINE };
   const VkSubpassEndInfo se = { .sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO };
   vkCmdBeginRenderPass2(cmd, &rp, &sb);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, t->pipeline);
   vkCmdDraw(cmd, 3, 1, 0, 0);
   vkCmdNextSubpass2(cmd, &sb, &se);
   vkCmdEndRenderPass2(cmd, &se);
   VkBufferImageCopy region = { .imageSubresource = { VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1 },
                                .imageExtent = { W, H, 1 } };
   vkCmdCopyImageToBuffer(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t->depth_buf,
                          1, &region);
   region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
   vkCmdCopyImageToBuffer(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                          t->stencil_buf, 1, &region);
   const VkMemoryBarrier host = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                  .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                        1, &host, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));
}

/* Depth in the copy's format: D32 floats, or D24 in the low 24 bits of
 * each texel (Vulkan "Depth/Stencil Formats" in buffer copies). */
static double
depth_at(VkFormat format, const void *data, unsigned i)
{
   uint32_t w;
   memcpy(&w, (const char *)data + 4 * i, 4);
   if (format == VK_FORMAT_D24_UNORM_S8_UINT)
      return (w & 0xffffff) / 16777215.0;
   float f;
   memcpy(&f, &w, 4);
   return f;
}

static void
check_pixels(const struct ctx *c, const struct ds_target *t)
{
   void *depth, *stencil;
   VK(vkMapMemory(c->device, t->depth_mem, 0, VK_WHOLE_SIZE, 0, &depth));
   VK(vkMapMemory(c->device, t->stencil_mem, 0, VK_WHOLE_SIZE, 0, &stencil));
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         bool drawn = x < W / 2;
         double d = depth_at(t->format, depth, y * W + x), want = drawn ? 0.75 : 0.25;
         uint8_t s = ((const uint8_t *)stencil)[y * W + x];
         if ((d - want > 1e-6 || want - d > 1e-6 || s != (drawn ? 0x33 : 0x5a)) && bad++ < 4)
            fprintf(stderr, "FAIL: (%u,%u) depth %f stencil 0x%02x, expected %f 0x%02x\n",
                    x, y, d, s, want, drawn ? 0x33 : 0x5a);
      }
   }
   failures += bad != 0;
   vkUnmapMemory(c->device, t->depth_mem);
   vkUnmapMemory(c->device, t->stencil_mem);
}

static void
destroy_target(const struct ctx *c, struct ds_target *t)
{
   vkDestroyPipeline(c->device, t->pipeline, NULL);
   vkDestroyPipelineLayout(c->device, t->layout, NULL);
   vkDestroyShaderModule(c->device, t->vs, NULL);
   vkDestroyFramebuffer(c->device, t->fb, NULL);
   vkDestroyRenderPass(c->device, t->pass, NULL);
   vkDestroyImageView(c->device, t->view, NULL);
   vkDestroyImageView(c->device, t->stencil_view, NULL);
   vkDestroyImage(c->device, t->image, NULL);
   vkFreeMemory(c->device, t->mem, NULL);
   vkDestroyBuffer(c->device, t->depth_buf, NULL);
   vkDestroyBuffer(c->device, t->stencil_buf, NULL);
   vkFreeMemory(c->device, t->depth_mem, NULL);
   vkFreeMemory(c->device, t->stencil_mem, NULL);
   vkDestroyCommandPool(c->device, t->pool, NULL);
}

static void
check_depth_stencil_pass(const struct ctx *c)
{
   struct ds_target t = { .format = depth_stencil_format(c->pdev) };
   if (t.format == VK_FORMAT_UNDEFINED) {
      printf("note: no depth/stencil attachment format: render pass not checked\n");
      return;
   }
   check_stencil_usage_query(c->pdev, t.format);
   create_ds_image(c, &t);
   create_render_pass(c, &t);
   create_pipeline(c, &t);
   t.depth_buf = readback_buffer(c, 4 * W * H, &t.depth_mem);
   t.stencil_buf = readback_buffer(c, W * H, &t.stencil_mem);
   const VkCommandPoolCreateInfo pi = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   VK(vkCreateCommandPool(c->device, &pi, NULL, &t.pool));
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = t.pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(c->device, &ai, &cmd));
   if (failures == 0) {
      record(c, &t, cmd);
      const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                                .commandBufferCount = 1, .pCommandBuffers = &cmd };
      VK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
      VK(vkQueueWaitIdle(c->queue));
      check_pixels(c, &t);
   }
   destroy_target(c, &t);
}

/* A 1.1 device (Gen7/7.5, which cannot draw yet): none of the render-pass
 * extensions 1.2 promoted. */
static void
check_vulkan11_device(const struct ctx *c)
{
   CHECK(!has_extension(c->pdev, "VK_KHR_create_renderpass2"));
   CHECK(!has_extension(c->pdev, "VK_KHR_imageless_framebuffer"));
   CHECK(!has_extension(c->pdev, "VK_KHR_separate_depth_stencil_layouts"));
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s EXPECTED_MINOR_VERSION\n", argv[0]);
      return 1;
   }
   unsigned minor = (unsigned)atoi(argv[1]);
   uint32_t instance_version = 0;
   VK(vkEnumerateInstanceVersion(&instance_version));
   CHECK(VK_API_VERSION_MINOR(instance_version) >= 2);

   struct ctx c = { 0 };
   create_instance(&c);
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(c.instance, &n, &c.pdev);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || !n) {
      printf("SKIP: no physical device\n");
      return SKIP;
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   vkGetPhysicalDeviceMemoryProperties(c.pdev, &c.mem);
   CHECK(VK_API_VERSION_MAJOR(props.apiVersion) == 1 &&
         VK_API_VERSION_MINOR(props.apiVersion) == minor);
   struct features f;
   if (minor < 2) {
      check_vulkan11_device(&c);
   } else {
      query_aggregates(c.pdev, &f);
      for (size_t i = 0; i < sizeof(promoted12) / sizeof(promoted12[0]); i++) {
         if (!has_extension(c.pdev, promoted12[i])) {
            fprintf(stderr, "FAIL: %s is not advertised\n", promoted12[i]);
            failures++;
         }
      }
      check_required_features(c.pdev, &f);
      check_properties(c.pdev);
      if (create_device(&c, &f)) {
         check_commands(&c);
         check_timeline(&c);
         check_host_query_reset(&c);
         if (f.v12.bufferDeviceAddress)
            check_device_address(&c);
         check_depth_stencil_pass(&c);
         vkDestroyDevice(c.device, NULL);
      }
   }
   if (c.messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(c.instance, "vkDestroyDebugUtilsMessengerEXT");
      destroy(c.instance, c.messenger, NULL);
   }
   vkDestroyInstance(c.instance, NULL);
   if (validation_errors) {
      fprintf(stderr, "FAIL: %d validation errors\n", validation_errors);
      failures++;
   }
   if (failures) {
      printf("%d checks failed\n", failures);
      return 1;
   }
   printf("Vulkan 1.%u checks passed\n", minor);
   return 0;
}
