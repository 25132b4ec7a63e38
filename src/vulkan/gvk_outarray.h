/* The two-call idiom of vkEnumerate and vkGet...Properties (Vulkan spec
 * "Object Query"): with a NULL array, report the count; otherwise write at
 * most *count elements and return VK_INCOMPLETE if some did not fit. */
#ifndef GVK_OUTARRAY_H
#define GVK_OUTARRAY_H

#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

struct gvk_outarray {
   void *data;
   size_t elem_size;
   uint32_t capacity;
   uint32_t written;
   uint32_t wanted;
   uint32_t *count;
};

static inline struct gvk_outarray
gvk_outarray_init(void *data, size_t elem_size, uint32_t *count)
{
   return (struct gvk_outarray){
      .data = data, .elem_size = elem_size,
      .capacity = data ? *count : UINT32_MAX, .count = count,
   };
}

/* Slot for the next element, NULL when only counting or when it is full. */
static inline void *
gvk_outarray_next(struct gvk_outarray *a)
{
   a->wanted++;
   if (!a->data || a->written >= a->capacity)
      return NULL;
   return (char *)a->data + a->elem_size * a->written++;
}

static inline VkResult
gvk_outarray_finish(struct gvk_outarray *a)
{
   if (!a->data) {
      *a->count = a->wanted;
      return VK_SUCCESS;
   }
   *a->count = a->written;
   return a->written < a->wanted ? VK_INCOMPLETE : VK_SUCCESS;
}

#endif
