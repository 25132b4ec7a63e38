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
#include "gvk_test.h"
#include "icd_direct.h"

static enum sweep_outcome
job_on_device(const struct gvk_test_gpu *g, const VkAllocationCallbacks *alloc)
{
   struct compute_job_fns fns;
   if (!compute_job_load(&fns, g->gdpa, g->device)) {
      fprintf(stderr, "FAIL: a command compute_job needs does not resolve\n");
      return SWEEP_WRONG;
   }
   VkResult r = compute_job_run(&fns, g->pdev,
                                GVK_TEST_INSTANCE_FN(g, vkGetPhysicalDeviceMemoryProperties),
                                g->device, g->queue, alloc, 0x1234);
   return sweep_judge(r, "the compute job");
}

static enum sweep_outcome
job(void *gipa, const VkAllocationCallbacks *alloc)
{
   const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .apiVersion = VK_API_VERSION_1_0 };
   const VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                      .pApplicationInfo = &app };
   return sweep_on_device(*(PFN_vkGetInstanceProcAddr *)gipa, &ici, alloc, alloc,
                          job_on_device);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s <libvulkan_genvk.so>\n", argv[0]);
      return 2;
   }
   PFN_vkGetInstanceProcAddr gipa = icd_direct_open(argv[1]);
   if (!gipa)
      return 1;
   /* A failure the driver absorbs (the job still right) is allowed. */
   unsigned allocations;
   int ret = counting_alloc_sweep(job, &gipa, true, &allocations);
   if (ret == 0)
      printf("%u allocations, each failure handled; the job's result is right\n",
             allocations);
   return ret;
}
