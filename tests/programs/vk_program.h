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

#endif
