/* Throughput of vgpu's i915 uAPI, the floor under every driver running on
 * it: BO create/close, empty submissions with 1 and 64 objects, syncobj
 * signal/wait round trips.  Prints operations per second; asserts nothing. */
#include "../vgpu/uapi_test.h"

#define SECONDS 0.5

typedef void (*op_fn)(void *ctx);

static double
seconds_now(void)
{
   return (double)now_ns() / 1e9;
}

static void
measure(const char *name, op_fn op, void *ctx)
{
   unsigned long n = 0;
   double start = seconds_now(), elapsed;
   do {
      for (int i = 0; i < 64; i++)
         op(ctx);
      n += 64;
      elapsed = seconds_now() - start;
   } while (elapsed < SECONDS);
   printf("%-40s %12.0f /s  %8.2f us each\n", name, n / elapsed, elapsed * 1e6 / n);
}

static int fd, gen;

static void
op_bo_create_close(void *ctx)
{
   bo_close(fd, bo_create(fd, 4096));
}

struct submit_ctx {
   struct drm_i915_gem_exec_object2 objs[64];
   unsigned count;
};

static void
op_submit(void *ctx)
{
   struct submit_ctx *s = ctx;
   if (submit(fd, s->objs, s->count, 0, 0))
      exit(1);
}

static void
setup_submit(struct submit_ctx *s, unsigned count)
{
   s->count = count;
   for (unsigned i = 0; i < count; i++) {
      uint32_t h = bo_create(fd, 4096);
      s->objs[i] = (struct drm_i915_gem_exec_object2){ .handle = h };
      if (gen >= 8) {
         s->objs[i].offset = 0x100000 + i * 0x10000ull;
         s->objs[i].flags = EXEC_OBJECT_PINNED;
      }
   }
   const uint32_t bbe[2] = { MI_BATCH_BUFFER_END, 0 };
   struct drm_i915_gem_pwrite pw = { .handle = s->objs[count - 1].handle,
                                     .size = sizeof(bbe), .data_ptr = (uintptr_t)bbe };
   if (xioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &pw))
      exit(1);
}

static void
op_syncobj_roundtrip(void *ctx)
{
   uint32_t *h = ctx;
   struct drm_syncobj_array a = { .handles = (uintptr_t)h, .count_handles = 1 };
   struct drm_syncobj_wait w = { .handles = (uintptr_t)h, .count_handles = 1 };
   if (xioctl(fd, DRM_IOCTL_SYNCOBJ_SIGNAL, &a) || xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w) ||
       xioctl(fd, DRM_IOCTL_SYNCOBJ_RESET, &a))
      exit(1);
}

int
main(void)
{
   fd = open_render_node();
   gen = device_gen(fd);
   printf("vgpu uAPI throughput (Gen%d)\n", gen);
   measure("GEM_CREATE + GEM_CLOSE", op_bo_create_close, NULL);
   struct submit_ctx one, many;
   setup_submit(&one, 1);
   setup_submit(&many, 64);
   measure("EXECBUFFER2, 1 object, empty batch", op_submit, &one);
   measure("EXECBUFFER2, 64 objects, empty batch", op_submit, &many);
   struct drm_syncobj_create sc = { 0 };
   if (xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc))
      exit(1);
   measure("SYNCOBJ signal + wait + reset", op_syncobj_roundtrip, &sc.handle);
   close(fd);
   return 0;
}
