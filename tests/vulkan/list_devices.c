/* Prints how many physical devices the loader finds, and their names. */
#include <stdio.h>

#include <vulkan/vulkan.h>

int
main(void)
{
   VkInstance instance;
   VkResult r = vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO }, NULL, &instance);
   if (r == VK_ERROR_INCOMPATIBLE_DRIVER) {
      printf("devices: 0\n");
      return 0;
   }
   if (r != VK_SUCCESS) {
      fprintf(stderr, "vkCreateInstance failed: %d\n", r);
      return 1;
   }
   VkPhysicalDevice devices[8];
   uint32_t count = 8;
   r = vkEnumeratePhysicalDevices(instance, &count, devices);
   /* The loader answers INITIALIZATION_FAILED when no driver has a device. */
   if (r == VK_ERROR_INITIALIZATION_FAILED) {
      printf("devices: 0\n");
      vkDestroyInstance(instance, NULL);
      return 0;
   }
   if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
      fprintf(stderr, "vkEnumeratePhysicalDevices failed: %d\n", r);
      return 1;
   }
   printf("devices: %u\n", count);
   for (uint32_t i = 0; i < count; i++) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(devices[i], &props);
      printf("device %u: %s\n", i, props.deviceName);
   }
   vkDestroyInstance(instance, NULL);
   return 0;
}
