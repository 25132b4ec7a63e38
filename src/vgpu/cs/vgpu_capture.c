/* VGPU_CAPTURE=DIR: every submission is written to DIR as
 * exec-<pid>-<sequence>.vgcap in the format of vgpu_capture.h. */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

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

/* Object contents with their all-zero pages left as holes: the heaps a
 * driver allocates are mostly untouched, and a cross-check captures every
 * submission of thousands of runs.  A reader sees zeros in a hole, so the
 * format is unchanged.  A page no one touched is not resident in the BO's
 * shared memory (mincore), and is skipped without reading it: a read
 * would allocate it. */
#define CAPTURE_PAGE 4096u

static bool
page_is_zero(const uint8_t *p, uint64_t size, const unsigned char *resident, uint64_t page)
{
   static const uint8_t zero[CAPTURE_PAGE];
   if (resident && !(resident[page] & 1))
      return true;
   return memcmp(p, zero, size) == 0;
}

static bool
write_sparse(int fd, const void *data, uint64_t size)
{
   const uint8_t *p = data;
   const uint64_t pages = (size + CAPTURE_PAGE - 1) / CAPTURE_PAGE;
   unsigned char *resident = malloc(pages ? pages : 1);
   if (resident && ((uintptr_t)p % CAPTURE_PAGE || mincore((void *)p, size, resident))) {
      free(resident);
      resident = NULL;
   }
   bool ok = true;
   for (uint64_t page = 0; ok && page < pages; page++) {
      const uint64_t at = page * CAPTURE_PAGE;
      const uint64_t n = size - at < CAPTURE_PAGE ? size - at : CAPTURE_PAGE;
      if (page_is_zero(p + at, n, resident, page))
         ok = lseek(fd, (off_t)n, SEEK_CUR) >= 0;
      else
         ok = write_all(fd, p + at, n);
   }
   free(resident);
   /* a hole at the end is only part of the file once its size says so */
   const off_t end = ok ? lseek(fd, 0, SEEK_CUR) : -1;
   return end >= 0 && ftruncate(fd, end) == 0;
}

/* The relocations of the submission being prepared, noted before vgpu
 * applies them (the model lock keeps this single-threaded).  Each
 * vgpu_capture_relocations() starts the list afresh, so a submission that
 * fails before its capture leaves nothing behind for the next. */
static struct {
   struct vgpu_capture_reloc *records;
   uint32_t count, cap;
} pending;

static bool
pending_push(const struct vgpu_capture_reloc *rec)
{
   if (pending.count == pending.cap) {
      uint32_t cap = pending.cap ? pending.cap * 2 : 256;
      struct vgpu_capture_reloc *r = realloc(pending.records, cap * sizeof(*r));
      if (!r)
         return false;
      pending.records = r;
      pending.cap = cap;
   }
   pending.records[pending.count++] = *rec;
   return true;
}

static uint32_t
reloc_target(const struct vgpu_exec *exec, uint32_t target, bool lut)
{
   if (lut)
      return target < exec->count ? target : UINT32_MAX;
   for (unsigned i = 0; i < exec->count; i++) {
      if (exec->objects[i].handle == target)
         return i;
   }
   return UINT32_MAX;
}

/* The size bytes at offset of an object, or 0 where they are not inside it. */
static uint64_t
object_bytes(const struct vgpu_exec_object *o, uint64_t offset, uint32_t size)
{
   uint64_t v = 0;
   if (offset <= o->bo->size && size <= o->bo->size - offset)
      memcpy(&v, o->bo->map + offset, size);
   return v;
}

void
vgpu_capture_relocations(const struct vgpu_exec *exec,
                         const struct drm_i915_gem_exec_object2 *list, bool lut)
{
   /* Gen8+ relocations write a 64-bit address, Gen7 a 32-bit one. */
   const uint32_t size = vgpu.info->ver >= 8 ? 8 : 4;
   pending.count = 0;
   for (unsigned i = 0; i < exec->count; i++) {
      struct drm_i915_gem_relocation_entry *relocs;
      if (list[i].relocation_count == 0 ||
          vgpu_copy_array_from_user((void **)&relocs, list[i].relocs_ptr,
                                    list[i].relocation_count, sizeof(*relocs)))
         continue;   /* applying them fails the submission the same way */
      for (uint32_t r = 0; r < list[i].relocation_count; r++) {
         struct vgpu_capture_reloc rec = {
            .object_index = i,
            .target_index = reloc_target(exec, relocs[r].target_handle, lut),
            .offset = relocs[r].offset,
            .presumed_offset = relocs[r].presumed_offset,
            .original = object_bytes(&exec->objects[i], relocs[r].offset, size),
            .delta = relocs[r].delta,
            .size = size,
         };
         if (!pending_push(&rec))
            log_error("VGPU_CAPTURE: out of memory; relocations are missing");
      }
      free(relocs);
   }
}

static bool
write_relocations(int fd, const struct vgpu_exec *exec)
{
   for (uint32_t i = 0; i < pending.count; i++) {
      struct vgpu_capture_reloc *rec = &pending.records[i];
      rec->written = object_bytes(&exec->objects[rec->object_index], rec->offset, rec->size);
   }
   return write_all(fd, pending.records, (uint64_t)pending.count * sizeof(*pending.records));
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
          !write_sparse(fd, o->bo->map, o->bo->size))
         return false;
   }
   return true;
}

/* VGPU_CAPTURE names a directory that need not exist yet: it and its
 * missing parents are made, as mkdir -p would. */
static void
make_dirs(const char *dir)
{
   char path[4096];
   if (snprintf(path, sizeof(path), "%s", dir) >= (int)sizeof(path))
      return;
   for (char *p = path + 1; *p; p++) {
      if (*p != '/')
         continue;
      *p = '\0';
      mkdir(path, 0755);
      *p = '/';
   }
   mkdir(path, 0755);
}

void
vgpu_capture_exec(const struct vgpu_exec *exec, uint32_t ctx_id)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/exec-%d-%06u.vgcap", vgpu.capture_dir,
            (int)getpid(), vgpu.capture_seq++);
   int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
   if (fd < 0 && errno == ENOENT) {
      make_dirs(vgpu.capture_dir);
      fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
   }
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
      .reloc_count = pending.count,
      .reloc_size = sizeof(struct vgpu_capture_reloc),
   };
   memcpy(h.magic, VGPU_CAPTURE_MAGIC, sizeof(h.magic));
   if (!write_all(fd, &h, sizeof(h)) || !write_objects(fd, exec) ||
       !write_relocations(fd, exec))
      log_error("VGPU_CAPTURE: writing %s failed: %s", path, strerror(errno));
   pending.count = 0;
   close(fd);
}
