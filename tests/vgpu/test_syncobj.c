/* DRM syncobj semantics: binary and timeline points, WAIT with ALL /
 * FOR_SUBMIT and absolute timeouts, a waiter woken by another thread's
 * signal, TRANSFER, QUERY, sync_file export/import and fences attached by
 * EXECBUFFER2. */
#include <linux/sync_file.h>
#include <poll.h>
#include <pthread.h>

#include "uapi_test.h"

static int fd;

static uint32_t
syncobj_create(uint32_t flags)
{
   struct drm_syncobj_create c = { .flags = flags };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c), 0);
   return c.handle;
}

static int
timeline_wait(uint32_t handle, uint64_t point, uint32_t flags, int64_t timeout)
{
   struct drm_syncobj_timeline_wait w = {
      .handles = (uintptr_t)&handle, .points = (uintptr_t)&point,
      .count_handles = 1, .flags = flags, .timeout_nsec = timeout,
   };
   return xioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &w);
}

static int
timeline_signal(uint32_t handle, uint64_t point)
{
   struct drm_syncobj_timeline_array a = {
      .handles = (uintptr_t)&handle, .points = (uintptr_t)&point, .count_handles = 1,
   };
   return xioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &a);
}

static uint64_t
query(uint32_t handle)
{
   uint64_t point = ~0ull;
   struct drm_syncobj_timeline_array a = {
      .handles = (uintptr_t)&handle, .points = (uintptr_t)&point, .count_handles = 1,
   };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_QUERY, &a), 0);
   return point;
}

struct signaller {
   uint32_t handle;
   uint64_t point;
   int delay_ms;
};

static void *
signal_later(void *arg)
{
   struct signaller *s = arg;
   usleep(s->delay_ms * 1000);
   timeline_signal(s->handle, s->point);
   return NULL;
}

static void
test_timeline(void)
{
   uint32_t t = syncobj_create(0);
   const uint32_t for_submit = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;

   /* Waiting before the point is submitted: EINVAL without FOR_SUBMIT,
    * ETIME when FOR_SUBMIT times out. */
   CHECK_ERR(timeline_wait(t, 5, 0, now_ns() + 1000000), EINVAL);
   int64_t start = now_ns();
   CHECK_ERR(timeline_wait(t, 5, for_submit, start + 50000000), ETIME);
   CHECK(now_ns() - start >= 40000000, "timed out after %lld ns",
         (long long)(now_ns() - start));
   /* A timeout in the past polls. */
   CHECK_ERR(timeline_wait(t, 5, for_submit, 0), ETIME);

   /* Another thread's signal wakes the waiter. */
   struct signaller s = { t, 5, 50 };
   pthread_t thread;
   pthread_create(&thread, NULL, signal_later, &s);
   CHECK_ERR(timeline_wait(t, 5, for_submit, now_ns() + 5000000000ll), 0);
   pthread_join(thread, NULL);
   CHECK(query(t) == 5, "query gave %llu", (unsigned long long)query(t));

   /* Earlier points are signalled too; later ones are not. */
   CHECK_ERR(timeline_wait(t, 3, 0, 0), 0);
   CHECK_ERR(timeline_wait(t, 6, for_submit, 0), ETIME);

   /* TRANSFER copies a point of one timeline to a point of another. */
   uint32_t u = syncobj_create(0);
   struct drm_syncobj_transfer tr = { .src_handle = t, .dst_handle = u,
                                      .src_point = 5, .dst_point = 9 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &tr), 0);
   CHECK(query(u) == 9, "transfer gave point %llu", (unsigned long long)query(u));
   tr.src_point = 7;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_TRANSFER, &tr), EINVAL);
}

static void
test_binary(void)
{
   uint32_t a = syncobj_create(0), b = syncobj_create(DRM_SYNCOBJ_CREATE_SIGNALED);
   uint32_t both[2] = { a, b };
   struct drm_syncobj_wait w = { .handles = (uintptr_t)both, .count_handles = 2 };

   /* WAIT_ANY returns the first signalled one; WAIT_ALL needs both. */
   w.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   CHECK(w.first_signaled == 1, "first_signaled %u", w.first_signaled);
   w.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   w.timeout_nsec = now_ns() + 10000000;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), ETIME);
   w.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EINVAL);

   struct drm_syncobj_array arr = { .handles = (uintptr_t)&a, .count_handles = 1 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &arr), 0);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_RESET, &arr), 0);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EINVAL);

   /* Export as a sync_file: it polls ready, and imports into another. */
   struct drm_syncobj_handle h = { .handle = b,
      .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h), 0);
   struct pollfd pfd = { .fd = h.fd, .events = POLLIN };
   CHECK(poll(&pfd, 1, 0) == 1, "sync_file does not poll ready");
   h.handle = a;
   h.flags = DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &h), 0);
   w.handles = (uintptr_t)&a;
   w.count_handles = 1;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   close(h.fd);

   /* Exporting a syncobj without a fence as a sync_file is invalid. */
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_RESET, &arr), 0);
   h = (struct drm_syncobj_handle){ .handle = a,
      .flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h), EINVAL);

   /* Opaque fds share the syncobj itself. */
   h = (struct drm_syncobj_handle){ .handle = a };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h), 0);
   struct drm_syncobj_handle imp = { .fd = h.fd };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &imp), 0);
   close(h.fd);
   arr.handles = (uintptr_t)&imp.handle;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &arr), 0);
   w.flags = 0;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);

   /* Stale handles. */
   struct drm_syncobj_destroy d = { .handle = b };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d), 0);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d), EINVAL);
   w.handles = (uintptr_t)&b;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), ENOENT);
}

static void
test_execbuffer_fences(void)
{
   int gen = device_gen(fd);
   uint32_t batch = bo_create(fd, 4096);
   uint32_t *b = bo_map(fd, batch, 4096);
   b[0] = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 obj = { .handle = batch };
   if (gen >= 8) {
      obj.offset = 0x100000;
      obj.flags = EXEC_OBJECT_PINNED;
   }
   uint32_t timeline = syncobj_create(0);
   uint64_t points[1] = { 3 };
   struct drm_i915_gem_exec_fence fences[1] = {
      { .handle = timeline, .flags = I915_EXEC_FENCE_SIGNAL },
   };
   struct drm_i915_gem_execbuffer_ext_timeline_fences ext = {
      .base.name = DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES,
      .fence_count = 1, .handles_ptr = (uintptr_t)fences, .values_ptr = (uintptr_t)points,
   };
   struct drm_i915_gem_execbuffer2 eb = {
      .buffers_ptr = (uintptr_t)&obj, .buffer_count = 1,
      .flags = I915_EXEC_USE_EXTENSIONS | I915_EXEC_FENCE_OUT,
      .cliprects_ptr = (uintptr_t)&ext,
   };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb), 0);
   CHECK(query(timeline) == 3, "timeline point after submit: %llu",
         (unsigned long long)query(timeline));
   int out_fence = (int)(eb.rsvd2 >> 32);
   struct pollfd pfd = { .fd = out_fence, .events = POLLIN };
   CHECK(out_fence > 2 && poll(&pfd, 1, 1000) == 1, "out-fence %d not ready", out_fence);

   /* sync_file ioctls: merging two gives a third; info says signalled. */
   struct sync_merge_data merge = { .name = "test", .fd2 = out_fence };
   CHECK_ERR(xioctl(out_fence, SYNC_IOC_MERGE, &merge), 0);
   struct sync_file_info info = { 0 };
   CHECK_ERR(xioctl(merge.fence, SYNC_IOC_FILE_INFO, &info), 0);
   CHECK(info.status == 1, "merged sync_file status %d", info.status);
   merge.fd2 = fd;
   CHECK_ERR(xioctl(out_fence, SYNC_IOC_MERGE, &merge), EINVAL);
   close(merge.fence);

   /* Waiting on a point nobody will submit is refused at submit time. */
   fences[0].flags = I915_EXEC_FENCE_WAIT;
   points[0] = 10;
   eb.flags = I915_EXEC_USE_EXTENSIONS;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   points[0] = 2;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), 0);

   /* The in-fence must be a sync_file. */
   eb.flags = I915_EXEC_FENCE_IN;
   eb.cliprects_ptr = 0;
   eb.rsvd2 = (uint32_t)out_fence;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), 0);
   eb.rsvd2 = (uint32_t)fd;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   close(out_fence);
   bo_close(fd, batch);
}

int
main(void)
{
   fd = open_render_node();
   test_timeline();
   test_binary();
   test_execbuffer_fences();
   close(fd);
   return test_finish("test_syncobj");
}
