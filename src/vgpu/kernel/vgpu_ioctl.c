/* Ioctl dispatch for the render node, with the DRM core's argument
 * handling: the argument struct is copied in (zero-extended when userspace
 * passes an older, shorter struct), handed to the handler, and copied back
 * out for ioctls that return data. */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/ioctl.h>

#include <drm.h>
#include <i915_drm.h>

#include "log.h"
#include "macros.h"
#include "vgpu_priv.h"

struct ioctl_desc {
   unsigned long request;   /* the current (largest) form of the ioctl */
   vgpu_ioctl_fn fn;
   const char *name;
   uint64_t feature;        /* VGPU_LACKS_* bit that removes the ioctl */
};

#define DESC(req, fn) { req, fn, #req, 0 }
#define SYNCOBJ_DESC(req, fn) { req, fn, #req, VGPU_LACKS_SYNCOBJ }

static const struct ioctl_desc ioctl_table[] = {
   DESC(DRM_IOCTL_VERSION, vgpu_ioctl_version),
   DESC(DRM_IOCTL_GET_UNIQUE, vgpu_ioctl_get_unique),
   DESC(DRM_IOCTL_GET_CAP, vgpu_ioctl_get_cap),
   DESC(DRM_IOCTL_GEM_CLOSE, vgpu_ioctl_gem_close),
   DESC(DRM_IOCTL_PRIME_HANDLE_TO_FD, vgpu_ioctl_prime_handle_to_fd),
   DESC(DRM_IOCTL_PRIME_FD_TO_HANDLE, vgpu_ioctl_prime_fd_to_handle),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_CREATE, vgpu_ioctl_syncobj_create),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_DESTROY, vgpu_ioctl_syncobj_destroy),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, vgpu_ioctl_syncobj_handle_to_fd),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, vgpu_ioctl_syncobj_fd_to_handle),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_WAIT, vgpu_ioctl_syncobj_wait),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_RESET, vgpu_ioctl_syncobj_reset),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_SIGNAL, vgpu_ioctl_syncobj_signal),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, vgpu_ioctl_syncobj_timeline_wait),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_QUERY, vgpu_ioctl_syncobj_query),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_TRANSFER, vgpu_ioctl_syncobj_transfer),
   SYNCOBJ_DESC(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, vgpu_ioctl_syncobj_timeline_signal),

   DESC(DRM_IOCTL_I915_GETPARAM, vgpu_ioctl_getparam),
   DESC(DRM_IOCTL_I915_QUERY, vgpu_ioctl_query),
   DESC(DRM_IOCTL_I915_GEM_GET_APERTURE, vgpu_ioctl_get_aperture),
   DESC(DRM_IOCTL_I915_REG_READ, vgpu_ioctl_reg_read),
   DESC(DRM_IOCTL_I915_GEM_CREATE, vgpu_ioctl_gem_create),
   DESC(DRM_IOCTL_I915_GEM_CREATE_EXT, vgpu_ioctl_gem_create_ext),
   DESC(DRM_IOCTL_I915_GEM_MMAP, vgpu_ioctl_gem_mmap),
   DESC(DRM_IOCTL_I915_GEM_MMAP_OFFSET, vgpu_ioctl_gem_mmap_offset),
   DESC(DRM_IOCTL_I915_GEM_USERPTR, vgpu_ioctl_gem_userptr),
   DESC(DRM_IOCTL_I915_GEM_SET_DOMAIN, vgpu_ioctl_gem_set_domain),
   DESC(DRM_IOCTL_I915_GEM_SET_TILING, vgpu_ioctl_gem_set_tiling),
   DESC(DRM_IOCTL_I915_GEM_GET_TILING, vgpu_ioctl_gem_get_tiling),
   DESC(DRM_IOCTL_I915_GEM_SET_CACHING, vgpu_ioctl_gem_set_caching),
   DESC(DRM_IOCTL_I915_GEM_GET_CACHING, vgpu_ioctl_gem_get_caching),
   DESC(DRM_IOCTL_I915_GEM_MADVISE, vgpu_ioctl_gem_madvise),
   DESC(DRM_IOCTL_I915_GEM_WAIT, vgpu_ioctl_gem_wait),
   DESC(DRM_IOCTL_I915_GEM_BUSY, vgpu_ioctl_gem_busy),
   DESC(DRM_IOCTL_I915_GEM_PREAD, vgpu_ioctl_gem_pread),
   DESC(DRM_IOCTL_I915_GEM_PWRITE, vgpu_ioctl_gem_pwrite),
   DESC(DRM_IOCTL_I915_GEM_THROTTLE, vgpu_ioctl_gem_throttle),
   DESC(DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, vgpu_ioctl_context_create_ext),
   DESC(DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, vgpu_ioctl_context_destroy),
   DESC(DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, vgpu_ioctl_context_getparam),
   DESC(DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, vgpu_ioctl_context_setparam),
   DESC(DRM_IOCTL_I915_GEM_VM_CREATE, vgpu_ioctl_vm_create),
   DESC(DRM_IOCTL_I915_GEM_VM_DESTROY, vgpu_ioctl_vm_destroy),
   DESC(DRM_IOCTL_I915_GET_RESET_STATS, vgpu_ioctl_get_reset_stats),
   DESC(DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, vgpu_ioctl_execbuffer2),
};

/* The table indexed by command number, built once: every ioctl looks its
 * entry up. */
static const struct ioctl_desc *by_nr[1u << _IOC_NRBITS];

static void
index_table(void)
{
   for (size_t i = ARRAY_SIZE(ioctl_table); i-- > 0;)
      by_nr[_IOC_NR(ioctl_table[i].request)] = &ioctl_table[i];
}

static const struct ioctl_desc *
find_desc(unsigned long request)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, index_table);
   return by_nr[_IOC_NR(request)];
}

#define MAX_ARG_SIZE 256

static int
dispatch(struct vgpu_file *file, const struct ioctl_desc *desc,
         unsigned long request, void *arg)
{
   size_t usize = _IOC_SIZE(request);
   size_t ksize = _IOC_SIZE(desc->request);
   if (usize > MAX_ARG_SIZE || ksize > MAX_ARG_SIZE)
      return -EINVAL;

   uint8_t buf[MAX_ARG_SIZE] __attribute__((aligned(8)));
   memset(buf, 0, sizeof(buf));
   if (_IOC_DIR(request) & _IOC_WRITE) {
      int ret = vgpu_copy_from_user(buf, (uint64_t)(uintptr_t)arg, usize);
      if (ret)
         return ret;
   }
   int ret = desc->fn(file, buf);
   if (ret == 0 && (_IOC_DIR(request) & _IOC_READ))
      ret = vgpu_copy_to_user((uint64_t)(uintptr_t)arg, buf, MIN2(usize, ksize));
   return ret;
}

int
vgpu_ioctl(struct vgpu_file *file, unsigned long request, void *arg)
{
   if (_IOC_TYPE(request) != DRM_IOCTL_BASE)
      return -ENOTTY;
   const struct ioctl_desc *desc = find_desc(request);
   int ret;
   if (!desc)
      ret = -EINVAL;
   else if (desc->feature & vgpu.lacks)
      ret = -EOPNOTSUPP;   /* the DRM core's answer for a missing driver feature */
   else
      ret = dispatch(file, desc, request, arg);
   if (vgpu.debug & VGPU_DEBUG_IOCTL)
      log_info("ioctl %s (nr 0x%02x) -> %s", desc ? desc->name : "unknown",
               (unsigned)_IOC_NR(request), ret ? strerror(-ret) : "0");
   return ret;
}
