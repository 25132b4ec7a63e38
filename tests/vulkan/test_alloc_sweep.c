/* Allocation-failure sweep: for every N, an allocator that fails its N-th
 * allocation must make instance, physical-device enumeration or device
 * creation return VK_ERROR_OUT_OF_HOST_MEMORY, and leave no allocation
 * behind.  The driver is loaded directly (dlopen + vk_icdGetInstanceProcAddr)
 * so that only its own allocations are counted.
 * Usage: test_alloc_sweep <path of libvulkan_genvk.so> */
#include <stdbool.h>
#include <stdio.h>

#include <vulkan/vulkan.h>

#include "counting_alloc.h"
#include "gvk_test.h"
#include "icd_direct.h"

struct sweep {
   PFN_vkGetInstanceProcAddr gipa;
   bool device_inherits;
};

/* What a device allocates nothing for must succeed and resolve. */
static enum sweep_outcome
use_device(const struct gvk_test_gpu *g, const VkAllocationCallbacks *alloc)
{
   enum sweep_outcome out = SWEEP_RAN_ALL;
   /* Every core 1.0 command resolves; 1.1 ones do not on a 1.0 device. */
   if (!g->gdpa(g->device, "vkCreateBuffer") || !g->gdpa(g->device, "vkQueueWaitIdle") ||
       g->gdpa(g->device, "vkGetDeviceQueue2")) {
      fprintf(stderr, "FAIL: vkGetDeviceProcAddr answers wrongly\n");
      out = SWEEP_WRONG;
   }
   VkResult r = GVK_TEST_DEVICE_FN(g, vkQueueWaitIdle)(g->queue);
   if (r != VK_SUCCESS) {
      /* Waiting allocates nothing: any error is wrong. */
      fprintf(stderr, "FAIL: vkQueueWaitIdle returned %d\n", (int)r);
      out = SWEEP_WRONG;
   }
   return out;
}

/* One lifecycle; the device uses the instance's allocator when
 * device_inherits, its own (the same callbacks) otherwise. */
static enum sweep_outcome
lifecycle(void *data, const VkAllocationCallbacks *alloc)
{
   const struct sweep *s = data;
   return sweep_on_device(s->gipa, NULL, alloc, s->device_inherits ? NULL : alloc,
                          use_device);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s <libvulkan_genvk.so>\n", argv[0]);
      return 2;
   }
   struct sweep s = { .gipa = icd_direct_open(argv[1]) };
   if (!s.gipa)
      return 1;
   for (int inherits = 0; inherits < 2; inherits++) {
      s.device_inherits = inherits;
      unsigned allocations;
      int ret = counting_alloc_sweep(lifecycle, &s, false, &allocations);
      if (ret)
         return ret;
      printf("%s allocator: %u allocations, each failure handled\n",
             inherits ? "inherited" : "device", allocations);
   }
   return 0;
}
