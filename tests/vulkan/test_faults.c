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
#include "gvk_test.h"

/* Long enough for any hang detection; a TIMEOUT is a failure. */
#define FENCE_TIMEOUT_NS (120ull * 1000 * 1000 * 1000)
/* Far above anything genvk hands out (it allocates addresses upwards from
 * a few MB) and below 2^47, so canonical on every 48-bit GPU. */
#define UNBOUND_ADDRESS 0x700000000000ull

static int skips;

struct gpu {
   struct gvk_test_gpu g;
   struct gvk_test_buffer buffer;
   struct gvk_test_pipeline p;
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
   vkGetPhysicalDeviceProperties(g->g.pdev, &props);
   *use_khr = props.apiVersion < VK_API_VERSION_1_2;
   if (*use_khr && !has_device_extension(g->g.pdev, "VK_KHR_buffer_device_address"))
      return false;
   PFN_vkGetPhysicalDeviceFeatures2KHR get_features2 =
      (PFN_vkGetPhysicalDeviceFeatures2KHR)vkGetInstanceProcAddr(
         g->g.instance, "vkGetPhysicalDeviceFeatures2KHR");
   if (!get_features2)
      return false;
   VkPhysicalDeviceBufferDeviceAddressFeatures bda = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
   };
   VkPhysicalDeviceFeatures2 features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &bda,
   };
   get_features2(g->g.pdev, &features);
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
   return gvk_test_create_instance(&g->g, vkGetInstanceProcAddr, &ici, NULL) == VK_SUCCESS &&
          g->g.pdev;
}

static bool
create_device(struct gpu *g, bool device_address, bool use_khr)
{
   const VkPhysicalDeviceBufferDeviceAddressFeatures bda = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
      .bufferDeviceAddress = VK_TRUE,
   };
   const char *ext = "VK_KHR_buffer_device_address";
   VkResult r = gvk_test_create_device(&g->g, device_address ? &bda : NULL,
                                       device_address && use_khr ? 1 : 0, &ext, NULL);
   return CHECKF(r == VK_SUCCESS, "vkCreateDevice: %d", r);
}

/* A zeroed 16-byte storage buffer and the set of the pipeline's one
 * binding pointing at it. */
static VkResult
create_buffer_set(struct gpu *g)
{
   VkResult r = gvk_test_buffer_create(&g->g, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                       &g->buffer);
   if (r != VK_SUCCESS)
      return r;
   memset(g->buffer.map, 0, 16);
   const VkDescriptorBufferInfo info = { g->buffer.buffer, 0, VK_WHOLE_SIZE };
   return gvk_test_pipeline_set(&g->g, &g->p, &info);
}

/* One dispatch of one invocation, with the buffer's set or the address. */
static VkResult
record(struct gpu *g, bool buffer)
{
   VkDevice device = g->g.device;
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   VkResult r = vkCreateCommandPool(device, &cpci, NULL, &g->cmd_pool);
   if (r != VK_SUCCESS)
      return r;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = g->cmd_pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1 };
   r = vkAllocateCommandBuffers(device, &ai, &g->cmd);
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   if (r == VK_SUCCESS)
      r = vkBeginCommandBuffer(g->cmd, &bi);
   if (r != VK_SUCCESS)
      return r;
   vkCmdBindPipeline(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->p.pipeline);
   const uint64_t address = UNBOUND_ADDRESS;
   if (buffer)
      vkCmdBindDescriptorSets(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->p.layout,
                              0, 1, &g->p.set, 0, NULL);
   else
      vkCmdPushConstants(g->cmd, g->p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8,
                         &address);
   vkCmdDispatch(g->cmd, 1, 1, 1);
   return vkEndCommandBuffer(g->cmd);
}

static void
destroy(struct gpu *g)
{
   if (g->g.device) {
      vkDestroyFence(g->g.device, g->fence, NULL);
      vkDestroyCommandPool(g->g.device, g->cmd_pool, NULL);
      gvk_test_pipeline_destroy(&g->g, &g->p);
      gvk_test_buffer_destroy(&g->g, &g->buffer);
   }
   gvk_test_destroy(&g->g, NULL, NULL);
}

/* ---- the cases ---- */

/* Submits the recorded dispatch and expects the device lost from then on. */
static void
expect_lost(struct gpu *g, const char *what)
{
   const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   CHECKF(vkCreateFence(g->g.device, &fci, NULL, &g->fence) == VK_SUCCESS, "%s", what);
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                             .commandBufferCount = 1, .pCommandBuffers = &g->cmd };
   VkResult r = vkQueueSubmit(g->g.queue, 1, &si, g->fence);
   CHECKF(r == VK_SUCCESS || r == VK_ERROR_DEVICE_LOST,
         "%s: vkQueueSubmit returned %d", what, r);
   if (r == VK_SUCCESS) {
      r = vkWaitForFences(g->g.device, 1, &g->fence, VK_TRUE, FENCE_TIMEOUT_NS);
      CHECKF(r == VK_ERROR_DEVICE_LOST, "%s: vkWaitForFences returned %d", what, r);
   }
   r = vkWaitForFences(g->g.device, 1, &g->fence, VK_TRUE, FENCE_TIMEOUT_NS);
   CHECKF(r == VK_ERROR_DEVICE_LOST, "%s: a second vkWaitForFences returned %d", what, r);
   r = vkQueueWaitIdle(g->g.queue);
   CHECKF(r == VK_ERROR_DEVICE_LOST, "%s: vkQueueWaitIdle returned %d", what, r);
   const VkSubmitInfo empty = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO };
   r = vkQueueSubmit(g->g.queue, 1, &empty, VK_NULL_HANDLE);
   CHECKF(r == VK_ERROR_DEVICE_LOST, "%s: a later vkQueueSubmit returned %d", what, r);
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
      r = gvk_test_pipeline_create(&g.g, 1, 0, fault_loop_comp_spv,
                                   sizeof(fault_loop_comp_spv), &g.p);
   if (r == VK_SUCCESS)
      r = create_buffer_set(&g);
   if (r == VK_SUCCESS)
      r = record(&g, true);
   CHECKF(r == VK_SUCCESS, "endless loop: setting up the dispatch: %d", r);
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
      r = gvk_test_pipeline_create(&g.g, 0, 8, fault_address_comp_spv,
                                   sizeof(fault_address_comp_spv), &g.p);
   if (r == VK_SUCCESS)
      r = record(&g, false);
   CHECKF(r == VK_SUCCESS, "unbound address: setting up the dispatch: %d", r);
   if (r == VK_SUCCESS)
      expect_lost(&g, "store to an unbound device address");
   destroy(&g);
}

int
main(void)
{
   test_endless_loop();
   test_unbound_address();
   printf("test_faults: %d failures, %d skipped\n", gvk_test_failures, skips);
   if (gvk_test_failures)
      return 1;
   return skips == 2 ? GVK_TEST_SKIP : 0;
}
