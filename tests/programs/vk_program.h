/* Shared by the Vulkan test programs: they are ordinary applications, so
 * any failing call ends the program with a message naming it. */
#ifndef VK_PROGRAM_H
#define VK_PROGRAM_H

#include <stdio.h>
#include <stdlib.h>

#include <vulkan/vulkan.h>

#define VK(call)                                                        \
   do {                                                                 \
      VkResult r_ = (call);                                             \
      if (r_ != VK_SUCCESS) {                                           \
         fprintf(stderr, "%s failed: %d\n", #call, r_);                 \
         exit(1);                                                       \
      }                                                                 \
   } while (0)

/* The first memory type allowed by bits that has every flag of want. */
static inline uint32_t
vk_program_memory_type(VkPhysicalDevice pd, uint32_t bits, VkMemoryPropertyFlags want)
{
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pd, &mp);
   for (uint32_t i = 0; i < mp.memoryTypeCount; i++) {
      if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   fprintf(stderr, "no memory type with flags 0x%x\n", want);
   exit(1);
}

/* An instance, its first physical device and a device with one queue of
 * the first family that has every flag of want; who names the program
 * in the message when there is none. */
struct vk_program_device {
   VkInstance inst;
   VkPhysicalDevice pd;
   uint32_t family;
   VkDevice dev;
   VkQueue queue;
};

static inline void
vk_program_open_device(const char *who, VkQueueFlags want, struct vk_program_device *out)
{
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_0 };
   VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app };
   VK(vkCreateInstance(&ici, NULL, &out->inst));
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(out->inst, &n, &out->pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0) {
      fprintf(stderr, "%s: no Vulkan device\n", who);
      exit(1);
   }
   VkQueueFamilyProperties families[16];
   n = 16;
   vkGetPhysicalDeviceQueueFamilyProperties(out->pd, &n, families);
   for (out->family = 0; out->family < n; out->family++) {
      if ((families[out->family].queueFlags & want) == want)
         break;
   }
   if (out->family == n) {
      fprintf(stderr, "%s: no queue family with flags 0x%x\n", who, want);
      exit(1);
   }
   float prio = 1;
   VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                 .queueFamilyIndex = out->family, .queueCount = 1,
                                 .pQueuePriorities = &prio };
   VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .queueCreateInfoCount = 1, .pQueueCreateInfos = &q };
   VK(vkCreateDevice(out->pd, &dci, NULL, &out->dev));
   vkGetDeviceQueue(out->dev, out->family, 0, &out->queue);
}

#endif
