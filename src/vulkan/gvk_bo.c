#include "gvk_bo.h"

#include <string.h>
#include <sys/mman.h>

#include <i915_drm.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "macros.h"

#define PAGE_SIZE 4096ull
/* Gen7/7.5 keep their presumed addresses in 32 bits, and the aliasing
 * PPGTT of those parts is 2 GiB (devinfo.c). */
#define GEN7_VA_LIMIT (2ull << 30)
/* Where GVK_BO_32BIT objects must end. */
#define BO_32BIT_LIMIT (1ull << 32)

/* A free range [start, end) of an address space or of a heap. */
struct gvk_heap_hole {
   uint64_t start, end;
};

struct gvk_device_bos {
   pthread_mutex_t lock;
   /* Live objects sorted by address, so that lookups are a binary search;
    * bo->list_index is each one's slot. */
   struct gvk_bo **live;
   uint32_t num_live, cap_live;
   /* Free virtual-address ranges, sorted. */
   struct gvk_heap_hole *holes;
   uint32_t num_holes, cap_holes;
   /* Blocks not in use.  cap_free_blocks never falls below the number of
    * blocks created, so that gvk_block_put never allocates. */
   struct gvk_bo **free_blocks;
   uint32_t num_free_blocks, cap_free_blocks, num_blocks;
};

static const VkAllocationCallbacks *
device_alloc(struct gvk_device *device)
{
   return &device->base.alloc;
}

static VkResult
grow_array(const VkAllocationCallbacks *alloc, void **array, uint32_t *cap,
           uint32_t count, uint32_t need, size_t elem)
{
   return gvk_grow_array(alloc, array, cap, count, need, elem,
                         VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
}

/* ---- free-range lists (address space and heaps) ----
 *
 * Holes and allocations alternate, so a list never holds more than one
 * hole per allocation plus one: callers keep that much capacity and
 * releasing a range never needs memory. */

/* First fit: the hole index and aligned start of `size` bytes ending at
 * or below `limit`, or false. */
static bool
holes_find(const struct gvk_heap_hole *holes, uint32_t n, uint64_t size,
           uint64_t align, uint64_t limit, uint32_t *index, uint64_t *start)
{
   for (uint32_t i = 0; i < n; i++) {
      uint64_t s = ALIGN_POT(holes[i].start, align);
      uint64_t end = MIN2(holes[i].end, limit);
      if (s >= holes[i].start && s <= end && end - s >= size) {
         *index = i;
         *start = s;
         return true;
      }
   }
   return false;
}

/* Takes [start, end) out of hole i; the caller has room for one more. */
static void
holes_carve(struct gvk_heap_hole *holes, uint32_t *n, uint32_t i,
            uint64_t start, uint64_t end)
{
   struct gvk_heap_hole h = holes[i];
   bool before = start > h.start, after = end < h.end;
   if (before && after) {
      memmove(&holes[i + 2], &holes[i + 1], (*n - i - 1) * sizeof(*holes));
      holes[i] = (struct gvk_heap_hole){ h.start, start };
      holes[i + 1] = (struct gvk_heap_hole){ end, h.end };
      (*n)++;
   } else if (before) {
      holes[i].end = start;
   } else if (after) {
      holes[i].start = end;
   } else {
      memmove(&holes[i], &holes[i + 1], (*n - i - 1) * sizeof(*holes));
      (*n)--;
   }
}

/* Returns [start, end) to the list, merged with its neighbours; the caller
 * has room for one more hole. */
static void
holes_release(struct gvk_heap_hole *holes, uint32_t *n, uint64_t start,
              uint64_t end)
{
   uint32_t i = 0;
   while (i < *n && holes[i].start < start)
      i++;
   bool join_prev = i > 0 && holes[i - 1].end == start;
   bool join_next = i < *n && holes[i].start == end;
   if (join_prev && join_next) {
      holes[i - 1].end = holes[i].end;
      memmove(&holes[i], &holes[i + 1], (*n - i - 1) * sizeof(*holes));
      (*n)--;
   } else if (join_prev) {
      holes[i - 1].end = end;
   } else if (join_next) {
      holes[i].start = start;
   } else {
      memmove(&holes[i + 1], &holes[i], (*n - i) * sizeof(*holes));
      holes[i] = (struct gvk_heap_hole){ start, end };
      (*n)++;
   }
}

/* ---- the device's objects and address space ---- */

/* The range addresses are handed out from: above GVK_VA_RESERVED, below
 * what the kernel lets the context address (and 2 GiB on Gen7/7.5). */
static uint64_t
va_limit(const struct gvk_physical_device *pdev)
{
   uint64_t limit = MIN2(pdev->info.gtt_size, 1ull << 48);
   if (!pdev->info.has_full_ppgtt)
      limit = MIN2(limit, GEN7_VA_LIMIT);
   return limit;
}

uint64_t
gvk_bo_va_size(const struct gvk_physical_device *pdev)
{
   uint64_t limit = va_limit(pdev);
   return limit > GVK_VA_RESERVED ? limit - GVK_VA_RESERVED : 0;
}

VkResult
gvk_device_bos_init(struct gvk_device *device)
{
   const VkAllocationCallbacks *alloc = device_alloc(device);
   struct gvk_device_bos *bos =
      gvk_zalloc(alloc, sizeof(*bos), VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!bos)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   uint64_t limit = va_limit(device->pdev);
   if (limit <= GVK_VA_RESERVED) {
      gvk_free(alloc, bos);
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateDevice: the kernel reports a GPU address "
                      "space of %llu bytes", (unsigned long long)limit);
   }
   if (grow_array(alloc, (void **)&bos->holes, &bos->cap_holes, 0, 16,
                  sizeof(*bos->holes)) != VK_SUCCESS) {
      gvk_free(alloc, bos);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   bos->holes[0] = (struct gvk_heap_hole){ GVK_VA_RESERVED, limit };
   bos->num_holes = 1;
   pthread_mutex_init(&bos->lock, NULL);
   device->bos = bos;
   return VK_SUCCESS;
}

void
gvk_device_bos_finish(struct gvk_device *device)
{
   struct gvk_device_bos *bos = device->bos;
   if (!bos)
      return;
   for (uint32_t i = 0; i < bos->num_free_blocks; i++)
      gvk_bo_unref(device, bos->free_blocks[i]);
   if (bos->num_live)
      log_warn("%s: %u buffer objects still alive at vkDestroyDevice "
               "(first: %s)", device->pdev->info.name, bos->num_live,
               bos->live[0]->name);
   const VkAllocationCallbacks *alloc = device_alloc(device);
   pthread_mutex_destroy(&bos->lock);
   gvk_free(alloc, bos->live);
   gvk_free(alloc, bos->holes);
   gvk_free(alloc, bos->free_blocks);
   gvk_free(alloc, bos);
   device->bos = NULL;
}

/* Slot of the first live object whose address is above addr. */
static uint32_t
live_upper_bound(const struct gvk_device_bos *bos, uint64_t addr)
{
   uint32_t lo = 0, hi = bos->num_live;
   while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (bos->live[mid]->addr <= addr)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static void
renumber_live(struct gvk_device_bos *bos, uint32_t from)
{
   for (uint32_t i = from; i < bos->num_live; i++)
      bos->live[i]->list_index = i;
}

/* Gives bo an address and puts it on the live list (lock held). */
static VkResult
add_live_locked(struct gvk_device *device, struct gvk_bo *bo)
{
   struct gvk_device_bos *bos = device->bos;
   const VkAllocationCallbacks *alloc = device_alloc(device);
   VkResult result =
      grow_array(alloc, (void **)&bos->live, &bos->cap_live, bos->num_live,
                 bos->num_live + 1, sizeof(*bos->live));
   if (result == VK_SUCCESS)
      result = grow_array(alloc, (void **)&bos->holes, &bos->cap_holes,
                          bos->num_holes, bos->num_live + 3,
                          sizeof(*bos->holes));
   if (result != VK_SUCCESS)
      return result;

   uint32_t hole;
   uint64_t start;
   const bool low = bo->flags & GVK_BO_32BIT;
   if (!holes_find(bos->holes, bos->num_holes, bo->size, PAGE_SIZE,
                   low ? BO_32BIT_LIMIT : UINT64_MAX, &hole, &start))
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "%s: no %llu-byte range left in the GPU address space%s",
                      device->pdev->info.name, (unsigned long long)bo->size,
                      low ? " below 4 GiB" : "");
   holes_carve(bos->holes, &bos->num_holes, hole, start, start + bo->size);
   bo->addr = start;

   uint32_t slot = live_upper_bound(bos, start);
   memmove(&bos->live[slot + 1], &bos->live[slot],
           (bos->num_live - slot) * sizeof(*bos->live));
   bos->live[slot] = bo;
   bos->num_live++;
   renumber_live(bos, slot);
   return VK_SUCCESS;
}

static void
remove_live_locked(struct gvk_device_bos *bos, struct gvk_bo *bo)
{
   uint32_t slot = bo->list_index;
   memmove(&bos->live[slot], &bos->live[slot + 1],
           (bos->num_live - slot - 1) * sizeof(*bos->live));
   bos->num_live--;
   renumber_live(bos, slot);
   holes_release(bos->holes, &bos->num_holes, bo->addr, bo->addr + bo->size);
}

static void *
map_bo(struct gvk_device *device, const struct gvk_bo *bo)
{
   const struct devinfo *info = &device->pdev->info;
   bool cached = info->has_llc || (bo->flags & GVK_BO_HOST_CACHED);
   return gvk_i915_gem_mmap(device->fd, bo->gem_handle, bo->size, cached,
                            info->has_local_memory);
}

VkResult
gvk_bo_create(struct gvk_device *device, uint64_t size, uint32_t flags,
              const char *name, struct gvk_bo **out)
{
   if (size == 0 || size > (1ull << 47))
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "%s: cannot create a buffer object of %llu bytes",
                      name, (unsigned long long)size);
   const VkAllocationCallbacks *alloc = device_alloc(device);
   struct gvk_bo *bo = gvk_zalloc(alloc, sizeof(*bo),
                                  VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!bo)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   bo->size = ALIGN_POT(size, PAGE_SIZE);
   bo->flags = flags;
   bo->name = name;
   atomic_init(&bo->refcount, 1);

   int ret = gvk_i915_gem_create(device->fd, bo->size, &bo->gem_handle);
   if (ret) {
      gvk_free(alloc, bo);
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "%s: DRM_IOCTL_I915_GEM_CREATE of %llu bytes failed: %s",
                      name, (unsigned long long)size, strerror(-ret));
   }
   VkResult result = VK_SUCCESS;
   if (flags & GVK_BO_MAP) {
      bo->map = map_bo(device, bo);
      if (!bo->map)
         result = gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                           "%s: cannot map a buffer object of %llu bytes",
                           name, (unsigned long long)bo->size);
   }
   if (result == VK_SUCCESS) {
      pthread_mutex_lock(&device->bos->lock);
      result = add_live_locked(device, bo);
      pthread_mutex_unlock(&device->bos->lock);
   }
   if (result != VK_SUCCESS) {
      if (bo->map)
         munmap(bo->map, bo->size);
      gvk_i915_gem_close(device->fd, bo->gem_handle);
      gvk_free(alloc, bo);
      return result;
   }
   *out = bo;
   return VK_SUCCESS;
}

struct gvk_bo *
gvk_bo_ref(struct gvk_bo *bo)
{
   atomic_fetch_add(&bo->refcount, 1);
   return bo;
}

void
gvk_bo_unref(struct gvk_device *device, struct gvk_bo *bo)
{
   if (!bo || atomic_fetch_sub(&bo->refcount, 1) != 1)
      return;
   pthread_mutex_lock(&device->bos->lock);
   remove_live_locked(device->bos, bo);
   pthread_mutex_unlock(&device->bos->lock);
   if (bo->map)
      munmap(bo->map, bo->size);
   gvk_i915_gem_close(device->fd, bo->gem_handle);
   gvk_free(device_alloc(device), bo);
}

void *
gvk_bo_map(struct gvk_device *device, struct gvk_bo *bo)
{
   void *map = atomic_load((_Atomic(void *) *)&bo->map);
   if (map)
      return map;
   map = map_bo(device, bo);
   if (!map)
      return NULL;
   /* Two threads may map at once: the first mapping wins. */
   void *expected = NULL;
   if (!atomic_compare_exchange_strong((_Atomic(void *) *)&bo->map,
                                       &expected, map)) {
      munmap(map, bo->size);
      return expected;
   }
   return map;
}

struct gvk_bo *
gvk_bo_lookup_addr(struct gvk_device *device, uint64_t addr)
{
   struct gvk_device_bos *bos = device->bos;
   pthread_mutex_lock(&bos->lock);
   uint32_t slot = live_upper_bound(bos, addr);
   struct gvk_bo *bo = NULL;
   if (slot > 0 && addr - bos->live[slot - 1]->addr < bos->live[slot - 1]->size)
      bo = bos->live[slot - 1];
   pthread_mutex_unlock(&bos->lock);
   return bo;
}

/* A reference on an object whose last one is not being dropped right now
 * (an object being destroyed is still listed until its destructor takes
 * the lock). */
static bool
ref_if_alive(struct gvk_bo *bo)
{
   unsigned count = atomic_load(&bo->refcount);
   while (count) {
      if (atomic_compare_exchange_weak(&bo->refcount, &count, count + 1))
         return true;
   }
   return false;
}

VkResult
gvk_bo_list_snapshot_into(struct gvk_device *device,
                          const VkAllocationCallbacks *alloc,
                          struct gvk_bo ***list, uint32_t *capacity,
                          uint32_t *count)
{
   struct gvk_device_bos *bos = device->bos;
   pthread_mutex_lock(&bos->lock);
   if (bos->num_live > *capacity || !*list) {
      const uint32_t cap = MAX2(bos->num_live, 1u);
      struct gvk_bo **grown = gvk_alloc(alloc, cap * sizeof(*grown),
                                        VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      if (!grown) {
         pthread_mutex_unlock(&bos->lock);
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      }
      gvk_free(alloc, *list);
      *list = grown;
      *capacity = cap;
   }
   uint32_t n = 0;
   for (uint32_t i = 0; i < bos->num_live; i++) {
      if (ref_if_alive(bos->live[i]))
         (*list)[n++] = bos->live[i];
   }
   pthread_mutex_unlock(&bos->lock);
   *count = n;
   return VK_SUCCESS;
}

VkResult
gvk_bo_list_snapshot(struct gvk_device *device,
                     const VkAllocationCallbacks *alloc,
                     struct gvk_bo ***bos_out, uint32_t *count_out)
{
   uint32_t capacity = 0;
   *bos_out = NULL;
   return gvk_bo_list_snapshot_into(device, alloc, bos_out, &capacity, count_out);
}

void
gvk_bo_list_unref(struct gvk_device *device, struct gvk_bo **bos, uint32_t count)
{
   for (uint32_t i = 0; i < count; i++)
      gvk_bo_unref(device, bos[i]);
}

void
gvk_bo_list_release(struct gvk_device *device,
                    const VkAllocationCallbacks *alloc, struct gvk_bo **bos,
                    uint32_t count)
{
   gvk_bo_list_unref(device, bos, count);
   gvk_free(alloc, bos);
}

void
gvk_bo_exec_object(const struct gvk_device *device, const struct gvk_bo *bo,
                   struct drm_i915_gem_exec_object2 *out)
{
   *out = (struct drm_i915_gem_exec_object2){
      .handle = bo->gem_handle,
      .offset = bo->addr,
      .flags = (bo->flags & GVK_BO_CAPTURE) ? EXEC_OBJECT_CAPTURE : 0,
   };
   if (device->pdev->info.has_full_ppgtt) {
      out->offset = gpu_addr_to_canonical(bo->addr);
      out->flags |= EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
   }
}

/* ---- relocations (Gen7/7.5) ---- */

VkResult
gvk_reloc_add(struct gvk_device *device, struct gvk_reloc_list *list,
              const VkAllocationCallbacks *alloc, uint32_t offset,
              uint64_t addr, bool write)
{
   if (device->pdev->info.has_full_ppgtt)
      return VK_SUCCESS;
   struct gvk_bo *target = gvk_bo_lookup_addr(device, addr);
   if (!target)
      return VK_SUCCESS;
   if (list->count == list->capacity) {
      uint32_t cap = list->capacity ? list->capacity * 2 : 64;
      struct drm_i915_gem_relocation_entry *entries =
         gvk_alloc(alloc, cap * sizeof(*entries),
                   VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!entries)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      if (list->count)
         memcpy(entries, list->entries, list->count * sizeof(*entries));
      gvk_free(alloc, list->entries);
      list->entries = entries;
      list->capacity = cap;
   }
   /* i915 uAPI: without I915_EXEC_HANDLE_LUT the target is a GEM handle;
    * a write domain marks the target written for the kernel's implicit
    * synchronisation, and at most one domain may be named. */
   list->entries[list->count++] = (struct drm_i915_gem_relocation_entry){
      .target_handle = target->gem_handle,
      .delta = (uint32_t)(addr - target->addr),
      .offset = offset,
      .presumed_offset = target->addr,
      .read_domains = I915_GEM_DOMAIN_RENDER,
      .write_domain = write ? I915_GEM_DOMAIN_RENDER : 0,
   };
   return VK_SUCCESS;
}

void
gvk_reloc_list_finish(struct gvk_reloc_list *list,
                      const VkAllocationCallbacks *alloc)
{
   gvk_free(alloc, list->entries);
   *list = (struct gvk_reloc_list){ 0 };
}

/* ---- heaps ---- */

VkResult
gvk_heap_init(struct gvk_device *device, struct gvk_heap *heap,
              uint64_t size, const char *name)
{
   *heap = (struct gvk_heap){ .alloc = device_alloc(device) };
   VkResult result = grow_array(heap->alloc, (void **)&heap->holes,
                                &heap->cap_holes, 0, 16,
                                sizeof(*heap->holes));
   if (result != VK_SUCCESS)
      return result;
   result = gvk_bo_create(device, size, GVK_BO_MAP | GVK_BO_CAPTURE, name,
                          &heap->bo);
   if (result != VK_SUCCESS) {
      gvk_free(heap->alloc, heap->holes);
      return result;
   }
   heap->holes[0] = (struct gvk_heap_hole){ 0, heap->bo->size };
   heap->num_holes = 1;
   pthread_mutex_init(&heap->lock, NULL);
   return VK_SUCCESS;
}

void
gvk_heap_finish(struct gvk_device *device, struct gvk_heap *heap)
{
   if (!heap->bo)
      return;
   pthread_mutex_destroy(&heap->lock);
   gvk_bo_unref(device, heap->bo);
   gvk_free(heap->alloc, heap->holes);
   *heap = (struct gvk_heap){ 0 };
}

/* First fit in the heap (lock held). */
static VkResult
heap_alloc_locked(struct gvk_heap *heap, uint32_t size, uint32_t align,
                  uint32_t *offset)
{
   VkResult result = grow_array(heap->alloc, (void **)&heap->holes,
                                &heap->cap_holes, heap->num_holes,
                                heap->num_allocs + 2, sizeof(*heap->holes));
   if (result != VK_SUCCESS)
      return result;
   uint32_t hole;
   uint64_t start;
   if (!holes_find(heap->holes, heap->num_holes, size, align, UINT64_MAX,
                   &hole, &start))
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "%s: no room for %u bytes in its %llu bytes",
                      heap->bo->name, size,
                      (unsigned long long)heap->bo->size);
   holes_carve(heap->holes, &heap->num_holes, hole, start, start + size);
   heap->num_allocs++;
   *offset = (uint32_t)start;
   return VK_SUCCESS;
}

VkResult
gvk_heap_alloc(struct gvk_heap *heap, uint32_t size, uint32_t align,
               uint32_t *offset)
{
   if (size == 0 || align == 0 || (align & (align - 1)))
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "%s: invalid heap allocation of %u bytes aligned to %u",
                      heap->bo->name, size, align);
   pthread_mutex_lock(&heap->lock);
   VkResult result = heap_alloc_locked(heap, size, align, offset);
   pthread_mutex_unlock(&heap->lock);
   return result;
}

void
gvk_heap_free(struct gvk_heap *heap, uint32_t offset, uint32_t size)
{
   pthread_mutex_lock(&heap->lock);
   holes_release(heap->holes, &heap->num_holes, offset, (uint64_t)offset + size);
   heap->num_allocs--;
   pthread_mutex_unlock(&heap->lock);
}

/* ---- blocks ---- */

VkResult
gvk_block_get(struct gvk_device *device, struct gvk_bo **out)
{
   struct gvk_device_bos *bos = device->bos;
   pthread_mutex_lock(&bos->lock);
   if (bos->num_free_blocks) {
      *out = bos->free_blocks[--bos->num_free_blocks];
      pthread_mutex_unlock(&bos->lock);
      return VK_SUCCESS;
   }
   /* The new block's slot in the free list is reserved now. */
   VkResult result = grow_array(device_alloc(device),
                                (void **)&bos->free_blocks,
                                &bos->cap_free_blocks, 0,
                                bos->num_blocks + 1,
                                sizeof(*bos->free_blocks));
   if (result == VK_SUCCESS)
      bos->num_blocks++;
   pthread_mutex_unlock(&bos->lock);
   if (result != VK_SUCCESS)
      return result;

   result = gvk_bo_create(device, GVK_BLOCK_SIZE, GVK_BO_MAP | GVK_BO_CAPTURE,
                          "block", out);
   if (result != VK_SUCCESS) {
      pthread_mutex_lock(&bos->lock);
      bos->num_blocks--;
      pthread_mutex_unlock(&bos->lock);
   }
   return result;
}

void
gvk_block_put(struct gvk_device *device, struct gvk_bo *bo)
{
   struct gvk_device_bos *bos = device->bos;
   pthread_mutex_lock(&bos->lock);
   bos->free_blocks[bos->num_free_blocks++] = bo;
   pthread_mutex_unlock(&bos->lock);
}
