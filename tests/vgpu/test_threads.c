/* Two threads create, submit, map and close buffer objects concurrently
 * (ITERATIONS each); the test is run under helgrind, which reports any data
 * race in vgpu.  Afterwards every handle must have been released: the next
 * handles handed out are the lowest ones again. */
#include <pthread.h>

#include "uapi_test.h"

#ifndef ITERATIONS
#define ITERATIONS 10000
#endif

static int fd, gen;

static void *
worker(void *arg)
{
   uintptr_t id = (uintptr_t)arg;
   const uint32_t bbe[2] = { MI_BATCH_BUFFER_END, 0 };
   for (unsigned i = 0; i < ITERATIONS; i++) {
      uint32_t bo = bo_create(fd, 4096);
      struct drm_i915_gem_pwrite pw = { .handle = bo, .size = sizeof(bbe),
                                        .data_ptr = (uintptr_t)bbe };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw), 0);
      struct drm_syncobj_create sc = { 0 };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc), 0);

      struct drm_i915_gem_exec_object2 obj = { .handle = bo };
      if (gen >= 8) {
         obj.offset = 0x100000 + id * 0x10000;
         obj.flags = EXEC_OBJECT_PINNED;
      }
      struct drm_i915_gem_exec_fence fence = { .handle = sc.handle,
                                               .flags = I915_EXEC_FENCE_SIGNAL };
      struct drm_i915_gem_execbuffer2 eb = {
         .buffers_ptr = (uintptr_t)&obj, .buffer_count = 1,
         .flags = I915_EXEC_FENCE_ARRAY,
         .cliprects_ptr = (uintptr_t)&fence, .num_cliprects = 1,
      };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), 0);
      struct drm_syncobj_wait w = { .handles = (uintptr_t)&sc.handle,
                                    .count_handles = 1,
                                    .timeout_nsec = now_ns() + 10000000000ll };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
      struct drm_syncobj_destroy d = { .handle = sc.handle };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d), 0);
      /* CPU views come and go too: vgpu tracks them (munmap is
       * interposed), and one may outlive the handle. */
      uint32_t *map = bo_map(fd, bo, 4096);
      CHECK(map[0] == MI_BATCH_BUFFER_END, "the view shows the batch");
      if (i & 1)
         munmap(map, 4096);
      bo_close(fd, bo);
      if (!(i & 1))
         munmap(map, 4096);
   }
   return NULL;
}

int
main(void)
{
   fd = open_render_node();
   gen = device_gen(fd);
   pthread_t threads[2];
   for (uintptr_t i = 0; i < 2; i++)
      pthread_create(&threads[i], NULL, worker, (void *)i);
   for (int i = 0; i < 2; i++)
      pthread_join(threads[i], NULL);

   /* No leaked handle: the lowest handles are free again. */
   uint32_t bo = bo_create(fd, 4096);
   CHECK(bo == 1, "first BO handle after the run is %u", bo);
   struct drm_syncobj_create sc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc), 0);
   CHECK(sc.handle == 1, "first syncobj handle after the run is %u", sc.handle);
   close(fd);
   return test_finish("test_threads");
}
