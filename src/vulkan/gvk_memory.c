/* Memory heaps and types, and VkDeviceMemory: one buffer object per
 * allocation. */
#include "gvk_memory.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "macros.h"

#define GiB (1ull << 30)
#define MiB (1ull << 20)
/* VkPhysicalDeviceLimits::nonCoherentAtomSize: one CPU cache line, the
 * unit clflush works on. */
#define CACHE_LINE 64u

/* What the driver may take of the memory the GPU reads: half of a small
 * system, three quarters of a larger one, and never more than three
 * quarters of the address space it hands addresses out of (the rest is
 * for the driver's own objects).  These are the shares Mesa's ANV
 * reports. */
static uint64_t
heap_size(const struct gvk_physical_device *pdev, uint64_t memory)
{
   uint64_t share = memory <= 4 * GiB ? memory / 2 : memory / 4 * 3;
   return MIN2(share, gvk_bo_va_size(pdev) / 4 * 3);
}

static const VkMemoryPropertyFlags HOST_MEMORY =
   VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT |
   VK_MEMORY_PROPERTY_HOST_CACHED_BIT;

/* Discrete parts: the device-local heap of VRAM and system memory the CPU
 * maps. */
static void
init_discrete(struct gvk_physical_device *pdev)
{
   VkPhysicalDeviceMemoryProperties *mem = &pdev->memory;
   mem->memoryHeapCount = 2;
   mem->memoryHeaps[0] = (VkMemoryHeap){
      .size = heap_size(pdev, pdev->local_memory_size),
      .flags = VK_MEMORY_HEAP_DEVICE_LOCAL_BIT,
   };
   mem->memoryHeaps[1] = (VkMemoryHeap){
      .size = heap_size(pdev, pdev->sys_memory_size),
   };
   mem->memoryTypeCount = 2;
   mem->memoryTypes[0] = (VkMemoryType){
      .propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, .heapIndex = 0,
   };
   mem->memoryTypes[1] = (VkMemoryType){
      .propertyFlags = HOST_MEMORY, .heapIndex = 1,
   };
}

void
gvk_physical_device_init_memory(struct gvk_physical_device *pdev)
{
   VkPhysicalDeviceMemoryProperties *mem = &pdev->memory;
   *mem = (VkPhysicalDeviceMemoryProperties){ 0 };
   for (uint32_t i = 0; i < VK_MAX_MEMORY_HEAPS; i++)
      atomic_init(&pdev->heap_used[i], 0);
   if (pdev->local_memory_size) {
      init_discrete(pdev);
      return;
   }

   /* Integrated parts: one heap of system memory. */
   mem->memoryHeapCount = 1;
   mem->memoryHeaps[0] = (VkMemoryHeap){
      .size = heap_size(pdev, pdev->sys_memory_size),
      .flags = VK_MEMORY_HEAP_DEVICE_LOCAL_BIT,
   };
   /* With an LLC the GPU snoops the CPU caches: cached mappings are
    * coherent. */
   if (pdev->info.has_llc) {
      mem->memoryTypeCount = 1;
      mem->memoryTypes[0] = (VkMemoryType){
         .propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | HOST_MEMORY,
         .heapIndex = 0,
      };
      return;
   }
   /* Without one (Bay Trail, Cherryview, Broxton, Gemini Lake) the GPU
    * does not snoop: write-combined mappings are coherent, cached ones
    * need the application's flushes and invalidations, done with
    * clflush. */
   mem->memoryTypeCount = 2;
   mem->memoryTypes[0] = (VkMemoryType){
      .propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                       VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
      .heapIndex = 0,
   };
   mem->memoryTypes[1] = (VkMemoryType){
      .propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                       VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
      .heapIndex = 0,
   };
}

/* ---- vkGetPhysicalDeviceMemoryProperties ---- */

/* Bytes the system could still give (MemAvailable: free memory plus
 * caches the kernel can drop), or free pages on kernels without it. */
static uint64_t
available_system_memory(void)
{
   FILE *f = fopen("/proc/meminfo", "r");
   unsigned long long kib = 0;
   bool found = false;
   if (f) {
      char line[128];
      while (!found && fgets(line, sizeof(line), f))
         found = sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
      fclose(f);
   }
   if (found)
      return kib * 1024;
   long pages = sysconf(_SC_AVPHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
   return pages > 0 && page_size > 0 ? (uint64_t)pages * page_size : 0;
}

/* VK_EXT_memory_budget: what this process uses of each heap, and what it
 * could use: its usage plus 90% of what the system has left (the rest is
 * the system's), never more than the heap, in whole MiB. */
static void
fill_budget(struct gvk_physical_device *pdev,
            VkPhysicalDeviceMemoryBudgetPropertiesEXT *budget)
{
   uint64_t available = available_system_memory() / 10 * 9;
   const VkPhysicalDeviceMemoryProperties *mem = &pdev->memory;
   for (uint32_t i = 0; i < VK_MAX_MEMORY_HEAPS; i++) {
      if (i >= mem->memoryHeapCount) {
         budget->heapUsage[i] = budget->heapBudget[i] = 0;
         continue;
      }
      uint64_t used = atomic_load(&pdev->heap_used[i]);
      uint64_t limit = MIN2(mem->memoryHeaps[i].size, used + available);
      budget->heapUsage[i] = used;
      budget->heapBudget[i] = MAX2(limit & ~(MiB - 1), used);
   }
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice physicalDevice,
                                      VkPhysicalDeviceMemoryProperties *pMem)
{
   *pMem = gvk_physical_device_from_handle(physicalDevice)->memory;
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPhysicalDeviceMemoryProperties2(VkPhysicalDevice physicalDevice,
                                       VkPhysicalDeviceMemoryProperties2 *pMem)
{
   struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   pMem->memoryProperties = pdev->memory;
   for (VkBaseOutStructure *s = pMem->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT)
         fill_budget(pdev, (VkPhysicalDeviceMemoryBudgetPropertiesEXT *)s);
   }
}

/* ---- vkAllocateMemory ---- */

static VkMemoryPropertyFlags
type_flags(const struct gvk_device *device, uint32_t type_index)
{
   return device->pdev->memory.memoryTypes[type_index].propertyFlags;
}

static bool
type_is_coherent(const struct gvk_device *device, uint32_t type_index)
{
   return type_flags(device, type_index) & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
}

/* The chained structures genvk cannot honour: no external memory, no
 * capture and replay of addresses, one physical device per group. */
static VkResult
check_allocate_chain(const VkMemoryAllocateInfo *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      switch (s->sType) {
      case VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO:
         if (((const VkExportMemoryAllocateInfo *)s)->handleTypes)
            return gvk_fail(VK_ERROR_INVALID_EXTERNAL_HANDLE,
                            "vkAllocateMemory: genvk exports no memory "
                            "(handle types 0x%x)",
                            ((const VkExportMemoryAllocateInfo *)s)->handleTypes);
         break;
      case VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR:
      case VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT:
         return gvk_fail(VK_ERROR_INVALID_EXTERNAL_HANDLE,
                         "vkAllocateMemory: genvk imports no memory");
      case VK_STRUCTURE_TYPE_MEMORY_OPAQUE_CAPTURE_ADDRESS_ALLOCATE_INFO:
         if (((const VkMemoryOpaqueCaptureAddressAllocateInfo *)s)->opaqueCaptureAddress)
            return gvk_fail(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS,
                            "vkAllocateMemory: genvk does not replay "
                            "captured addresses");
         break;
      case VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO: {
         const VkMemoryAllocateFlagsInfo *f = (const void *)s;
         if ((f->flags & VK_MEMORY_ALLOCATE_DEVICE_MASK_BIT) &&
             f->deviceMask != 1)
            return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                            "vkAllocateMemory: device mask 0x%x names "
                            "devices the group does not have", f->deviceMask);
         /* Every allocation has a fixed device address already. */
         break;
      }
      default:
         /* Dedicated allocations need nothing special: each allocation is
          * its own buffer object. */
         break;
      }
   }
   return VK_SUCCESS;
}

static VkResult
check_allocate_info(const struct gvk_device *device,
                    const VkMemoryAllocateInfo *info)
{
   const VkPhysicalDeviceMemoryProperties *mem = &device->pdev->memory;
   if (info->memoryTypeIndex >= mem->memoryTypeCount)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkAllocateMemory: memory type %u does not exist (%u "
                      "types)", info->memoryTypeIndex, mem->memoryTypeCount);
   if (info->allocationSize == 0)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkAllocateMemory: allocationSize is 0");
   const VkMemoryHeap *heap =
      &mem->memoryHeaps[mem->memoryTypes[info->memoryTypeIndex].heapIndex];
   if (info->allocationSize > heap->size)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkAllocateMemory: %llu bytes exceed the heap's %llu",
                      (unsigned long long)info->allocationSize,
                      (unsigned long long)heap->size);
   return check_allocate_chain(info);
}

/* Counts size against the heap; fails when the process would use more
 * than the heap holds. */
static VkResult
charge_heap(struct gvk_physical_device *pdev, uint32_t heap, uint64_t size)
{
   uint64_t used = atomic_fetch_add(&pdev->heap_used[heap], size) + size;
   if (used <= pdev->memory.memoryHeaps[heap].size)
      return VK_SUCCESS;
   atomic_fetch_sub(&pdev->heap_used[heap], size);
   return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                   "vkAllocateMemory: heap %u is full (%llu of %llu bytes "
                   "used, %llu asked)", heap,
                   (unsigned long long)(used - size),
                   (unsigned long long)pdev->memory.memoryHeaps[heap].size,
                   (unsigned long long)size);
}

static uint32_t
heap_of(const struct gvk_device *device, uint32_t type_index)
{
   return device->pdev->memory.memoryTypes[type_index].heapIndex;
}

VkMemoryRequirements
gvk_memory_requirements(const struct gvk_device *device, uint64_t size, uint64_t alignment)
{
   return (VkMemoryRequirements){
      .size = size,
      .alignment = alignment,
      .memoryTypeBits = (1u << device->pdev->memory.memoryTypeCount) - 1,
   };
}

void
gvk_memory_requirements_chain(VkMemoryRequirements2 *req)
{
   for (VkBaseOutStructure *s = req->pNext; s; s = s->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS)
         continue;
      /* Every allocation is a kernel object of its own and any resource
       * shares one freely: a dedicated allocation gains nothing. */
      VkMemoryDedicatedRequirements *d = (VkMemoryDedicatedRequirements *)s;
      d->prefersDedicatedAllocation = VK_FALSE;
      d->requiresDedicatedAllocation = VK_FALSE;
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_AllocateMemory(VkDevice _device, const VkMemoryAllocateInfo *pAllocateInfo,
                   const VkAllocationCallbacks *pAllocator,
                   VkDeviceMemory *pMemory)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   VkResult result = check_allocate_info(device, pAllocateInfo);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_device_memory *mem =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*mem),
                        VK_OBJECT_TYPE_DEVICE_MEMORY,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   mem->size = pAllocateInfo->allocationSize;
   mem->type_index = pAllocateInfo->memoryTypeIndex;

   uint32_t heap = heap_of(device, mem->type_index);
   uint64_t charged = ALIGN_POT(mem->size, 4096ull);
   result = charge_heap(device->pdev, heap, charged);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&mem->base);
      return result;
   }
   VkMemoryPropertyFlags props = type_flags(device, mem->type_index);
   uint32_t flags = (props & VK_MEMORY_PROPERTY_HOST_CACHED_BIT) &&
                    !(props & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
                    ? GVK_BO_HOST_CACHED : 0;
   result = gvk_bo_create(device, mem->size, flags, "device memory",
                          &mem->bo);
   if (result != VK_SUCCESS) {
      atomic_fetch_sub(&device->pdev->heap_used[heap], charged);
      gvk_object_destroy(&mem->base);
      return result;
   }
   *pMemory = gvk_device_memory_to_handle(mem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_FreeMemory(VkDevice _device, VkDeviceMemory _memory,
               const VkAllocationCallbacks *pAllocator)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_device_memory *mem = gvk_device_memory_from_handle(_memory);
   if (!mem)
      return;
   /* Freeing a mapped allocation unmaps it (vkFreeMemory); the object's
    * CPU mapping goes with the object. */
   atomic_fetch_sub(&device->pdev->heap_used[heap_of(device, mem->type_index)],
                    ALIGN_POT(mem->size, 4096ull));
   gvk_bo_unref(device, mem->bo);
   gvk_object_destroy(&mem->base);
}

/* ---- mapping ---- */

VKAPI_ATTR VkResult VKAPI_CALL
gvk_MapMemory(VkDevice _device, VkDeviceMemory _memory, VkDeviceSize offset,
              VkDeviceSize size, VkMemoryMapFlags flags, void **ppData)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_device_memory *mem = gvk_device_memory_from_handle(_memory);
   *ppData = NULL;
   if (!(type_flags(device, mem->type_index) &
         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
      return gvk_fail(VK_ERROR_MEMORY_MAP_FAILED,
                      "vkMapMemory: memory type %u is not host visible",
                      mem->type_index);
   if (mem->map)
      return gvk_fail(VK_ERROR_MEMORY_MAP_FAILED,
                      "vkMapMemory: the memory is already mapped");
   if (offset >= mem->size)
      return gvk_fail(VK_ERROR_MEMORY_MAP_FAILED,
                      "vkMapMemory: offset %llu is past the %llu-byte "
                      "allocation", (unsigned long long)offset,
                      (unsigned long long)mem->size);
   if (size == VK_WHOLE_SIZE)
      size = mem->size - offset;
   if (size == 0 || size > mem->size - offset)
      return gvk_fail(VK_ERROR_MEMORY_MAP_FAILED,
                      "vkMapMemory: %llu bytes at offset %llu do not fit in "
                      "the %llu-byte allocation", (unsigned long long)size,
                      (unsigned long long)offset,
                      (unsigned long long)mem->size);
   uint8_t *map = gvk_bo_map(device, mem->bo);
   if (!map)
      return gvk_fail(VK_ERROR_MEMORY_MAP_FAILED,
                      "vkMapMemory: mapping %llu bytes failed",
                      (unsigned long long)mem->bo->size);
   mem->map = map + offset;
   mem->map_offset = offset;
   mem->map_size = size;
   *ppData = mem->map;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_UnmapMemory(VkDevice _device, VkDeviceMemory _memory)
{
   struct gvk_device_memory *mem = gvk_device_memory_from_handle(_memory);
   /* The object keeps its CPU mapping until it is freed: mapping again is
    * then free. */
   mem->map = NULL;
   mem->map_offset = mem->map_size = 0;
}

/* The bytes of a range within the mapping, widened to whole cache lines
 * (the object's mapping covers whole pages, so they stay inside it). */
static bool
range_lines(const struct gvk_device_memory *mem, const VkMappedMemoryRange *r,
            uint8_t **start, uint8_t **end)
{
   if (!mem->map || r->offset < mem->map_offset ||
       r->offset - mem->map_offset >= mem->map_size)
      return false;
   uint64_t first = r->offset;
   uint64_t last = mem->map_offset + mem->map_size;
   if (r->size != VK_WHOLE_SIZE)
      last = MIN2(last, first + r->size);
   uint8_t *base = (uint8_t *)mem->map - mem->map_offset;
   *start = base + (first & ~(uint64_t)(CACHE_LINE - 1));
   *end = base + ALIGN_POT(last, (uint64_t)CACHE_LINE);
   return true;
}

static void
clflush_lines(uint8_t *start, uint8_t *end)
{
   for (uint8_t *p = start; p < end; p += CACHE_LINE)
      __builtin_ia32_clflush(p);
}

/* Host writes reach memory: the fence makes every earlier store globally
 * visible before the lines are written back. */
static void
flush_lines(uint8_t *start, uint8_t *end)
{
   __builtin_ia32_mfence();
   clflush_lines(start, end);
   __builtin_ia32_mfence();
}

/* Stale lines leave the cache.  Atom cores (the non-LLC parts) do not
 * order clflushes with the fence alone, so the last line is flushed once
 * more before it, which orders it after the others (as Mesa's drivers do
 * on those parts). */
static void
invalidate_lines(uint8_t *start, uint8_t *end)
{
   clflush_lines(start, end);
   __builtin_ia32_clflush(end - 1);
   __builtin_ia32_mfence();
}

static VkResult
for_each_noncoherent_range(struct gvk_device *device, uint32_t count,
                           const VkMappedMemoryRange *ranges, const char *what,
                           void (*op)(uint8_t *, uint8_t *))
{
   for (uint32_t i = 0; i < count; i++) {
      struct gvk_device_memory *mem =
         gvk_device_memory_from_handle(ranges[i].memory);
      if (type_is_coherent(device, mem->type_index))
         continue;
      uint8_t *start, *end;
      if (!range_lines(mem, &ranges[i], &start, &end)) {
         log_warn("%s: range %u (offset %llu) is not in a mapping: "
                  "ignored", what, i, (unsigned long long)ranges[i].offset);
         continue;
      }
      op(start, end);
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_FlushMappedMemoryRanges(VkDevice _device, uint32_t memoryRangeCount,
                            const VkMappedMemoryRange *pMemoryRanges)
{
   return for_each_noncoherent_range(gvk_device_from_handle(_device),
                                     memoryRangeCount, pMemoryRanges,
                                     "vkFlushMappedMemoryRanges", flush_lines);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_InvalidateMappedMemoryRanges(VkDevice _device, uint32_t memoryRangeCount,
                                 const VkMappedMemoryRange *pMemoryRanges)
{
   return for_each_noncoherent_range(gvk_device_from_handle(_device),
                                     memoryRangeCount, pMemoryRanges,
                                     "vkInvalidateMappedMemoryRanges",
                                     invalidate_lines);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetDeviceMemoryCommitment(VkDevice device, VkDeviceMemory memory,
                              VkDeviceSize *pCommittedMemoryInBytes)
{
   /* No memory type is lazily allocated: all of it is committed. */
   *pCommittedMemoryInBytes = gvk_device_memory_from_handle(memory)->size;
}

VKAPI_ATTR uint64_t VKAPI_CALL
gvk_GetDeviceMemoryOpaqueCaptureAddress(
   VkDevice device, const VkDeviceMemoryOpaqueCaptureAddressInfo *pInfo)
{
   return gvk_device_memory_from_handle(pInfo->memory)->bo->addr;
}
