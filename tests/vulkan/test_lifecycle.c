/* Creates and destroys instance, device and queue through the Vulkan loader
 * with VK_LAYER_KHRONOS_validation enabled; any validation error or warning
 * fails the test.  Usage: test_lifecycle [expected device name] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#define SKIP 77

static int messages;

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
           VkDebugUtilsMessageTypeFlagsEXT types,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   fprintf(stderr, "validation %s: %s\n",
           severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error"
                                                                    : "warning",
           data->pMessage);
   messages++;
   return VK_FALSE;
}

static const VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
   .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
   .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                      VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
   .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                  VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                  VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
   .pfnUserCallback = on_message,
};

static int
has_validation_layer(void)
{
   uint32_t n = 0;
   vkEnumerateInstanceLayerProperties(&n, NULL);
   VkLayerProperties *layers = calloc(n ? n : 1, sizeof(*layers));
   vkEnumerateInstanceLayerProperties(&n, layers);
   int found = 0;
   for (uint32_t i = 0; i < n; i++)
      found |= strcmp(layers[i].layerName, "VK_LAYER_KHRONOS_validation") == 0;
   free(layers);
   return found;
}

#define CHECK_VK(call) do {                                             \
      VkResult r_ = (call);                                             \
      if (r_ != VK_SUCCESS) {                                           \
         fprintf(stderr, "FAIL: %s returned %d\n", #call, (int)r_);      \
         return 1;                                                      \
      }                                                                 \
   } while (0)

static int
exercise_device(VkPhysicalDevice pdev, const char *expected_name)
{
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pdev, &props);
   printf("device: %s (0x%04x), Vulkan %u.%u.%u\n", props.deviceName,
          props.deviceID, VK_API_VERSION_MAJOR(props.apiVersion),
          VK_API_VERSION_MINOR(props.apiVersion),
          VK_API_VERSION_PATCH(props.apiVersion));
   if (expected_name && strcmp(props.deviceName, expected_name) != 0) {
      fprintf(stderr, "FAIL: expected device '%s'\n", expected_name);
      return 1;
   }

   uint32_t families = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &families, NULL);
   VkQueueFamilyProperties family;
   uint32_t one = 1;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &one, &family);
   if (families != 1 || !(family.queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
      fprintf(stderr, "FAIL: expected one graphics queue family\n");
      return 1;
   }

   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo queue_info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &priority,
   };
   const VkDeviceCreateInfo device_info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &queue_info,
   };
   VkDevice device;
   CHECK_VK(vkCreateDevice(pdev, &device_info, NULL, &device));
   VkQueue queue;
   vkGetDeviceQueue(device, 0, 0, &queue);
   CHECK_VK(vkQueueWaitIdle(queue));
   CHECK_VK(vkDeviceWaitIdle(device));
   vkDestroyDevice(device, NULL);
   return 0;
}

int
main(int argc, char **argv)
{
   const char *expected_name = argc > 1 ? argv[1] : NULL;
   if (!has_validation_layer()) {
      printf("SKIP: VK_LAYER_KHRONOS_validation is not installed\n");
      return SKIP;
   }

   const char *layers[] = { "VK_LAYER_KHRONOS_validation" };
   const char *extensions[] = { VK_EXT_DEBUG_UTILS_EXTENSION_NAME };
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "genvk test_lifecycle",
      .apiVersion = VK_API_VERSION_1_0,
   };
   const VkInstanceCreateInfo instance_info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = &messenger_info,   /* covers vkCreate/DestroyInstance too */
      .pApplicationInfo = &app,
      .enabledLayerCount = 1, .ppEnabledLayerNames = layers,
      .enabledExtensionCount = 1, .ppEnabledExtensionNames = extensions,
   };
   VkInstance instance;
   CHECK_VK(vkCreateInstance(&instance_info, NULL, &instance));

   PFN_vkCreateDebugUtilsMessengerEXT create_messenger =
      (PFN_vkCreateDebugUtilsMessengerEXT)
      vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT");
   PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger =
      (PFN_vkDestroyDebugUtilsMessengerEXT)
      vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT");
   VkDebugUtilsMessengerEXT messenger;
   CHECK_VK(create_messenger(instance, &messenger_info, NULL, &messenger));

   uint32_t count = 0;
   CHECK_VK(vkEnumeratePhysicalDevices(instance, &count, NULL));
   if (count != 1) {
      fprintf(stderr, "FAIL: expected one genvk device, found %u\n", count);
      return 1;
   }
   VkPhysicalDevice pdev;
   CHECK_VK(vkEnumeratePhysicalDevices(instance, &count, &pdev));
   int failed = exercise_device(pdev, expected_name);

   destroy_messenger(instance, messenger, NULL);
   vkDestroyInstance(instance, NULL);
   if (messages) {
      fprintf(stderr, "FAIL: %d validation messages\n", messages);
      return 1;
   }
   return failed;
}
