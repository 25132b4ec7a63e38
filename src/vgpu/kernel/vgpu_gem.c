/* GEM buffer objects: creation, handles, CPU mappings, tiling/caching state
 * and PRIME export/import, with the i915 kernel's argument checks.
 *
 * A BO's pages are a range of a memfd (vgpu_bomem.c).  vgpu's own map and
 * every CPU mapping the application asks for are mmaps of that range, so
 * the application's writes are what the GPU model reads and vice versa,
 * and unmapping one view leaves the others. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

#include "vgpu_priv.h"

#define PAGE_SIZE 4096ull
#define ALIGN_PAGE(v) (((v) + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1))

static bool
page_aligned(uint64_t v)
{
   return (v & (PAGE_SIZE - 1)) == 0;
}

static struct vgpu_bo *
bo_create(uint64_t size)
{
   struct vgpu_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return NULL;
   bo->size = size;
   if (vgpu_bomem_alloc(bo) != 0) {
      free(bo);
      return NULL;
   }
   bo->refcount = 1;
   bo->caching = vgpu.info->has_llc ? I915_CACHING_CACHED : I915_CACHING_NONE;
   return bo;
}

void
vgpu_bo_ref(struct vgpu_bo *bo)
{
   bo->refcount++;
}

void
vgpu_bo_unref(struct vgpu_bo *bo)
{
   if (--bo->refcount > 0)
      return;
   if (!bo->userptr)
      vgpu_bomem_free(bo);
   free(bo);
}

struct vgpu_bo *
vgpu_bo_lookup(struct vgpu_file *file, uint32_t handle)
{
   return vgpu_handle_get(&file->bos, handle);
}

/* Gives bo a handle in file (taking over the caller's reference). */
static int
install_handle(struct vgpu_file *file, struct vgpu_bo *bo, uint32_t *handle)
{
   *handle = vgpu_handle_alloc(&file->bos, bo);
   if (*handle)
      return 0;
   vgpu_bo_unref(bo);
   return -ENOMEM;
}

/* The kernel refuses objects larger than the memory region backing them. */
static int
check_create_size(uint64_t size)
{
   if (size == 0)
      return -EINVAL;
   if (size > vgpu.system_memory || size + PAGE_SIZE < size)
      return -E2BIG;
   return 0;
}

int
vgpu_ioctl_gem_create(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_create *a = arg;
   int ret = check_create_size(a->size);
   if (ret)
      return ret;
   uint64_t size = ALIGN_PAGE(a->size);
   struct vgpu_bo *bo = bo_create(size);
   if (!bo)
      return -ENOMEM;
   a->size = size;
   return install_handle(file, bo, &a->handle);
}

static int
check_create_ext_chain(uint64_t ext_ptr)
{
   for (unsigned depth = 0; ext_ptr; depth++) {
      struct i915_user_extension ext;
      if (depth > 16)
         return -E2BIG;
      int ret = vgpu_copy_from_user(&ext, ext_ptr, sizeof(ext));
      if (ret)
         return ret;
      if (ext.flags || ext.rsvd[0] || ext.rsvd[1] || ext.rsvd[2])
         return -EINVAL;
      if (ext.name == I915_GEM_CREATE_EXT_MEMORY_REGIONS) {
         struct drm_i915_gem_create_ext_memory_regions mr;
         ret = vgpu_copy_from_user(&mr, ext_ptr, sizeof(mr));
         if (ret)
            return ret;
         if (mr.pad || mr.num_regions == 0)
            return -EINVAL;
         for (uint32_t i = 0; i < mr.num_regions; i++) {
            struct drm_i915_gem_memory_class_instance ci;
            ret = vgpu_copy_from_user(&ci, mr.regions + i * sizeof(ci), sizeof(ci));
            if (ret)
               return ret;
            /* Integrated parts have only system memory. */
            if (ci.memory_class != I915_MEMORY_CLASS_SYSTEM || ci.memory_instance)
               return -EINVAL;
         }
      } else if (ext.name != I915_GEM_CREATE_EXT_PROTECTED_CONTENT) {
         return -EINVAL;
      }
      ext_ptr = ext.next_extension;
   }
   return 0;
}

int
vgpu_ioctl_gem_create_ext(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_create_ext *a = arg;
   if (a->flags)
      return -EINVAL;
   int ret = check_create_ext_chain(a->extensions);
   if (ret)
      return ret;
   struct drm_i915_gem_create legacy = { .size = a->size };
   ret = vgpu_ioctl_gem_create(file, &legacy);
   a->size = legacy.size;
   a->handle = legacy.handle;
   return ret;
}

static void
forget_in_file_vms(struct vgpu_file *file, struct vgpu_bo *bo)
{
   struct vgpu_vm *vm;
   vgpu_handle_foreach(&file->vms, h, vm)
      vgpu_vm_forget_bo(vm, bo);
   vgpu_vm_forget_bo(file->default_vm, bo);
}

int
vgpu_ioctl_gem_close(struct vgpu_file *file, void *arg)
{
   struct drm_gem_close *a = arg;
   struct vgpu_bo *bo = vgpu_handle_remove(&file->bos, a->handle);
   if (!bo)
      return -EINVAL;
   forget_in_file_vms(file, bo);
   vgpu_bo_unref(bo);
   return 0;
}

void
vgpu_file_close_bos(struct vgpu_file *file)
{
   struct vgpu_bo *bo;
   vgpu_handle_foreach(&file->bos, h, bo)
      vgpu_bo_unref(bo);
   vgpu_handle_table_fini(&file->bos);
}

/* ---- CPU mappings ---- */

void *
vgpu_map_bo_pages(struct vgpu_bo *bo, void *addr, size_t length, int prot,
                  int flags, uint64_t bo_offset)
{
   if (length == 0 || !page_aligned(bo_offset) || bo_offset > bo->size ||
       length > bo->size - bo_offset) {
      errno = EINVAL;
      return MAP_FAILED;
   }
   /* A userptr object has no pages of i915's to map (its dma-buf mmap is
    * ENODEV there too). */
   if (bo->userptr) {
      errno = ENODEV;
      return MAP_FAILED;
   }
   return vgpu_bomem_map_view(bo, addr, length, prot, flags, bo_offset);
}

static struct vgpu_bo *
bo_by_mmap_offset(struct vgpu_file *file, uint64_t offset, uint64_t *bo_offset)
{
   struct vgpu_bo *bo;
   vgpu_handle_foreach(&file->bos, h, bo) {
      if (bo->mmap_offset && offset >= bo->mmap_offset &&
          offset < bo->mmap_offset + bo->size) {
         *bo_offset = offset - bo->mmap_offset;
         return bo;
      }
   }
   return NULL;
}

void *
vgpu_mmap_bo(struct vgpu_file *file, void *addr, size_t length, int prot,
             int flags, off_t offset)
{
   uint64_t bo_offset;
   struct vgpu_bo *bo = bo_by_mmap_offset(file, (uint64_t)offset, &bo_offset);
   /* No object at that offset in this file is EINVAL, as in the DRM core;
    * private mappings of GEM objects are refused too. */
   if (!bo || !(flags & MAP_SHARED)) {
      errno = EINVAL;
      return MAP_FAILED;
   }
   return vgpu_map_bo_pages(bo, addr, length, prot, flags, bo_offset);
}

static int
assign_mmap_offset(struct vgpu_bo *bo, uint64_t *offset)
{
   if (bo->userptr)
      return -ENODEV;
   if (!bo->mmap_offset) {
      bo->mmap_offset = vgpu.next_mmap_offset;
      vgpu.next_mmap_offset += bo->size + PAGE_SIZE;
   }
   *offset = bo->mmap_offset;
   return 0;
}

/* GEM_MMAP_GTT and GEM_MMAP_OFFSET share the ioctl number; the legacy form
 * arrives zero-extended, i.e. as the GTT mode. */
int
vgpu_ioctl_gem_mmap_offset(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_mmap_offset *a = arg;
   /* FIXED is the only mode of discrete parts; vgpu models integrated ones. */
   if (a->flags > I915_MMAP_OFFSET_UC || a->pad || a->extensions)
      return -EINVAL;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   uint64_t offset = 0;
   int ret = assign_mmap_offset(bo, &offset);
   a->offset = offset;
   return ret;
}

int
vgpu_ioctl_gem_mmap(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_mmap *a = arg;
   if (a->flags & ~(uint64_t)I915_MMAP_WC)
      return -EINVAL;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   if (bo->userptr)
      return -ENODEV;
   if (a->offset > bo->size || a->size > bo->size - a->offset)
      return -EINVAL;
   /* The legacy ioctl maps from the start of the object and returns the
    * address of offset within it. */
   void *ptr = vgpu_map_bo_pages(bo, NULL, ALIGN_PAGE(a->offset + a->size),
                                 PROT_READ | PROT_WRITE, 0, 0);
   if (ptr == MAP_FAILED)
      return -ENOMEM;
   a->addr_ptr = (uint64_t)(uintptr_t)ptr + a->offset;
   return 0;
}

/* ---- userptr ---- */

static int
check_user_range_mapped(uint64_t ptr, uint64_t size)
{
   unsigned char vec[256];
   for (uint64_t off = 0; off < size; off += sizeof(vec) * PAGE_SIZE) {
      uint64_t chunk = size - off < sizeof(vec) * PAGE_SIZE ?
                       size - off : sizeof(vec) * PAGE_SIZE;
      if (mincore((void *)(uintptr_t)(ptr + off), chunk, vec) != 0)
         return -EFAULT;
   }
   return 0;
}

int
vgpu_ioctl_gem_userptr(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_userptr *a = arg;
   const uint32_t known = I915_USERPTR_READ_ONLY | I915_USERPTR_PROBE |
                          I915_USERPTR_UNSYNCHRONIZED;
   if (a->flags & ~known)
      return -EINVAL;
   /* Unsynchronized userptr needs CAP_SYS_ADMIN and is gone upstream. */
   if (a->flags & I915_USERPTR_UNSYNCHRONIZED)
      return -ENODEV;
   if (!page_aligned(a->user_ptr | a->user_size) || a->user_size == 0 ||
       a->user_ptr + a->user_size < a->user_ptr)
      return -EINVAL;
   if (a->flags & I915_USERPTR_PROBE) {
      int ret = check_user_range_mapped(a->user_ptr, a->user_size);
      if (ret)
         return ret;
   }
   struct vgpu_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return -ENOMEM;
   bo->refcount = 1;
   bo->size = a->user_size;
   bo->map = (uint8_t *)(uintptr_t)a->user_ptr;
   bo->userptr = true;
   bo->readonly = a->flags & I915_USERPTR_READ_ONLY;
   bo->caching = I915_CACHING_CACHED;
   return install_handle(file, bo, &a->handle);
}

/* A submission that uses a userptr object makes the kernel pin its pages,
 * faulting them in writable unless the object is read-only, and fail with
 * EFAULT when a page is unmapped or lacks that access.  vgpu's command
 * streamer and EUs use the application's memory directly, so the same
 * check keeps such a range from faulting inside vgpu.  MADV_POPULATE_*
 * faults the range in as the pin does, without touching its bytes (unlike
 * a pin, it does not stop the application unmapping the range while the
 * batch runs). */
int
vgpu_bo_pin_userptr(const struct vgpu_bo *bo)
{
   if (!bo->userptr)
      return 0;
   int advice = bo->readonly ? MADV_POPULATE_READ : MADV_POPULATE_WRITE;
   if (madvise(bo->map, bo->size, advice) == 0)
      return 0;
   /* Kernels before 5.14 refuse the advice itself (a zero length checks
    * only that): there the range goes unchecked, as before. */
   if (errno == EINVAL && madvise(bo->map, 0, advice) != 0)
      return 0;
   return -EFAULT;
}

/* ---- object state ---- */

int
vgpu_ioctl_gem_set_domain(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_set_domain *a = arg;
   const uint32_t cpu_domains = I915_GEM_DOMAIN_CPU | I915_GEM_DOMAIN_GTT |
                                I915_GEM_DOMAIN_WC;
   if ((a->read_domains | a->write_domain) & ~cpu_domains)
      return -EINVAL;
   if (a->write_domain && a->read_domains != a->write_domain)
      return -EINVAL;
   return vgpu_bo_lookup(file, a->handle) ? 0 : -ENOENT;
}

/* Fence-register tiling rules (i915 "tiling_ok"): the stride is a whole
 * number of tiles (512 B for X, 128 B for Y) and at most 256 KiB. */
int
vgpu_ioctl_gem_set_tiling(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_set_tiling *a = arg;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   if (a->tiling_mode > I915_TILING_LAST)
      return -EINVAL;
   if (a->tiling_mode != I915_TILING_NONE) {
      uint32_t tile_width = a->tiling_mode == I915_TILING_Y ? 128 : 512;
      if (a->stride == 0 || a->stride > 256 * 1024 || a->stride % tile_width)
         return -EINVAL;
   }
   if (bo->userptr)
      return -EINVAL;
   bo->tiling_mode = a->tiling_mode;
   bo->stride = a->tiling_mode == I915_TILING_NONE ? 0 : a->stride;
   a->stride = bo->stride;
   /* vgpu models memory without bit-6 address swizzling. */
   a->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
   return 0;
}

int
vgpu_ioctl_gem_get_tiling(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_get_tiling *a = arg;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   a->tiling_mode = bo->tiling_mode;
   a->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
   a->phys_swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
   return 0;
}

int
vgpu_ioctl_gem_set_caching(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_caching *a = arg;
   if (a->caching > I915_CACHING_DISPLAY)
      return -EINVAL;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   bo->caching = a->caching;
   return 0;
}

int
vgpu_ioctl_gem_get_caching(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_caching *a = arg;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   a->caching = bo->caching;
   return 0;
}

int
vgpu_ioctl_gem_madvise(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_madvise *a = arg;
   if (a->madv != I915_MADV_WILLNEED && a->madv != I915_MADV_DONTNEED)
      return -EINVAL;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   bo->madv = a->madv;
   a->retained = 1;
   return 0;
}

/* Batches retire before EXECBUFFER2 returns: every object is idle. */
int
vgpu_ioctl_gem_wait(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_wait *a = arg;
   if (a->flags)
      return -EINVAL;
   return vgpu_bo_lookup(file, a->bo_handle) ? 0 : -ENOENT;
}

int
vgpu_ioctl_gem_busy(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_busy *a = arg;
   if (!vgpu_bo_lookup(file, a->handle))
      return -ENOENT;
   a->busy = 0;
   return 0;
}

static int
check_rw_range(struct vgpu_file *file, uint32_t handle, uint64_t offset,
               uint64_t size, struct vgpu_bo **out)
{
   struct vgpu_bo *bo = vgpu_bo_lookup(file, handle);
   if (!bo)
      return -ENOENT;
   if (offset > bo->size || size > bo->size - offset)
      return -EINVAL;
   *out = bo;
   return 0;
}

int
vgpu_ioctl_gem_pread(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_pread *a = arg;
   struct vgpu_bo *bo;
   int ret = check_rw_range(file, a->handle, a->offset, a->size, &bo);
   return ret ? ret : vgpu_copy_to_user(a->data_ptr, bo->map + a->offset, a->size);
}

int
vgpu_ioctl_gem_pwrite(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_pwrite *a = arg;
   struct vgpu_bo *bo;
   int ret = check_rw_range(file, a->handle, a->offset, a->size, &bo);
   return ret ? ret : vgpu_copy_from_user(bo->map + a->offset, a->data_ptr, a->size);
}

int
vgpu_ioctl_gem_throttle(struct vgpu_file *file, void *arg)
{
   return 0;
}

/* ---- PRIME ---- */

int
vgpu_ioctl_prime_handle_to_fd(struct vgpu_file *file, void *arg)
{
   struct drm_prime_handle *a = arg;
   if (a->flags & ~(uint32_t)(DRM_CLOEXEC | DRM_RDWR))
      return -EINVAL;
   struct vgpu_bo *bo = vgpu_bo_lookup(file, a->handle);
   if (!bo)
      return -ENOENT;
   /* The dma-buf is a sized memfd that only names the object: lseek tells
    * its size, and vgpu answers mmap on it with the object's own pages. */
   int fd = memfd_create("vgpu-dmabuf", (a->flags & DRM_CLOEXEC) ? MFD_CLOEXEC : 0);
   if (fd < 0)
      return -errno;
   if (ftruncate(fd, (off_t)bo->size) != 0) {
      int err = errno;
      close(fd);
      return -err;
   }
   vgpu_bo_ref(bo);
   vgpu_fd_set(fd, (struct vgpu_fd_entry){ .kind = VGPU_FD_DMABUF, .bo = bo });
   a->fd = fd;
   return 0;
}

int
vgpu_ioctl_prime_fd_to_handle(struct vgpu_file *file, void *arg)
{
   struct drm_prime_handle *a = arg;
   struct vgpu_fd_entry entry = vgpu_fd_get(a->fd);
   if (entry.kind != VGPU_FD_DMABUF)
      return fcntl(a->fd, F_GETFD) < 0 ? -EBADF : -EINVAL;
   /* Importing an object the file already has returns its handle. */
   struct vgpu_bo *bo;
   vgpu_handle_foreach(&file->bos, h, bo) {
      if (bo == entry.bo) {
         a->handle = h;
         return 0;
      }
   }
   vgpu_bo_ref(entry.bo);
   return install_handle(file, entry.bo, &a->handle);
}
