/* Extensions Vulkan 1.3 promoted that genvk offers, through the loader
 * (with the Khronos validation layer when it is installed: any validation
 * error fails the run):
 *  - each is advertised where it should be, its feature structure agrees
 *    with VkPhysicalDeviceVulkan13Features, its commands resolve;
 *  - VK_EXT_tooling_info: the driver lists no tool (only layers may);
 *  - VK_EXT_private_data: values round-trip on dispatchable and other
 *    objects, per slot; an object made after one was destroyed reads 0;
 *    an allocation failure is VK_ERROR_OUT_OF_HOST_MEMORY and leaks
 *    nothing;
 *  - VK_EXT_pipeline_creation_feedback: compute and graphics pipelines
 *    report VALID feedback, and a cache hit exactly when the
 *    application's pipeline cache gave every kernel of a stage;
 *  - VK_KHR_format_feature_flags2: VkFormatProperties3 holds the
 *    VkFormatProperties bits and the *_WITHOUT_FORMAT and depth
 *    comparison bits where true;
 *  - VK_EXT_texel_buffer_alignment: the properties match the limits;
 *  - VK_KHR_zero_initialize_workgroup_memory: a shared array with a null
 *    initialiser reads 0 where nothing was stored, and what was stored
 *    where it was (test_vulkan13_zero.comp);
 *  - VK_EXT_sampler_filter_minmax (Gen9+): a bilinear sample at the
 *    centre of a 2x2 image returns the average, the minimum or the maximum
 *    of its four texels, per channel, as the sampler's reduction mode
 *    says (computed here from the texels); the formats the spec lists
 *    reduce; before Gen9 nothing is offered;
 *  - VK_EXT_image_robustness: storage image loads and texel fetches
 *    outside the image (past its width, height, layers or levels) read 0,
 *    stores there change nothing, where an unchecked access would have
 *    reached another layer (test_vulkan13_robust.comp);
 *  - VK_KHR_shader_terminate_invocation and
 *    VK_EXT_shader_demote_to_helper_invocation: fragments of even x end
 *    (nothing written) or become helpers, whose values their neighbours'
 *    fine derivatives still see (Gen8+).
 * Usage: test_vulkan13_ext gen7|gen8|gen9 (gen9: Gen9 and later) */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "test_vulkan13_demote.frag.spv.h"
#include "test_vulkan13_ext.comp.spv.h"
#include "test_vulkan13_ext.vert.spv.h"
#include "test_vulkan13_minmax.comp.spv.h"
#include "test_vulkan13_robust.comp.spv.h"
#include "test_vulkan13_terminate.frag.spv.h"
#include "test_vulkan13_zero.comp.spv.h"

#define W 8
#define H 4

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
   bool gfx;      /* Gen8+: fragment shaders */
   bool minmax;   /* Gen9+: SAMPLER_STATE Reduction Type */
   bool validate;
   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger;
   VkPhysicalDevice pdev;
   VkDevice device;
   VkQueue queue;
   VkPhysicalDeviceMemoryProperties mem;
   VkCommandPool pool;
   PFN_vkCreatePrivateDataSlotEXT create_slot;
   PFN_vkDestroyPrivateDataSlotEXT destroy_slot;
   PFN_vkSetPrivateDataEXT set_data;
   PFN_vkGetPrivateDataEXT get_data;
   PFN_vkCmdBeginRenderingKHR begin_rendering;
   PFN_vkCmdEndRenderingKHR end_rendering;
};

static void
create_instance(struct ctx *c)
{
   const char *layer = "VK_LAYER_KHRONOS_validation";
   const char *ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
   c->validate = has_validation_layer();
   const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .pApplicationName = "test_vulkan13_ext",
                                   .apiVersion = VK_API_VERSION_1_2 };
   const VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app,
      .enabledLayerCount = c->validate ? 1 : 0, .ppEnabledLayerNames = &layer,
      .enabledExtensionCount = c->validate ? 1 : 0, .ppEnabledExtensionNames = &ext,
   };
   VK(vkCreateInstance(&info, NULL, &c->instance));
   if (!c->validate) {
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

/* every generation; the shader ones where fragment shaders run */
static const char *const all_gens[] = {
   "VK_EXT_tooling_info", "VK_EXT_private_data", "VK_EXT_pipeline_creation_feedback",
   "VK_KHR_format_feature_flags2", "VK_EXT_texel_buffer_alignment",
   "VK_KHR_zero_initialize_workgroup_memory", "VK_EXT_image_robustness",
};
static const char *const gfx_only[] = {
   "VK_KHR_shader_terminate_invocation", "VK_EXT_shader_demote_to_helper_invocation",
   "VK_KHR_dynamic_rendering",
};

/* ---- features and properties ---- */

static void
check_features(const struct ctx *c)
{
   for (size_t i = 0; i < sizeof(all_gens) / sizeof(all_gens[0]); i++) {
      if (!CHECK(has_extension(c->pdev, all_gens[i])))
         fprintf(stderr, "  %s is not advertised\n", all_gens[i]);
   }
   for (size_t i = 0; i < sizeof(gfx_only) / sizeof(gfx_only[0]); i++) {
      if (!CHECK(has_extension(c->pdev, gfx_only[i]) == c->gfx))
         fprintf(stderr, "  %s advertised: %d, expected %d\n", gfx_only[i],
                 has_extension(c->pdev, gfx_only[i]), c->gfx);
   }
   const VkBool32 junk = 0x7e;
   VkPhysicalDeviceVulkan13Features v13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES };
   VkPhysicalDeviceFeatures2 agg = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &v13 };
   vkGetPhysicalDeviceFeatures2(c->pdev, &agg);
   VkPhysicalDevicePrivateDataFeatures pd = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES, .privateData = junk };
   VkPhysicalDeviceShaderTerminateInvocationFeatures ti = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES,
      .pNext = &pd, .shaderTerminateInvocation = junk };
   VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures dh = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES,
      .pNext = &ti, .shaderDemoteToHelperInvocation = junk };
   VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT tba = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_FEATURES_EXT,
      .pNext = &dh, .texelBufferAlignment = junk };
   VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures zi = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
      .pNext = &tba, .shaderZeroInitializeWorkgroupMemory = junk };
   VkPhysicalDeviceImageRobustnessFeatures ir = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES, .pNext = &zi,
      .robustImageAccess = junk };
   VkPhysicalDeviceFeatures2 ext = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &ir };
   vkGetPhysicalDeviceFeatures2(c->pdev, &ext);
   CHECK(v13.privateData == VK_TRUE && pd.privateData == VK_TRUE);
   CHECK(v13.shaderTerminateInvocation == c->gfx && ti.shaderTerminateInvocation == c->gfx);
   CHECK(v13.shaderDemoteToHelperInvocation == c->gfx &&
         dh.shaderDemoteToHelperInvocation == c->gfx);
   CHECK(tba.texelBufferAlignment == VK_TRUE);
   CHECK(v13.robustImageAccess == VK_TRUE && ir.robustImageAccess == VK_TRUE);
   CHECK(v13.shaderZeroInitializeWorkgroupMemory == VK_TRUE &&
         zi.shaderZeroInitializeWorkgroupMemory == VK_TRUE);

   VkPhysicalDeviceTexelBufferAlignmentProperties tp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES,
      .storageTexelBufferOffsetAlignmentBytes = 12345,
      .uniformTexelBufferOffsetAlignmentBytes = 12345 };
   VkPhysicalDeviceProperties2 props = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                         .pNext = &tp };
   vkGetPhysicalDeviceProperties2(c->pdev, &props);
   /* Without the single-texel relaxation, the alignment in bytes must not
    * be looser than the core limit ("Limits": minTexelBufferOffsetAlignment
    * is the stricter of the two when the feature is off). */
   const VkDeviceSize min = props.properties.limits.minTexelBufferOffsetAlignment;
   CHECK(tp.storageTexelBufferOffsetAlignmentBytes == min);
   CHECK(tp.uniformTexelBufferOffsetAlignmentBytes == min);
   CHECK(!tp.storageTexelBufferOffsetSingleTexelAlignment);
   CHECK(!tp.uniformTexelBufferOffsetSingleTexelAlignment);
}

/* VkFormatProperties3's low bits are VkFormatProperties'; the formats the
 * device stores without a declared format say so, and sampled depth
 * formats compare. */
static void
check_format_properties3(const struct ctx *c)
{
   static const VkFormat formats[] = {
      VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32_UINT, VK_FORMAT_R32G32B32A32_SFLOAT,
      VK_FORMAT_R16G16_SFLOAT, VK_FORMAT_D32_SFLOAT, VK_FORMAT_D16_UNORM,
      VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_FORMAT_R8_SNORM,
   };
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      VkFormatProperties3 p3 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
      VkFormatProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3 };
      vkGetPhysicalDeviceFormatProperties2(c->pdev, formats[i], &p2);
      const VkFormatProperties *p = &p2.formatProperties;
      CHECK((p3.optimalTilingFeatures & 0x7fffffffu) == p->optimalTilingFeatures);
      CHECK((p3.linearTilingFeatures & 0x7fffffffu) == p->linearTilingFeatures);
      CHECK((p3.bufferFeatures & 0x7fffffffu) == p->bufferFeatures);
      if (p->optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT)
         CHECK(p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT);
      if (p->bufferFeatures & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT)
         CHECK(p3.bufferFeatures & VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT);
   }
   /* shaderStorageImageReadWithoutFormat: every storage format reads
    * without one; R32_UINT is a storage format on every device */
   VkPhysicalDeviceFeatures f;
   vkGetPhysicalDeviceFeatures(c->pdev, &f);
   VkFormatProperties3 r32 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
   VkFormatProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &r32 };
   vkGetPhysicalDeviceFormatProperties2(c->pdev, VK_FORMAT_R32_UINT, &p2);
   CHECK(r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT);
   CHECK(!f.shaderStorageImageReadWithoutFormat ||
         (r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT));
   /* D32_SFLOAT samples and compares (the spec requires both for it or
    * X8_D24_UNORM_PACK32) */
   VkFormatProperties3 d32 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
   p2.pNext = &d32;
   vkGetPhysicalDeviceFormatProperties2(c->pdev, VK_FORMAT_D32_SFLOAT, &p2);
   CHECK(d32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT);
   CHECK(d32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT);
   /* a colour format never compares */
   VkFormatProperties3 rgba = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
   p2.pNext = &rgba;
   vkGetPhysicalDeviceFormatProperties2(c->pdev, VK_FORMAT_R8G8B8A8_UNORM, &p2);
   CHECK(!(rgba.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT));
}

/* The driver lists no tool: anything listed comes from a layer, and
 * without layers nothing is. */
static void
check_tools(const struct ctx *c)
{
   PFN_vkGetPhysicalDeviceToolPropertiesEXT get = (PFN_vkGetPhysicalDeviceToolPropertiesEXT)
      vkGetInstanceProcAddr(c->instance, "vkGetPhysicalDeviceToolPropertiesEXT");
   if (!CHECK(get))
      return;
   uint32_t n = 0;
   VK(get(c->pdev, &n, NULL));
   VkPhysicalDeviceToolProperties *tools = calloc(n ? n : 1, sizeof(*tools));
   for (uint32_t i = 0; i < n; i++)
      tools[i].sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TOOL_PROPERTIES;
   VK(get(c->pdev, &n, tools));
   for (uint32_t i = 0; i < n; i++) {
      CHECK(strstr(tools[i].name, "genvk") == NULL);
      CHECK(tools[i].purposes != 0);
   }
   if (!c->validate)
      CHECK(n == 0);
   free(tools);
}

/* ---- device ---- */

static void
create_device(struct ctx *c)
{
   const char *exts[14];
   uint32_t n = 0;
   for (size_t i = 0; i < sizeof(all_gens) / sizeof(all_gens[0]); i++)
      exts[n++] = all_gens[i];
   if (c->gfx) {
      for (size_t i = 0; i < sizeof(gfx_only) / sizeof(gfx_only[0]); i++)
         exts[n++] = gfx_only[i];
   }
   if (c->minmax)
      exts[n++] = "VK_EXT_sampler_filter_minmax";
   VkPhysicalDeviceDynamicRenderingFeatures dr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
      .dynamicRendering = VK_TRUE };
   VkPhysicalDeviceShaderTerminateInvocationFeatures ti = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES,
      .pNext = &dr, .shaderTerminateInvocation = VK_TRUE };
   VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures dh = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES,
      .pNext = &ti, .shaderDemoteToHelperInvocation = VK_TRUE };
   VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT tba = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_FEATURES_EXT,
      .pNext = c->gfx ? (void *)&dh : NULL, .texelBufferAlignment = VK_TRUE };
   VkPhysicalDeviceImageRobustnessFeatures ir = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES, .pNext = &tba,
      .robustImageAccess = VK_TRUE };
   VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures zi = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
      .pNext = &ir, .shaderZeroInitializeWorkgroupMemory = VK_TRUE };
   /* the validation layer looks for the feature in the 1.2 aggregate
    * (the device is 1.2) */
   VkPhysicalDeviceVulkan12Features v12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &zi,
      .samplerFilterMinmax = c->minmax };
   VkPhysicalDevicePrivateDataFeatures pd = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES, .pNext = &v12,
      .privateData = VK_TRUE };
   /* reservations are a hint: more slots than reserved are made below */
   VkDevicePrivateDataCreateInfo reserve = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_PRIVATE_DATA_CREATE_INFO, .pNext = &pd,
      .privateDataSlotRequestCount = 2 };
   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                       .queueCount = 1, .pQueuePriorities = &priority };
   const VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &reserve,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &q,
      .enabledExtensionCount = n, .ppEnabledExtensionNames = exts,
   };
   VK(vkCreateDevice(c->pdev, &info, NULL, &c->device));
   vkGetDeviceQueue(c->device, 0, 0, &c->queue);
   vkGetPhysicalDeviceMemoryProperties(c->pdev, &c->mem);
   const VkCommandPoolCreateInfo pool = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   VK(vkCreateCommandPool(c->device, &pool, NULL, &c->pool));
#define FN(field, name) c->field = (PFN_##name)vkGetDeviceProcAddr(c->device, #name)
   FN(create_slot, vkCreatePrivateDataSlotEXT);
   FN(destroy_slot, vkDestroyPrivateDataSlotEXT);
   FN(set_data, vkSetPrivateDataEXT);
   FN(get_data, vkGetPrivateDataEXT);
   FN(begin_rendering, vkCmdBeginRenderingKHR);
   FN(end_rendering, vkCmdEndRenderingKHR);
#undef FN
}

/* ---- private data ---- */

/* Fails every allocation while `fail` is set; counts the live ones. */
struct failing_alloc {
   bool fail;
   long live;
};

static void *VKAPI_CALL
fa_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   struct failing_alloc *a = user;
   (void)scope;
   if (a->fail)
      return NULL;
   void *p = aligned_alloc(align, (size + align - 1) / align * align);
   if (p)
      a->live++;
   return p;
}

static void *VKAPI_CALL
fa_realloc(void *user, void *old, size_t size, size_t align, VkSystemAllocationScope scope)
{
   (void)user; (void)old; (void)size; (void)align; (void)scope;
   return NULL;   /* genvk does not reallocate objects */
}

static void VKAPI_CALL
fa_free(void *user, void *p)
{
   struct failing_alloc *a = user;
   if (p)
      a->live--;
   free(p);
}

static VkSampler
make_sampler(const struct ctx *c, const VkAllocationCallbacks *alloc)
{
   const VkSamplerCreateInfo info = { .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                      .maxLod = 1.0f };
   VkSampler s = VK_NULL_HANDLE;
   VK(vkCreateSampler(c->device, &info, alloc, &s));
   return s;
}

static uint64_t
get(const struct ctx *c, VkObjectType type, uint64_t handle, VkPrivateDataSlot slot)
{
   uint64_t v = 0xdeadbeef;
   c->get_data(c->device, type, handle, slot, &v);
   return v;
}

static void
check_private_data(const struct ctx *c)
{
   if (!CHECK(c->create_slot && c->destroy_slot && c->set_data && c->get_data))
      return;
   /* three slots for a reservation of two */
   VkPrivateDataSlot slot[3];
   const VkPrivateDataSlotCreateInfo si = {
      .sType = VK_STRUCTURE_TYPE_PRIVATE_DATA_SLOT_CREATE_INFO };
   for (int i = 0; i < 3; i++)
      VK(c->create_slot(c->device, &si, NULL, &slot[i]));

   VkCommandBuffer cmd;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(c->device, &ai, &cmd));
   VkSampler sampler = make_sampler(c, NULL);
   const struct { VkObjectType type; uint64_t handle; } objs[] = {
      { VK_OBJECT_TYPE_DEVICE, (uint64_t)(uintptr_t)c->device },
      { VK_OBJECT_TYPE_QUEUE, (uint64_t)(uintptr_t)c->queue },
      { VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)(uintptr_t)cmd },
      { VK_OBJECT_TYPE_COMMAND_POOL, (uint64_t)c->pool },
      { VK_OBJECT_TYPE_SAMPLER, (uint64_t)sampler },
      { VK_OBJECT_TYPE_PRIVATE_DATA_SLOT, (uint64_t)slot[2] },
   };
   const size_t n = sizeof(objs) / sizeof(objs[0]);
   /* nothing set reads 0 */
   for (size_t o = 0; o < n; o++)
      CHECK(get(c, objs[o].type, objs[o].handle, slot[0]) == 0);
   /* slots 0 and 1 on every object, each value its own; slot 2 on none */
   for (size_t o = 0; o < n; o++) {
      VK(c->set_data(c->device, objs[o].type, objs[o].handle, slot[0], 0x1000 + o));
      VK(c->set_data(c->device, objs[o].type, objs[o].handle, slot[1], ~(uint64_t)o));
   }
   for (size_t o = 0; o < n; o++) {
      if (!CHECK(get(c, objs[o].type, objs[o].handle, slot[0]) == 0x1000 + o) ||
          !CHECK(get(c, objs[o].type, objs[o].handle, slot[1]) == ~(uint64_t)o) ||
          !CHECK(get(c, objs[o].type, objs[o].handle, slot[2]) == 0))
         fprintf(stderr, "  object type %d\n", objs[o].type);
   }
   /* a second set replaces the value */
   VK(c->set_data(c->device, VK_OBJECT_TYPE_DEVICE, objs[0].handle, slot[0], 42));
   CHECK(get(c, VK_OBJECT_TYPE_DEVICE, objs[0].handle, slot[0]) == 42);
   CHECK(get(c, VK_OBJECT_TYPE_DEVICE, objs[0].handle, slot[1]) == ~(uint64_t)0);

   /* a sampler made after the first is gone (often at its address) has
    * no value */
   vkDestroySampler(c->device, sampler, NULL);
   VkSampler again = make_sampler(c, NULL);
   CHECK(get(c, VK_OBJECT_TYPE_SAMPLER, (uint64_t)again, slot[0]) == 0);
   CHECK(get(c, VK_OBJECT_TYPE_SAMPLER, (uint64_t)again, slot[1]) == 0);
   vkDestroySampler(c->device, again, NULL);

   /* a slot made after one was destroyed sees nothing of it */
   c->destroy_slot(c->device, slot[1], NULL);
   VK(c->create_slot(c->device, &si, NULL, &slot[1]));
   CHECK(get(c, VK_OBJECT_TYPE_DEVICE, objs[0].handle, slot[1]) == 0);

   /* an object whose allocator fails: the set fails, nothing is stored,
    * and nothing is left once it is destroyed */
   struct failing_alloc fa = { 0 };
   const VkAllocationCallbacks cb = { .pUserData = &fa, .pfnAllocation = fa_alloc,
                                      .pfnReallocation = fa_realloc, .pfnFree = fa_free };
   VkSampler own = make_sampler(c, &cb);
   fa.fail = true;
   CHECK(c->set_data(c->device, VK_OBJECT_TYPE_SAMPLER, (uint64_t)own, slot[0], 7) ==
         VK_ERROR_OUT_OF_HOST_MEMORY);
   CHECK(get(c, VK_OBJECT_TYPE_SAMPLER, (uint64_t)own, slot[0]) == 0);
   fa.fail = false;
   VK(c->set_data(c->device, VK_OBJECT_TYPE_SAMPLER, (uint64_t)own, slot[0], 7));
   CHECK(get(c, VK_OBJECT_TYPE_SAMPLER, (uint64_t)own, slot[0]) == 7);
   vkDestroySampler(c->device, own, &cb);
   CHECK(fa.live == 0);

   vkFreeCommandBuffers(c->device, c->pool, 1, &cmd);
   for (int i = 0; i < 3; i++)
      c->destroy_slot(c->device, slot[i], NULL);
}

static VkDeviceMemory bind_memory(const struct ctx *c, VkMemoryRequirements req,
                                  VkMemoryPropertyFlags want);
static void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from,
                          VkImageLayout to, VkAccessFlags src, VkAccessFlags dst,
                          VkPipelineStageFlags src_stage, VkPipelineStageFlags dst_stage);

/* ---- pipeline creation feedback ---- */

struct feedback {
   VkPipelineCreationFeedback pipeline;
   VkPipelineCreationFeedback stages[2];
   VkPipelineCreationFeedbackCreateInfo info;
};

static void
feedback_init(struct feedback *f, uint32_t stages)
{
   memset(f, 0xa5, sizeof(f->pipeline) + sizeof(f->stages));
   f->info = (VkPipelineCreationFeedbackCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO,
      .pPipelineCreationFeedback = &f->pipeline,
      .pipelineStageCreationFeedbackCount = stages,
      .pPipelineStageCreationFeedbacks = f->stages,
   };
}

#define VALID VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT
#define HIT VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT

/* flags as expected; the pipeline's time covers its stages' */
static bool
feedback_is(const struct feedback *f, bool pipeline_hit, const bool *stage_hit, uint32_t n)
{
   bool ok = CHECK(f->pipeline.flags == (VALID | (pipeline_hit ? HIT : 0)));
   uint64_t sum = 0;
   for (uint32_t i = 0; i < n; i++) {
      ok &= CHECK(f->stages[i].flags == (VALID | (stage_hit[i] ? HIT : 0)));
      sum += f->stages[i].duration;
   }
   ok &= CHECK(f->pipeline.duration >= sum);
   return ok;
}

static VkPipeline
compute_pipeline(const struct ctx *c, VkPipelineLayout layout, VkShaderModule module,
                 VkPipelineCache cache, struct feedback *f)
{
   const VkComputePipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, .pNext = &f->info,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main" },
      .layout = layout,
   };
   VkPipeline p = VK_NULL_HANDLE;
   VK(vkCreateComputePipelines(c->device, cache, 1, &info, NULL, &p));
   return p;
}

static VkShaderModule
module(const struct ctx *c, const uint32_t *code, size_t size)
{
   const VkShaderModuleCreateInfo info = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                           .codeSize = size, .pCode = code };
   VkShaderModule m = VK_NULL_HANDLE;
   VK(vkCreateShaderModule(c->device, &info, NULL, &m));
   return m;
}

/* A compute pipeline with one descriptor set of n bindings, binding i of
 * types[i], and that set allocated (check_zero_init and the sampling
 * checks). */
struct compute_job {
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
};

static void
compute_job_create(const struct ctx *c, const VkDescriptorType *types, uint32_t n,
                   const uint32_t *code, size_t size, struct compute_job *j)
{
   VkDescriptorSetLayoutBinding b[4];
   VkDescriptorPoolSize ps[4];
   for (uint32_t i = 0; i < n; i++) {
      b[i] = (VkDescriptorSetLayoutBinding){ .binding = i, .descriptorType = types[i],
                                             .descriptorCount = 1,
                                             .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
      ps[i] = (VkDescriptorPoolSize){ types[i], 1 };
   }
   const VkDescriptorSetLayoutCreateInfo sli = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = n,
      .pBindings = b };
   VK(vkCreateDescriptorSetLayout(c->device, &sli, NULL, &j->set_layout));
   const VkPipelineLayoutCreateInfo pli = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &j->set_layout };
   VK(vkCreatePipelineLayout(c->device, &pli, NULL, &j->layout));
   j->module = module(c, code, size);
   struct feedback f;
   feedback_init(&f, 1);
   j->pipeline = compute_pipeline(c, j->layout, j->module, VK_NULL_HANDLE, &f);
   const VkDescriptorPoolCreateInfo dpi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = n, .pPoolSizes = ps };
   VK(vkCreateDescriptorPool(c->device, &dpi, NULL, &j->pool));
   const VkDescriptorSetAllocateInfo dsa = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = j->pool,
      .descriptorSetCount = 1, .pSetLayouts = &j->set_layout };
   VK(vkAllocateDescriptorSets(c->device, &dsa, &j->set));
}

static void
compute_job_destroy(const struct ctx *c, struct compute_job *j)
{
   vkDestroyDescriptorPool(c->device, j->pool, NULL);
   vkDestroyPipeline(c->device, j->pipeline, NULL);
   vkDestroyShaderModule(c->device, j->module, NULL);
   vkDestroyPipelineLayout(c->device, j->layout, NULL);
   vkDestroyDescriptorSetLayout(c->device, j->set_layout, NULL);
}

static void
check_compute_feedback(const struct ctx *c)
{
   const VkDescriptorSetLayoutBinding b = {
      .binding = 0, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
   const VkDescriptorSetLayoutCreateInfo sli = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
      .pBindings = &b };
   VkDescriptorSetLayout set_layout;
   VK(vkCreateDescriptorSetLayout(c->device, &sli, NULL, &set_layout));
   const VkPipelineLayoutCreateInfo pli = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &set_layout };
   VkPipelineLayout layout;
   VK(vkCreatePipelineLayout(c->device, &pli, NULL, &layout));
   VkShaderModule m = module(c, test_vulkan13_ext_comp_spv, sizeof(test_vulkan13_ext_comp_spv));
   const VkPipelineCacheCreateInfo ci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO };
   VkPipelineCache cache;
   VK(vkCreatePipelineCache(c->device, &ci, NULL, &cache));

   struct feedback f;
   const bool miss = false, hit = true;
   /* an empty cache: compiled */
   feedback_init(&f, 1);
   VkPipeline p1 = compute_pipeline(c, layout, m, cache, &f);
   CHECK(feedback_is(&f, false, &miss, 1));
   /* the same from the same cache: found */
   feedback_init(&f, 1);
   VkPipeline p2 = compute_pipeline(c, layout, m, cache, &f);
   CHECK(feedback_is(&f, true, &hit, 1));
   /* no application cache: never a hit, whatever the driver keeps */
   feedback_init(&f, 1);
   VkPipeline p3 = compute_pipeline(c, layout, m, VK_NULL_HANDLE, &f);
   CHECK(feedback_is(&f, false, &miss, 1));
   feedback_init(&f, 1);
   VkPipeline p4 = compute_pipeline(c, layout, m, VK_NULL_HANDLE, &f);
   CHECK(feedback_is(&f, false, &miss, 1));
   /* no stage feedback asked: the pipeline's alone, the array untouched */
   feedback_init(&f, 0);
   VkPipeline p5 = compute_pipeline(c, layout, m, cache, &f);
   CHECK(f.pipeline.flags == (VALID | HIT));
   CHECK(f.stages[0].flags == 0xa5a5a5a5u);

   VkPipeline all[] = { p1, p2, p3, p4, p5 };
   for (int i = 0; i < 5; i++)
      vkDestroyPipeline(c->device, all[i], NULL);
   vkDestroyPipelineCache(c->device, cache, NULL);
   vkDestroyShaderModule(c->device, m, NULL);
   vkDestroyPipelineLayout(c->device, layout, NULL);
   vkDestroyDescriptorSetLayout(c->device, set_layout, NULL);
}

/* ---- compute dispatches ---- */

/* One command buffer that runs groups workgroups of pipeline with set 0,
 * submitted and waited for; the shader's writes are visible to the host. */
static void
dispatch(const struct ctx *c, VkPipeline pipeline, VkPipelineLayout layout, VkDescriptorSet set,
         uint32_t groups)
{
   VkCommandBuffer cmd;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(c->device, &ai, &cmd));
   const VkCommandBufferBeginInfo cbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   VK(vkBeginCommandBuffer(cmd, &cbi));
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cmd, groups, 1, 1);
   const VkMemoryBarrier host = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                  .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &host, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                             .pCommandBuffers = &cmd };
   VK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->device, c->pool, 1, &cmd);
}

/* ---- zero-initialised workgroup memory ---- */

static void
check_zero_init(const struct ctx *c)
{
   enum { GROUPS = 2, N = GROUPS * 64 };
   const VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = N * 4, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT };
   VkBuffer buffer;
   VK(vkCreateBuffer(c->device, &bi, NULL, &buffer));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->device, buffer, &req);
   VkDeviceMemory mem = bind_memory(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(c->device, buffer, mem, 0));
   uint32_t *out;
   VK(vkMapMemory(c->device, mem, 0, VK_WHOLE_SIZE, 0, (void **)&out));
   memset(out, 0xff, N * 4);

   const VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   struct compute_job j;
   compute_job_create(c, &type, 1, test_vulkan13_zero_comp_spv,
                      sizeof(test_vulkan13_zero_comp_spv), &j);
   const VkDescriptorBufferInfo dbi = { buffer, 0, VK_WHOLE_SIZE };
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j.set, .descriptorCount = 1,
      .descriptorType = type, .pBufferInfo = &dbi };
   vkUpdateDescriptorSets(c->device, 1, &w, 0, NULL);

   dispatch(c, j.pipeline, j.layout, j.set, GROUPS);
   int bad = 0;
   for (uint32_t i = 0; i < N && bad < 4; i++) {
      /* odd element l of a group: stored by invocation 63 - l, as 64 - l */
      const uint32_t l = i % 64, want = l % 2 ? 64 - l : 0;
      if (!CHECK(out[i] == want)) {
         fprintf(stderr, "  out[%u] = %u, expected %u\n", i, out[i], want);
         bad++;
      }
   }
   compute_job_destroy(c, &j);
   vkDestroyBuffer(c->device, buffer, NULL);
   vkFreeMemory(c->device, mem, NULL);
}

/* ---- sampler filter minmax ---- */

/* What the feature promises: the extension, the 1.2 feature and the
 * properties agree; filterMinmaxSingleComponentFormats names formats that
 * must reduce wherever they are sampled ("Formats", required format
 * support); no format reduces where the extension is absent. */
static void
check_minmax_caps(const struct ctx *c)
{
   CHECK(has_extension(c->pdev, "VK_EXT_sampler_filter_minmax") == c->minmax);
   VkPhysicalDeviceVulkan12Features v12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES };
   VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &v12 };
   vkGetPhysicalDeviceFeatures2(c->pdev, &f2);
   CHECK(v12.samplerFilterMinmax == c->minmax);
   VkPhysicalDeviceSamplerFilterMinmaxProperties mp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_FILTER_MINMAX_PROPERTIES,
      .filterMinmaxSingleComponentFormats = 0x7e, .filterMinmaxImageComponentMapping = 0x7e };
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES, .pNext = &mp };
   VkPhysicalDeviceProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &p12 };
   vkGetPhysicalDeviceProperties2(c->pdev, &p2);
   CHECK(mp.filterMinmaxSingleComponentFormats == p12.filterMinmaxSingleComponentFormats);
   CHECK(mp.filterMinmaxImageComponentMapping == p12.filterMinmaxImageComponentMapping);
   CHECK(p12.filterMinmaxSingleComponentFormats == c->minmax);
   static const VkFormat single[] = {
      VK_FORMAT_R8_UNORM, VK_FORMAT_R8_SNORM, VK_FORMAT_R16_UNORM, VK_FORMAT_R16_SNORM,
      VK_FORMAT_R16_SFLOAT, VK_FORMAT_R32_SFLOAT, VK_FORMAT_D16_UNORM,
      VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT, VK_FORMAT_D16_UNORM_S8_UINT,
      VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT,
   };
   for (size_t i = 0; i < sizeof(single) / sizeof(single[0]); i++) {
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(c->pdev, single[i], &p);
      const bool sampled = p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
      const bool reduces = p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT;
      if (!CHECK(c->minmax ? reduces == sampled : !reduces))
         fprintf(stderr, "  format %d: sampled %d, minmax %d\n", single[i], sampled, reduces);
   }
}

/* The 2x2 image's texels (R8G8B8A8_UNORM), uploaded. */
static const uint8_t minmax_texels[4][4] = {
   { 10, 200, 30, 255 }, { 250, 20, 90, 0 }, { 60, 120, 240, 128 }, { 130, 70, 5, 64 },
};

struct minmax_image {
   VkImage image;
   VkDeviceMemory memory;
   VkImageView view;
};

static void
minmax_image_create(const struct ctx *c, struct minmax_image *m)
{
   const VkImageCreateInfo ii = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { 2, 2, 1 }, .mipLevels = 1,
      .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT };
   VK(vkCreateImage(c->device, &ii, NULL, &m->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->device, m->image, &req);
   m->memory = bind_memory(c, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   VK(vkBindImageMemory(c->device, m->image, m->memory, 0));
   const VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = m->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } };
   VK(vkCreateImageView(c->device, &vi, NULL, &m->view));

   const VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = sizeof(minmax_texels),
                                   .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT };
   VkBuffer staging;
   VK(vkCreateBuffer(c->device, &bi, NULL, &staging));
   vkGetBufferMemoryRequirements(c->device, staging, &req);
   VkDeviceMemory staging_mem = bind_memory(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                    VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(c->device, staging, staging_mem, 0));
   void *map;
   VK(vkMapMemory(c->device, staging_mem, 0, VK_WHOLE_SIZE, 0, &map));
   memcpy(map, minmax_texels, sizeof(minmax_texels));

   VkCommandBuffer cmd;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(c->device, &ai, &cmd));
   const VkCommandBufferBeginInfo cbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   VK(vkBeginCommandBuffer(cmd, &cbi));
   image_barrier(cmd, m->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 0, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT);
   const VkBufferImageCopy region = {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 }, .imageExtent = { 2, 2, 1 } };
   vkCmdCopyBufferToImage(cmd, staging, m->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                          &region);
   image_barrier(cmd, m->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   VK(vkEndCommandBuffer(cmd));
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                             .pCommandBuffers = &cmd };
   VK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->device, c->pool, 1, &cmd);
   vkDestroyBuffer(c->device, staging, NULL);
   vkFreeMemory(c->device, staging_mem, NULL);
}

static VkSampler
reduction_sampler(const struct ctx *c, VkSamplerReductionMode mode, bool chained)
{
   const VkSamplerReductionModeCreateInfo r = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO, .reductionMode = mode };
   const VkSamplerCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .pNext = chained ? &r : NULL,
      .magFilter = VK_FILTER_LINEAR, .minFilter = VK_FILTER_LINEAR,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE };
   VkSampler s = VK_NULL_HANDLE;
   VK(vkCreateSampler(c->device, &info, NULL, &s));
   return s;
}

/* Per channel: the average (8-bit filter weights: within 1/255), the
 * minimum and the maximum of the texels (exact). */
static void
check_reductions(const float *got)
{
   for (unsigned ch = 0; ch < 4; ch++) {
      float sum = 0, lo = 1, hi = 0;
      for (unsigned t = 0; t < 4; t++) {
         const float v = minmax_texels[t][ch] / 255.0f;
         sum += v;
         lo = fminf(lo, v);
         hi = fmaxf(hi, v);
      }
      const float want[3] = { sum / 4, lo, hi }, tolerance[3] = { 1.0f / 255, 1e-6f, 1e-6f };
      for (unsigned r = 0; r < 3; r++) {
         const float v = got[r * 4 + ch];
         if (!CHECK(fabsf(v - want[r]) <= tolerance[r]))
            fprintf(stderr, "  %s of channel %u: %g, expected %g\n",
                    (const char *[]){ "average", "minimum", "maximum" }[r], ch, v, want[r]);
      }
   }
}

static void
check_minmax_sampling(const struct ctx *c)
{
   struct minmax_image m;
   minmax_image_create(c, &m);
   VkSampler samplers[3] = {
      reduction_sampler(c, VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE, false),
      reduction_sampler(c, VK_SAMPLER_REDUCTION_MODE_MIN, true),
      reduction_sampler(c, VK_SAMPLER_REDUCTION_MODE_MAX, true),
   };
   const VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = 3 * 16, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT };
   VkBuffer buffer;
   VK(vkCreateBuffer(c->device, &bi, NULL, &buffer));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->device, buffer, &req);
   VkDeviceMemory mem = bind_memory(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(c->device, buffer, mem, 0));
   float *out;
   VK(vkMapMemory(c->device, mem, 0, VK_WHOLE_SIZE, 0, (void **)&out));
   for (unsigned i = 0; i < 12; i++)
      out[i] = -1.0f;

   const VkDescriptorType types[4] = {
      VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
      VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER };
   struct compute_job j;
   compute_job_create(c, types, 4, test_vulkan13_minmax_comp_spv,
                      sizeof(test_vulkan13_minmax_comp_spv), &j);
   VkDescriptorImageInfo ii[3];
   VkWriteDescriptorSet w[4];
   for (uint32_t i = 0; i < 3; i++) {
      ii[i] = (VkDescriptorImageInfo){ samplers[i], m.view,
                                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
      w[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j.set, .dstBinding = i,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .pImageInfo = &ii[i] };
   }
   const VkDescriptorBufferInfo dbi = { buffer, 0, VK_WHOLE_SIZE };
   w[3] = (VkWriteDescriptorSet){
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j.set, .dstBinding = 3,
      .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .pBufferInfo = &dbi };
   vkUpdateDescriptorSets(c->device, 4, w, 0, NULL);
   dispatch(c, j.pipeline, j.layout, j.set, 1);
   check_reductions(out);

   compute_job_destroy(c, &j);
   vkDestroyBuffer(c->device, buffer, NULL);
   vkFreeMemory(c->device, mem, NULL);
   for (int i = 0; i < 3; i++)
      vkDestroySampler(c->device, samplers[i], NULL);
   vkDestroyImageView(c->device, m.view, NULL);
   vkDestroyImage(c->device, m.image, NULL);
   vkFreeMemory(c->device, m.memory, NULL);
}

/* ---- image robustness ---- */

enum { RW = 4, RH = 4, RLAYERS = 2 };

static uint32_t
robust_texel(uint32_t x, uint32_t y, uint32_t layer)
{
   return 0x80000000u | (layer + 1) << 12 | y << 4 | x;
}

struct host_buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   uint32_t *map;
};

static void
host_buffer_create(const struct ctx *c, VkDeviceSize size, VkBufferUsageFlags usage,
                   struct host_buffer *b)
{
   const VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = size, .usage = usage };
   VK(vkCreateBuffer(c->device, &bi, NULL, &b->buffer));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->device, b->buffer, &req);
   b->memory = bind_memory(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(c->device, b->buffer, b->memory, 0));
   VK(vkMapMemory(c->device, b->memory, 0, VK_WHOLE_SIZE, 0, (void **)&b->map));
}

static void
host_buffer_destroy(const struct ctx *c, struct host_buffer *b)
{
   vkDestroyBuffer(c->device, b->buffer, NULL);
   vkFreeMemory(c->device, b->memory, NULL);
}

/* Copies between the image (GENERAL) and the buffer, both layers. */
static void
robust_copy(const struct ctx *c, VkImage image, VkBuffer buffer, bool to_image)
{
   VkCommandBuffer cmd;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(c->device, &ai, &cmd));
   const VkCommandBufferBeginInfo cbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   VK(vkBeginCommandBuffer(cmd, &cbi));
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = to_image ? 0 : VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = to_image ? VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_TRANSFER_READ_BIT,
      .oldLayout = to_image ? VK_IMAGE_LAYOUT_UNDEFINED : VK_IMAGE_LAYOUT_GENERAL,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = image,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, RLAYERS } };
   vkCmdPipelineBarrier(cmd, to_image ? VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT
                                      : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &b);
   const VkBufferImageCopy region = {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, RLAYERS },
      .imageExtent = { RW, RH, 1 } };
   if (to_image)
      vkCmdCopyBufferToImage(cmd, buffer, image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
   else
      vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, buffer, 1, &region);
   const VkMemoryBarrier after = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = to_image ? VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT
                                : VK_ACCESS_HOST_READ_BIT };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        to_image ? VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT
                                 : VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &after, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                             .pCommandBuffers = &cmd };
   VK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->device, c->pool, 1, &cmd);
}

static void
check_image_robustness(const struct ctx *c)
{
   const VkImageCreateInfo ii = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R32_UINT, .extent = { RW, RH, 1 }, .mipLevels = 1,
      .arrayLayers = RLAYERS, .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
               VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT };
   VkImage image;
   VK(vkCreateImage(c->device, &ii, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->device, image, &req);
   VkDeviceMemory image_mem = bind_memory(c, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   VK(vkBindImageMemory(c->device, image, image_mem, 0));
   const VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY, .format = VK_FORMAT_R32_UINT,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, RLAYERS } };
   VkImageView view;
   VK(vkCreateImageView(c->device, &vi, NULL, &view));

   struct host_buffer texels, out;
   host_buffer_create(c, RW * RH * RLAYERS * 4,
                      VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      &texels);
   host_buffer_create(c, 8 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out);
   for (uint32_t l = 0; l < RLAYERS; l++)
      for (uint32_t y = 0; y < RH; y++)
         for (uint32_t x = 0; x < RW; x++)
            texels.map[(l * RH + y) * RW + x] = robust_texel(x, y, l);
   memset(out.map, 0xee, 8 * 4);
   robust_copy(c, image, texels.buffer, true);

   const VkSamplerCreateInfo sci = { .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO };
   VkSampler sampler;
   VK(vkCreateSampler(c->device, &sci, NULL, &sampler));
   const VkDescriptorType types[3] = { VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                       VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                       VK_DESCRIPTOR_TYPE_STORAGE_BUFFER };
   struct compute_job j;
   compute_job_create(c, types, 3, test_vulkan13_robust_comp_spv,
                      sizeof(test_vulkan13_robust_comp_spv), &j);
   const VkDescriptorImageInfo storage = { VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL };
   const VkDescriptorImageInfo sampled = { sampler, view, VK_IMAGE_LAYOUT_GENERAL };
   const VkDescriptorBufferInfo dbi = { out.buffer, 0, VK_WHOLE_SIZE };
   const VkWriteDescriptorSet w[3] = {
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j.set, .dstBinding = 0,
        .descriptorCount = 1, .descriptorType = types[0], .pImageInfo = &storage },
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j.set, .dstBinding = 1,
        .descriptorCount = 1, .descriptorType = types[1], .pImageInfo = &sampled },
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j.set, .dstBinding = 2,
        .descriptorCount = 1, .descriptorType = types[2], .pBufferInfo = &dbi },
   };
   vkUpdateDescriptorSets(c->device, 3, w, 0, NULL);
   dispatch(c, j.pipeline, j.layout, j.set, 1);

   /* out of bounds reads 0; v[3] and v[6] are in bounds */
   const uint32_t want[8] = { 0, 0, 0, robust_texel(1, 1, 1), 0, 0, robust_texel(2, 3, 1), 0 };
   for (int i = 0; i < 8; i++) {
      if (!CHECK(out.map[i] == want[i]))
         fprintf(stderr, "  read %d: 0x%x, expected 0x%x\n", i, out.map[i], want[i]);
   }
   /* the stores outside changed nothing inside */
   memset(texels.map, 0, RW * RH * RLAYERS * 4);
   robust_copy(c, image, texels.buffer, false);
   int bad = 0;
   for (uint32_t l = 0; l < RLAYERS; l++)
      for (uint32_t y = 0; y < RH; y++)
         for (uint32_t x = 0; x < RW && bad < 4; x++) {
            const uint32_t got = texels.map[(l * RH + y) * RW + x];
            if (!CHECK(got == robust_texel(x, y, l))) {
               fprintf(stderr, "  texel (%u, %u) of layer %u: 0x%x, expected 0x%x\n", x, y,
                       l, got, robust_texel(x, y, l));
               bad++;
            }
         }

   compute_job_destroy(c, &j);
   vkDestroySampler(c->device, sampler, NULL);
   host_buffer_destroy(c, &texels);
   host_buffer_destroy(c, &out);
   vkDestroyImageView(c->device, view, NULL);
   vkDestroyImage(c->device, image, NULL);
   vkFreeMemory(c->device, image_mem, NULL);
}

/* ---- graphics: feedback, terminate, demote ---- */

static VkPipeline
graphics_pipeline(const struct ctx *c, VkPipelineLayout layout, VkShaderModule vs,
                  VkShaderModule fs, VkPipelineCache cache, struct feedback *f)
{
   /* the fragment stage first: feedback follows pStages' order */
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
   };
   const VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT;
   const VkPipelineRenderingCreateInfo rendering = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .pNext = f ? &f->info : NULL, .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &format };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
   const VkViewport viewport = { 0, 0, W, H, 0, 1 };
   const VkRect2D scissor = { { 0, 0 }, { W, H } };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1,
      .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1.0f };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT };
   const VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &att };
   const VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &rendering,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi,
      .pInputAssemblyState = &ia, .pViewportState = &vp, .pRasterizationState = &rs,
      .pMultisampleState = &ms, .pColorBlendState = &cb, .layout = layout,
   };
   VkPipeline p = VK_NULL_HANDLE;
   VK(vkCreateGraphicsPipelines(c->device, cache, 1, &info, NULL, &p));
   return p;
}

struct target {
   VkImage image;
   VkBuffer buffer;
   VkDeviceMemory image_mem, buffer_mem;
   float *map;
};

static VkDeviceMemory
bind_memory(const struct ctx *c, VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   uint32_t type = UINT32_MAX;
   for (uint32_t i = 0; i < c->mem.memoryTypeCount && type == UINT32_MAX; i++) {
      if ((req.memoryTypeBits & (1u << i)) &&
          (c->mem.memoryTypes[i].propertyFlags & want) == want)
         type = i;
   }
   const VkMemoryAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = req.size, .memoryTypeIndex = type };
   VkDeviceMemory mem = VK_NULL_HANDLE;
   VK(vkAllocateMemory(c->device, &ai, NULL, &mem));
   return mem;
}

static void
target_create(const struct ctx *c, struct target *t)
{
   const VkImageCreateInfo ii = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R32G32B32A32_SFLOAT, .extent = { W, H, 1 }, .mipLevels = 1,
      .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT };
   VK(vkCreateImage(c->device, &ii, NULL, &t->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->device, t->image, &req);
   t->image_mem = bind_memory(c, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   VK(vkBindImageMemory(c->device, t->image, t->image_mem, 0));
   const VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = W * H * 16, .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT };
   VK(vkCreateBuffer(c->device, &bi, NULL, &t->buffer));
   vkGetBufferMemoryRequirements(c->device, t->buffer, &req);
   t->buffer_mem = bind_memory(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                       VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(c->device, t->buffer, t->buffer_mem, 0));
   VK(vkMapMemory(c->device, t->buffer_mem, 0, VK_WHOLE_SIZE, 0, (void **)&t->map));
}

static void
target_destroy(const struct ctx *c, struct target *t)
{
   vkDestroyImage(c->device, t->image, NULL);
   vkDestroyBuffer(c->device, t->buffer, NULL);
   vkFreeMemory(c->device, t->image_mem, NULL);
   vkFreeMemory(c->device, t->buffer_mem, NULL);
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
              VkAccessFlags src, VkAccessFlags dst, VkPipelineStageFlags src_stage,
              VkPipelineStageFlags dst_stage)
{
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER, .srcAccessMask = src,
      .dstAccessMask = dst, .oldLayout = from, .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = image,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } };
   vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &b);
}

/* Clears the target to -7, draws one triangle over it, reads it back. */
static void
draw(const struct ctx *c, VkPipeline pipeline, struct target *t)
{
   VkImageView view;
   const VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = t->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R32G32B32A32_SFLOAT,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } };
   VK(vkCreateImageView(c->device, &vi, NULL, &view));
   VkCommandBuffer cmd;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(c->device, &ai, &cmd));
   const VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   VK(vkBeginCommandBuffer(cmd, &bi));
   image_barrier(cmd, t->image, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0,
                 VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                 VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
   const VkRenderingAttachmentInfo color = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = view,
      .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .clearValue.color.float32 = { -7, -7, -7, -7 } };
   const VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
      .layerCount = 1, .colorAttachmentCount = 1, .pColorAttachments = &color };
   c->begin_rendering(cmd, &ri);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   vkCmdDraw(cmd, 3, 1, 0, 0);
   c->end_rendering(cmd);
   image_barrier(cmd, t->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                 VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT);
   const VkBufferImageCopy region = {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 }, .imageExtent = { W, H, 1 } };
   vkCmdCopyImageToBuffer(cmd, t->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t->buffer, 1,
                          &region);
   const VkMemoryBarrier host = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                  .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                        1, &host, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                             .pCommandBuffers = &cmd };
   VK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->device, c->pool, 1, &cmd);
   vkDestroyImageView(c->device, view, NULL);
}

static bool
pixel_is(const struct target *t, int x, int y, const float want[4])
{
   const float *p = t->map + (y * W + x) * 4;
   if (p[0] == want[0] && p[1] == want[1] && p[2] == want[2] && p[3] == want[3])
      return true;
   fprintf(stderr, "FAIL pixel (%d, %d): (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n", x, y,
           p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
   failures++;
   return false;
}

/* Even columns keep the clear colour: their invocations ended (terminate)
 * or became helpers (demote) before writing. */
static void
check_pixels(const struct target *t, bool demote)
{
   const float clear[4] = { -7, -7, -7, -7 };
   int bad = 0;
   for (int y = 0; y < H && bad < 4; y++) {
      for (int x = 0; x < W && bad < 4; x++) {
         /* demote: d(x^2)/dx across the quad's pair of pixel centres
          * x - 1 + 0.5 and x + 0.5 is 2x; the pixel is no helper, its
          * demoted neighbour is, so d(helper)/dx is 0 - 1 */
         const float terminated[4] = { 1, 2, 3, 4 };
         const float demoted[4] = { 2.0f * x, 0, -1, 1 };
         const float *want = x % 2 == 0 ? clear : demote ? demoted : terminated;
         bad += !pixel_is(t, x, y, want);
      }
   }
}

static void
check_graphics(const struct ctx *c)
{
   if (!CHECK(c->begin_rendering && c->end_rendering))
      return;
   const VkPipelineLayoutCreateInfo pli = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO };
   VkPipelineLayout layout;
   VK(vkCreatePipelineLayout(c->device, &pli, NULL, &layout));
   VkShaderModule vs = module(c, test_vulkan13_ext_vert_spv, sizeof(test_vulkan13_ext_vert_spv));
   VkShaderModule term = module(c, test_vulkan13_terminate_frag_spv,
                                sizeof(test_vulkan13_terminate_frag_spv));
   VkShaderModule demote = module(c, test_vulkan13_demote_frag_spv,
                                  sizeof(test_vulkan13_demote_frag_spv));
   const VkPipelineCacheCreateInfo ci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO };
   VkPipelineCache cache;
   VK(vkCreatePipelineCache(c->device, &ci, NULL, &cache));

   /* stages in pStages order: fragment, vertex.  The first pipeline
    * compiles both; the second finds the vertex stage in the cache only;
    * the third finds both. */
   struct feedback f;
   feedback_init(&f, 2);
   VkPipeline p_term = graphics_pipeline(c, layout, vs, term, cache, &f);
   CHECK(feedback_is(&f, false, (const bool[]){ false, false }, 2));
   feedback_init(&f, 2);
   VkPipeline p_demote = graphics_pipeline(c, layout, vs, demote, cache, &f);
   CHECK(feedback_is(&f, false, (const bool[]){ false, true }, 2));
   feedback_init(&f, 2);
   VkPipeline p_again = graphics_pipeline(c, layout, vs, demote, cache, &f);
   CHECK(feedback_is(&f, true, (const bool[]){ true, true }, 2));

   struct target t;
   target_create(c, &t);
   draw(c, p_term, &t);
   check_pixels(&t, false);
   draw(c, p_demote, &t);
   check_pixels(&t, true);
   target_destroy(c, &t);

   vkDestroyPipeline(c->device, p_term, NULL);
   vkDestroyPipeline(c->device, p_demote, NULL);
   vkDestroyPipeline(c->device, p_again, NULL);
   vkDestroyPipelineCache(c->device, cache, NULL);
   vkDestroyShaderModule(c->device, vs, NULL);
   vkDestroyShaderModule(c->device, term, NULL);
   vkDestroyShaderModule(c->device, demote, NULL);
   vkDestroyPipelineLayout(c->device, layout, NULL);
}

int
main(int argc, char **argv)
{
   if (argc != 2 || (strcmp(argv[1], "gen7") && strcmp(argv[1], "gen8") &&
                     strcmp(argv[1], "gen9"))) {
      fprintf(stderr, "usage: test_vulkan13_ext gen7|gen8|gen9\n");
      return 2;
   }
   struct ctx c = { .gfx = strcmp(argv[1], "gen7") != 0,
                    .minmax = strcmp(argv[1], "gen9") == 0 };
   create_instance(&c);
   if (failures)
      return 1;
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(c.instance, &n, &c.pdev);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0) {
      printf("SKIP: no Vulkan device\n");
      return 77;
   }
   check_features(&c);
   check_format_properties3(&c);
   check_tools(&c);
   check_minmax_caps(&c);
   create_device(&c);
   if (c.device) {
      check_private_data(&c);
      check_compute_feedback(&c);
      check_zero_init(&c);
      check_image_robustness(&c);
      if (c.minmax)
         check_minmax_sampling(&c);
      if (c.gfx)
         check_graphics(&c);
      vkDestroyCommandPool(c.device, c.pool, NULL);
      vkDestroyDevice(c.device, NULL);
   }
   if (c.messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(c.instance, "vkDestroyDebugUtilsMessengerEXT");
      destroy(c.instance, c.messenger, NULL);
   }
   vkDestroyInstance(c.instance, NULL);
   failures += validation_errors;
   if (failures) {
      printf("FAIL: %d failed checks (%d validation errors)\n", failures, validation_errors);
      return 1;
   }
   printf("passed: Vulkan 1.3 extensions (%s)\n", argv[1]);
   return 0;
}
