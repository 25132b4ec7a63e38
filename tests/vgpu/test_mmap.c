/* CPU mappings of buffer objects: every view (GEM_MMAP_OFFSET + mmap,
 * legacy GEM_MMAP, PRIME dma-buf mmap, MAP_FIXED) shares the object's
 * pages; objects start zero, also when vgpu reuses freed memory; a mapping
 * keeps its object alive after GEM_CLOSE, as in the kernel; freed memory
 * goes back to the system; vgpu's own descriptor stays out of the
 * application's way; a forked child shares the objects that existed.
 * Also run under valgrind, which must be able to follow every mapping. */
#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "uapi_test.h"

#define PAGE 4096u

static int fd;

static uint64_t
mmap_offset(uint32_t handle)
{
   struct drm_i915_gem_mmap_offset mo = { .handle = handle,
                                          .flags = I915_MMAP_OFFSET_WB };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo), 0);
   return mo.offset;
}

static bool
all_bytes(const void *p, size_t size, uint8_t value)
{
   const uint8_t *b = p;
   for (size_t i = 0; i < size; i++) {
      if (b[i] != value)
         return false;
   }
   return true;
}

static uint32_t
read_dword(uint32_t handle, uint64_t offset)
{
   uint32_t v = 0xdeadbeef;
   struct drm_i915_gem_pread pr = { .handle = handle, .offset = offset,
                                    .size = 4, .data_ptr = (uintptr_t)&v };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_PREAD, &pr), 0);
   return v;
}

/* vgpu's arena: the descriptor /proc/self/fd shows as a memfd named
 * vgpu-bo, or -1. */
static int
find_arena_fd(void)
{
   DIR *d = opendir("/proc/self/fd");
   if (!d)
      return -1;
   int found = -1;
   struct dirent *e;
   while ((e = readdir(d))) {
      char path[300], target[256];
      snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
      ssize_t n = readlink(path, target, sizeof(target) - 1);
      if (n <= 0)
         continue;
      target[n] = '\0';
      if (strstr(target, "memfd:vgpu-bo"))
         found = atoi(e->d_name);
   }
   closedir(d);
   return found;
}

static int
count_fds(void)
{
   DIR *d = opendir("/proc/self/fd");
   int n = 0;
   while (d && readdir(d))
      n++;
   if (d)
      closedir(d);
   return n;
}

/* Every kind of view sees the same pages. */
static void
test_views(void)
{
   const uint64_t size = 4 * PAGE;
   uint32_t bo = bo_create(fd, size);
   uint64_t off = mmap_offset(bo);
   uint8_t *a = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
   uint8_t *b = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
   CHECK(a != MAP_FAILED && b != MAP_FAILED && a != b, "two views");
   CHECK(all_bytes(a, size, 0), "a new object reads zero");
   memset(a, 0x5a, size);
   CHECK(all_bytes(b, size, 0x5a), "views share pages");
   CHECK(read_dword(bo, 2 * PAGE) == 0x5a5a5a5a, "pread sees the view's write");

   /* A view of the second page only, placed with MAP_FIXED. */
   uint8_t *hole = mmap(NULL, 3 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   uint8_t *c = mmap(hole + PAGE, PAGE, PROT_READ | PROT_WRITE,
                     MAP_SHARED | MAP_FIXED, fd, off + PAGE);
   CHECK(c == hole + PAGE, "MAP_FIXED view at %p, asked %p", (void *)c, (void *)(hole + PAGE));
   c[0] = 0x11;
   CHECK(a[PAGE] == 0x11, "MAP_FIXED view at the right offset");
   munmap(hole, 3 * PAGE);

   /* Read-only views are read-only. */
   uint8_t *ro = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, off);
   CHECK(ro != MAP_FAILED && ro[PAGE] == 0x11, "read-only view");
   munmap(ro, size);

   /* Legacy GEM_MMAP: the address of the offset asked for. */
   struct drm_i915_gem_mmap gm = { .handle = bo, .offset = PAGE, .size = PAGE };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_MMAP, &gm), 0);
   uint8_t *legacy = (uint8_t *)(uintptr_t)gm.addr_ptr;
   CHECK(legacy[0] == 0x11, "legacy GEM_MMAP view");
   legacy[1] = 0x22;
   CHECK(a[PAGE + 1] == 0x22, "legacy GEM_MMAP writes are shared");
   munmap(legacy - PAGE, 2 * PAGE);

   /* PRIME: the dma-buf maps the same pages, from its own offset 0. */
   struct drm_prime_handle ph = { .handle = bo, .flags = DRM_CLOEXEC | DRM_RDWR };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph), 0);
   uint8_t *d = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, ph.fd, PAGE);
   CHECK(d != MAP_FAILED && d[1] == 0x22, "dma-buf view");
   d[2] = 0x33;
   CHECK(a[PAGE + 2] == 0x33, "dma-buf writes are shared");
   munmap(d, PAGE);
   close(ph.fd);

   /* Out of range or private: refused. */
   errno = 0;
   CHECK(mmap(NULL, size + PAGE, PROT_READ, MAP_SHARED, fd, off) == MAP_FAILED &&
         errno == EINVAL, "a view past the end is EINVAL");
   CHECK(mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, off) == MAP_FAILED,
         "a private view is refused");

   munmap(a, size);
   munmap(b, size);
   bo_close(fd, bo);
}

/* A view keeps its object (and its contents) after GEM_CLOSE, however the
 * view is taken apart; freed memory comes back zero. */
static void
test_lifetime(void)
{
   const uint64_t size = 4 * PAGE;
   uint32_t bo = bo_create(fd, size);
   uint8_t *a = bo_map(fd, bo, size);
   memset(a, 0x77, size);
   bo_close(fd, bo);

   /* A hole in the middle of the view: both halves stay views. */
   CHECK(munmap(a + PAGE, PAGE) == 0, "partial munmap");

   /* New objects must not get the pages the view still shows. */
   uint32_t others[16];
   for (int i = 0; i < 16; i++) {
      others[i] = bo_create(fd, size);
      uint8_t *m = bo_map(fd, others[i], size);
      CHECK(all_bytes(m, size, 0), "object %d is zero", i);
      memset(m, 0x10 + i, size);
      munmap(m, size);
   }
   CHECK(all_bytes(a, PAGE, 0x77) && all_bytes(a + 2 * PAGE, 2 * PAGE, 0x77),
         "a view outlives GEM_CLOSE with its contents");

   /* Moving a view (same size) keeps it; growing one is EFAULT, as for
    * i915's mappings. */
   errno = 0;
   CHECK(mremap(a + 2 * PAGE, 2 * PAGE, 3 * PAGE, MREMAP_MAYMOVE) == MAP_FAILED &&
         errno == EFAULT, "growing a view is EFAULT");
   uint8_t *dst = mmap(NULL, 2 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   uint8_t *moved = mremap(a + 2 * PAGE, 2 * PAGE, 2 * PAGE,
                           MREMAP_MAYMOVE | MREMAP_FIXED, dst);
   CHECK(moved == dst && all_bytes(moved, 2 * PAGE, 0x77), "a moved view");

   /* MAP_FIXED over the first piece, munmap of the moved one: the object
    * goes, and its memory is zero when reused. */
   CHECK(mmap(a, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == a,
         "anonymous MAP_FIXED over a view");
   munmap(a, PAGE);
   munmap(moved, 2 * PAGE);
   for (int i = 0; i < 16; i++)
      bo_close(fd, others[i]);

   /* A freed range between two live objects is reused by the next object
    * of its size, which must read zero. */
   for (int round = 0; round < 4; round++) {
      uint32_t h[3];
      for (int i = 0; i < 3; i++) {
         h[i] = bo_create(fd, size);
         uint8_t *m = bo_map(fd, h[i], size);
         CHECK(all_bytes(m, size, 0), "round %d: object %d is zero", round, i);
         memset(m, 0xff, size);
         munmap(m, size);
      }
      bo_close(fd, h[1]);
      uint32_t again = bo_create(fd, size);
      uint8_t *m = bo_map(fd, again, size);
      CHECK(all_bytes(m, size, 0), "round %d: reused memory is zero", round);
      munmap(m, size);
      bo_close(fd, again);
      bo_close(fd, h[0]);
      bo_close(fd, h[2]);
   }
}

/* Objects cost nothing until touched, and freed ones are given back: the
 * arena's allocated blocks follow what is in use. */
static void
test_memory(void)
{
   int afd = find_arena_fd();
   CHECK(afd >= 0, "vgpu's memfd is listed in /proc/self/fd");
   if (afd < 0)
      return;
   char path[64];
   snprintf(path, sizeof(path), "/proc/self/fd/%d", afd);
   struct stat st;
   CHECK(stat(path, &st) == 0, "stat of the memfd");
   uint64_t base = (uint64_t)st.st_blocks * 512;

   const uint64_t big = 64ull << 20;
   uint32_t bo = bo_create(fd, big);
   uint8_t *m = bo_map(fd, bo, big);
   stat(path, &st);
   CHECK((uint64_t)st.st_blocks * 512 <= base + PAGE,
         "an untouched object costs nothing (%llu bytes)",
         (unsigned long long)st.st_blocks * 512);
   for (uint64_t i = 0; i < big; i += PAGE)
      m[i] = 1;
   stat(path, &st);
   CHECK((uint64_t)st.st_blocks * 512 >= base + big, "touched pages are allocated");
   munmap(m, big);
   bo_close(fd, bo);
   stat(path, &st);
   CHECK((uint64_t)st.st_blocks * 512 <= base, "freed pages are given back (%llu bytes)",
         (unsigned long long)st.st_blocks * 512);
}

/* vgpu's descriptor: one however many objects, close-on-exec, and not open
 * as far as the application's calls are concerned. */
static void
test_descriptor(void)
{
   int before = count_fds();
   uint32_t handles[300];
   for (int i = 0; i < 300; i++)
      handles[i] = bo_create(fd, PAGE);
   CHECK(count_fds() == before, "objects take no descriptors (%d, was %d)",
         count_fds(), before);
   for (int i = 0; i < 300; i++)
      bo_close(fd, handles[i]);

   int afd = find_arena_fd();
   CHECK(afd > 100, "vgpu's descriptor %d is out of the low numbers", afd);
   if (afd < 0)
      return;
   struct stat st;
   char path[64];
   snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", afd);
   FILE *f = fopen(path, "r");
   unsigned flags = 0;
   char line[128];
   while (f && fgets(line, sizeof(line), f))
      sscanf(line, "flags: %o", &flags);
   if (f)
      fclose(f);
   CHECK(flags & O_CLOEXEC, "vgpu's descriptor is close-on-exec");

   errno = 0;
   CHECK(close(afd) == -1 && errno == EBADF, "close of vgpu's descriptor is EBADF");
   CHECK(fcntl(afd, F_GETFD) == -1 && errno == EBADF, "fcntl is EBADF");
   CHECK(dup(afd) == -1 && errno == EBADF, "dup is EBADF");
   CHECK(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, afd, 0) == MAP_FAILED && errno == EBADF,
         "mmap is EBADF");

   /* dup2 onto the number: the application gets it, vgpu moves. */
   int p[2];
   CHECK(pipe(p) == 0, "pipe");
   CHECK(dup2(p[0], afd) == afd, "dup2 onto vgpu's number");
   CHECK(fstat(afd, &st) == 0 && S_ISFIFO(st.st_mode), "the number is the application's");
   int moved = find_arena_fd();
   CHECK(moved >= 0 && moved != afd, "vgpu's descriptor moved to %d", moved);
   uint32_t bo = bo_create(fd, PAGE);
   uint8_t *m = bo_map(fd, bo, PAGE);
   m[0] = 9;
   CHECK(read_dword(bo, 0) == 9, "objects still map after the move");
   munmap(m, PAGE);
   bo_close(fd, bo);
   CHECK(close(afd) == 0, "the application closes its descriptor");
   close(p[0]);
   close(p[1]);

   /* close_range over everything above the render node spares vgpu's
    * descriptor. */
   int extra = open("/dev/null", O_RDONLY);
   if (extra > fd) {
      CHECK(close_range((unsigned)extra, ~0u, 0) == 0, "close_range");
      CHECK(fcntl(extra, F_GETFD) == -1, "close_range closed the application's descriptors");
      CHECK(find_arena_fd() == moved, "close_range spares vgpu's descriptor");
   } else {
      close(extra);
   }
   bo = bo_create(fd, PAGE);
   m = bo_map(fd, bo, PAGE);
   CHECK(all_bytes(m, PAGE, 0), "objects map after close_range");
   munmap(m, PAGE);
   bo_close(fd, bo);
}

/* A forked child shares the objects that existed (MAP_SHARED); objects
 * either process makes afterwards are its own, and freeing one in one
 * process leaves the other's view intact. */
static void
test_fork(void)
{
   uint32_t bo = bo_create(fd, PAGE);
   uint8_t *m = bo_map(fd, bo, PAGE);
   uint32_t bo2 = bo_create(fd, PAGE);
   uint8_t *m2 = bo_map(fd, bo2, PAGE);
   memset(m2, 0x44, PAGE);
   int to_child[2], to_parent[2];
   CHECK(pipe(to_child) == 0 && pipe(to_parent) == 0, "pipes");
   char c;

   pid_t pid = fork();
   if (pid == 0) {
      /* Child: write the shared object, make and free objects of its own,
       * then check the parent's freed object is still in its view.  (The
       * child's handles are its own on vgpu, while the kernel shares the
       * open file's: closing inherited handles here is not tested.) */
      m[0] = 0xcc;
      for (int i = 0; i < 8; i++) {
         uint32_t h = bo_create(fd, PAGE);
         uint8_t *cm = bo_map(fd, h, PAGE);
         if (!all_bytes(cm, PAGE, 0))
            _exit(2);
         memset(cm, 0xee, PAGE);
         munmap(cm, PAGE);
         bo_close(fd, h);
      }
      if (write(to_parent[1], "1", 1) != 1 || read(to_child[0], &c, 1) != 1)
         _exit(3);
      /* The parent has freed bo2 and made new objects by now. */
      if (!all_bytes(m2, PAGE, 0x44))
         _exit(4);
      _exit(0);
   }
   CHECK(pid > 0, "fork");
   CHECK(read(to_parent[0], &c, 1) == 1, "child ran");
   CHECK(m[0] == 0xcc, "the child's write to a shared object is seen");
   CHECK(read_dword(bo, 0) == 0xcc, "...by the GPU model too");
   munmap(m2, PAGE);
   bo_close(fd, bo2);
   for (int i = 0; i < 8; i++) {
      uint32_t h = bo_create(fd, PAGE);
      uint8_t *pm = bo_map(fd, h, PAGE);
      CHECK(all_bytes(pm, PAGE, 0), "the parent's new object %d is zero", i);
      memset(pm, 0x99, PAGE);
      munmap(pm, PAGE);
      bo_close(fd, h);
   }
   CHECK(write(to_child[1], "1", 1) == 1, "wake the child");
   int status = 0;
   waitpid(pid, &status, 0);
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %#x", status);
   munmap(m, PAGE);
   bo_close(fd, bo);
   close(to_child[0]);
   close(to_child[1]);
   close(to_parent[0]);
   close(to_parent[1]);
}

int
main(void)
{
   /* A low descriptor limit: a descriptor per object would run out. */
   struct rlimit rl;
   getrlimit(RLIMIT_NOFILE, &rl);
   if (rl.rlim_cur > 256) {
      rl.rlim_cur = 256;
      setrlimit(RLIMIT_NOFILE, &rl);
   }
   fd = open_render_node();
   test_views();
   test_lifetime();
   test_memory();
   test_descriptor();
   test_fork();
   return test_finish("test_mmap");
}
