#include "counting_alloc.h"
#include "gvk_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *
count_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope s)
{
   struct counting_alloc *a = user;
   if (++a->calls == a->fail_at) {
      a->failed = true;
      return NULL;
   }
   void *p = NULL;
   if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align,
                      size ? size : 1))
      return NULL;
   if ((uintptr_t)p % align)
      a->misaligned = true;
   a->live++;
   return p;
}

static void *
count_realloc(void *user, void *orig, size_t size, size_t align,
              VkSystemAllocationScope s)
{
   struct counting_alloc *a = user;
   if (!orig)
      return count_alloc(user, size, align, s);
   if (size == 0) {
      free(orig);
      a->live--;
      return NULL;
   }
   if (++a->calls == a->fail_at) {
      a->failed = true;
      return NULL;
   }
   return realloc(orig, size);
}

static void
count_free(void *user, void *p)
{
   struct counting_alloc *a = user;
   if (p) {
      a->live--;
      free(p);
   }
}

VkAllocationCallbacks
counting_alloc_callbacks(struct counting_alloc *state)
{
   return (VkAllocationCallbacks){
      .pUserData = state, .pfnAllocation = count_alloc,
      .pfnReallocation = count_realloc, .pfnFree = count_free,
   };
}

enum sweep_outcome
sweep_judge(VkResult r, const char *what)
{
   if (r == VK_SUCCESS)
      return SWEEP_RAN_ALL;
   if (r == VK_ERROR_OUT_OF_HOST_MEMORY)
      return SWEEP_OOM;
   fprintf(stderr, "FAIL: %s returned %d\n", what, (int)r);
   return SWEEP_WRONG;
}

enum sweep_outcome
sweep_on_device(PFN_vkGetInstanceProcAddr gipa, const VkInstanceCreateInfo *info,
                const VkAllocationCallbacks *alloc,
                const VkAllocationCallbacks *device_alloc,
                enum sweep_outcome (*use)(const struct gvk_test_gpu *g,
                                          const VkAllocationCallbacks *alloc))
{
   struct gvk_test_gpu g;
   VkResult r = gvk_test_create_instance(&g, gipa, info, alloc);
   if (r == VK_SUCCESS && g.pdev)
      r = gvk_test_create_device(&g, NULL, 0, NULL, device_alloc);
   enum sweep_outcome out = sweep_judge(r, g.failed);
   if (out == SWEEP_RAN_ALL)
      out = g.pdev ? use(&g, alloc) : SWEEP_NO_DEVICE;
   gvk_test_destroy(&g, alloc, device_alloc);
   return out;
}

static bool
run_is_right(const struct counting_alloc *state, enum sweep_outcome out, bool may_absorb)
{
   if (out == SWEEP_WRONG || state->live != 0 || state->misaligned)
      return false;
   if (!state->failed)
      return out == SWEEP_RAN_ALL;
   return out == SWEEP_OOM || (may_absorb && out == SWEEP_RAN_ALL);
}

int
counting_alloc_sweep(sweep_run_fn run, void *data, bool may_absorb, unsigned *allocations)
{
   for (unsigned n = 1;; n++) {
      struct counting_alloc state = { .fail_at = n };
      const VkAllocationCallbacks alloc = counting_alloc_callbacks(&state);
      enum sweep_outcome out = run(data, &alloc);
      if (out == SWEEP_NO_DEVICE && !state.failed) {
         printf("SKIP: no genvk device (run under scripts/vgpu-run)\n");
         return GVK_TEST_SKIP;
      }
      if (!run_is_right(&state, out, may_absorb)) {
         fprintf(stderr, "FAIL at allocation %u of %u: outcome %d, %ld allocations "
                 "leaked%s\n", n, state.calls, out, state.live,
                 state.misaligned ? ", misaligned" : "");
         return 1;
      }
      if (!state.failed) {
         *allocations = state.calls;
         return 0;
      }
   }
}
