#include "gvk_alloc.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

/* Every driver structure is aligned to at most max_align_t. */
#define GVK_ALIGN alignof(max_align_t)

static void *
default_alloc(void *user, size_t size, size_t align,
              VkSystemAllocationScope scope)
{
   void *ptr = NULL;
   if (posix_memalign(&ptr, align < sizeof(void *) ? sizeof(void *) : align,
                      size) != 0)
      return NULL;
   return ptr;
}

static void *
default_realloc(void *user, void *orig, size_t size, size_t align,
                VkSystemAllocationScope scope)
{
   return realloc(orig, size);
}

static void
default_free(void *user, void *ptr)
{
   free(ptr);
}

const VkAllocationCallbacks gvk_default_alloc = {
   .pfnAllocation = default_alloc,
   .pfnReallocation = default_realloc,
   .pfnFree = default_free,
};

const VkAllocationCallbacks *
gvk_pick_alloc(const VkAllocationCallbacks *parent,
               const VkAllocationCallbacks *own)
{
   if (own)
      return own;
   return parent ? parent : &gvk_default_alloc;
}

void *
gvk_alloc(const VkAllocationCallbacks *alloc, size_t size,
          VkSystemAllocationScope scope)
{
   return alloc->pfnAllocation(alloc->pUserData, size, GVK_ALIGN, scope);
}

void *
gvk_zalloc(const VkAllocationCallbacks *alloc, size_t size,
           VkSystemAllocationScope scope)
{
   void *ptr = gvk_alloc(alloc, size, scope);
   if (ptr)
      memset(ptr, 0, size);
   return ptr;
}

void
gvk_free(const VkAllocationCallbacks *alloc, void *ptr)
{
   /* pfnFree must accept NULL (spec), but the driver never relies on it. */
   if (ptr)
      alloc->pfnFree(alloc->pUserData, ptr);
}

VkResult
gvk_grow_array(const VkAllocationCallbacks *alloc, void **array, uint32_t *cap, uint32_t count,
               uint32_t need, size_t elem, VkSystemAllocationScope scope)
{
   if (need <= *cap)
      return VK_SUCCESS;
   uint32_t new_cap = *cap * 2 > 16u ? *cap * 2 : 16u;
   if (new_cap < need)
      new_cap = need;
   void *p = gvk_alloc(alloc, (size_t)new_cap * elem, scope);
   if (!p)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (count)
      memcpy(p, *array, (size_t)count * elem);
   gvk_free(alloc, *array);
   *array = p;
   *cap = new_cap;
   return VK_SUCCESS;
}
