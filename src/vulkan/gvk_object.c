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
gvk_object_destroy(struct gvk_object *obj)
{
   if (!obj)
      return;
   VkAllocationCallbacks alloc = obj->alloc;
   gvk_free(&alloc, obj);
}
