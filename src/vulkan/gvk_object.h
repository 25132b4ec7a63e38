/* The base every driver object embeds as its first member. */
#ifndef GVK_OBJECT_H
#define GVK_OBJECT_H

#include <vulkan/vk_icd.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

/* One value vkSetPrivateData stored on an object (gvk_private_data.c). */
struct gvk_private_entry {
   struct gvk_private_entry *next;
   uint64_t slot;
   uint64_t value;
};

struct gvk_object {
   /* First word of a dispatchable handle: the loader checks the magic, then
    * stores its dispatch table pointer here (loader-ICD interface, "ICD
    * dispatchable object creation").  Kept in every object so that one base
    * serves all. */
   VK_LOADER_DATA loader_data;
   VkObjectType type;
   /* Callbacks the object was allocated with; it is freed with them. */
   VkAllocationCallbacks alloc;
   /* VK_EXT_private_data: what vkSetPrivateData stored on this object, one
    * entry a slot (gvk_private_data.c); freed with the object, so that a
    * later object at the same address starts with none (the spec's
    * vkGetPrivateData then reads 0). */
   struct gvk_private_entry *private_data;
};

/* Allocates a zeroed object of size bytes whose first member is a struct
 * gvk_object, with the allocator gvk_pick_alloc(parent, own). */
void *gvk_object_create(const VkAllocationCallbacks *parent,
                        const VkAllocationCallbacks *own, size_t size,
                        VkObjectType type, VkSystemAllocationScope scope);

void gvk_object_destroy(struct gvk_object *obj);

/* Frees obj's private data; gvk_object_destroy does it, objects
 * embedded in others (the queue) call it themselves. */
void gvk_private_data_free(struct gvk_object *obj);

/* The first structure of sType type in a pNext chain, or NULL. */
static inline const void *
gvk_find_struct(const void *chain, VkStructureType type)
{
   for (const VkBaseInStructure *s = chain; s; s = s->pNext) {
      if (s->sType == type)
         return s;
   }
   return NULL;
}

/* type_from_handle / type_to_handle for a non-dispatchable handle. */
#define GVK_DEFINE_HANDLE_CASTS(type, vk)                                  \
   static inline struct type *type##_from_handle(vk h)                     \
   {                                                                       \
      return (struct type *)(uintptr_t)h;                                  \
   }                                                                       \
   static inline vk type##_to_handle(struct type *o)                       \
   {                                                                       \
      return (vk)(uintptr_t)o;                                             \
   }

#endif
