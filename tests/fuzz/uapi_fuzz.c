/* libFuzzer target for vgpu's i915 uAPI, run under scripts/vgpu-run: an
 * input is a sequence of ioctls on one render-node descriptor, each with
 * an argument from the input in which chosen 8-byte slots are replaced by
 * pointers into valid memory (a page filled from the input), a read-only
 * page, an inaccessible page or near NULL, and the argument itself
 * sometimes at such an address.  Every call must return an errno or
 * succeed; vgpu itself is not instrumented (it is the preloaded
 * libvgpu.so), so a fault inside it is caught as the process's crash.
 * Closing the descriptor ends the sequence and frees what it created.
 *
 * One step of the input: a request byte (an index into the table below),
 * a pointer byte (bits 0-1: where the argument lives; bits 2-7: which of
 * its first six 8-byte slots become pointers), a kind byte (two bits per
 * chosen slot: what they point to), then the argument's bytes. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PAGE 4096
#define MAX_STEPS 32

static const unsigned long requests[] = {
   DRM_IOCTL_VERSION, DRM_IOCTL_GET_UNIQUE, DRM_IOCTL_GET_CAP, DRM_IOCTL_GEM_CLOSE,
   DRM_IOCTL_PRIME_HANDLE_TO_FD, DRM_IOCTL_PRIME_FD_TO_HANDLE, DRM_IOCTL_SYNCOBJ_CREATE,
   DRM_IOCTL_SYNCOBJ_DESTROY, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE,
   DRM_IOCTL_SYNCOBJ_WAIT, DRM_IOCTL_SYNCOBJ_RESET, DRM_IOCTL_SYNCOBJ_SIGNAL,
   DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, DRM_IOCTL_SYNCOBJ_QUERY, DRM_IOCTL_SYNCOBJ_TRANSFER,
   DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, DRM_IOCTL_I915_GETPARAM, DRM_IOCTL_I915_QUERY,
   DRM_IOCTL_I915_GEM_GET_APERTURE, DRM_IOCTL_I915_REG_READ, DRM_IOCTL_I915_GEM_CREATE,
   DRM_IOCTL_I915_GEM_CREATE_EXT, DRM_IOCTL_I915_GEM_MMAP, DRM_IOCTL_I915_GEM_MMAP_GTT,
   DRM_IOCTL_I915_GEM_MMAP_OFFSET, DRM_IOCTL_I915_GEM_USERPTR, DRM_IOCTL_I915_GEM_SET_DOMAIN,
   DRM_IOCTL_I915_GEM_SET_TILING, DRM_IOCTL_I915_GEM_GET_TILING,
   DRM_IOCTL_I915_GEM_SET_CACHING, DRM_IOCTL_I915_GEM_GET_CACHING,
   DRM_IOCTL_I915_GEM_MADVISE, DRM_IOCTL_I915_GEM_WAIT, DRM_IOCTL_I915_GEM_BUSY,
   DRM_IOCTL_I915_GEM_PREAD, DRM_IOCTL_I915_GEM_PWRITE, DRM_IOCTL_I915_GEM_CONTEXT_CREATE,
   DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY,
   DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM,
   DRM_IOCTL_I915_GEM_VM_CREATE, DRM_IOCTL_I915_GEM_VM_DESTROY,
   DRM_IOCTL_I915_GET_RESET_STATS, DRM_IOCTL_I915_GEM_EXECBUFFER2,
   DRM_IOCTL_I915_GEM_EXECBUFFER2_WR,
};
#define NUM_REQUESTS (sizeof(requests) / sizeof(requests[0]))

/* The pages pointers go to, in one mapping: a writable page refilled from
 * the input and a read-only page, each followed by an inaccessible guard
 * page.  Counts and sizes come from the input too, and vgpu, as the
 * kernel, walks an array or copies a range for as long as the memory lets
 * it: without the guards such a walk ran from the valid page on into the
 * fuzzer's own memory and wrote there (I915_QUERY's item lengths into
 * ASan's allocator and interceptor state, the SIGSEGV of issue 17).
 * The guard pages are also where the inaccessible pointers go: mapped
 * PROT_NONE, a copy faults on them for good, where an unmapped address may
 * be handed out again by the next mmap, even one made inside the very
 * ioctl, and then name live memory.  Near NULL is never mapped. */
static uint8_t *valid, *readonly, *inaccessible;

static void
setup(void)
{
   if (valid)
      return;
   uint8_t *pages = mmap(NULL, 4 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (pages == MAP_FAILED || mprotect(pages, PAGE, PROT_READ | PROT_WRITE) ||
       mprotect(pages + 2 * PAGE, PAGE, PROT_READ))
      abort();
   valid = pages;
   inaccessible = pages + PAGE;
   readonly = pages + 2 * PAGE;
}

static uint64_t
pointer(unsigned kind)
{
   switch (kind & 3) {
   case 0: return (uintptr_t)valid;
   case 1: return (uintptr_t)readonly;
   case 2: return (uintptr_t)inaccessible;
   default: return 16;   /* near NULL, as a bad driver's offset would be */
   }
}

/* Raw argument bytes must not name the process's memory either: libFuzzer
 * learns live addresses from the harness's comparisons and puts them in
 * inputs (the allocator's, at 0x6000_0000_0000 under ASan), and vgpu, as
 * the kernel, reads and writes whatever a pointer field names.  So every
 * 8-byte word of the argument and of the valid page that names a readable
 * address gets bit 63 set: non-canonical, it faults, and as a size it is
 * too large.  Only words from ASan's low shadow (0x7fff8000) up to the top
 * of user space are looked at: a PIE process maps nothing below it, and
 * smaller values are the sizes and offsets that must stay as they are. */
#define LOW_SHADOW 0x7fff8000ull
#define USER_TOP 0x800000000000ull

static bool
readable(uint64_t addr)
{
   uint8_t byte;
   struct iovec local = { &byte, 1 }, remote = { (void *)(uintptr_t)addr, 1 };
   return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == 1;
}

static void
hide_addresses(uint8_t *bytes, size_t size)
{
   for (size_t at = 0; at + 8 <= size; at += 8) {
      uint64_t v;
      memcpy(&v, bytes + at, 8);
      if (v >= LOW_SHADOW && v < USER_TOP && readable(v)) {
         v |= 1ull << 63;
         memcpy(bytes + at, &v, 8);
      }
   }
}

/* A userptr object is addressed at any offset (PREAD, PWRITE, the GPU),
 * so guard pages cannot bound it: one on the harness's pages ends with
 * them, any other covers one page, inaccessible as hide_addresses left
 * it. */
static void
bound_userptr(struct drm_i915_gem_userptr *u)
{
   uint64_t start = (uintptr_t)valid, end = start + 4 * PAGE;
   uint64_t limit = u->user_ptr >= start && u->user_ptr < end ? end - u->user_ptr : PAGE;
   if (u->user_size > limit)
      u->user_size = limit;
}

/* Waits end at once: a wait for a fence nothing will signal is the
 * application's hang, not vgpu's. */
static void
bound_waits(unsigned long req, uint8_t *arg)
{
   if (req == DRM_IOCTL_SYNCOBJ_WAIT)
      ((struct drm_syncobj_wait *)arg)->timeout_nsec = 0;
   else if (req == DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT)
      ((struct drm_syncobj_timeline_wait *)arg)->timeout_nsec = 0;
   else if (req == DRM_IOCTL_I915_GEM_WAIT)
      ((struct drm_i915_gem_wait *)arg)->timeout_ns = 0;
}

/* Runs one step; returns the input bytes it took. */
static size_t
step(int fd, const uint8_t *in, size_t avail)
{
   if (avail < 3)
      return avail;
   unsigned long req = requests[in[0] % NUM_REQUESTS];
   unsigned where = in[1] & 3, slots = in[1] >> 2, kinds = in[2];
   size_t len = _IOC_SIZE(req), take = avail - 3 < len ? avail - 3 : len;
   uint8_t arg[PAGE] = { 0 };
   memcpy(arg, in + 3, take);
   hide_addresses(arg, len);
   memcpy(valid, in + 3, take);   /* what a valid pointer finds */
   hide_addresses(valid, PAGE);   /* and what earlier ioctls left there */
   for (unsigned s = 0; s < 6 && 8 * (s + 1) <= len; s++) {
      if (slots & (1u << s)) {
         uint64_t p = pointer(kinds >> (2 * (s % 4)));
         memcpy(arg + 8 * s, &p, 8);
      }
   }
   bound_waits(req, arg);
   if (req == DRM_IOCTL_I915_GEM_USERPTR)
      bound_userptr((struct drm_i915_gem_userptr *)arg);
   void *target = where == 0 ? (void *)arg : (void *)(uintptr_t)pointer(where);
   int ret = ioctl(fd, req, target);
   /* An ioctl answers 0 or -1 with an errno, as the kernel does. */
   if (ret != 0 && (ret != -1 || errno <= 0))
      abort();
   return 3 + take;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   setup();
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   if (fd < 0) {
      fprintf(stderr, "uapi_fuzz: cannot open /dev/dri/renderD128: run under scripts/vgpu-run\n");
      abort();
   }
   size_t at = 0;
   for (unsigned n = 0; n < MAX_STEPS && at < size; n++)
      at += step(fd, data + at, size - at);
   close(fd);
   return 0;
}
