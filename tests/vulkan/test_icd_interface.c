/* The driver's answers at the loader-ICD interface, called directly:
 * vkGet*ProcAddr rules (spec "Command Function Pointers") and clear errors
 * for bad input.  Usage: test_icd_interface <path of libvulkan_genvk.so> */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <vulkan/vk_icd.h>
#include <vulkan/vulkan.h>

#define SKIP 77

static int failures;
static PFN_vkGetInstanceProcAddr gipa;
static PFN_vkGetInstanceProcAddr gpdpa;

#define EXPECT(cond) do {                                          \
      if (!(cond)) {                                               \
         fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #cond);   \
         failures++;                                               \
      }                                                            \
   } while (0)

#define GET(instance, name) ((PFN_##name)gipa(instance, #name))

static VkInstance
create_instance(uint32_t api, const char *ext)
{
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = api,
   };
   const VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &app,
      .enabledExtensionCount = ext ? 1 : 0, .ppEnabledExtensionNames = &ext,
   };
   VkInstance instance = VK_NULL_HANDLE;
   EXPECT(GET(NULL, vkCreateInstance)(&info, NULL, &instance) == VK_SUCCESS);
   return instance;
}

static void
check_global(void)
{
   EXPECT(gipa(NULL, "vkCreateInstance"));
   EXPECT(gipa(NULL, "vkEnumerateInstanceExtensionProperties"));
   EXPECT(gipa(NULL, "vkGetInstanceProcAddr"));
   EXPECT(!gipa(NULL, "vkEnumeratePhysicalDevices"));
   EXPECT(!gipa(NULL, "vkNotACommand"));
   /* A Vulkan 1.1 driver answers the 1.1 global command. */
   EXPECT(gipa(NULL, "vkEnumerateInstanceVersion"));

   uint32_t count = 0;
   VkExtensionProperties props[4];
   EXPECT(GET(NULL, vkEnumerateInstanceExtensionProperties)(NULL, &count, NULL) == VK_SUCCESS);
   EXPECT(count >= 1);
   uint32_t none = 0;
   EXPECT(GET(NULL, vkEnumerateInstanceExtensionProperties)(NULL, &none, props) == VK_INCOMPLETE);
   EXPECT(GET(NULL, vkEnumerateInstanceExtensionProperties)("VK_LAYER_nope", &count, NULL) ==
          VK_ERROR_LAYER_NOT_PRESENT);

   const char *bad = "VK_KHR_not_an_extension";
   const VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .enabledExtensionCount = 1, .ppEnabledExtensionNames = &bad,
   };
   VkInstance instance;
   EXPECT(GET(NULL, vkCreateInstance)(&info, NULL, &instance) ==
          VK_ERROR_EXTENSION_NOT_PRESENT);
}

static void
check_instance_level(void)
{
   VkInstance plain = create_instance(VK_API_VERSION_1_0, NULL);
   EXPECT(gipa(plain, "vkEnumeratePhysicalDevices"));
   EXPECT(gipa(plain, "vkCreateDevice"));
   EXPECT(!gipa(plain, "vkCreateInstance"));
   /* Not enabled: extension command absent; 1.1 core absent at 1.0. */
   EXPECT(!gipa(plain, "vkGetPhysicalDeviceProperties2KHR"));
   EXPECT(!gipa(plain, "vkGetPhysicalDeviceProperties2"));
   EXPECT(!gpdpa(plain, "vkGetPhysicalDeviceProperties2KHR"));
   EXPECT(gpdpa(plain, "vkGetPhysicalDeviceProperties"));
   EXPECT(!gpdpa(plain, "vkDestroyInstance"));
   EXPECT(!gpdpa(plain, "vkQueueWaitIdle"));
   GET(plain, vkDestroyInstance)(plain, NULL);

   VkInstance ext = create_instance(VK_API_VERSION_1_0,
                                    "VK_KHR_get_physical_device_properties2");
   EXPECT(gipa(ext, "vkGetPhysicalDeviceProperties2KHR"));
   EXPECT(gpdpa(ext, "vkGetPhysicalDeviceFeatures2KHR"));
   GET(ext, vkDestroyInstance)(ext, NULL);
}

static VkResult
create_device(VkInstance instance, VkPhysicalDevice pdev, uint32_t queues,
              const char *ext, const VkPhysicalDeviceFeatures *features,
              VkDevice *device)
{
   const float priorities[2] = { 1.0f, 1.0f };
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = queues, .pQueuePriorities = priorities,
   };
   const VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
      .enabledExtensionCount = ext ? 1 : 0, .ppEnabledExtensionNames = &ext,
      .pEnabledFeatures = features,
   };
   return GET(instance, vkCreateDevice)(pdev, &info, NULL, device);
}

static int
check_device_level(void)
{
   VkInstance instance = create_instance(VK_API_VERSION_1_3, NULL);
   uint32_t count = 1;
   VkPhysicalDevice pdev = VK_NULL_HANDLE;
   GET(instance, vkEnumeratePhysicalDevices)(instance, &count, &pdev);
   if (!pdev) {
      GET(instance, vkDestroyInstance)(instance, NULL);
      return SKIP;
   }
   VkPhysicalDeviceProperties props;
   GET(instance, vkGetPhysicalDeviceProperties)(pdev, &props);
   /* 1.2 on Gen8+, 1.1 on Gen7/7.5 (test_vulkan12 tells them apart) */
   EXPECT(VK_API_VERSION_MINOR(props.apiVersion) == 1 ||
          VK_API_VERSION_MINOR(props.apiVersion) == 2);

   VkDevice device;
   EXPECT(create_device(instance, pdev, 2, NULL, NULL, &device) ==
          VK_ERROR_INITIALIZATION_FAILED);
   EXPECT(create_device(instance, pdev, 1, "VK_KHR_swapchain", NULL, &device) ==
          VK_ERROR_EXTENSION_NOT_PRESENT);
   const VkPhysicalDeviceFeatures robust = { .robustBufferAccess = VK_TRUE };
   EXPECT(create_device(instance, pdev, 1, NULL, &robust, &device) ==
          VK_ERROR_FEATURE_NOT_PRESENT);

   EXPECT(create_device(instance, pdev, 1, NULL, NULL, &device) == VK_SUCCESS);
   PFN_vkGetDeviceProcAddr gdpa = GET(instance, vkGetDeviceProcAddr);
   EXPECT(gdpa(device, "vkDeviceWaitIdle"));
   EXPECT(gdpa(device, "vkGetDeviceProcAddr"));
   /* Not device level, above the device's 1.1/1.2, or unknown. */
   EXPECT(!gdpa(device, "vkGetPhysicalDeviceProperties"));
   EXPECT(gdpa(device, "vkGetDeviceQueue2"));
   EXPECT(!gdpa(device, "vkCmdBeginRendering"));
   EXPECT(!gdpa(device, "vkNotACommand"));
   /* Every core 1.0 command exists and works through the device's table:
    * a render pass of one subpass without attachments and a framebuffer
    * for it (valid: Vulkan "Render Pass"). */
   PFN_vkCreateRenderPass create_pass = (PFN_vkCreateRenderPass)gdpa(device, "vkCreateRenderPass");
   PFN_vkDestroyRenderPass destroy_pass =
      (PFN_vkDestroyRenderPass)gdpa(device, "vkDestroyRenderPass");
   PFN_vkCreateFramebuffer create_framebuffer =
      (PFN_vkCreateFramebuffer)gdpa(device, "vkCreateFramebuffer");
   PFN_vkDestroyFramebuffer destroy_framebuffer =
      (PFN_vkDestroyFramebuffer)gdpa(device, "vkDestroyFramebuffer");
   EXPECT(create_pass && destroy_pass && create_framebuffer && destroy_framebuffer);
   const VkSubpassDescription subpass = { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS };
   const VkRenderPassCreateInfo rpci = { .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                         .subpassCount = 1, .pSubpasses = &subpass };
   VkRenderPass pass = VK_NULL_HANDLE;
   VkFramebuffer framebuffer = VK_NULL_HANDLE;
   EXPECT(create_pass && create_pass(device, &rpci, NULL, &pass) == VK_SUCCESS);
   VkFramebufferCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                   .renderPass = pass, .width = 1, .height = 1, .layers = 1 };
   EXPECT(pass && create_framebuffer &&
          create_framebuffer(device, &fci, NULL, &framebuffer) == VK_SUCCESS &&
          framebuffer != VK_NULL_HANDLE);
   if (destroy_framebuffer && destroy_pass) {
      destroy_framebuffer(device, framebuffer, NULL);
      destroy_pass(device, pass, NULL);
   }
   VkQueue queue;
   ((PFN_vkGetDeviceQueue)gdpa(device, "vkGetDeviceQueue"))(device, 0, 0, &queue);
   EXPECT(queue && valid_loader_magic_value(queue));
   EXPECT(valid_loader_magic_value(device) && valid_loader_magic_value(pdev));
   EXPECT(((PFN_vkDeviceWaitIdle)gdpa(device, "vkDeviceWaitIdle"))(device) == VK_SUCCESS);
   ((PFN_vkDestroyDevice)gdpa(device, "vkDestroyDevice"))(device, NULL);
   GET(instance, vkDestroyInstance)(instance, NULL);
   return 0;
}

int
main(int argc, char **argv)
{
   void *lib = argc == 2 ? dlopen(argv[1], RTLD_NOW | RTLD_LOCAL) : NULL;
   if (!lib) {
      fprintf(stderr, "usage: %s <libvulkan_genvk.so> (%s)\n", argv[0],
              dlerror());
      return 1;
   }
   gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vk_icdGetInstanceProcAddr");
   gpdpa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vk_icdGetPhysicalDeviceProcAddr");
   PFN_vkNegotiateLoaderICDInterfaceVersion negotiate =
      (PFN_vkNegotiateLoaderICDInterfaceVersion)
      dlsym(lib, "vk_icdNegotiateLoaderICDInterfaceVersion");
   EXPECT(gipa && gpdpa && negotiate);
   if (failures)
      return 1;
   uint32_t version = 4;
   EXPECT(negotiate(&version) == VK_ERROR_INCOMPATIBLE_DRIVER);
   version = 7;
   EXPECT(negotiate(&version) == VK_SUCCESS && version == 5);

   check_global();
   check_instance_level();
   int ret = check_device_level();
   if (ret == SKIP && !failures) {
      printf("SKIP: no genvk device (run under scripts/vgpu-run)\n");
      return SKIP;
   }
   printf("%d failures\n", failures);
   return failures ? 1 : 0;
}
