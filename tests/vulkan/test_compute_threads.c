/* Four threads record and submit compute jobs (compute_job.c) on one
 * device at the same time, each with its own objects, sharing the queue
 * (its submissions serialized by the application, as the spec requires
 * for a VkQueue).  Every job's result must be right; run under helgrind
 * (meson.build) the driver's own locking is checked too. */
#include <pthread.h>
#include <stdio.h>

#include "compute_job.h"
#include "gvk_test.h"

#define THREADS 4
#define JOBS_PER_THREAD 3

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static PFN_vkQueueSubmit driver_submit;

static VKAPI_ATTR VkResult VKAPI_CALL
locked_submit(VkQueue queue, uint32_t count, const VkSubmitInfo *submits, VkFence fence)
{
   pthread_mutex_lock(&queue_lock);
   VkResult r = driver_submit(queue, count, submits, fence);
   pthread_mutex_unlock(&queue_lock);
   return r;
}

struct worker {
   pthread_t thread;
   const struct compute_job_fns *fns;
   VkPhysicalDevice pdev;
   VkDevice device;
   VkQueue queue;
   uint32_t seed;
   VkResult result;
};

static void *
work(void *arg)
{
   struct worker *w = arg;
   w->result = VK_SUCCESS;
   for (uint32_t i = 0; i < JOBS_PER_THREAD && w->result == VK_SUCCESS; i++)
      w->result = compute_job_run(w->fns, w->pdev, vkGetPhysicalDeviceMemoryProperties,
                                  w->device, w->queue, NULL, w->seed + i);
   return NULL;
}

int
main(void)
{
   const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .apiVersion = VK_API_VERSION_1_0 };
   const VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                      .pApplicationInfo = &app };
   struct gvk_test_gpu g;
   if (gvk_test_create_instance(&g, vkGetInstanceProcAddr, &ici, NULL) != VK_SUCCESS ||
       !g.pdev) {
      gvk_test_destroy(&g, NULL, NULL);
      printf("SKIP: no Vulkan device (run under scripts/vgpu-run with genvk)\n");
      return GVK_TEST_SKIP;
   }
   if (gvk_test_create_device(&g, NULL, 0, NULL, NULL) != VK_SUCCESS) {
      fprintf(stderr, "FAIL: vkCreateDevice\n");
      return 1;
   }
   struct compute_job_fns fns;
   if (!compute_job_load(&fns, vkGetDeviceProcAddr, g.device)) {
      fprintf(stderr, "FAIL: a command compute_job needs does not resolve\n");
      return 1;
   }
   driver_submit = fns.vkQueueSubmit;
   fns.vkQueueSubmit = locked_submit;

   struct worker workers[THREADS];
   for (uint32_t t = 0; t < THREADS; t++) {
      workers[t] = (struct worker){ .fns = &fns, .pdev = g.pdev, .device = g.device,
                                    .queue = g.queue, .seed = 0x1000 * (t + 1) };
      pthread_create(&workers[t].thread, NULL, work, &workers[t]);
   }
   int failed = 0;
   for (uint32_t t = 0; t < THREADS; t++) {
      pthread_join(workers[t].thread, NULL);
      if (workers[t].result != VK_SUCCESS) {
         fprintf(stderr, "FAIL: thread %u: VkResult %d\n", t, workers[t].result);
         failed = 1;
      }
   }
   gvk_test_destroy(&g, NULL, NULL);
   if (!failed)
      printf("%d threads x %d jobs: every result right\n", THREADS, JOBS_PER_THREAD);
   return failed;
}
