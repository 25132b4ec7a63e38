/* libc interposition: the only place where vgpu meets the application.
 * Paths of the fake render node and its sysfs entries are redirected into
 * vgpu's private tree; ioctl and mmap on vgpu's file descriptors are
 * answered by the uAPI model; everything else goes to the real libc.
 *
 * Every variant a binary may link against is covered (the *64, *at,
 * __*_chk and pre-2.33 __xstat forms), since which one a library calls
 * depends on how it was compiled. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <dirent.h>
#include <unistd.h>

#include "log.h"
#include "vgpu_priv.h"

#define EXPORT __attribute__((visibility("default")))

#define REAL(name, ret, ...)                                        \
   typedef ret name##_fn(__VA_ARGS__);                              \
   static name##_fn *real_##name;                                   \
   static name##_fn *get_real_##name(void)                          \
   {                                                                \
      if (!real_##name)                                             \
         real_##name = (name##_fn *)dlsym(RTLD_NEXT, #name);        \
      return real_##name;                                           \
   }

REAL(open, int, const char *, int, ...)
REAL(open64, int, const char *, int, ...)
REAL(openat, int, int, const char *, int, ...)
REAL(openat64, int, int, const char *, int, ...)
REAL(close, int, int)
REAL(opendir, DIR *, const char *)
REAL(stat, int, const char *, struct stat *)
REAL(stat64, int, const char *, struct stat64 *)
REAL(lstat, int, const char *, struct stat *)
REAL(lstat64, int, const char *, struct stat64 *)
REAL(fstat, int, int, struct stat *)
REAL(fstat64, int, int, struct stat64 *)
REAL(fstatat64, int, int, const char *, struct stat64 *, int)
REAL(access, int, const char *, int)
REAL(faccessat, int, int, const char *, int, int)
REAL(readlink, ssize_t, const char *, char *, size_t)
REAL(readlinkat, ssize_t, int, const char *, char *, size_t)
REAL(statx, int, int, const char *, int, unsigned int, struct statx *)
REAL(realpath, char *, const char *, char *)
REAL(getxattr, ssize_t, const char *, const char *, void *, size_t)
REAL(lgetxattr, ssize_t, const char *, const char *, void *, size_t)
REAL(listxattr, ssize_t, const char *, char *, size_t)
REAL(llistxattr, ssize_t, const char *, char *, size_t)
REAL(fopen, FILE *, const char *, const char *)
REAL(fopen64, FILE *, const char *, const char *)
REAL(ioctl, int, int, unsigned long, ...)
REAL(mmap, void *, void *, size_t, int, int, int, off_t)
REAL(mmap64, void *, void *, size_t, int, int, int, off64_t)
REAL(munmap, int, void *, size_t)
REAL(mremap, void *, void *, size_t, size_t, int, ...)
REAL(closefrom, void, int)
REAL(dup, int, int)
REAL(dup2, int, int, int)
REAL(dup3, int, int, int, int)
REAL(fcntl, int, int, int, ...)
REAL(fcntl64, int, int, int, ...)

/* vgpu's own calls must not meet the application's view of descriptors and
 * mappings that the functions below give. */
void *
vgpu_real_mmap(void *addr, size_t length, int prot, int flags, int fd,
               uint64_t offset)
{
   return get_real_mmap64()(addr, length, prot, flags, fd, (off64_t)offset);
}

int
vgpu_real_munmap(void *addr, size_t length)
{
   return get_real_munmap()(addr, length);
}

void *
vgpu_real_mremap(void *old, size_t old_size, size_t new_size, int flags,
                 void *new_addr)
{
   return get_real_mremap()(old, old_size, new_size, flags, new_addr);
}

int
vgpu_real_close(int fd)
{
   return get_real_close()(fd);
}

int
vgpu_real_dupfd_cloexec(int fd, int min_fd)
{
   return get_real_fcntl()(fd, F_DUPFD_CLOEXEC, min_fd);
}

/* vgpu's private descriptors (vgpu_bomem.c) are not open as far as the
 * application can tell: every call on them it makes through vgpu fails
 * with EBADF, as it would if vgpu had not opened them. */
static bool
fd_is_private(int fd)
{
   return vgpu_fd_is_ours(fd) && vgpu_fd_kind(fd) == VGPU_FD_PRIVATE;
}

static int
fail_ebadf(void)
{
   errno = EBADF;
   return -1;
}

#define PATH_BUF char redirect_buf[PATH_MAX]
#define REDIRECT(path) vgpu_redirect_path(path, redirect_buf, sizeof(redirect_buf))

/* ---- opening the render node ---- */

static int
open_path(const char *path, int flags, mode_t mode,
          int (*real)(const char *, int, ...))
{
   PATH_BUF;
   const char *target = REDIRECT(path);
   if (target == path || !vgpu_is_render_node_path(path))
      return real(target, flags, mode);

   /* The render node is backed by an empty file of the fake tree: a real
    * fd the application can close, dup and poll, whose ioctls vgpu owns. */
   int fd = real(target, (flags & O_CLOEXEC) | O_RDWR);
   if (fd < 0)
      return fd;
   int ret = vgpu_render_node_open(fd);
   if (ret < 0) {
      get_real_close()(fd);
      errno = -ret;
      return -1;
   }
   return fd;
}

static mode_t
open_mode(int flags, va_list ap)
{
   return (flags & (O_CREAT | __O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
}

EXPORT int
open(const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   return open_path(path, flags, mode, get_real_open());
}

EXPORT int
open64(const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   return open_path(path, flags, mode, get_real_open64());
}

EXPORT int
__open_2(const char *path, int flags)
{
   return open_path(path, flags, 0, get_real_open());
}

EXPORT int
__open64_2(const char *path, int flags)
{
   return open_path(path, flags, 0, get_real_open64());
}

static int
openat_path(int dirfd, const char *path, int flags, mode_t mode,
            int (*real)(int, const char *, int, ...))
{
   if (path && path[0] == '/')
      return open_path(path, flags, mode, get_real_open64());
   return real(dirfd, path, flags, mode);
}

EXPORT int
openat(int dirfd, const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   return openat_path(dirfd, path, flags, mode, get_real_openat());
}

EXPORT int
openat64(int dirfd, const char *path, int flags, ...)
{
   va_list ap;
   va_start(ap, flags);
   mode_t mode = open_mode(flags, ap);
   va_end(ap);
   return openat_path(dirfd, path, flags, mode, get_real_openat64());
}

EXPORT int
__openat_2(int dirfd, const char *path, int flags)
{
   return openat_path(dirfd, path, flags, 0, get_real_openat());
}

EXPORT int
__openat64_2(int dirfd, const char *path, int flags)
{
   return openat_path(dirfd, path, flags, 0, get_real_openat64());
}

/* ---- file descriptor lifetime ---- */

EXPORT int
close(int fd)
{
   if (vgpu_fd_is_ours(fd)) {
      pthread_mutex_lock(&vgpu.lock);
      if (vgpu_fd_kind(fd) == VGPU_FD_PRIVATE) {
         pthread_mutex_unlock(&vgpu.lock);
         return fail_ebadf();
      }
      struct vgpu_fd_entry entry = vgpu_fd_take(fd);
      vgpu_fd_entry_release(entry);
      pthread_mutex_unlock(&vgpu.lock);
   }
   return get_real_close()(fd);
}

static int
real_close_range(unsigned first, unsigned last, int flags)
{
#ifdef SYS_close_range
   return (int)syscall(SYS_close_range, first, last, flags);
#else
   errno = ENOSYS;
   return -1;
#endif
}

/* close_range() and closefrom() close whole ranges: vgpu releases its
 * entries of the descriptors closed, as close() does, and steps over its
 * private ones. */
EXPORT int
close_range(unsigned first, unsigned last, int flags)
{
   /* CLOSE_RANGE_CLOEXEC closes nothing now; vgpu's descriptors are
    * close-on-exec already. */
   if (first > last || first > INT_MAX ||
       (flags & ~(int)(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC)) ||
       (flags & CLOSE_RANGE_CLOEXEC))
      return real_close_range(first, last, flags);

   pthread_mutex_lock(&vgpu.lock);
   int ret = 0;
   unsigned next = first;   /* the first number not dealt with yet */
   bool done = false;
   for (int fd = vgpu_fd_next_ours((int)first);
        fd >= 0 && (unsigned)fd <= last; fd = vgpu_fd_next_ours(fd + 1)) {
      if (vgpu_fd_kind(fd) != VGPU_FD_PRIVATE) {
         vgpu_fd_entry_release(vgpu_fd_take(fd));
         continue;
      }
      if ((unsigned)fd > next && real_close_range(next, fd - 1, flags) != 0)
         ret = -1;
      if ((unsigned)fd == last)
         done = true;
      next = (unsigned)fd + 1;
   }
   if (!done && real_close_range(next, last, flags) != 0)
      ret = -1;
   pthread_mutex_unlock(&vgpu.lock);
   return ret;
}

EXPORT void
closefrom(int low)
{
   if (close_range(low < 0 ? 0 : (unsigned)low, ~0u, 0) == 0)
      return;
   /* Without close_range (Linux < 5.9) glibc walks /proc/self/fd, and
    * vgpu's descriptors go too. */
   if (get_real_closefrom())
      get_real_closefrom()(low);
}

/* dup2/dup3 onto one of vgpu's descriptors: an application's open file
 * is replaced by the new one, a private one of vgpu's moves out of the way
 * (the number is free as far as the application knows). */
static int
clear_dup_target(int fd, int new_fd)
{
   if (fd == new_fd || !vgpu_fd_is_ours(new_fd))
      return 0;
   int ret = 0;
   pthread_mutex_lock(&vgpu.lock);
   if (vgpu_fd_kind(new_fd) == VGPU_FD_PRIVATE)
      ret = vgpu_bomem_move_fd(new_fd);
   else if (!vgpu_fd_is_ours(fd))
      vgpu_fd_entry_release(vgpu_fd_take(new_fd));
   pthread_mutex_unlock(&vgpu.lock);
   if (ret) {
      errno = -ret;
      return -1;
   }
   return 0;
}

/* A duplicated descriptor refers to the same open file, as in the kernel. */
static int
track_dup(int old_fd, int new_fd)
{
   if (new_fd < 0 || new_fd == old_fd || !vgpu_fd_is_ours(old_fd))
      return new_fd;
   pthread_mutex_lock(&vgpu.lock);
   struct vgpu_fd_entry stale = vgpu_fd_take(new_fd);
   vgpu_fd_entry_release(stale);
   struct vgpu_fd_entry entry = vgpu_fd_get(old_fd);
   switch (entry.kind) {
   case VGPU_FD_RENDER_NODE: vgpu_file_ref(entry.file); break;
   case VGPU_FD_SYNCOBJ: entry.syncobj->refcount++; break;
   case VGPU_FD_DMABUF: vgpu_bo_ref(entry.bo); break;
   default: break;
   }
   vgpu_fd_set(new_fd, entry);
   pthread_mutex_unlock(&vgpu.lock);
   return new_fd;
}

EXPORT int
dup(int fd)
{
   if (fd_is_private(fd))
      return fail_ebadf();
   return track_dup(fd, get_real_dup()(fd));
}

EXPORT int
dup2(int fd, int new_fd)
{
   if (fd_is_private(fd))
      return fail_ebadf();
   if (clear_dup_target(fd, new_fd) != 0)
      return -1;
   return track_dup(fd, get_real_dup2()(fd, new_fd));
}

EXPORT int
dup3(int fd, int new_fd, int flags)
{
   if (fd_is_private(fd))
      return fail_ebadf();
   if (clear_dup_target(fd, new_fd) != 0)
      return -1;
   return track_dup(fd, get_real_dup3()(fd, new_fd, flags));
}

static int
fcntl_common(int fd, int cmd, void *arg, int (*real)(int, int, ...))
{
   if (fd_is_private(fd))
      return fail_ebadf();
   int ret = real(fd, cmd, arg);
   if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)
      return track_dup(fd, ret);
   return ret;
}

EXPORT int
fcntl(int fd, int cmd, ...)
{
   va_list ap;
   va_start(ap, cmd);
   void *arg = va_arg(ap, void *);
   va_end(ap);
   return fcntl_common(fd, cmd, arg, get_real_fcntl());
}

EXPORT int
fcntl64(int fd, int cmd, ...)
{
   va_list ap;
   va_start(ap, cmd);
   void *arg = va_arg(ap, void *);
   va_end(ap);
   return fcntl_common(fd, cmd, arg, get_real_fcntl64());
}

/* ---- stat family: the render node is character device 226:128 ---- */

#define PATCH_RENDER_NODE(st)                         \
   do {                                               \
      (st)->st_mode = S_IFCHR | 0666;                 \
      (st)->st_rdev = makedev(226, 128);              \
      (st)->st_size = 0;                              \
   } while (0)

#define STAT_BY_PATH(real_call, path, st)                          \
   do {                                                            \
      PATH_BUF;                                                    \
      int ret_ = real_call;                                        \
      if (ret_ == 0 && vgpu_is_render_node_path(path))             \
         PATCH_RENDER_NODE(st);                                    \
      return ret_;                                                 \
   } while (0)

#define STAT_BY_FD(real_call, fd, st)                              \
   do {                                                            \
      int ret_ = real_call;                                        \
      if (ret_ == 0 && vgpu_fd_get(fd).kind == VGPU_FD_RENDER_NODE) \
         PATCH_RENDER_NODE(st);                                    \
      return ret_;                                                 \
   } while (0)

EXPORT int stat(const char *path, struct stat *st)
{ STAT_BY_PATH(get_real_stat()(REDIRECT(path), st), path, st); }
EXPORT int stat64(const char *path, struct stat64 *st)
{ STAT_BY_PATH(get_real_stat64()(REDIRECT(path), st), path, st); }
EXPORT int lstat(const char *path, struct stat *st)
{ STAT_BY_PATH(get_real_lstat()(REDIRECT(path), st), path, st); }
EXPORT int lstat64(const char *path, struct stat64 *st)
{ STAT_BY_PATH(get_real_lstat64()(REDIRECT(path), st), path, st); }
EXPORT int fstat(int fd, struct stat *st)
{ STAT_BY_FD(get_real_fstat()(fd, st), fd, st); }
EXPORT int fstat64(int fd, struct stat64 *st)
{ STAT_BY_FD(get_real_fstat64()(fd, st), fd, st); }

static int
fstatat_common(int dirfd, const char *path, struct stat64 *st, int flags)
{
   if (path && path[0] == '\0' && (flags & AT_EMPTY_PATH))
      STAT_BY_FD(get_real_fstatat64()(dirfd, path, st, flags), dirfd, st);
   STAT_BY_PATH(get_real_fstatat64()(dirfd, REDIRECT(path), st, flags), path, st);
}

EXPORT int fstatat(int dirfd, const char *path, struct stat *st, int flags)
{ return fstatat_common(dirfd, path, (struct stat64 *)st, flags); }
EXPORT int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{ return fstatat_common(dirfd, path, st, flags); }

EXPORT int
statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *st)
{
   PATH_BUF;
   bool empty = path[0] == '\0' && (flags & AT_EMPTY_PATH);
   int ret = get_real_statx()(dirfd, empty ? path : REDIRECT(path), flags, mask, st);
   bool node = empty ? vgpu_fd_get(dirfd).kind == VGPU_FD_RENDER_NODE
                     : vgpu_is_render_node_path(path);
   if (ret == 0 && node) {
      st->stx_mode = S_IFCHR | 0666;
      st->stx_rdev_major = 226;
      st->stx_rdev_minor = 128;
      st->stx_size = 0;
   }
   return ret;
}

/* glibc < 2.33 binaries call the versioned __xstat entry points. */
EXPORT int __xstat(int ver, const char *path, struct stat *st)
{ return stat(path, st); }
EXPORT int __xstat64(int ver, const char *path, struct stat64 *st)
{ return stat64(path, st); }
EXPORT int __lxstat(int ver, const char *path, struct stat *st)
{ return lstat(path, st); }
EXPORT int __lxstat64(int ver, const char *path, struct stat64 *st)
{ return lstat64(path, st); }
EXPORT int __fxstat(int ver, int fd, struct stat *st)
{ return fstat(fd, st); }
EXPORT int __fxstat64(int ver, int fd, struct stat64 *st)
{ return fstat64(fd, st); }
EXPORT int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags)
{ return fstatat(dirfd, path, st, flags); }
EXPORT int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags)
{ return fstatat64(dirfd, path, st, flags); }

/* ---- path-only calls ---- */

EXPORT int
access(const char *path, int mode)
{
   PATH_BUF;
   return get_real_access()(REDIRECT(path), mode);
}

EXPORT int
faccessat(int dirfd, const char *path, int mode, int flags)
{
   PATH_BUF;
   return get_real_faccessat()(dirfd, REDIRECT(path), mode, flags);
}

EXPORT DIR *
opendir(const char *path)
{
   PATH_BUF;
   return get_real_opendir()(REDIRECT(path));
}

EXPORT ssize_t
readlink(const char *path, char *buf, size_t size)
{
   PATH_BUF;
   return get_real_readlink()(REDIRECT(path), buf, size);
}

EXPORT ssize_t
__readlink_chk(const char *path, char *buf, size_t size, size_t buf_size)
{
   return readlink(path, buf, size < buf_size ? size : buf_size);
}

EXPORT ssize_t
readlinkat(int dirfd, const char *path, char *buf, size_t size)
{
   PATH_BUF;
   return get_real_readlinkat()(dirfd, REDIRECT(path), buf, size);
}

EXPORT ssize_t
getxattr(const char *path, const char *name, void *value, size_t size)
{
   PATH_BUF;
   return get_real_getxattr()(REDIRECT(path), name, value, size);
}

EXPORT ssize_t
lgetxattr(const char *path, const char *name, void *value, size_t size)
{
   PATH_BUF;
   return get_real_lgetxattr()(REDIRECT(path), name, value, size);
}

EXPORT ssize_t
listxattr(const char *path, char *list, size_t size)
{
   PATH_BUF;
   return get_real_listxattr()(REDIRECT(path), list, size);
}

EXPORT ssize_t
llistxattr(const char *path, char *list, size_t size)
{
   PATH_BUF;
   return get_real_llistxattr()(REDIRECT(path), list, size);
}

EXPORT char *
realpath(const char *path, char *resolved)
{
   PATH_BUF;
   char *ret = get_real_realpath()(REDIRECT(path), resolved);
   if (ret)
      vgpu_unredirect_path(ret);
   return ret;
}

EXPORT char *
__realpath_chk(const char *path, char *resolved, size_t resolved_len)
{
   return realpath(path, resolved);
}

EXPORT FILE *
fopen(const char *path, const char *mode)
{
   PATH_BUF;
   return get_real_fopen()(REDIRECT(path), mode);
}

EXPORT FILE *
fopen64(const char *path, const char *mode)
{
   PATH_BUF;
   return get_real_fopen64()(REDIRECT(path), mode);
}

/* ---- ioctl and mmap on vgpu's descriptors ---- */

EXPORT int
ioctl(int fd, unsigned long request, ...)
{
   va_list ap;
   va_start(ap, request);
   void *arg = va_arg(ap, void *);
   va_end(ap);

   if (!vgpu_fd_is_ours(fd))
      return get_real_ioctl()(fd, request, arg);

   pthread_mutex_lock(&vgpu.lock);
   struct vgpu_fd_entry entry = vgpu_fd_get(fd);
   int ret;
   switch (entry.kind) {
   case VGPU_FD_RENDER_NODE: ret = vgpu_ioctl(entry.file, request, arg); break;
   case VGPU_FD_SYNC_FILE: ret = vgpu_sync_file_ioctl(request, arg); break;
   case VGPU_FD_PRIVATE: ret = -EBADF; break;
   default: ret = -ENOTTY; break;
   }
   pthread_mutex_unlock(&vgpu.lock);
   if (ret < 0) {
      errno = -ret;
      return -1;
   }
   return ret;
}

static void *
mmap_ours(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
   pthread_mutex_lock(&vgpu.lock);
   struct vgpu_fd_entry entry = vgpu_fd_get(fd);
   void *ret;
   switch (entry.kind) {
   case VGPU_FD_RENDER_NODE:
      ret = vgpu_mmap_bo(entry.file, addr, length, prot, flags, offset);
      break;
   case VGPU_FD_DMABUF:
      ret = vgpu_map_bo_pages(entry.bo, addr, length, prot, flags, offset);
      break;
   case VGPU_FD_PRIVATE:
      errno = EBADF;
      ret = MAP_FAILED;
      break;
   default:
      errno = ENODEV;
      ret = MAP_FAILED;
      break;
   }
   pthread_mutex_unlock(&vgpu.lock);
   return ret;
}

EXPORT void *
mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
   if (!(flags & MAP_ANONYMOUS) && vgpu_fd_is_ours(fd))
      return mmap_ours(addr, length, prot, flags, fd, offset);
   if ((flags & MAP_FIXED) && vgpu_views_exist())
      return vgpu_views_mmap_fixed(addr, length, prot, flags, fd, offset);
   return get_real_mmap()(addr, length, prot, flags, fd, offset);
}

EXPORT void *
mmap64(void *addr, size_t length, int prot, int flags, int fd, off64_t offset)
{
   if (!(flags & MAP_ANONYMOUS) && vgpu_fd_is_ours(fd))
      return mmap_ours(addr, length, prot, flags, fd, offset);
   if ((flags & MAP_FIXED) && vgpu_views_exist())
      return vgpu_views_mmap_fixed(addr, length, prot, flags, fd, offset);
   return get_real_mmap64()(addr, length, prot, flags, fd, offset);
}

/* A mapping of a buffer object holds the object (vgpu_bomem.c): taking
 * one down, by munmap, mremap or a MAP_FIXED mapping over it (above),
 * lets it go.  Other memory goes straight to libc. */
EXPORT int
munmap(void *addr, size_t length)
{
   if (vgpu_views_exist())
      return vgpu_views_munmap(addr, length);
   return get_real_munmap()(addr, length);
}

EXPORT void *
mremap(void *old, size_t old_size, size_t new_size, int flags, ...)
{
   void *new_addr = NULL;
   if (flags & MREMAP_FIXED) {
      va_list ap;
      va_start(ap, flags);
      new_addr = va_arg(ap, void *);
      va_end(ap);
   }
   if (vgpu_views_exist())
      return vgpu_views_mremap(old, old_size, new_size, flags, new_addr);
   return get_real_mremap()(old, old_size, new_size, flags, new_addr);
}
