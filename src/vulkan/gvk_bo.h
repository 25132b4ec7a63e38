/* GEM buffer objects, the GPU virtual-address space and the device-wide
 * heaps sub-allocated from buffer objects (kernels, state blocks).
 *
 * Every buffer object gets a GPU virtual address from the device's
 * allocator, unique for its lifetime, on every generation:
 *   - Gen8+ (full PPGTT): the object is softpinned there (EXEC_OBJECT_PINNED);
 *   - Gen7/7.5 (no softpin): the address is the presumed address written
 *     into batches and states, and each such write is recorded as a
 *     relocation (struct gvk_reloc_list) so that the kernel patches it
 *     wherever it placed the object.  gvk_bo_lookup_addr() finds the
 *     object an address points into.
 * Every live buffer object is on the device's list and is passed to every
 * execbuffer2 (so that memory reached through descriptors or device
 * addresses is always resident). */
#ifndef GVK_BO_H
#define GVK_BO_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct gvk_device;

enum gvk_bo_flags {
   GVK_BO_MAP = 1u << 0,         /* map for CPU access at creation */
   GVK_BO_CAPTURE = 1u << 1,     /* EXEC_OBJECT_CAPTURE (kernels, batches) */
   /* Map write-back even without an LLC: the non-coherent memory type,
    * whose users clflush (vkFlush/InvalidateMappedMemoryRanges). */
   GVK_BO_HOST_CACHED = 1u << 2,
   /* The whole object below 4 GiB: addresses held in 32 bits (scratch
    * space, whose offset from General State Base Address 0 is R0.5's
    * 32-bit field). */
   GVK_BO_32BIT = 1u << 3,
};

/* Addresses below this are never handed out: page 0, so that a null
 * address faults, and the idle batch's fixed address (gvk_device.c). */
#define GVK_VA_RESERVED (2ull << 20)

struct gvk_bo {
   uint32_t gem_handle;
   uint32_t flags;               /* enum gvk_bo_flags */
   uint64_t size;
   uint64_t addr;                /* GPU virtual address (see above) */
   void *map;                    /* whole-object CPU mapping, or NULL */
   atomic_uint refcount;
   uint32_t list_index;          /* slot in the device's list of live BOs */
   const char *name;             /* for GENVK_DEBUG output */
};

struct gvk_address {
   struct gvk_bo *bo;
   uint64_t offset;
};

static inline uint64_t
gvk_address_gpu(struct gvk_address a)
{
   return a.bo ? a.bo->addr + a.offset : a.offset;
}

/* The device's live objects, address allocator and free blocks
 * (gvk_bo.c), created first and destroyed last by vkCreate/DestroyDevice. */
VkResult gvk_device_bos_init(struct gvk_device *device);
void gvk_device_bos_finish(struct gvk_device *device);
/* Bytes of GPU address space objects get addresses from. */
struct gvk_physical_device;
uint64_t gvk_bo_va_size(const struct gvk_physical_device *pdev);

/* Creates a zeroed object of at least size bytes (page rounded) with a
 * fresh virtual address (below 4 GiB with GVK_BO_32BIT).
 * VK_ERROR_OUT_OF_DEVICE_MEMORY when the kernel or the address space
 * refuses, VK_ERROR_OUT_OF_HOST_MEMORY when the host
 * allocation fails. */
VkResult gvk_bo_create(struct gvk_device *device, uint64_t size,
                       uint32_t flags, const char *name, struct gvk_bo **out);
struct gvk_bo *gvk_bo_ref(struct gvk_bo *bo);
/* Drops a reference; the last one closes the object and frees its address. */
void gvk_bo_unref(struct gvk_device *device, struct gvk_bo *bo);
/* Maps the object if not mapped yet (write-back on LLC parts, write-combined
 * otherwise); NULL on failure. */
void *gvk_bo_map(struct gvk_device *device, struct gvk_bo *bo);

/* The live object whose [addr, addr + size) holds addr, or NULL. */
struct gvk_bo *gvk_bo_lookup_addr(struct gvk_device *device, uint64_t addr);

/* A snapshot of every live object, for execbuffer2, with a reference on
 * each; release with gvk_bo_list_release. */
VkResult gvk_bo_list_snapshot(struct gvk_device *device,
                              const VkAllocationCallbacks *alloc,
                              struct gvk_bo ***bos, uint32_t *count);
void gvk_bo_list_release(struct gvk_device *device,
                         const VkAllocationCallbacks *alloc,
                         struct gvk_bo **bos, uint32_t count);
/* The same snapshot into an array the caller keeps (*capacity entries,
 * grown with alloc only when the live objects outnumber it), so that a
 * submission allocates nothing once it is large enough, sorted by
 * address; drop the references with gvk_bo_list_unref. */
VkResult gvk_bo_list_snapshot_into(struct gvk_device *device,
                                   const VkAllocationCallbacks *alloc,
                                   struct gvk_bo ***bos, uint32_t *capacity,
                                   uint32_t *count);
void gvk_bo_list_unref(struct gvk_device *device, struct gvk_bo **bos,
                       uint32_t count);

/* The execbuffer2 entry of bo: softpinned at its address on full-PPGTT
 * devices, else with its address as the presumed offset (relocations). */
struct drm_i915_gem_exec_object2;
void gvk_bo_exec_object(const struct gvk_device *device,
                        const struct gvk_bo *bo,
                        struct drm_i915_gem_exec_object2 *out);

/* Relocations of one buffer object (Gen7/7.5 only: empty elsewhere): the
 * entries of DRM_IOCTL_I915_GEM_EXECBUFFER2's relocs_ptr. */
struct drm_i915_gem_relocation_entry;
struct gvk_reloc_list {
   struct drm_i915_gem_relocation_entry *entries;
   uint32_t count, capacity;
};

/* Records that the 32- or 64-bit address at byte `offset` of the object
 * the list belongs to points at addr; the value to write there is addr
 * itself (the target's address is its presumed offset).  Records nothing
 * on softpin devices or when addr lies in no object (a null address).
 * Entries name the target by GEM handle: execbuffer2 must not set
 * I915_EXEC_HANDLE_LUT.  Fails only when allocation fails. */
VkResult gvk_reloc_add(struct gvk_device *device, struct gvk_reloc_list *list,
                       const VkAllocationCallbacks *alloc, uint32_t offset,
                       uint64_t addr, bool write);
void gvk_reloc_list_finish(struct gvk_reloc_list *list,
                           const VkAllocationCallbacks *alloc);

/* A heap sub-allocated from one buffer object with a fixed address (the
 * instruction heap: Instruction Base Address points at it for every
 * batch, and kernel start pointers are offsets into it). */
struct gvk_heap {
   pthread_mutex_t lock;
   struct gvk_bo *bo;
   const VkAllocationCallbacks *alloc;  /* the device's, for the holes */
   struct gvk_heap_hole *holes;  /* free ranges, sorted */
   uint32_t num_holes, cap_holes;
   uint32_t num_allocs;
};

VkResult gvk_heap_init(struct gvk_device *device, struct gvk_heap *heap,
                       uint64_t size, const char *name);
void gvk_heap_finish(struct gvk_device *device, struct gvk_heap *heap);
/* Offset of `size` bytes aligned to `align` (a power of two), first fit;
 * VK_ERROR_OUT_OF_DEVICE_MEMORY when no free range is large enough,
 * VK_ERROR_OUT_OF_HOST_MEMORY. */
VkResult gvk_heap_alloc(struct gvk_heap *heap, uint32_t size, uint32_t align,
                        uint32_t *offset);
void gvk_heap_free(struct gvk_heap *heap, uint32_t offset, uint32_t size);

/* Blocks: GVK_BLOCK_SIZE-byte mapped objects, recycled by the device, that
 * command buffers write batches into and fill with states (binding tables,
 * surface states, interface descriptors, CURBE data, sampler states).  A
 * command buffer points Surface State and Dynamic State Base Address at
 * the state block it is filling, so every offset in those states is
 * block-relative (and fits the 16-bit binding table pointers of Gen7/8). */
#define GVK_BLOCK_SIZE (64u * 1024u)

VkResult gvk_block_get(struct gvk_device *device, struct gvk_bo **out);
void gvk_block_put(struct gvk_device *device, struct gvk_bo *bo);

#endif
