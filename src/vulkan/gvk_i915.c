#include "gvk_i915.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <i915_drm.h>

#include "gvk_alloc.h"

int
gvk_ioctl(int fd, unsigned long request, void *arg)
{
   int ret;
   do {
      ret = ioctl(fd, request, arg);
   } while (ret == -1 && (errno == EINTR || errno == EAGAIN));
   return ret == -1 ? -errno : 0;
}

int
gvk_i915_getparam(int fd, int32_t param, int *value)
{
   struct drm_i915_getparam gp = { .param = param, .value = value };
   return gvk_ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp);
}

int
gvk_i915_query(int fd, uint64_t query_id, const VkAllocationCallbacks *alloc,
               void **data, size_t *size)
{
   struct drm_i915_query_item item = { .query_id = query_id };
   struct drm_i915_query query = {
      .num_items = 1, .items_ptr = (uintptr_t)&item,
   };

   int ret = gvk_ioctl(fd, DRM_IOCTL_I915_QUERY, &query);
   if (ret)
      return ret;
   /* A negative length is the item's own error code. */
   if (item.length <= 0)
      return item.length < 0 ? item.length : -EINVAL;

   void *buf = gvk_zalloc(alloc, item.length,
                          VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!buf)
      return -ENOMEM;
   item.data_ptr = (uintptr_t)buf;
   ret = gvk_ioctl(fd, DRM_IOCTL_I915_QUERY, &query);
   if (ret == 0 && item.length <= 0)
      ret = item.length < 0 ? item.length : -EINVAL;
   if (ret) {
      gvk_free(alloc, buf);
      return ret;
   }
   *data = buf;
   *size = item.length;
   return 0;
}

int
gvk_i915_context_create(int fd, uint32_t *ctx_id)
{
   I915_DEFINE_CONTEXT_PARAM_ENGINES(engines, 1) = {
      .engines = { { .engine_class = I915_ENGINE_CLASS_RENDER,
                     .engine_instance = 0 } },
   };
   struct drm_i915_gem_context_create_ext_setparam set_engines = {
      .base.name = I915_CONTEXT_CREATE_EXT_SETPARAM,
      .param = {
         .param = I915_CONTEXT_PARAM_ENGINES,
         .size = sizeof(engines),
         .value = (uintptr_t)&engines,
      },
   };
   struct drm_i915_gem_context_create_ext create = {
      .flags = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
      .extensions = (uintptr_t)&set_engines,
   };
   int ret = gvk_ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &create);
   if (ret == 0)
      *ctx_id = create.ctx_id;
   return ret;
}

void
gvk_i915_context_destroy(int fd, uint32_t ctx_id)
{
   struct drm_i915_gem_context_destroy destroy = { .ctx_id = ctx_id };
   gvk_ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &destroy);
}

int
gvk_i915_context_getparam(int fd, uint32_t ctx_id, uint64_t param,
                          uint64_t *value)
{
   struct drm_i915_gem_context_param p = { .ctx_id = ctx_id, .param = param };
   int ret = gvk_ioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);
   if (ret == 0)
      *value = p.value;
   return ret;
}

int
gvk_i915_gem_create(int fd, uint64_t size, uint32_t *handle)
{
   struct drm_i915_gem_create create = { .size = size };
   int ret = gvk_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &create);
   if (ret == 0)
      *handle = create.handle;
   return ret;
}

void
gvk_i915_gem_close(int fd, uint32_t handle)
{
   struct drm_gem_close close = { .handle = handle };
   gvk_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &close);
}

void *
gvk_i915_gem_mmap(int fd, uint32_t handle, uint64_t size, bool llc,
                  bool local_memory)
{
   /* Discrete parts accept only FIXED (the kernel picks the caching from
    * the placement); integrated ones take WB when coherent through LLC. */
   struct drm_i915_gem_mmap_offset arg = {
      .handle = handle,
      .flags = local_memory ? I915_MMAP_OFFSET_FIXED :
               llc ? I915_MMAP_OFFSET_WB : I915_MMAP_OFFSET_WC,
   };
   if (gvk_ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &arg))
      return NULL;
   void *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                    arg.offset);
   return map == MAP_FAILED ? NULL : map;
}

int
gvk_i915_guilty_batches(int fd, uint32_t ctx_id, uint32_t *count)
{
   struct drm_i915_reset_stats stats = { .ctx_id = ctx_id };
   int ret = gvk_ioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &stats);
   if (ret == 0)
      *count = stats.batch_active;
   return ret;
}
