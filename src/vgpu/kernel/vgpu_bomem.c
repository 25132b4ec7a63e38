/* The memory behind buffer objects, and the application's views of it.
 *
 * Every object that is not a userptr lives in a memfd, an "arena", at a
 * page-aligned file offset.  vgpu's own map of the object (bo->map) and
 * every CPU mapping the application makes (GEM_MMAP_OFFSET + mmap, legacy
 * GEM_MMAP, PRIME dma-buf mmap, MAP_FIXED or not) are plain MAP_SHARED
 * mmaps of that file range, so they all see the same pages, as the views of
 * a GEM object do.  (Duplicating an anonymous shared mapping with
 * mremap(old_size = 0) would do the same, but valgrind does not support
 * that form, and ordinary file mappings are what every tool understands.)
 *
 * One arena serves the whole process: a sparse file grown with ftruncate.
 * Untouched pages cost nothing and read as zero, as anonymous memory does.
 * A freed range goes back to the kernel at once (FALLOC_FL_PUNCH_HOLE) and
 * is reused, best fit, by later objects, which therefore start out zero
 * too; free space at the end of the file shrinks it.  A single descriptor
 * for all objects keeps vgpu's descriptor count at one however many objects
 * a driver makes (a memfd per object could exhaust RLIMIT_NOFILE).  The
 * descriptor is vgpu's own: placed high, close-on-exec, and not open as far
 * as the application can tell (vgpu_interpose.c).
 *
 * A range may only be reused once nothing maps it.  The kernel keeps a GEM
 * object alive while the application still maps it, even after GEM_CLOSE,
 * and so does vgpu: each view holds a reference on its object until
 * munmap, mremap or a MAP_FIXED mapping over it takes it down (the
 * interposed functions call in here).  Otherwise a stale mapping would
 * alias whichever object got the range next.
 *
 * fork(): the child inherits its parent's mappings, so the objects that
 * existed are shared by both (MAP_SHARED), as the anonymous shared
 * mappings were.  Neither process may then punch or reuse those ranges, as
 * the other may still see them: at every fork both processes freeze the
 * arenas they have (no new objects in them, nothing punched; a frozen
 * arena's descriptor closes when its last object goes, and the kernel
 * frees the pages when no process maps them any longer) and put new
 * objects in a fresh arena. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "log.h"
#include "vgpu_priv.h"

#define PAGE_SIZE 4096ull
#define ALIGN_PAGE(v) (((v) + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1))

struct range {
   uint64_t start, len;
};

struct vgpu_arena {
   int fd;                  /* the memfd; vgpu's private descriptor */
   unsigned generation;     /* fork_generation when it was created */
   unsigned users;          /* objects in it, + 1 while it is current */
   uint64_t size;           /* file size */
   struct range *free;      /* free ranges below size: sorted, coalesced,
                             * punched (so zero) */
   unsigned num_free, cap_free;
};

/* Both guarded by vgpu.lock.  fork_generation counts the forks this
 * process has made or come from; an arena of an older generation is
 * frozen. */
static struct vgpu_arena *current_arena;
static unsigned fork_generation;

/* ---- vgpu's private descriptors ---- */

/* The lowest number vgpu's descriptors take.  The kernel gives an
 * application the lowest free number, so a descriptor of vgpu's among the
 * low ones would shift the numbers it gets; high up, under select()'s
 * FD_SETSIZE (1024) and the soft RLIMIT_NOFILE (valgrind lowers it and
 * refuses descriptors above), it is out of the way. */
static int
private_fd_base(void)
{
   struct rlimit rl;
   if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur < 128)
      return 3;
   rlim_t top = rl.rlim_cur < 1024 ? rl.rlim_cur : 1024;
   return (int)top - 32;
}

/* Moves fd to a private number, closing the original; keeps fd when that
 * is impossible (it still works, only lower). */
static int
place_private_fd(int fd)
{
   int high = vgpu_real_dupfd_cloexec(fd, private_fd_base());
   if (high < 0)
      return fd;
   vgpu_real_close(fd);
   return high;
}

/* dup2/dup3 onto vgpu's descriptor: from the application's point of view
 * the number is free, so vgpu's file moves out of the way (its mappings do
 * not depend on the number). */
int
vgpu_bomem_move_fd(int fd)
{
   struct vgpu_fd_entry entry = vgpu_fd_get(fd);
   if (entry.kind != VGPU_FD_PRIVATE)
      return 0;
   int moved = vgpu_real_dupfd_cloexec(fd, private_fd_base());
   if (moved < 0)
      return -errno;
   vgpu_fd_take(fd);
   entry.arena->fd = moved;
   vgpu_fd_set(moved, entry);
   vgpu_real_close(fd);
   return 0;
}

/* ---- fork ---- */

static pthread_mutex_t views_lock = PTHREAD_MUTEX_INITIALIZER;

/* Holding both locks across fork() also hands the child a consistent
 * device and view table, whatever the other threads were doing. */
static void
fork_prepare(void)
{
   pthread_mutex_lock(&vgpu.lock);
   pthread_mutex_lock(&views_lock);
}

static void
fork_done(void)
{
   fork_generation++;
   pthread_mutex_unlock(&views_lock);
   pthread_mutex_unlock(&vgpu.lock);
}

static void
register_fork_handlers(void)
{
   pthread_atfork(fork_prepare, fork_done, fork_done);
}

/* ---- arenas ---- */

static struct vgpu_arena *
arena_create(void)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, register_fork_handlers);

   struct vgpu_arena *a = calloc(1, sizeof(*a));
   if (!a)
      return NULL;
   int fd = memfd_create("vgpu-bo", MFD_CLOEXEC);
   if (fd < 0) {
      free(a);
      return NULL;
   }
   a->fd = place_private_fd(fd);
   a->generation = fork_generation;
   a->users = 1;
   vgpu_fd_set(a->fd, (struct vgpu_fd_entry){ .kind = VGPU_FD_PRIVATE,
                                              .arena = a });
   return a;
}

static void
arena_unuse(struct vgpu_arena *a)
{
   if (--a->users > 0)
      return;
   vgpu_fd_take(a->fd);
   vgpu_real_close(a->fd);
   free(a->free);
   free(a);
}

static bool
arena_frozen(const struct vgpu_arena *a)
{
   return a->generation != fork_generation;
}

/* A page-aligned range of size bytes, zero: best fit among the free
 * ranges (large holes stay for large objects), else the file grows. */
static int
arena_take(struct vgpu_arena *a, uint64_t size, uint64_t *offset)
{
   unsigned best = a->num_free;
   for (unsigned i = 0; i < a->num_free; i++) {
      if (a->free[i].len >= size &&
          (best == a->num_free || a->free[i].len < a->free[best].len))
         best = i;
   }
   if (best < a->num_free) {
      struct range *r = &a->free[best];
      *offset = r->start;
      r->start += size;
      r->len -= size;
      if (r->len == 0) {
         memmove(r, r + 1, (a->num_free - best - 1) * sizeof(*r));
         a->num_free--;
      }
      return 0;
   }
   /* Growing the file past RLIMIT_FSIZE would kill the process with
    * SIGXFSZ (anonymous memory knew no such limit): ENOMEM instead. */
   struct rlimit fsize;
   if (size > (uint64_t)INT64_MAX - a->size ||
       (getrlimit(RLIMIT_FSIZE, &fsize) == 0 && fsize.rlim_cur != RLIM_INFINITY &&
        a->size + size > fsize.rlim_cur) ||
       ftruncate(a->fd, (off_t)(a->size + size)) != 0)
      return -ENOMEM;
   *offset = a->size;
   a->size += size;
   return 0;
}

static void
insert_free(struct vgpu_arena *a, uint64_t start, uint64_t len)
{
   unsigned i = 0, hi = a->num_free;
   while (i < hi) {   /* first range after start */
      unsigned mid = (i + hi) / 2;
      if (a->free[mid].start < start)
         i = mid + 1;
      else
         hi = mid;
   }
   bool join_prev = i > 0 && a->free[i - 1].start + a->free[i - 1].len == start;
   bool join_next = i < a->num_free && start + len == a->free[i].start;
   if (join_prev && join_next) {
      a->free[i - 1].len += len + a->free[i].len;
      memmove(&a->free[i], &a->free[i + 1],
              (a->num_free - i - 1) * sizeof(a->free[0]));
      a->num_free--;
   } else if (join_prev) {
      a->free[i - 1].len += len;
   } else if (join_next) {
      a->free[i].start = start;
      a->free[i].len += len;
   } else {
      if (a->num_free == a->cap_free) {
         unsigned cap = a->cap_free ? 2 * a->cap_free : 16;
         struct range *r = realloc(a->free, cap * sizeof(*r));
         if (!r)
            return;   /* the range is zero but never reused: a leak of
                       * file offsets, not of memory */
         a->free = r;
         a->cap_free = cap;
      }
      memmove(&a->free[i + 1], &a->free[i],
              (a->num_free - i) * sizeof(a->free[0]));
      a->free[i] = (struct range){ start, len };
      a->num_free++;
   }
}

static void
arena_give_back(struct vgpu_arena *a, uint64_t start, uint64_t len)
{
   /* A frozen arena's pages may still be another process's objects. */
   if (arena_frozen(a))
      return;
   /* The pages go back to the kernel now, and the next object given this
    * range reads zero.  A range that cannot be punched is never reused. */
   if (fallocate(a->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                 (off_t)start, (off_t)len) != 0) {
      static bool warned;
      if (!warned)
         log_warn("cannot release buffer object memory (fallocate: %s); "
                  "freed ranges are not reused", strerror(errno));
      warned = true;
      return;
   }
   insert_free(a, start, len);
   struct range *last = a->num_free ? &a->free[a->num_free - 1] : NULL;
   if (last && last->start + last->len == a->size &&
       ftruncate(a->fd, (off_t)last->start) == 0) {
      a->size = last->start;
      a->num_free--;
   }
}

int
vgpu_bomem_alloc(struct vgpu_bo *bo)
{
   if (current_arena && arena_frozen(current_arena)) {
      arena_unuse(current_arena);
      current_arena = NULL;
   }
   if (!current_arena && !(current_arena = arena_create()))
      return -ENOMEM;
   struct vgpu_arena *a = current_arena;
   uint64_t offset;
   int ret = arena_take(a, bo->size, &offset);
   if (ret)
      return ret;
   void *map = vgpu_real_mmap(NULL, bo->size, PROT_READ | PROT_WRITE,
                              MAP_SHARED | MAP_NORESERVE, a->fd, offset);
   if (map == MAP_FAILED) {
      arena_give_back(a, offset, bo->size);
      return -ENOMEM;
   }
   a->users++;
   bo->arena = a;
   bo->arena_offset = offset;
   bo->map = map;
   return 0;
}

void
vgpu_bomem_free(struct vgpu_bo *bo)
{
   vgpu_real_munmap(bo->map, bo->size);
   arena_give_back(bo->arena, bo->arena_offset, bo->size);
   arena_unuse(bo->arena);
   bo->arena = NULL;
   bo->map = NULL;
}

/* ---- the application's views ----
 * A sorted table of disjoint page ranges, each one an application mapping
 * of part of an object, holding a reference on it.  views_lock guards the
 * table; changing references needs vgpu.lock too, taken first. */

struct view {
   uintptr_t start, end;
   struct vgpu_bo *bo;
   uint64_t bo_offset;      /* of start */
};

static struct view *views;
static unsigned num_views, cap_views;
/* num_views, for the unlocked test that keeps munmap of other memory
 * cheap while no view exists. */
static atomic_uint views_count;

bool
vgpu_views_exist(void)
{
   return atomic_load_explicit(&views_count, memory_order_relaxed) != 0;
}

/* The first view ending after addr. */
static unsigned
view_after(uintptr_t addr)
{
   unsigned lo = 0, hi = num_views;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (views[mid].end <= addr)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static bool
views_overlap(uintptr_t start, uintptr_t end)
{
   unsigned i = view_after(start);
   return i < num_views && views[i].start < end;
}

static bool
reserve_views(unsigned extra)
{
   if (num_views + extra <= cap_views)
      return true;
   unsigned cap = cap_views ? 2 * cap_views : 64;
   while (cap < num_views + extra)
      cap *= 2;
   struct view *v = realloc(views, cap * sizeof(*v));
   if (!v)
      return false;
   views = v;
   cap_views = cap;
   return true;
}

/* [start, end) was unmapped or mapped over: its views end there, the parts
 * outside it stay.  Both locks held. */
static void
forget_views(uintptr_t start, uintptr_t end)
{
   unsigned i = view_after(start);
   while (i < num_views && views[i].start < end) {
      struct view v = views[i];
      if (v.start < start && v.end > end) {
         /* A hole in the middle: two views, two references.  Without
          * room for the second one the whole view stays, which only keeps
          * the object alive longer. */
         if (!reserve_views(1))
            break;
         memmove(&views[i + 2], &views[i + 1],
                 (num_views - i - 1) * sizeof(views[0]));
         views[i].end = start;
         views[i + 1] = (struct view){ end, v.end, v.bo,
                                       v.bo_offset + (end - v.start) };
         vgpu_bo_ref(v.bo);
         num_views++;
         break;
      } else if (v.start < start) {
         views[i++].end = start;
      } else if (v.end > end) {
         views[i].start = end;
         views[i].bo_offset += end - v.start;
         break;
      } else {
         memmove(&views[i], &views[i + 1],
                 (num_views - i - 1) * sizeof(views[0]));
         num_views--;
         vgpu_bo_unref(v.bo);
      }
   }
   atomic_store(&views_count, num_views);
}

/* Takes over a reference on bo.  [start, end) holds no view; room was
 * reserved. */
static void
insert_view(uintptr_t start, uintptr_t end, struct vgpu_bo *bo,
            uint64_t bo_offset)
{
   unsigned i = view_after(start);
   memmove(&views[i + 1], &views[i], (num_views - i) * sizeof(views[0]));
   views[i] = (struct view){ start, end, bo, bo_offset };
   num_views++;
   atomic_store(&views_count, num_views);
}

void *
vgpu_bomem_map_view(struct vgpu_bo *bo, void *addr, size_t length, int prot,
                    int flags, uint64_t bo_offset)
{
   /* A GEM mapping is always shared; the application only chooses where
    * it goes and how it is faulted in. */
   int mflags = MAP_SHARED | (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE |
                                       MAP_POPULATE | MAP_NONBLOCK |
                                       MAP_LOCKED | MAP_NORESERVE));
   pthread_mutex_lock(&views_lock);
   /* One slot for the view, one for splitting a view it maps over. */
   if (!reserve_views(2)) {
      pthread_mutex_unlock(&views_lock);
      errno = ENOMEM;
      return MAP_FAILED;
   }
   void *ptr = vgpu_real_mmap(addr, length, prot, mflags, bo->arena->fd,
                              bo->arena_offset + bo_offset);
   if (ptr != MAP_FAILED) {
      uintptr_t start = (uintptr_t)ptr;
      uintptr_t end = start + ALIGN_PAGE(length);
      /* The reference first: a MAP_FIXED view may replace the last other
       * view of the same object. */
      vgpu_bo_ref(bo);
      forget_views(start, end);
      insert_view(start, end, bo, bo_offset);
   }
   pthread_mutex_unlock(&views_lock);
   return ptr;
}

/* Whether [start, end) holds a view; the range is valid when the address
 * is page aligned and the length not zero (else the real call fails and
 * changes nothing). */
static bool
range_has_view(uintptr_t start, size_t length, uintptr_t *end)
{
   if ((start & (PAGE_SIZE - 1)) || length == 0 ||
       length > UINTPTR_MAX - start - PAGE_SIZE)
      return false;
   *end = start + ALIGN_PAGE(length);
   pthread_mutex_lock(&views_lock);
   bool hit = views_overlap(start, *end);
   pthread_mutex_unlock(&views_lock);
   return hit;
}

static void
lock_both(void)
{
   pthread_mutex_lock(&vgpu.lock);
   pthread_mutex_lock(&views_lock);
}

static void
unlock_both(void)
{
   pthread_mutex_unlock(&views_lock);
   pthread_mutex_unlock(&vgpu.lock);
}

int
vgpu_views_munmap(void *addr, size_t length)
{
   uintptr_t start = (uintptr_t)addr, end;
   if (!range_has_view(start, length, &end))
      return vgpu_real_munmap(addr, length);
   lock_both();
   int ret = vgpu_real_munmap(addr, length);
   if (ret == 0)
      forget_views(start, end);
   unlock_both();
   return ret;
}

void *
vgpu_views_mmap_fixed(void *addr, size_t length, int prot, int flags, int fd,
                      int64_t offset)
{
   uintptr_t start = (uintptr_t)addr, end;
   if (!range_has_view(start, length, &end))
      return vgpu_real_mmap(addr, length, prot, flags, fd, (uint64_t)offset);
   lock_both();
   void *ptr = vgpu_real_mmap(addr, length, prot, flags, fd, (uint64_t)offset);
   if (ptr != MAP_FAILED)
      forget_views(start, end);
   unlock_both();
   return ptr;
}

void *
vgpu_views_mremap(void *old, size_t old_size, size_t new_size, int flags,
                  void *new_addr)
{
   uintptr_t ostart = (uintptr_t)old, oend, nend;
   uintptr_t nstart = (uintptr_t)new_addr;
   bool fixed = flags & MREMAP_FIXED;
   if (!range_has_view(ostart, old_size ? old_size : 1, &oend) &&
       !(fixed && range_has_view(nstart, new_size, &nend)))
      return vgpu_real_mremap(old, old_size, new_size, flags, new_addr);

   lock_both();
   void *ret = MAP_FAILED;
   struct view *moved = NULL;
   unsigned first = view_after(ostart), count = 0;
   while (first + count < num_views && views[first + count].start < oend)
      count++;
   /* i915's mappings are VM_DONTEXPAND: mremap may move or shrink them,
    * growing one (old_size 0 included) is EFAULT. */
   if (count && new_size > old_size) {
      errno = EFAULT;
      goto out;
   }
   if (count && !(moved = malloc(count * sizeof(*moved)))) {
      errno = ENOMEM;
      goto out;
   }
   if (!reserve_views(count + 2)) {
      errno = ENOMEM;
      goto out;
   }
   ret = vgpu_real_mremap(old, old_size, new_size, flags, new_addr);
   if (ret == MAP_FAILED)
      goto out;

   /* The views' parts inside the old range, now at ret, cut at new_size. */
   uintptr_t base = (uintptr_t)ret, limit = base + ALIGN_PAGE(new_size);
   unsigned num_moved = 0;
   for (unsigned i = first; i < first + count; i++) {
      const struct view *v = &views[i];
      uintptr_t s = v->start > ostart ? v->start : ostart;
      uintptr_t e = v->end < oend ? v->end : oend;
      uintptr_t ns = base + (s - ostart), ne = base + (e - ostart);
      if (ne > limit)
         ne = limit;
      if (ns >= ne)
         continue;
      vgpu_bo_ref(v->bo);
      moved[num_moved++] = (struct view){ ns, ne, v->bo,
                                          v->bo_offset + (s - v->start) };
   }
   if (old_size && !(flags & MREMAP_DONTUNMAP))
      forget_views(ostart, oend);
   forget_views(base, limit);
   for (unsigned i = 0; i < num_moved; i++) {
      /* Room: the old range's views are gone (or, with DONTUNMAP, were
       * counted in the reservation). */
      insert_view(moved[i].start, moved[i].end, moved[i].bo,
                  moved[i].bo_offset);
   }
out:
   free(moved);
   unlock_both();
   return ret;
}
