/* Allocation-failure sweep over a whole compute job (compute_job.c):
 * instance, device, memory, buffers, descriptors, pipeline, command
 * buffer, submission, fence.  For every N, an allocator that fails its
 * N-th allocation must make some command return
 * VK_ERROR_OUT_OF_HOST_MEMORY (never another error, never a crash), with
 * every allocation freed once everything is destroyed; the run without a
 * failure, and any run whose failure the driver absorbs, computes the
 * right result.  The driver is loaded directly
 * (icd_direct.h) so that only its allocations are counted.
 * Usage: test_compute_sweep <path of libvulkan_genvk.so> */
#include <stdio.h>

#include "compute_job.h"
#include "counting_alloc.h"
#include "icd_direct.h"

#define SKIP 77

enum outcome { RAN_ALL, OOM_REPORTED, NO_DEVICE, WRONG_RESULT };

#define GET(instance, name) ((PFN_##name)icd->gipa(instance, #name))

static enum outcome
judge(VkResult r, const char *what)
{
   if (r == VK_SUCCESS)
      return RAN_ALL;
   if (r == VK_ERROR_OUT_OF_HOST_MEMORY)
      return OOM_REPORTED;
   fprintf(stderr, "FAIL: %s returned %d\n", what, (int)r);
   return WRONG_RESULT;
}

static enum outcome
job_on_device(const struct icd *icd, VkInstance instance, VkPhysicalDevice pdev,
              const VkAllocationCallbacks *alloc)
{
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
   VkResult r = GET(instance, vkCreateDevice)(pdev, &dci, alloc, &device);
   if (r != VK_SUCCESS)
      return judge(r, "vkCreateDevice");
   PFN_vkGetDeviceProcAddr gdpa = GET(instance, vkGetDeviceProcAddr);
   struct compute_job_fns fns;
   enum outcome out = WRONG_RESULT;
   if (!compute_job_load(&fns, gdpa, device)) {
      fprintf(stderr, "FAIL: a command compute_job needs does not resolve\n");
   } else {
      VkQueue queue;
      ((PFN_vkGetDeviceQueue)gdpa(device, "vkGetDeviceQueue"))(device, 0, 0, &queue);
      r = compute_job_run(&fns, pdev, GET(instance, vkGetPhysicalDeviceMemoryProperties),
                          device, queue, alloc, 0x1234);
      out = judge(r, "the compute job");
   }
   ((PFN_vkDestroyDevice)gdpa(device, "vkDestroyDevice"))(device, alloc);
   return out;
}

static enum outcome
job(const struct icd *icd, const VkAllocationCallbacks *alloc)
{
   const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .apiVersion = VK_API_VERSION_1_0 };
   const VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                      .pApplicationInfo = &app };
   VkInstance instance;
   VkResult r = icd->create_instance(&ici, alloc, &instance);
   if (r != VK_SUCCESS)
      return judge(r, "vkCreateInstance");
   uint32_t count = 1;
   VkPhysicalDevice pdev = VK_NULL_HANDLE;
   r = GET(instance, vkEnumeratePhysicalDevices)(instance, &count, &pdev);
   enum outcome out;
   if (r != VK_SUCCESS && r != VK_INCOMPLETE)
      out = judge(r, "vkEnumeratePhysicalDevices");
   else if (!pdev)
      out = NO_DEVICE;
   else
      out = job_on_device(icd, instance, pdev, alloc);
   GET(instance, vkDestroyInstance)(instance, alloc);
   return out;
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
   for (unsigned n = 1;; n++) {
      struct counting_alloc state = { .fail_at = n };
      const VkAllocationCallbacks alloc = counting_alloc_callbacks(&state);
      enum outcome out = job(&icd, &alloc);
      if (out == NO_DEVICE && !state.failed) {
         printf("SKIP: no genvk device (run under scripts/vgpu-run)\n");
         return SKIP;
      }
      /* A failure the driver absorbs (the job still right) is allowed. */
      if (out == WRONG_RESULT || state.live != 0 || state.misaligned) {
         fprintf(stderr, "FAIL at allocation %u of %u: outcome %d, %ld allocations "
                 "leaked%s\n", n, state.calls, out, state.live,
                 state.misaligned ? ", misaligned" : "");
         return 1;
      }
      if (!state.failed) {
         printf("%u allocations, each failure handled; the job's result is right\n",
                state.calls);
         return 0;
      }
   }
}
