/* Bad input never crashes vgpu: every ioctl is fed NULL and wild pointers,
 * unknown flags, huge sizes, stale handles and random bytes, and must answer
 * with an errno (or success) as the kernel would. */
#include <stddef.h>

#include "uapi_test.h"

static int fd;

#define REQ(r) { r, #r }
static const struct { unsigned long req; const char *name; } requests[] = {
   REQ(DRM_IOCTL_VERSION), REQ(DRM_IOCTL_GET_UNIQUE), REQ(DRM_IOCTL_GET_CAP),
   REQ(DRM_IOCTL_GEM_CLOSE), REQ(DRM_IOCTL_PRIME_HANDLE_TO_FD),
   REQ(DRM_IOCTL_PRIME_FD_TO_HANDLE), REQ(DRM_IOCTL_SYNCOBJ_CREATE),
   REQ(DRM_IOCTL_SYNCOBJ_DESTROY), REQ(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD),
   REQ(DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE), REQ(DRM_IOCTL_SYNCOBJ_WAIT),
   REQ(DRM_IOCTL_SYNCOBJ_RESET), REQ(DRM_IOCTL_SYNCOBJ_SIGNAL),
   REQ(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT), REQ(DRM_IOCTL_SYNCOBJ_QUERY),
   REQ(DRM_IOCTL_SYNCOBJ_TRANSFER), REQ(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL),
   REQ(DRM_IOCTL_I915_GETPARAM), REQ(DRM_IOCTL_I915_QUERY),
   REQ(DRM_IOCTL_I915_GEM_GET_APERTURE), REQ(DRM_IOCTL_I915_REG_READ),
   REQ(DRM_IOCTL_I915_GEM_CREATE), REQ(DRM_IOCTL_I915_GEM_CREATE_EXT),
   REQ(DRM_IOCTL_I915_GEM_MMAP), REQ(DRM_IOCTL_I915_GEM_MMAP_GTT),
   REQ(DRM_IOCTL_I915_GEM_MMAP_OFFSET), REQ(DRM_IOCTL_I915_GEM_USERPTR),
   REQ(DRM_IOCTL_I915_GEM_SET_DOMAIN), REQ(DRM_IOCTL_I915_GEM_SET_TILING),
   REQ(DRM_IOCTL_I915_GEM_GET_TILING), REQ(DRM_IOCTL_I915_GEM_SET_CACHING),
   REQ(DRM_IOCTL_I915_GEM_GET_CACHING), REQ(DRM_IOCTL_I915_GEM_MADVISE),
   REQ(DRM_IOCTL_I915_GEM_WAIT), REQ(DRM_IOCTL_I915_GEM_BUSY),
   REQ(DRM_IOCTL_I915_GEM_PREAD), REQ(DRM_IOCTL_I915_GEM_PWRITE),
   REQ(DRM_IOCTL_I915_GEM_CONTEXT_CREATE), REQ(DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT),
   REQ(DRM_IOCTL_I915_GEM_CONTEXT_DESTROY), REQ(DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM),
   REQ(DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM), REQ(DRM_IOCTL_I915_GEM_VM_CREATE),
   REQ(DRM_IOCTL_I915_GEM_VM_DESTROY), REQ(DRM_IOCTL_I915_GET_RESET_STATS),
   REQ(DRM_IOCTL_I915_GEM_EXECBUFFER2), REQ(DRM_IOCTL_I915_GEM_EXECBUFFER2_WR),
};
#define NUM_REQUESTS (sizeof(requests) / sizeof(requests[0]))

static void
test_bad_pointers(void)
{
   for (unsigned i = 0; i < NUM_REQUESTS; i++) {
      CHECK_ERR(xioctl(fd, requests[i].req, NULL), EFAULT);
      CHECK_ERR(xioctl(fd, requests[i].req, (void *)16), EFAULT);
   }
}

static void
test_unknown_requests(void)
{
   CHECK_ERR(xioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x3f, uint64_t), &(uint64_t){0}), EINVAL);
   CHECK_ERR(xioctl(fd, DRM_IOWR(0xfe, uint64_t), &(uint64_t){0}), EINVAL);
   CHECK_ERR(xioctl(fd, _IOWR('x', 1, uint64_t), &(uint64_t){0}), ENOTTY);
   /* An argument larger than any i915 struct. */
   CHECK_ERR(xioctl(fd, _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
                             DRM_COMMAND_BASE + DRM_I915_GEM_CREATE, 4000),
                    &(char[4000]){0}), EINVAL);
}

static void
test_flags_and_sizes(void)
{
   struct drm_i915_gem_create c = { .size = 1ull << 62 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), E2BIG);
   c.size = 0;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c), EINVAL);
   struct drm_i915_gem_create_ext ce = { .size = 4096, .flags = 1u << 30 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &ce), EINVAL);
   ce = (struct drm_i915_gem_create_ext){ .size = 4096, .extensions = 16 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &ce), EFAULT);

   struct drm_syncobj_create sc = { .flags = 0x80 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc), EINVAL);
   uint32_t handles[1] = { 1 };
   struct drm_syncobj_wait w = { .handles = (uintptr_t)handles, .count_handles = 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EINVAL);
   w.count_handles = 0xffffffffu;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EINVAL);
   w.count_handles = 1;
   w.flags = 0x100;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), EINVAL);

   struct drm_i915_gem_userptr up = { .user_ptr = 4097, .user_size = 4096 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &up), EINVAL);
   up = (struct drm_i915_gem_userptr){ .user_ptr = 4096, .user_size = 4096,
                                       .flags = I915_USERPTR_PROBE };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &up), EFAULT);
   up.flags = 0x40;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &up), EINVAL);

   struct drm_i915_gem_execbuffer2 eb = { .buffer_count = 0xffffffffu,
                                          .buffers_ptr = 16 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   eb.buffer_count = 1000;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EFAULT);

   struct drm_i915_query q = { .num_items = 1000000, .items_ptr = 16 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_QUERY, &q), EFAULT);
   struct drm_i915_query_item item = { .query_id = 0xdead };
   q = (struct drm_i915_query){ .num_items = 1, .items_ptr = (uintptr_t)&item };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_QUERY, &q), 0);
   CHECK(item.length == -EINVAL, "unknown query item length %d", item.length);
   /* Query id 0 fails the ioctl and leaves the item as it was. */
   struct drm_i915_query_item items[2] = { { .query_id = 0xdead, .length = -EINVAL },
                                           { .query_id = 0, .length = 7 } };
   q = (struct drm_i915_query){ .num_items = 2, .items_ptr = (uintptr_t)items };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_QUERY, &q), EINVAL);
   CHECK(items[1].length == 7, "query id 0 item length %d", items[1].length);

   struct drm_i915_getparam gp = { .param = 12345, .value = &(int){0} };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp), EINVAL);
   struct drm_i915_gem_context_param cp = { .param = 0x7777 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &cp), EINVAL);
   struct drm_i915_reg_read rr = { .offset = 0x2000 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_REG_READ, &rr), EINVAL);
}

static void
test_stale_handles(void)
{
   uint32_t h = bo_create(fd, 4096);
   bo_close(fd, h);
   struct drm_gem_close gc = { .handle = h };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_GEM_CLOSE, &gc), EINVAL);
   struct drm_i915_gem_mmap_offset mo = { .handle = h };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo), ENOENT);
   struct drm_i915_gem_busy busy = { .handle = h };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_BUSY, &busy), ENOENT);
   struct drm_i915_gem_wait wait = { .bo_handle = h };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &wait), ENOENT);
   struct drm_i915_gem_set_tiling st = { .handle = h, .tiling_mode = I915_TILING_X,
                                         .stride = 512 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_SET_TILING, &st), ENOENT);
   struct drm_prime_handle ph = { .handle = h };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph), ENOENT);
   struct drm_i915_gem_exec_object2 obj = { .handle = h };
   CHECK_ERR(submit(fd, &obj, 1, 0, 0), ENOENT);

   struct drm_i915_gem_context_create_ext cc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc), 0);
   struct drm_i915_gem_context_destroy cd = { .ctx_id = cc.ctx_id };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd), 0);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd), ENOENT);
   struct drm_i915_reset_stats rs = { .ctx_id = cc.ctx_id };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), ENOENT);
   cd.ctx_id = 0;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd), ENOENT);
}

/* xorshift64*: reproducible garbage. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t
rng(void)
{
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return rng_state * 0x2545f4914f6cdd1dull;
}

static void
test_random_structs(void)
{
   unsigned answered = 0;
   for (unsigned iter = 0; iter < 2000; iter++) {
      for (unsigned i = 0; i < NUM_REQUESTS; i++) {
         uint64_t buf[32];
         for (unsigned j = 0; j < 32; j++) {
            uint64_t r = rng();
            /* Mostly small values (plausible handles, counts and flags),
             * sometimes wild ones. */
            buf[j] = (r & 3) ? (r >> 2) % 8 : r;
         }
         /* A random absolute timeout could block for years: make waits
          * poll instead. */
         if (requests[i].req == DRM_IOCTL_SYNCOBJ_WAIT)
            memset((char *)buf + offsetof(struct drm_syncobj_wait, timeout_nsec), 0, 8);
         if (requests[i].req == DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT)
            memset((char *)buf + offsetof(struct drm_syncobj_timeline_wait, timeout_nsec), 0, 8);
         int err = xioctl(fd, requests[i].req, buf);
         answered += err != 0 || err == 0;
         /* Descriptors handed out by successful calls are closed again. */
         if (err == 0 && (requests[i].req == DRM_IOCTL_PRIME_HANDLE_TO_FD ||
                          requests[i].req == DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD))
         {
            int32_t out_fd;
            memcpy(&out_fd, (char *)buf + offsetof(struct drm_prime_handle, fd), 4);
            close(out_fd);
         }
      }
   }
   CHECK(answered == 2000 * NUM_REQUESTS, "answered %u", answered);
   /* The device still works afterwards. */
   uint32_t h = bo_create(fd, 4096);
   uint32_t *p = bo_map(fd, h, 4096);
   p[0] = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 obj = { .handle = h };
   if (device_gen(fd) >= 8) {
      obj.offset = 0x100000;
      obj.flags = EXEC_OBJECT_PINNED;
   }
   struct drm_i915_gem_context_create_ext cc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc), 0);
   CHECK_ERR(submit(fd, &obj, 1, cc.ctx_id, 0), 0);
}

int
main(void)
{
   fd = open_render_node();
   test_bad_pointers();
   test_unknown_requests();
   test_flags_and_sizes();
   test_stale_handles();
   test_random_structs();
   close(fd);
   return test_finish("test_badinput");
}
