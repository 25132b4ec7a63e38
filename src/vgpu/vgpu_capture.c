/* VGPU_CAPTURE=DIR: every submission is written to DIR as
 * exec-<pid>-<sequence>.vgcap in the format of vgpu_capture.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "vgpu_capture.h"
#include "vgpu_priv.h"

static bool
write_all(int fd, const void *data, uint64_t size)
{
   const uint8_t *p = data;
   while (size) {
      ssize_t n = write(fd, p, size > (1u << 30) ? (1u << 30) : size);
      if (n < 0 && errno == EINTR)
         continue;
      if (n <= 0)
         return false;
      p += n;
      size -= (uint64_t)n;
   }
   return true;
}

static bool
write_objects(int fd, const struct vgpu_exec *exec)
{
   for (unsigned i = 0; i < exec->count; i++) {
      const struct vgpu_exec_object *o = &exec->objects[i];
      struct vgpu_capture_object rec = {
         .handle = o->handle,
         .flags = o->flags,
         .gpu_address = o->start,
         .size = o->end - o->start,
         .data_size = o->bo->size,
      };
      if (!write_all(fd, &rec, sizeof(rec)) ||
          !write_all(fd, o->bo->map, o->bo->size))
         return false;
   }
   return true;
}

void
vgpu_capture_exec(const struct vgpu_exec *exec, uint32_t ctx_id)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/exec-%d-%06u.vgcap", vgpu.capture_dir,
            (int)getpid(), vgpu.capture_seq++);
   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
   if (fd < 0) {
      log_error("VGPU_CAPTURE: cannot create %s: %s", path, strerror(errno));
      return;
   }
   struct vgpu_capture_header h = {
      .version = VGPU_CAPTURE_VERSION,
      .header_size = sizeof(h),
      .pci_id = vgpu.pci_id,
      .verx10 = vgpu.info->verx10,
      .ctx_id = ctx_id,
      .exec_flags = exec->flags,
      .batch_address = exec->batch_start,
      .batch_len = exec->batch_len,
      .object_count = exec->count,
      .batch_index = exec->batch_index,
      .object_header_size = sizeof(struct vgpu_capture_object),
   };
   memcpy(h.magic, VGPU_CAPTURE_MAGIC, sizeof(h.magic));
   if (!write_all(fd, &h, sizeof(h)) || !write_objects(fd, exec))
      log_error("VGPU_CAPTURE: writing %s failed: %s", path, strerror(errno));
   close(fd);
}
