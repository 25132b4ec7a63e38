/* DRM syncobjs (binary and timeline) and sync_file descriptors.
 *
 * vgpu retires every batch inside EXECBUFFER2, so a fence is signalled the
 * moment it is attached: waiting only ever blocks on a fence that has not
 * been *submitted* yet (WAIT_FOR_SUBMIT / WAIT_AVAILABLE), and such a waiter
 * wakes when another thread's submit or signal attaches it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <linux/sync_file.h>

#include "vgpu_priv.h"

static struct vgpu_syncobj *
syncobj_create(bool signalled)
{
   struct vgpu_syncobj *s = calloc(1, sizeof(*s));
   if (s) {
      s->refcount = 1;
      s->has_fence = signalled;
   }
   return s;
}

void
vgpu_syncobj_unref(struct vgpu_syncobj *s)
{
   if (--s->refcount == 0)
      free(s);
}

struct vgpu_syncobj *
vgpu_syncobj_lookup(struct vgpu_file *file, uint32_t handle)
{
   return vgpu_handle_get(&file->syncobjs, handle);
}

/* Point 0 names the syncobj's current fence (binary use); a non-zero point
 * names that point of the timeline. */
bool
vgpu_syncobj_has_point(const struct vgpu_syncobj *s, uint64_t point)
{
   return point == 0 ? s->has_fence : s->point >= point;
}

void
vgpu_syncobj_signal(struct vgpu_syncobj *s, uint64_t point)
{
   s->has_fence = true;
   if (point > s->point)
      s->point = point;
   pthread_cond_broadcast(&vgpu.signalled);
}

static void
syncobj_reset(struct vgpu_syncobj *s)
{
   s->has_fence = false;
   s->point = 0;
}

void
vgpu_file_close_syncobjs(struct vgpu_file *file)
{
   struct vgpu_syncobj *s;
   vgpu_handle_foreach(&file->syncobjs, h, s)
      vgpu_syncobj_unref(s);
   vgpu_handle_table_fini(&file->syncobjs);
}

int
vgpu_sync_file_create(void)
{
   /* A signalled sync_file polls readable forever: an eventfd holding 1. */
   int fd = eventfd(1, EFD_CLOEXEC);
   if (fd < 0)
      return -errno;
   vgpu_fd_set(fd, (struct vgpu_fd_entry){ .kind = VGPU_FD_SYNC_FILE });
   return fd;
}

/* Every sync_file vgpu hands out is signalled, so a merge is a new
 * signalled sync_file and the info reports status 1 with no fence list. */
int
vgpu_sync_file_ioctl(unsigned long request, void *arg)
{
   switch (request) {
   case SYNC_IOC_MERGE: {
      struct sync_merge_data m;
      int ret = vgpu_copy_from_user(&m, (uintptr_t)arg, sizeof(m));
      if (ret)
         return ret;
      if (m.flags || m.pad)
         return -EINVAL;
      if (vgpu_fd_get(m.fd2).kind != VGPU_FD_SYNC_FILE)
         return -EINVAL;
      m.fence = vgpu_sync_file_create();
      if (m.fence < 0)
         return m.fence;
      return vgpu_copy_to_user((uintptr_t)arg, &m, sizeof(m));
   }
   case SYNC_IOC_FILE_INFO: {
      struct sync_file_info info;
      int ret = vgpu_copy_from_user(&info, (uintptr_t)arg, sizeof(info));
      if (ret)
         return ret;
      if (info.flags || info.pad)
         return -EINVAL;
      memset(info.name, 0, sizeof(info.name));
      memcpy(info.name, "vgpu", 4);
      info.status = 1;
      info.num_fences = 0;
      return vgpu_copy_to_user((uintptr_t)arg, &info, sizeof(info));
   }
   default:
      return -ENOTTY;
   }
}

int
vgpu_ioctl_syncobj_create(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_create *a = arg;
   if (a->flags & ~(uint32_t)DRM_SYNCOBJ_CREATE_SIGNALED)
      return -EINVAL;
   struct vgpu_syncobj *s = syncobj_create(a->flags & DRM_SYNCOBJ_CREATE_SIGNALED);
   if (!s)
      return -ENOMEM;
   a->handle = vgpu_handle_alloc(&file->syncobjs, s);
   if (a->handle)
      return 0;
   vgpu_syncobj_unref(s);
   return -ENOMEM;
}

int
vgpu_ioctl_syncobj_destroy(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_destroy *a = arg;
   if (a->pad)
      return -EINVAL;
   struct vgpu_syncobj *s = vgpu_handle_remove(&file->syncobjs, a->handle);
   if (!s)
      return -EINVAL;
   vgpu_syncobj_unref(s);
   return 0;
}

int
vgpu_ioctl_syncobj_handle_to_fd(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_handle *a = arg;
   if (a->pad || (a->flags & ~(uint32_t)DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE))
      return -EINVAL;
   struct vgpu_syncobj *s = vgpu_syncobj_lookup(file, a->handle);

   if (a->flags & DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE) {
      if (!s)
         return -ENOENT;
      if (!s->has_fence)
         return -EINVAL;
      int fd = vgpu_sync_file_create();
      if (fd < 0)
         return fd;
      a->fd = fd;
      return 0;
   }

   if (!s)
      return -EINVAL;
   int fd = eventfd(0, EFD_CLOEXEC);
   if (fd < 0)
      return -errno;
   s->refcount++;
   vgpu_fd_set(fd, (struct vgpu_fd_entry){ .kind = VGPU_FD_SYNCOBJ, .syncobj = s });
   a->fd = fd;
   return 0;
}

int
vgpu_ioctl_syncobj_fd_to_handle(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_handle *a = arg;
   if (a->pad || (a->flags & ~(uint32_t)DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE))
      return -EINVAL;
   struct vgpu_fd_entry entry = vgpu_fd_get(a->fd);

   if (a->flags & DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE) {
      if (entry.kind != VGPU_FD_SYNC_FILE)
         return -EINVAL;
      struct vgpu_syncobj *s = vgpu_syncobj_lookup(file, a->handle);
      if (!s)
         return -ENOENT;
      vgpu_syncobj_signal(s, 0);
      return 0;
   }

   if (entry.kind != VGPU_FD_SYNCOBJ)
      return -EINVAL;
   uint32_t handle = vgpu_handle_alloc(&file->syncobjs, entry.syncobj);
   if (!handle)
      return -ENOMEM;
   entry.syncobj->refcount++;
   a->handle = handle;
   return 0;
}

/* Looks every handle up; -ENOENT if one does not exist. */
static int
lookup_all(struct vgpu_file *file, const uint32_t *handles, uint32_t count,
           struct vgpu_syncobj **out)
{
   for (uint32_t i = 0; i < count; i++) {
      out[i] = vgpu_syncobj_lookup(file, handles[i]);
      if (!out[i])
         return -ENOENT;
   }
   return 0;
}

struct syncobj_set {
   uint32_t *handles;
   uint64_t *points;
   struct vgpu_syncobj **objs;
   uint32_t count;
};

static void
syncobj_set_fini(struct syncobj_set *set)
{
   free(set->handles);
   free(set->points);
   free(set->objs);
}

static int
syncobj_set_init(struct syncobj_set *set, struct vgpu_file *file,
                 uint64_t handles_ptr, uint64_t points_ptr, uint32_t count)
{
   *set = (struct syncobj_set){ .count = count };
   if (count == 0)
      return -EINVAL;
   int ret = vgpu_copy_array_from_user((void **)&set->handles, handles_ptr,
                                       count, sizeof(uint32_t));
   if (!ret && points_ptr)
      ret = vgpu_copy_array_from_user((void **)&set->points, points_ptr,
                                      count, sizeof(uint64_t));
   if (!ret) {
      set->objs = calloc(count, sizeof(*set->objs));
      ret = set->objs ? lookup_all(file, set->handles, count, set->objs) : -ENOMEM;
   }
   if (ret)
      syncobj_set_fini(set);
   return ret;
}

static uint64_t
set_point(const struct syncobj_set *set, uint32_t i)
{
   return set->points ? set->points[i] : 0;
}

static bool
wait_satisfied(const struct syncobj_set *set, bool all, uint32_t *first)
{
   bool every = true;
   for (uint32_t i = 0; i < set->count; i++) {
      if (vgpu_syncobj_has_point(set->objs[i], set_point(set, i))) {
         if (!all) {
            *first = i;
            return true;
         }
      } else {
         every = false;
      }
   }
   *first = 0;
   return all && every;
}

#define KNOWN_WAIT_FLAGS (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | \
                          DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT | \
                          DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE)

/* timeout_nsec is an absolute CLOCK_MONOTONIC time, as in the DRM uAPI. */
static int
wait_common(struct syncobj_set *set, uint32_t flags, int64_t timeout_nsec,
            uint32_t *first_signaled)
{
   bool all = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   bool block = flags & (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                         DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE);

   /* Without WAIT_FOR_SUBMIT, waiting on a fence that was never submitted
    * is an error, not a wait. */
   if (!block) {
      for (uint32_t i = 0; i < set->count; i++) {
         if (!vgpu_syncobj_has_point(set->objs[i], set_point(set, i)))
            return -EINVAL;
      }
   }

   struct timespec deadline = {
      .tv_sec = timeout_nsec > 0 ? timeout_nsec / 1000000000 : 0,
      .tv_nsec = timeout_nsec > 0 ? timeout_nsec % 1000000000 : 0,
   };
   while (!wait_satisfied(set, all, first_signaled)) {
      /* The objects may be destroyed while we sleep: hold them. */
      for (uint32_t i = 0; i < set->count; i++)
         set->objs[i]->refcount++;
      int err = pthread_cond_timedwait(&vgpu.signalled, &vgpu.lock, &deadline);
      for (uint32_t i = 0; i < set->count; i++)
         vgpu_syncobj_unref(set->objs[i]);
      if (err == ETIMEDOUT && !wait_satisfied(set, all, first_signaled))
         return -ETIME;
   }
   return 0;
}

int
vgpu_ioctl_syncobj_wait(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_wait *a = arg;
   if (a->pad || (a->flags & ~KNOWN_WAIT_FLAGS))
      return -EINVAL;
   struct syncobj_set set;
   int ret = syncobj_set_init(&set, file, a->handles, 0, a->count_handles);
   if (ret)
      return ret;
   ret = wait_common(&set, a->flags, a->timeout_nsec, &a->first_signaled);
   syncobj_set_fini(&set);
   return ret;
}

int
vgpu_ioctl_syncobj_timeline_wait(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_timeline_wait *a = arg;
   if (a->pad || (a->flags & ~KNOWN_WAIT_FLAGS))
      return -EINVAL;
   struct syncobj_set set;
   int ret = syncobj_set_init(&set, file, a->handles, a->points ? a->points : 0,
                              a->count_handles);
   if (ret)
      return ret;
   ret = wait_common(&set, a->flags, a->timeout_nsec, &a->first_signaled);
   syncobj_set_fini(&set);
   return ret;
}

static int
array_op(struct vgpu_file *file, const struct drm_syncobj_array *a, bool signal)
{
   if (a->pad)
      return -EINVAL;
   struct syncobj_set set;
   int ret = syncobj_set_init(&set, file, a->handles, 0, a->count_handles);
   if (ret)
      return ret;
   for (uint32_t i = 0; i < set.count; i++) {
      if (signal)
         vgpu_syncobj_signal(set.objs[i], 0);
      else
         syncobj_reset(set.objs[i]);
   }
   syncobj_set_fini(&set);
   return 0;
}

int
vgpu_ioctl_syncobj_reset(struct vgpu_file *file, void *arg)
{
   return array_op(file, arg, false);
}

int
vgpu_ioctl_syncobj_signal(struct vgpu_file *file, void *arg)
{
   return array_op(file, arg, true);
}

int
vgpu_ioctl_syncobj_timeline_signal(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_timeline_array *a = arg;
   if (a->flags)
      return -EINVAL;
   struct syncobj_set set;
   int ret = syncobj_set_init(&set, file, a->handles, a->points, a->count_handles);
   if (ret)
      return ret;
   for (uint32_t i = 0; i < set.count; i++)
      vgpu_syncobj_signal(set.objs[i], set_point(&set, i));
   syncobj_set_fini(&set);
   return 0;
}

int
vgpu_ioctl_syncobj_query(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_timeline_array *a = arg;
   if (a->flags & ~(uint32_t)DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED)
      return -EINVAL;
   struct syncobj_set set;
   int ret = syncobj_set_init(&set, file, a->handles, 0, a->count_handles);
   if (ret)
      return ret;
   /* Submitted and signalled points are the same: batches retire at once. */
   for (uint32_t i = 0; i < set.count && !ret; i++)
      ret = vgpu_copy_to_user(a->points + i * sizeof(uint64_t),
                              &set.objs[i]->point, sizeof(uint64_t));
   syncobj_set_fini(&set);
   return ret;
}

int
vgpu_ioctl_syncobj_transfer(struct vgpu_file *file, void *arg)
{
   struct drm_syncobj_transfer *a = arg;
   if (a->pad || (a->flags & ~KNOWN_WAIT_FLAGS))
      return -EINVAL;
   struct vgpu_syncobj *src = vgpu_syncobj_lookup(file, a->src_handle);
   struct vgpu_syncobj *dst = vgpu_syncobj_lookup(file, a->dst_handle);
   if (!src || !dst)
      return -ENOENT;
   if (!vgpu_syncobj_has_point(src, a->src_point))
      return -EINVAL;
   vgpu_syncobj_signal(dst, a->dst_point);
   return 0;
}
