/* A shader's life in host memory: made from a kernel (compiled, or read
 * from pipeline cache data), shared by reference, its code read back.
 * Placing it in the instruction heap with its scratch is gvk_shader.c's;
 * this part is also what tests/fuzz/pipeline_cache_fuzz.c compiles, as
 * loading cache data never places a shader. */
#include "gvk_pipeline.h"

#include <string.h>

#include "gvk_alloc.h"
#include "gvk_bo.h"
#include "gvk_device.h"

struct gvk_shader *
gvk_shader_create(struct gvk_device *device, const uint8_t key[20],
                  const struct gbe_kernel *kernel)
{
   struct gvk_shader *sh = gvk_zalloc(&device->base.alloc, sizeof(*sh),
                                      VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!sh)
      return NULL;
   atomic_init(&sh->refcount, 1);
   memcpy(sh->key, key, sizeof(sh->key));
   sh->kernel = *kernel;
   pthread_mutex_init(&sh->lock, NULL);
   return sh;
}

struct gvk_shader *
gvk_shader_ref(struct gvk_shader *shader)
{
   atomic_fetch_add(&shader->refcount, 1);
   return shader;
}

void
gvk_shader_unref(struct gvk_device *device, struct gvk_shader *shader)
{
   if (!shader || atomic_fetch_sub(&shader->refcount, 1) != 1)
      return;
   if (shader->uploaded)
      gvk_shader_unplace(device, shader);
   gvk_free(&device->base.alloc, shader->kernel.code);
   pthread_mutex_destroy(&shader->lock);
   gvk_free(&device->base.alloc, shader);
}

void
gvk_shader_read_code(struct gvk_device *device, struct gvk_shader *shader, void *dst)
{
   pthread_mutex_lock(&shader->lock);
   const uint8_t *code = shader->uploaded
      ? (const uint8_t *)device->kernels.bo->map + shader->offset : shader->kernel.code;
   memcpy(dst, code, shader->kernel.code_size);
   pthread_mutex_unlock(&shader->lock);
}
