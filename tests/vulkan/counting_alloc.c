#include "counting_alloc.h"

#include <stdint.h>
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
