#include "gvk_object.h"

#include "gvk_alloc.h"

void *
gvk_object_create(const VkAllocationCallbacks *parent,
                  const VkAllocationCallbacks *own, size_t size,
                  VkObjectType type, VkSystemAllocationScope scope)
{
   const VkAllocationCallbacks *alloc = gvk_pick_alloc(parent, own);
   struct gvk_object *obj = gvk_zalloc(alloc, size, scope);
   if (!obj)
      return NULL;
   set_loader_magic_value(&obj->loader_data);
   obj->type = type;
   obj->alloc = *alloc;
   return obj;
}

void
gvk_private_data_free(struct gvk_object *obj)
{
   struct gvk_private_entry *e = obj->private_data;
   obj->private_data = NULL;
   while (e) {
      struct gvk_private_entry *next = e->next;
      gvk_free(&obj->alloc, e);
      e = next;
   }
}

void
gvk_object_destroy(struct gvk_object *obj)
{
   if (!obj)
      return;
   gvk_private_data_free(obj);
   VkAllocationCallbacks alloc = obj->alloc;
   gvk_free(&alloc, obj);
}
