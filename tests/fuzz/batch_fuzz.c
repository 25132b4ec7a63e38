/* libFuzzer target for batch execution on vgpu, run under scripts/vgpu-run
 * like the uapi target (tests/fuzz/under_vgpu.sh): an input is a vgpu
 * capture (include/vgpu_capture.h), above all a mutated capture of a real
 * dispatch (tests/fuzz/decode/seeds), and is submitted again: each object
 * becomes a buffer object softpinned at its captured address and filled
 * with its captured contents, the batch object goes last, and
 * EXECBUFFER2 runs the batch at its captured address and length.  vgpu
 * must answer with an errno, or run the batch and report a fault or a hang
 * (the instruction budget is small), never crash; the wait that follows is
 * bounded.  Relocations are not replayed: a Gen7 capture runs as its
 * relocated bytes. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

#include "vgpu_capture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OBJECTS 32
#define MAX_OBJECT_SIZE (256ull << 20)
#define WAIT_NS 2000000000ll

/* An ioctl answers 0 or -1 with an errno, as the kernel does. */
static int
checked_ioctl(int fd, unsigned long req, void *arg)
{
   int ret = ioctl(fd, req, arg);
   if (ret != 0 && (ret != -1 || errno <= 0))
      abort();
   return ret;
}

struct object {
   struct vgpu_capture_object o;
   const uint8_t *data;
};

/* The capture's objects, at most MAX_OBJECTS; -1 when it is not one. */
static int
parse(const uint8_t *blob, size_t size, struct vgpu_capture_header *h, struct object *objs)
{
   if (size < sizeof(*h))
      return -1;
   memcpy(h, blob, sizeof(*h));
   if (memcmp(h->magic, VGPU_CAPTURE_MAGIC, 8) || h->header_size > size ||
       h->object_header_size < sizeof(struct vgpu_capture_object))
      return -1;
   size_t pos = h->header_size;
   int n = 0;
   for (uint32_t i = 0; i < h->object_count && n < MAX_OBJECTS; i++) {
      if (size - pos < h->object_header_size)
         break;
      memcpy(&objs[n].o, blob + pos, sizeof(objs[n].o));
      pos += h->object_header_size;
      if (objs[n].o.data_size > size - pos)
         break;
      objs[n].data = blob + pos;
      pos += objs[n].o.data_size;
      n++;
   }
   return n;
}

/* A buffer object holding obj's contents; 0 when vgpu refused it. */
static uint32_t
create(int fd, const struct object *obj)
{
   uint64_t span = obj->o.size < obj->o.data_size ? obj->o.data_size : obj->o.size;
   if (!span || span > MAX_OBJECT_SIZE)
      return 0;
   struct drm_i915_gem_create c = { .size = (span + 4095) & ~4095ull };
   if (checked_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c))
      return 0;
   struct drm_i915_gem_pwrite w = {
      .handle = c.handle, .size = obj->o.data_size, .data_ptr = (uintptr_t)obj->data,
   };
   if (obj->o.data_size)
      checked_ioctl(fd, DRM_IOCTL_I915_GEM_PWRITE, &w);
   return c.handle;
}

static void
submit(int fd, const struct vgpu_capture_header *h, const struct object *objs, int n)
{
   struct drm_i915_gem_exec_object2 exec[MAX_OBJECTS];
   uint32_t count = 0, batch = h->batch_index < (uint32_t)n ? h->batch_index : (uint32_t)n - 1;
   /* The batch object goes last, as execbuffer2 wants it. */
   for (int k = 0; k < n; k++) {
      int i = k == n - 1 ? (int)batch : k >= (int)batch ? k + 1 : k;
      uint32_t handle = create(fd, &objs[i]);
      if (!handle)
         continue;
      exec[count++] = (struct drm_i915_gem_exec_object2){
         .handle = handle, .offset = objs[i].o.gpu_address,
         .flags = objs[i].o.flags | EXEC_OBJECT_PINNED,
      };
   }
   if (!count)
      return;
   const struct object *b = &objs[batch];
   uint64_t start = h->batch_address - b->o.gpu_address;
   /* Fences are the uapi target's: an out-fence would leave a descriptor
    * behind per input, an in-fence or fence array names nothing here. */
   struct drm_i915_gem_execbuffer2 eb = {
      .buffers_ptr = (uintptr_t)exec, .buffer_count = count,
      .batch_start_offset = start < b->o.size ? (uint32_t)start : 0,
      .batch_len = (uint32_t)h->batch_len,
      .flags = h->exec_flags & ~(uint64_t)(I915_EXEC_FENCE_IN | I915_EXEC_FENCE_OUT |
                                           I915_EXEC_FENCE_ARRAY),
   };
   if (checked_ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb) == 0) {
      struct drm_i915_gem_wait wait = { .bo_handle = exec[count - 1].handle,
                                        .timeout_ns = WAIT_NS };
      checked_ioctl(fd, DRM_IOCTL_I915_GEM_WAIT, &wait);
   }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct vgpu_capture_header h;
   struct object objs[MAX_OBJECTS];
   int n = parse(data, size, &h, objs);
   if (n <= 0)
      return 0;
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   if (fd < 0) {
      fprintf(stderr, "batch_fuzz: cannot open /dev/dri/renderD128: run under scripts/vgpu-run\n");
      abort();
   }
   submit(fd, &h, objs, n);
   close(fd);
   return 0;
}
