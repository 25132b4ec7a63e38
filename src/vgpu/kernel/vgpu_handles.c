#include <stdlib.h>
#include <string.h>

#include "vgpu_priv.h"

uint32_t
vgpu_handle_alloc(struct vgpu_handle_table *t, void *obj)
{
   for (uint32_t i = t->first_free; i < t->size; i++) {
      if (!t->slots[i]) {
         t->slots[i] = obj;
         t->first_free = i + 1;
         return i + 1;
      }
   }
   uint32_t new_size = t->size ? t->size * 2 : 16;
   void **slots = realloc(t->slots, new_size * sizeof(*slots));
   if (!slots)
      return 0;
   memset(slots + t->size, 0, (new_size - t->size) * sizeof(*slots));
   t->slots = slots;
   uint32_t handle = t->size + 1;
   t->size = new_size;
   t->slots[handle - 1] = obj;
   t->first_free = handle;
   return handle;
}

void *
vgpu_handle_get(const struct vgpu_handle_table *t, uint32_t handle)
{
   if (handle == 0 || handle > t->size)
      return NULL;
   return t->slots[handle - 1];
}

void *
vgpu_handle_remove(struct vgpu_handle_table *t, uint32_t handle)
{
   void *obj = vgpu_handle_get(t, handle);
   if (obj) {
      t->slots[handle - 1] = NULL;
      if (handle - 1 < t->first_free)
         t->first_free = handle - 1;
   }
   return obj;
}

void
vgpu_handle_table_fini(struct vgpu_handle_table *t)
{
   free(t->slots);
   t->slots = NULL;
   t->size = 0;
   t->first_free = 0;
}
