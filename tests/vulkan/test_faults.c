/* GPU hangs and faults caused by real shaders, through the loader: a
 * compute shader that loops forever and one that stores through a
 * physical storage buffer address where no memory is bound.  Each must
 * make the device lost (Vulkan "Lost Device"): vkQueueSubmit returns
 * VK_SUCCESS or VK_ERROR_DEVICE_LOST, and the fence wait, vkQueueWaitIdle
 * and any later submission VK_ERROR_DEVICE_LOST; the process goes on.
 * Each case runs on a device of its own, since a lost device stays lost.
 * Run under vgpu with a small VGPU_BUDGET (meson sets it) so that the
 * endless loop counts as a hang quickly. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "fault_address.comp.spv.h"
#include "fault_loop.comp.spv.h"

#define SKIP 77
/* Long enough for any hang detection; a TIMEOUT is a failure. */
#define FENCE_TIMEOUT_NS (120ull * 1000 * 1000 * 1000)
/* Far above anything genvk hands out (it allocates addresses upwards from
 * a few MB) and below 2^47, so canonical on every 48-bit GPU. */
#define UNBOUND_ADDRESS 0x700000000000ull

static int failures, skips;

#define CHECK(cond, ...) do {                                          \
      if (!(cond)) {                                                   \
         fprintf(stderr, "FAIL line %d: %s: ", __LINE__, #cond);       \
         fprintf(stderr, __VA_ARGS__);                                 \
         fputc('\n', stderr);                                          \
         failures++;                                                   \
      }                                                                \
   } while (0)

struct gpu {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice device;
   VkQueue queue;
   VkBuffer buffer;
   VkDeviceMemory memory;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkCommandPool cmd_pool;
   VkCommandBuffer cmd;
   VkFence fence;
};

/* ---- device and objects ---- */

static bool
has_device_extension(VkPhysicalDevice pdev, const char *name)
{
   VkExtensionProperties props[256];
   uint32_t count = 256;
   vkEnumerateDeviceExtensionProperties(pdev, NULL, &count, props);
   for (uint32_t i = 0; i < count; i++) {
      if (!strcmp(props[i].extensionName, name))
         return true;
   }
   return false;
}

/* Whether the device can run fault_address.comp: bufferDeviceAddress
 * through Vulkan 1.2 or VK_KHR_buffer_device_address. */
static bool
supports_device_address(struct gpu *g, bool *use_khr)
{
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(g->pdev, &props);
   *use_khr = props.apiVersion < VK_API_VERSION_1_2;
   if (*use_khr && !has_device_extension(g->pdev, "VK_KHR_buffer_device_address"))
      return false;
   PFN_vkGetPhysicalDeviceFeatures2KHR get_features2 =
      (PFN_vkGetPhysicalDeviceFeatures2KHR)vkGetInstanceProcAddr(
         g->instance, "vkGetPhysicalDeviceFeatures2KHR");
   if (!get_features2)
      return false;
   VkPhysicalDeviceBufferDeviceAddressFeatures bda = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
   };
   VkPhysicalDeviceFeatures2 features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &bda,
   };
   get_features2(g->pdev, &features);
   return bda.bufferDeviceAddress;
}

static bool
create_instance(struct gpu *g)
{
   const char *ext = VK_KHR_GET_PHYSICAL_DEVICE_PROPERTIES_2_EXTENSION_NAME;
   const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .apiVersion = VK_API_VERSION_1_0 };
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app,
      .enabledExtensionCount = 1, .ppEnabledExtensionNames = &ext,
   };
   uint32_t count = 1;
   return vkCreateInstance(&ici, NULL, &g->instance) == VK_SUCCESS &&
          vkEnumeratePhysicalDevices(g->instance, &count, &g->pdev) >= 0 && g->pdev;
}

static bool
create_device(struct gpu *g, bool device_address, bool use_khr)
{
   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = 1, .pQueuePriorities = &priority,
   };
   const VkPhysicalDeviceBufferDeviceAddressFeatures bda = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
      .bufferDeviceAddress = VK_TRUE,
   };
   const char *ext = "VK_KHR_buffer_device_address";
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = device_address ? &bda : NULL,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
      .enabledExtensionCount = device_address && use_khr ? 1 : 0,
      .ppEnabledExtensionNames = &ext,
   };
   VkResult r = vkCreateDevice(g->pdev, &dci, NULL, &g->device);
   CHECK(r == VK_SUCCESS, "vkCreateDevice: %d", r);
   if (r != VK_SUCCESS)
      return false;
   vkGetDeviceQueue(g->device, 0, 0, &g->queue);
   return true;
}

static uint32_t
host_visible_type(struct gpu *g, uint32_t allowed)
{
   VkPhysicalDeviceMemoryProperties props;
   vkGetPhysicalDeviceMemoryProperties(g->pdev, &props);
   const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                      VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   for (uint32_t i = 0; i < props.memoryTypeCount; i++) {
      if ((allowed & (1u << i)) && (props.memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   return UINT32_MAX;
}

/* A zeroed 16-byte storage buffer. */
static VkResult
create_buffer(struct gpu *g)
{
   const VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                    .size = 16,
                                    .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT };
   VkResult r = vkCreateBuffer(g->device, &bci, NULL, &g->buffer);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(g->device, g->buffer, &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = host_visible_type(g, req.memoryTypeBits) };
   if (mai.memoryTypeIndex == UINT32_MAX)
      return VK_ERROR_UNKNOWN;
   r = vkAllocateMemory(g->device, &mai, NULL, &g->memory);
   if (r == VK_SUCCESS)
      r = vkBindBufferMemory(g->device, g->buffer, g->memory, 0);
   void *map;
   if (r == VK_SUCCESS)
      r = vkMapMemory(g->device, g->memory, 0, VK_WHOLE_SIZE, 0, &map);
   if (r == VK_SUCCESS) {
      memset(map, 0, 16);
      vkUnmapMemory(g->device, g->memory);
   }
   return r;
}

/* A pipeline with one storage buffer binding (the loop) or an 8-byte push
 * constant (the address). */
static VkResult
create_pipeline(struct gpu *g, const uint32_t *code, size_t size, bool buffer)
{
   const VkDescriptorSetLayoutBinding binding = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL };
   const VkDescriptorSetLayoutCreateInfo dl = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 1, .pBindings = &binding };
   VkResult r = vkCreateDescriptorSetLayout(g->device, &dl, NULL, &g->set_layout);
   if (r != VK_SUCCESS)
      return r;
   const VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 8 };
   const VkPipelineLayoutCreateInfo pl = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = buffer ? 1 : 0, .pSetLayouts = &g->set_layout,
      .pushConstantRangeCount = buffer ? 0 : 1, .pPushConstantRanges = &push };
   r = vkCreatePipelineLayout(g->device, &pl, NULL, &g->layout);
   if (r != VK_SUCCESS)
      return r;
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = size, .pCode = code };
   r = vkCreateShaderModule(g->device, &smci, NULL, &g->module);
   if (r != VK_SUCCESS)
      return r;
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = g->module,
                 .pName = "main" },
      .layout = g->layout };
   return vkCreateComputePipelines(g->device, VK_NULL_HANDLE, 1, &cpci, NULL,
                                   &g->pipeline);
}

static VkResult
create_set(struct gpu *g)
{
   const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 };
   const VkDescriptorPoolCreateInfo dp = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = 1, .pPoolSizes = &size };
   VkResult r = vkCreateDescriptorPool(g->device, &dp, NULL, &g->pool);
   if (r != VK_SUCCESS)
      return r;
   const VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = g->pool, .descriptorSetCount = 1,
      .pSetLayouts = &g->set_layout };
   r = vkAllocateDescriptorSets(g->device, &ai, &g->set);
   if (r != VK_SUCCESS)
      return r;
   const VkDescriptorBufferInfo info = { g->buffer, 0, VK_WHOLE_SIZE };
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = g->set,
      .dstBinding = 0, .descriptorCount = 1,
      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &info };
   vkUpdateDescriptorSets(g->device, 1, &w, 0, NULL);
   return VK_SUCCESS;
}

/* One dispatch of one invocation, with the buffer's set or the address. */
static VkResult
record(struct gpu *g, bool buffer)
{
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   VkResult r = vkCreateCommandPool(g->device, &cpci, NULL, &g->cmd_pool);
   if (r != VK_SUCCESS)
      return r;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = g->cmd_pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1 };
   r = vkAllocateCommandBuffers(g->device, &ai, &g->cmd);
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   if (r == VK_SUCCESS)
      r = vkBeginCommandBuffer(g->cmd, &bi);
   if (r != VK_SUCCESS)
      return r;
   vkCmdBindPipeline(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->pipeline);
   const uint64_t address = UNBOUND_ADDRESS;
   if (buffer)
      vkCmdBindDescriptorSets(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->layout,
                              0, 1, &g->set, 0, NULL);
   else
      vkCmdPushConstants(g->cmd, g->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8,
                         &address);
   vkCmdDispatch(g->cmd, 1, 1, 1);
   return vkEndCommandBuffer(g->cmd);
}

static void
destroy(struct gpu *g)
{
   if (g->device) {
      vkDestroyFence(g->device, g->fence, NULL);
      vkDestroyCommandPool(g->device, g->cmd_pool, NULL);
      vkDestroyDescriptorPool(g->device, g->pool, NULL);
      vkDestroyPipeline(g->device, g->pipeline, NULL);
      vkDestroyShaderModule(g->device, g->module, NULL);
      vkDestroyPipelineLayout(g->device, g->layout, NULL);
      vkDestroyDescriptorSetLayout(g->device, g->set_layout, NULL);
      vkDestroyBuffer(g->device, g->buffer, NULL);
      vkFreeMemory(g->device, g->memory, NULL);
      vkDestroyDevice(g->device, NULL);
   }
   vkDestroyInstance(g->instance, NULL);
}

/* ---- the cases ---- */

/* Submits the recorded dispatch and expects the device lost from then on. */
static void
expect_lost(struct gpu *g, const char *what)
{
   const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   CHECK(vkCreateFence(g->device, &fci, NULL, &g->fence) == VK_SUCCESS, "%s", what);
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                             .commandBufferCount = 1, .pCommandBuffers = &g->cmd };
   VkResult r = vkQueueSubmit(g->queue, 1, &si, g->fence);
   CHECK(r == VK_SUCCESS || r == VK_ERROR_DEVICE_LOST,
         "%s: vkQueueSubmit returned %d", what, r);
   if (r == VK_SUCCESS) {
      r = vkWaitForFences(g->device, 1, &g->fence, VK_TRUE, FENCE_TIMEOUT_NS);
      CHECK(r == VK_ERROR_DEVICE_LOST, "%s: vkWaitForFences returned %d", what, r);
   }
   r = vkWaitForFences(g->device, 1, &g->fence, VK_TRUE, FENCE_TIMEOUT_NS);
   CHECK(r == VK_ERROR_DEVICE_LOST, "%s: a second vkWaitForFences returned %d", what, r);
   r = vkQueueWaitIdle(g->queue);
   CHECK(r == VK_ERROR_DEVICE_LOST, "%s: vkQueueWaitIdle returned %d", what, r);
   const VkSubmitInfo empty = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO };
   r = vkQueueSubmit(g->queue, 1, &empty, VK_NULL_HANDLE);
   CHECK(r == VK_ERROR_DEVICE_LOST, "%s: a later vkQueueSubmit returned %d", what, r);
   printf("%s: device lost, process alive\n", what);
}

static void
test_endless_loop(void)
{
   struct gpu g = { 0 };
   if (!create_instance(&g)) {
      printf("SKIP: no Vulkan device (run under scripts/vgpu-run with genvk)\n");
      skips++;
      destroy(&g);
      return;
   }
   VkResult r = VK_ERROR_INITIALIZATION_FAILED;
   if (create_device(&g, false, false))
      r = create_buffer(&g);
   if (r == VK_SUCCESS)
      r = create_pipeline(&g, fault_loop_comp_spv, sizeof(fault_loop_comp_spv), true);
   if (r == VK_SUCCESS)
      r = create_set(&g);
   if (r == VK_SUCCESS)
      r = record(&g, true);
   CHECK(r == VK_SUCCESS, "endless loop: setting up the dispatch: %d", r);
   if (r == VK_SUCCESS)
      expect_lost(&g, "endless loop");
   destroy(&g);
}

static void
test_unbound_address(void)
{
   struct gpu g = { 0 };
   bool use_khr;
   if (!create_instance(&g) || !supports_device_address(&g, &use_khr)) {
      printf("SKIP: store to an unbound device address: the device has no "
             "bufferDeviceAddress (Gen7/7.5 have none)\n");
      skips++;
      destroy(&g);
      return;
   }
   VkResult r = VK_ERROR_INITIALIZATION_FAILED;
   if (create_device(&g, true, use_khr))
      r = create_pipeline(&g, fault_address_comp_spv, sizeof(fault_address_comp_spv),
                          false);
   if (r == VK_SUCCESS)
      r = record(&g, false);
   CHECK(r == VK_SUCCESS, "unbound address: setting up the dispatch: %d", r);
   if (r == VK_SUCCESS)
      expect_lost(&g, "store to an unbound device address");
   destroy(&g);
}

int
main(void)
{
   test_endless_loop();
   test_unbound_address();
   printf("test_faults: %d failures, %d skipped\n", failures, skips);
   if (failures)
      return 1;
   return skips == 2 ? SKIP : 0;
}
