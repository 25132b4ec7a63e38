/* Allocation-failure sweep: for every N, an allocator that fails its N-th
 * allocation must make instance, physical-device enumeration or device
 * creation return VK_ERROR_OUT_OF_HOST_MEMORY, and leave no allocation
 * behind.  The driver is loaded directly (dlopen + vk_icdGetInstanceProcAddr)
 * so that only its own allocations are counted.
 * Usage: test_alloc_sweep <path of libvulkan_genvk.so> */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vk_icd.h>
#include <vulkan/vulkan.h>

#include "counting_alloc.h"
#include "icd_direct.h"

#define SKIP 77

#define GET(instance, name) ((PFN_##name)icd->gipa(instance, #name))

enum outcome { RAN_ALL, OOM_REPORTED, NO_DEVICE, WRONG_RESULT };

static enum outcome
check(VkResult r, const char *what)
{
   if (r == VK_ERROR_OUT_OF_HOST_MEMORY)
      return OOM_REPORTED;
   fprintf(stderr, "FAIL: %s returned %d\n", what, (int)r);
   return WRONG_RESULT;
}

/* One lifecycle; the device uses the instance's allocator when
 * device_inherits, its own (the same callbacks) otherwise. */
static enum outcome
lifecycle(const struct icd *icd, const VkAllocationCallbacks *alloc,
          bool device_inherits)
{
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
   };
   VkInstance instance;
   VkResult r = icd->create_instance(&ici, alloc, &instance);
   if (r != VK_SUCCESS)
      return check(r, "vkCreateInstance");

   enum outcome out = RAN_ALL;
   uint32_t count = 1;
   VkPhysicalDevice pdev = VK_NULL_HANDLE;
   r = GET(instance, vkEnumeratePhysicalDevices)(instance, &count, &pdev);
   if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
      out = check(r, "vkEnumeratePhysicalDevices");
      goto destroy_instance;
   }
   if (!pdev) {
      out = NO_DEVICE;
      goto destroy_instance;
   }

   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = 1, .pQueuePriorities = &priority,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
   };
   VkDevice device;
   r = GET(instance, vkCreateDevice)(pdev, &dci,
                                      device_inherits ? NULL : alloc, &device);
   if (r != VK_SUCCESS) {
      out = check(r, "vkCreateDevice");
      goto destroy_instance;
   }
   PFN_vkGetDeviceProcAddr gdpa = GET(instance, vkGetDeviceProcAddr);
   /* Every core 1.0 command resolves; 1.1 ones do not on a 1.0 device. */
   if (!gdpa(device, "vkCreateBuffer") || !gdpa(device, "vkQueueWaitIdle") ||
       gdpa(device, "vkGetDeviceQueue2")) {
      fprintf(stderr, "FAIL: vkGetDeviceProcAddr answers wrongly\n");
      out = WRONG_RESULT;
   }
   VkQueue queue;
   ((PFN_vkGetDeviceQueue)gdpa(device, "vkGetDeviceQueue"))(device, 0, 0, &queue);
   r = ((PFN_vkQueueWaitIdle)gdpa(device, "vkQueueWaitIdle"))(queue);
   if (r != VK_SUCCESS) {
      /* Waiting allocates nothing: any error is wrong. */
      fprintf(stderr, "FAIL: vkQueueWaitIdle returned %d\n", (int)r);
      out = WRONG_RESULT;
   }
   ((PFN_vkDestroyDevice)gdpa(device, "vkDestroyDevice"))(
      device, device_inherits ? NULL : alloc);
destroy_instance:
   GET(instance, vkDestroyInstance)(instance, alloc);
   return out;
}

static int
sweep(const struct icd *icd, bool device_inherits)
{
   for (unsigned n = 1;; n++) {
      struct counting_alloc state = { .fail_at = n };
      const VkAllocationCallbacks alloc = counting_alloc_callbacks(&state);
      enum outcome out = lifecycle(icd, &alloc, device_inherits);
      if (out == NO_DEVICE && !state.failed) {
         printf("SKIP: no genvk device (run under scripts/vgpu-run)\n");
         return SKIP;
      }
      if (out == WRONG_RESULT || state.live != 0 || state.misaligned ||
          (state.failed && out != OOM_REPORTED)) {
         fprintf(stderr, "FAIL at allocation %u of %u: outcome %d, %ld "
                 "allocations leaked%s\n", n, state.calls, out, state.live,
                 state.misaligned ? ", misaligned" : "");
         return 1;
      }
      if (!state.failed) {
         printf("%s allocator: %u allocations, each failure handled\n",
                device_inherits ? "inherited" : "device", state.calls);
         return 0;
      }
   }
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s <libvulkan_genvk.so>\n", argv[0]);
      return 2;
   }
   struct icd icd;
   if (!icd_direct_open(argv[1], &icd))
      return 1;

   int ret = sweep(&icd, false);
   if (ret == 0)
      ret = sweep(&icd, true);
   return ret;
}
