/* Buffer objects, GPU addresses, heaps, blocks, device memory, buffers and
 * buffer views, white-box on vgpu: the driver is linked statically so that
 * the objects behind the handles can be inspected.  A batch built here
 * copies a dword the host wrote into another allocation and stores an
 * immediate, through softpinned addresses (Gen8+) or relocations
 * (Gen7/7.5), and the host reads both back through its mappings.
 * Usage: test_bo llc|no-llc   (what the emulated PCI id must report) */
#include <stdio.h>
#include <string.h>

#include <i915_drm.h>

#include "counting_alloc.h"
#include "gvk_bo.h"
#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "gvk_test.h"
#include "macros.h"

struct env {
   struct gvk_test_gpu g;
   struct gvk_device *device;
   struct gvk_physical_device *pdev;
   struct counting_alloc counter;
   VkAllocationCallbacks alloc;
};

/* ---- buffer objects and addresses ---- */

static bool
overlap(const struct gvk_bo *a, const struct gvk_bo *b)
{
   return a->addr < b->addr + b->size && b->addr < a->addr + a->size;
}

static void
test_addresses(struct env *e)
{
   static const uint64_t sizes[] = { 1, 4096, 4097, 65536, 1 << 20, 3 << 20,
                                     12345, 8192 };
   struct gvk_bo *bos[ARRAY_SIZE(sizes)];
   uint64_t limit = e->pdev->info.has_full_ppgtt ? 1ull << 48 : 2ull << 30;
   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++) {
      REQUIRE(gvk_bo_create(e->device, sizes[i], 0, "test", &bos[i]) ==
            VK_SUCCESS);
      REQUIRE(bos[i]->size >= sizes[i] && bos[i]->size % 4096 == 0);
      REQUIRE(bos[i]->addr % 4096 == 0);
      REQUIRE(bos[i]->addr >= GVK_VA_RESERVED);
      REQUIRE(bos[i]->addr + bos[i]->size <= limit);
      for (unsigned j = 0; j < i; j++)
         REQUIRE(!overlap(bos[i], bos[j]));
   }
   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++) {
      struct gvk_bo *bo = bos[i];
      REQUIRE(gvk_bo_lookup_addr(e->device, bo->addr) == bo);
      REQUIRE(gvk_bo_lookup_addr(e->device, bo->addr + bo->size / 2) == bo);
      REQUIRE(gvk_bo_lookup_addr(e->device, bo->addr + bo->size - 1) == bo);
      REQUIRE(gvk_bo_lookup_addr(e->device, bo->addr + bo->size) != bo);
   }
   REQUIRE(gvk_bo_lookup_addr(e->device, 0) == NULL);
   REQUIRE(gvk_bo_lookup_addr(e->device, 4096) == NULL);

   /* A freed object is no longer found, and its range is handed out
    * again (first fit). */
   uint64_t freed = bos[3]->addr, freed_size = bos[3]->size;
   gvk_bo_unref(e->device, bos[3]);
   REQUIRE(gvk_bo_lookup_addr(e->device, freed) == NULL);
   REQUIRE(gvk_bo_lookup_addr(e->device, freed + freed_size - 1) == NULL);
   REQUIRE(gvk_bo_create(e->device, freed_size, 0, "again", &bos[3]) ==
         VK_SUCCESS);
   REQUIRE(bos[3]->addr == freed);

   /* References: the object lives until the last one goes. */
   gvk_bo_ref(bos[0]);
   gvk_bo_unref(e->device, bos[0]);
   REQUIRE(gvk_bo_lookup_addr(e->device, bos[0]->addr) == bos[0]);

   /* The snapshot holds every live object, each with a reference. */
   struct gvk_bo **list;
   uint32_t count;
   REQUIRE(gvk_bo_list_snapshot(e->device, &e->alloc, &list, &count) ==
         VK_SUCCESS);
   unsigned found = 0;
   for (uint32_t i = 0; i < count; i++) {
      for (unsigned j = 0; j < ARRAY_SIZE(sizes); j++)
         found += list[i] == bos[j];
      if (i)
         REQUIRE(list[i - 1]->addr < list[i]->addr);
   }
   REQUIRE(found == ARRAY_SIZE(sizes));
   REQUIRE(atomic_load(&bos[1]->refcount) == 2);
   gvk_bo_list_release(e->device, &e->alloc, list, count);
   REQUIRE(atomic_load(&bos[1]->refcount) == 1);

   /* execbuffer2 entries */
   struct drm_i915_gem_exec_object2 obj;
   gvk_bo_exec_object(e->device, bos[2], &obj);
   REQUIRE(obj.handle == bos[2]->gem_handle);
   if (e->pdev->info.has_full_ppgtt) {
      REQUIRE(obj.offset == gpu_addr_to_canonical(bos[2]->addr));
      REQUIRE(obj.flags & EXEC_OBJECT_PINNED);
      REQUIRE(obj.flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS);
   } else {
      REQUIRE(obj.offset == bos[2]->addr);
      REQUIRE(!(obj.flags & EXEC_OBJECT_PINNED));
   }

   /* Mapping: the same pointer every time. */
   uint32_t *map = gvk_bo_map(e->device, bos[4]);
   REQUIRE(map != NULL && gvk_bo_map(e->device, bos[4]) == (void *)map);
   map[1000] = 0xdeadbeef;
   REQUIRE(((uint32_t *)bos[4]->map)[1000] == 0xdeadbeef);

   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++)
      gvk_bo_unref(e->device, bos[i]);
}

/* GVK_BO_32BIT: the whole object below 4 GiB.  Everything below 4 GiB
 * but a 64 KiB gap is taken by a filler object first, so that a plain
 * 128 KiB object straddles the 4 GiB line (first fit) while a 32-bit one
 * must refuse the gap, and a 64 KiB one must take it. */
static void
test_32bit(struct env *e)
{
   const uint64_t four_gib = 1ull << 32, gap = 64 * 1024;
   struct gvk_bo *probe, *filler, *plain, *low;
   REQUIRE(gvk_bo_create(e->device, 4096, GVK_BO_32BIT, "probe", &probe) == VK_SUCCESS);
   REQUIRE(probe->addr + probe->size <= four_gib);
   const uint64_t first_free = probe->addr;
   gvk_bo_unref(e->device, probe);
   if (!e->pdev->info.has_full_ppgtt) {
      /* Gen7/7.5: the whole address space is below 2 GiB. */
      printf("32-bit objects: the address space ends below 4 GiB\n");
      return;
   }
   if (gvk_bo_create(e->device, four_gib - first_free - gap, 0, "filler", &filler) !=
       VK_SUCCESS) {
      printf("32-bit objects: no ~4 GiB filler object here; only the placement "
             "of one object was checked\n");
      return;
   }
   REQUIRE(filler->addr == first_free);
   REQUIRE(gvk_bo_create(e->device, 2 * gap, 0, "plain", &plain) == VK_SUCCESS);
   REQUIRE(plain->addr < four_gib && plain->addr + plain->size > four_gib);
   REQUIRE(gvk_bo_create(e->device, 2 * gap, GVK_BO_32BIT, "low", &low) ==
         VK_ERROR_OUT_OF_DEVICE_MEMORY);
   gvk_bo_unref(e->device, plain);
   /* Free again, but only half of the range below 4 GiB. */
   REQUIRE(gvk_bo_create(e->device, 2 * gap, GVK_BO_32BIT, "low", &low) ==
         VK_ERROR_OUT_OF_DEVICE_MEMORY);
   REQUIRE(gvk_bo_create(e->device, gap, GVK_BO_32BIT, "low", &low) == VK_SUCCESS);
   REQUIRE(low->addr == four_gib - gap && low->addr + low->size == four_gib);
   REQUIRE(low->flags & GVK_BO_32BIT);
   gvk_bo_unref(e->device, low);
   gvk_bo_unref(e->device, filler);
}

static void
test_relocations(struct env *e)
{
   struct gvk_bo *bo;
   REQUIRE(gvk_bo_create(e->device, 8192, 0, "target", &bo) == VK_SUCCESS);
   struct gvk_reloc_list list = { 0 };
   REQUIRE(gvk_reloc_add(e->device, &list, &e->alloc, 16, bo->addr + 100,
                       false) == VK_SUCCESS);
   REQUIRE(gvk_reloc_add(e->device, &list, &e->alloc, 32, bo->addr + 4096,
                       true) == VK_SUCCESS);
   /* A null address points nowhere: nothing to relocate. */
   REQUIRE(gvk_reloc_add(e->device, &list, &e->alloc, 48, 0, true) ==
         VK_SUCCESS);
   /* Many entries: the list grows. */
   for (uint32_t i = 0; i < 200; i++)
      REQUIRE(gvk_reloc_add(e->device, &list, &e->alloc, 64 + 8 * i,
                          bo->addr + i, false) == VK_SUCCESS);

   if (e->pdev->info.has_full_ppgtt) {
      REQUIRE(list.count == 0);
   } else {
      REQUIRE(list.count == 202);
      const struct drm_i915_gem_relocation_entry *r = list.entries;
      REQUIRE(r[0].target_handle == bo->gem_handle);
      REQUIRE(r[0].offset == 16 && r[0].delta == 100);
      REQUIRE(r[0].presumed_offset == bo->addr);
      REQUIRE(r[0].write_domain == 0 && r[0].read_domains != 0);
      REQUIRE(r[1].offset == 32 && r[1].delta == 4096);
      REQUIRE(r[1].write_domain == I915_GEM_DOMAIN_RENDER);
      REQUIRE(r[201].offset == 64 + 8 * 199 && r[201].delta == 199);
   }
   gvk_reloc_list_finish(&list, &e->alloc);
   REQUIRE(list.entries == NULL && list.count == 0);
   gvk_bo_unref(e->device, bo);
}

/* ---- heaps and blocks ---- */

static void
test_heap(struct env *e)
{
   struct gvk_heap heap;
   REQUIRE(gvk_heap_init(e->device, &heap, 64 * 1024, "test heap") ==
         VK_SUCCESS);
   REQUIRE(heap.bo->map != NULL);
   uint32_t a, b, c, d, f, g;
   REQUIRE(gvk_heap_alloc(&heap, 16384, 64, &a) == VK_SUCCESS && a == 0);
   REQUIRE(gvk_heap_alloc(&heap, 16384, 64, &b) == VK_SUCCESS && b == 16384);
   REQUIRE(gvk_heap_alloc(&heap, 16384, 64, &c) == VK_SUCCESS && c == 32768);
   /* A hole in the middle is reused, first fit. */
   gvk_heap_free(&heap, b, 16384);
   REQUIRE(gvk_heap_alloc(&heap, 8192, 64, &d) == VK_SUCCESS && d == 16384);
   /* Too big for the remaining middle hole: goes after c. */
   REQUIRE(gvk_heap_alloc(&heap, 12288, 64, &f) == VK_SUCCESS && f == 49152);
   /* Alignment skips bytes that cannot hold it. */
   REQUIRE(gvk_heap_alloc(&heap, 100, 64, &g) == VK_SUCCESS && g == 24576);
   uint32_t h;
   REQUIRE(gvk_heap_alloc(&heap, 64, 4096, &h) == VK_SUCCESS && h == 28672);
   /* Fragmented: 8 KiB free in total but no 8 KiB range. */
   uint32_t x;
   REQUIRE(gvk_heap_alloc(&heap, 8192, 64, &x) == VK_ERROR_OUT_OF_DEVICE_MEMORY);
   REQUIRE(gvk_heap_alloc(&heap, 65536 * 2, 64, &x) ==
         VK_ERROR_OUT_OF_DEVICE_MEMORY);
   /* Everything freed merges back into one range. */
   gvk_heap_free(&heap, a, 16384);
   gvk_heap_free(&heap, c, 16384);
   gvk_heap_free(&heap, g, 100);
   gvk_heap_free(&heap, d, 8192);
   gvk_heap_free(&heap, h, 64);
   gvk_heap_free(&heap, f, 12288);
   REQUIRE(heap.num_holes == 1);
   REQUIRE(gvk_heap_alloc(&heap, 65536, 4096, &x) == VK_SUCCESS && x == 0);
   gvk_heap_free(&heap, x, 65536);
   /* Many small allocations freed in a scattered order. */
   uint32_t offs[256];
   for (unsigned i = 0; i < 256; i++)
      REQUIRE(gvk_heap_alloc(&heap, 256, 64, &offs[i]) == VK_SUCCESS &&
            offs[i] == i * 256);
   REQUIRE(gvk_heap_alloc(&heap, 1, 1, &x) == VK_ERROR_OUT_OF_DEVICE_MEMORY);
   for (unsigned i = 0; i < 256; i += 2)
      gvk_heap_free(&heap, offs[i], 256);
   REQUIRE(heap.num_holes == 128);
   for (unsigned i = 1; i < 256; i += 2)
      gvk_heap_free(&heap, offs[i], 256);
   REQUIRE(heap.num_holes == 1 && heap.holes != NULL);
   gvk_heap_finish(e->device, &heap);

   /* The device's instruction heap. */
   REQUIRE(e->device->kernels.bo && e->device->kernels.bo->map);
   REQUIRE(e->device->kernels.bo->size >= (16u << 20));
   REQUIRE(gvk_heap_alloc(&e->device->kernels, 4096, 64, &x) == VK_SUCCESS);
   gvk_heap_free(&e->device->kernels, x, 4096);
}

static void
test_blocks(struct env *e)
{
   struct gvk_bo *blocks[3];
   for (unsigned i = 0; i < 3; i++) {
      REQUIRE(gvk_block_get(e->device, &blocks[i]) == VK_SUCCESS);
      REQUIRE(blocks[i]->size == GVK_BLOCK_SIZE && blocks[i]->map);
      REQUIRE(gvk_bo_lookup_addr(e->device, blocks[i]->addr) == blocks[i]);
   }
   REQUIRE(blocks[0] != blocks[1] && blocks[1] != blocks[2]);
   gvk_block_put(e->device, blocks[1]);
   gvk_block_put(e->device, blocks[2]);
   /* Returned blocks stay alive (still in every submission) and come back
    * before any new one is made. */
   REQUIRE(gvk_bo_lookup_addr(e->device, blocks[1]->addr) == blocks[1]);
   struct gvk_bo *again[2];
   REQUIRE(gvk_block_get(e->device, &again[0]) == VK_SUCCESS);
   REQUIRE(gvk_block_get(e->device, &again[1]) == VK_SUCCESS);
   REQUIRE((again[0] == blocks[1] && again[1] == blocks[2]) ||
         (again[0] == blocks[2] && again[1] == blocks[1]));
   for (unsigned i = 0; i < 3; i++)
      gvk_block_put(e->device, blocks[i]);
}

/* ---- memory types, heaps and budget ---- */

static void
test_memory_types(struct env *e, bool expect_llc)
{
   VkPhysicalDeviceMemoryProperties props;
   gvk_GetPhysicalDeviceMemoryProperties(e->g.pdev, &props);
   REQUIRE(e->pdev->info.has_llc == expect_llc);
   REQUIRE(props.memoryHeapCount == 1);
   REQUIRE(props.memoryHeaps[0].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT);
   uint64_t ram = e->pdev->sys_memory_size;
   uint64_t share = ram <= (4ull << 30) ? ram / 2 : ram / 4 * 3;
   REQUIRE(props.memoryHeaps[0].size <= share);
   REQUIRE(props.memoryHeaps[0].size <= gvk_bo_va_size(e->pdev));
   REQUIRE(props.memoryHeaps[0].size > (256ull << 20));

   const VkMemoryPropertyFlags dl = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
      hv = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
      hc = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
      cached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
   if (expect_llc) {
      REQUIRE(props.memoryTypeCount == 1);
      REQUIRE(props.memoryTypes[0].propertyFlags == (dl | hv | hc | cached));
   } else {
      REQUIRE(props.memoryTypeCount == 2);
      REQUIRE(props.memoryTypes[0].propertyFlags == (dl | hv | hc));
      REQUIRE(props.memoryTypes[1].propertyFlags == (dl | hv | cached));
   }
   for (uint32_t i = 0; i < props.memoryTypeCount; i++)
      REQUIRE(props.memoryTypes[i].heapIndex == 0);
}

static void
budget(struct env *e, VkPhysicalDeviceMemoryBudgetPropertiesEXT *b)
{
   *b = (VkPhysicalDeviceMemoryBudgetPropertiesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT,
   };
   VkPhysicalDeviceMemoryProperties2 p = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2,
      .pNext = b,
   };
   gvk_GetPhysicalDeviceMemoryProperties2(e->g.pdev, &p);
}

static VkResult
allocate(struct env *e, uint64_t size, uint32_t type, VkDeviceMemory *mem)
{
   const VkMemoryAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = size, .memoryTypeIndex = type,
   };
   return gvk_AllocateMemory(e->g.device, &info, NULL, mem);
}

static void
test_budget(struct env *e)
{
   VkPhysicalDeviceMemoryBudgetPropertiesEXT before, during, after;
   budget(e, &before);
   REQUIRE(before.heapBudget[0] > 0);
   REQUIRE(before.heapBudget[0] <= e->pdev->memory.memoryHeaps[0].size);
   REQUIRE(before.heapBudget[0] >= before.heapUsage[0]);
   REQUIRE(before.heapBudget[1] == 0 && before.heapUsage[1] == 0);
   VkDeviceMemory mem;
   REQUIRE(allocate(e, 3 << 20, 0, &mem) == VK_SUCCESS);
   budget(e, &during);
   REQUIRE(during.heapUsage[0] == before.heapUsage[0] + (3 << 20));
   gvk_FreeMemory(e->g.device, mem, NULL);
   budget(e, &after);
   REQUIRE(after.heapUsage[0] == before.heapUsage[0]);

   /* More than the heap holds. */
   uint64_t heap = e->pdev->memory.memoryHeaps[0].size;
   REQUIRE(allocate(e, heap + 4096, 0, &mem) == VK_ERROR_OUT_OF_DEVICE_MEMORY);
   REQUIRE(allocate(e, 4096, 7, &mem) != VK_SUCCESS);
   REQUIRE(allocate(e, 0, 0, &mem) != VK_SUCCESS);
}

/* ---- mapping ---- */

static void
test_map_rules(struct env *e)
{
   VkDevice dev = e->g.device;
   VkDeviceMemory mem;
   REQUIRE(allocate(e, 10000, 0, &mem) == VK_SUCCESS);
   uint8_t *p, *q;
   REQUIRE(gvk_MapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&p) ==
         VK_SUCCESS && p);
   memset(p, 0x5a, 10000);
   /* Mapping twice is an application error, reported. */
   REQUIRE(gvk_MapMemory(dev, mem, 0, 16, 0, (void **)&q) ==
         VK_ERROR_MEMORY_MAP_FAILED && q == NULL);
   gvk_UnmapMemory(dev, mem);
   REQUIRE(gvk_MapMemory(dev, mem, 9000, VK_WHOLE_SIZE, 0, (void **)&q) ==
         VK_SUCCESS);
   REQUIRE(q == p + 9000 && q[999] == 0x5a);
   REQUIRE(gvk_device_memory_from_handle(mem)->map_size == 1000);
   gvk_UnmapMemory(dev, mem);
   REQUIRE(gvk_MapMemory(dev, mem, 10000, VK_WHOLE_SIZE, 0, (void **)&q) !=
         VK_SUCCESS);
   REQUIRE(gvk_MapMemory(dev, mem, 100, 9901, 0, (void **)&q) != VK_SUCCESS);
   VkDeviceSize committed = 0;
   gvk_GetDeviceMemoryCommitment(dev, mem, &committed);
   REQUIRE(committed == 10000);
   const VkDeviceMemoryOpaqueCaptureAddressInfo cap = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_MEMORY_OPAQUE_CAPTURE_ADDRESS_INFO,
      .memory = mem,
   };
   REQUIRE(gvk_GetDeviceMemoryOpaqueCaptureAddress(dev, &cap) ==
         gvk_device_memory_from_handle(mem)->bo->addr);
   /* Freed while mapped: vkFreeMemory unmaps. */
   REQUIRE(gvk_MapMemory(dev, mem, 0, 64, 0, (void **)&q) == VK_SUCCESS);
   gvk_FreeMemory(dev, mem, NULL);
   gvk_FreeMemory(dev, VK_NULL_HANDLE, NULL);

   /* Chained structures genvk cannot honour are refused. */
   const VkExportMemoryAllocateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT,
   };
   const VkMemoryAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .pNext = &export, .allocationSize = 4096,
   };
   REQUIRE(gvk_AllocateMemory(dev, &info, NULL, &mem) ==
         VK_ERROR_INVALID_EXTERNAL_HANDLE);
   const VkMemoryDedicatedAllocateInfo dedicated = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO,
   };
   const VkMemoryAllocateFlagsInfo flags = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
      .pNext = &dedicated,
      .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
   };
   const VkMemoryAllocateInfo ok = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .pNext = &flags, .allocationSize = 4096,
   };
   REQUIRE(gvk_AllocateMemory(dev, &ok, NULL, &mem) == VK_SUCCESS);
   gvk_FreeMemory(dev, mem, NULL);
}

/* ---- the GPU reads what the host wrote, the host what the GPU wrote ---- */

#define MI_LOAD_REGISTER_MEM (0x29u << 23)
#define MI_STORE_REGISTER_MEM (0x24u << 23)
#define MI_STORE_DATA_IMM (0x20u << 23)
#define MI_BATCH_BUFFER_END (0x0Au << 23)
/* MI_PREDICATE_SRC0: a register Gen7+ lets batches load and store. */
#define SCRATCH_REG 0x2400

struct batch {
   struct env *e;
   struct gvk_bo *bo;
   uint32_t *dw;
   uint32_t n;
   struct gvk_reloc_list relocs;
   bool failed;
};

/* An address operand: one dword on Gen7/7.5, two from Gen8. */
static void
emit_addr(struct batch *b, uint64_t addr, bool write)
{
   if (gvk_reloc_add(b->e->device, &b->relocs, &b->e->alloc, b->n * 4, addr,
                     write) != VK_SUCCESS)
      b->failed = true;
   b->dw[b->n++] = (uint32_t)addr;
   if (b->e->pdev->info.has_full_ppgtt)
      b->dw[b->n++] = (uint32_t)(addr >> 32);
}

/* MI_* length fields count the dwords after the first two. */
static uint32_t
mi(const struct batch *b, uint32_t opcode, uint32_t gen7_dwords)
{
   uint32_t dwords = gen7_dwords + (b->e->pdev->info.has_full_ppgtt ? 1 : 0);
   return opcode | (dwords - 2);
}

static void
build_copy_batch(struct batch *b, uint64_t src, uint64_t dst, uint64_t imm_dst,
                 uint32_t imm)
{
   b->dw[b->n++] = mi(b, MI_LOAD_REGISTER_MEM, 3);
   b->dw[b->n++] = SCRATCH_REG;
   emit_addr(b, src, false);
   b->dw[b->n++] = mi(b, MI_STORE_REGISTER_MEM, 3);
   b->dw[b->n++] = SCRATCH_REG;
   emit_addr(b, dst, true);
   /* Four dwords on every generation: Gen7's has a reserved dword where
    * Gen8's address grew. */
   b->dw[b->n++] = MI_STORE_DATA_IMM | 2;
   if (!b->e->pdev->info.has_full_ppgtt)
      b->dw[b->n++] = 0;
   emit_addr(b, imm_dst, true);
   b->dw[b->n++] = imm;
   b->dw[b->n++] = MI_BATCH_BUFFER_END;
   if (b->n % 2)
      b->dw[b->n++] = 0;
}

/* Every live object in the list, the batch last, as vkQueueSubmit will. */
static int
submit(struct batch *b)
{
   struct gvk_device *device = b->e->device;
   struct gvk_bo **bos;
   uint32_t count;
   if (gvk_bo_list_snapshot(device, &b->e->alloc, &bos, &count) != VK_SUCCESS)
      return -1;
   struct drm_i915_gem_exec_object2 objs[256];
   uint32_t n = 0;
   for (uint32_t i = 0; i < count && n < ARRAY_SIZE(objs) - 1; i++) {
      if (bos[i] != b->bo)
         gvk_bo_exec_object(device, bos[i], &objs[n++]);
   }
   gvk_bo_exec_object(device, b->bo, &objs[n]);
   objs[n].relocs_ptr = (uintptr_t)b->relocs.entries;
   objs[n].relocation_count = b->relocs.count;
   n++;
   struct drm_i915_gem_execbuffer2 execbuf = {
      .buffers_ptr = (uintptr_t)objs, .buffer_count = n,
      .batch_len = b->n * 4, .rsvd1 = device->ctx_id,
   };
   int ret = gvk_ioctl(device->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &execbuf);
   if (ret == 0) {
      struct drm_i915_gem_wait wait = {
         .bo_handle = b->bo->gem_handle, .timeout_ns = -1,
      };
      ret = gvk_ioctl(device->fd, DRM_IOCTL_I915_GEM_WAIT, &wait);
   }
   gvk_bo_list_release(device, &b->e->alloc, bos, count);
   return ret;
}

static void
test_gpu_round_trip(struct env *e, uint32_t type)
{
   VkDevice dev = e->g.device;
   bool coherent = e->pdev->memory.memoryTypes[type].propertyFlags &
                   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   VkDeviceMemory src, dst;
   REQUIRE(allocate(e, 8192, type, &src) == VK_SUCCESS);
   REQUIRE(allocate(e, 3 << 20, type, &dst) == VK_SUCCESS);
   uint32_t *s, *d;
   REQUIRE(gvk_MapMemory(dev, src, 0, VK_WHOLE_SIZE, 0, (void **)&s) ==
         VK_SUCCESS);
   REQUIRE(gvk_MapMemory(dev, dst, 1 << 20, VK_WHOLE_SIZE, 0, (void **)&d) ==
         VK_SUCCESS);
   const uint32_t pattern = 0xc0ffee00 + type;
   s[1000] = pattern;
   const VkMappedMemoryRange flush = {
      .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
      .memory = src, .offset = 3968, .size = 64,
   };
   REQUIRE(gvk_FlushMappedMemoryRanges(dev, 1, &flush) == VK_SUCCESS);
   /* Lines the GPU will write are cached by this read, so only an
    * invalidation makes the host see the GPU's values on non-coherent
    * memory. */
   REQUIRE(d[64] == 0 && d[65] == 0);

   struct batch b = { .e = e };
   REQUIRE(gvk_block_get(e->device, &b.bo) == VK_SUCCESS);
   b.dw = b.bo->map;
   uint64_t dst_addr = gvk_device_memory_from_handle(dst)->bo->addr + (1 << 20);
   build_copy_batch(&b, gvk_device_memory_from_handle(src)->bo->addr + 4000,
                    dst_addr + 256, dst_addr + 260, 0x12345678);
   REQUIRE(!b.failed);
   REQUIRE(e->pdev->info.has_full_ppgtt ? b.relocs.count == 0
                                      : b.relocs.count == 3);
   int ret = submit(&b);
   gvk_reloc_list_finish(&b.relocs, &e->alloc);
   gvk_block_put(e->device, b.bo);
   REQUIRE(ret == 0);

   const VkMappedMemoryRange inval = {
      .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
      .memory = dst, .offset = 1 << 20, .size = VK_WHOLE_SIZE,
   };
   REQUIRE(gvk_InvalidateMappedMemoryRanges(dev, 1, &inval) == VK_SUCCESS);
   REQUIRE(d[64] == pattern);
   REQUIRE(d[65] == 0x12345678);
   REQUIRE(d[66] == 0);
   if (!coherent)
      printf("non-coherent type %u: flush and invalidate round trip ok\n",
             type);
   gvk_UnmapMemory(dev, src);
   gvk_FreeMemory(dev, src, NULL);
   gvk_FreeMemory(dev, dst, NULL);
}

/* ---- buffers and views ---- */

static void
test_buffers(struct env *e)
{
   VkDevice dev = e->g.device;
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = 101,
      .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
               VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
   };
   VkBuffer buf;
   REQUIRE(gvk_CreateBuffer(dev, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryDedicatedRequirements ded = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS,
      .prefersDedicatedAllocation = VK_TRUE,
   };
   VkMemoryRequirements2 req = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, .pNext = &ded,
   };
   const VkBufferMemoryRequirementsInfo2 rinfo = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2,
      .buffer = buf,
   };
   gvk_GetBufferMemoryRequirements2(dev, &rinfo, &req);
   REQUIRE(req.memoryRequirements.size == 104);
   REQUIRE(req.memoryRequirements.alignment == 64);
   REQUIRE(req.memoryRequirements.memoryTypeBits ==
         (1u << e->pdev->memory.memoryTypeCount) - 1);
   REQUIRE(!ded.prefersDedicatedAllocation && !ded.requiresDedicatedAllocation);

   /* A view of an unbound buffer is refused. */
   VkBufferViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = buf, .format = VK_FORMAT_R32_UINT, .range = VK_WHOLE_SIZE,
   };
   VkBufferView view;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) != VK_SUCCESS);

   VkDeviceMemory mem;
   REQUIRE(allocate(e, 4096, 0, &mem) == VK_SUCCESS);
   REQUIRE(gvk_BindBufferMemory(dev, buf, mem, 4096 - 64) != VK_SUCCESS);
   REQUIRE(gvk_BindBufferMemory(dev, buf, mem, 100) != VK_SUCCESS);
   const VkBindBufferMemoryInfo bind = {
      .sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
      .buffer = buf, .memory = mem, .memoryOffset = 128,
   };
   REQUIRE(gvk_BindBufferMemory2(dev, 1, &bind) == VK_SUCCESS);
   struct gvk_bo *bo = gvk_device_memory_from_handle(mem)->bo;
   const VkBufferDeviceAddressInfo ainfo = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buf,
   };
   REQUIRE(gvk_GetBufferDeviceAddress(dev, &ainfo) == bo->addr + 128);
   REQUIRE(gvk_GetBufferOpaqueCaptureAddress(dev, &ainfo) == bo->addr + 128);

   /* VK_WHOLE_SIZE: whole texels to the end of the buffer. */
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) == VK_SUCCESS);
   struct gvk_buffer_view *v = gvk_buffer_view_from_handle(view);
   REQUIRE(v->range == 100 && v->texels == 25);
   REQUIRE(gvk_address_gpu(v->address) == bo->addr + 128);
   REQUIRE(v->vk_format == VK_FORMAT_R32_UINT);
   gvk_DestroyBufferView(dev, view, NULL);

   vci.format = VK_FORMAT_R32G32B32A32_UINT;
   vci.offset = 64;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) == VK_SUCCESS);
   v = gvk_buffer_view_from_handle(view);
   REQUIRE(v->range == 32 && v->texels == 2);
   REQUIRE(gvk_address_gpu(v->address) == bo->addr + 192);
   gvk_DestroyBufferView(dev, view, NULL);

   vci.range = 16;
   vci.offset = 0;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) == VK_SUCCESS);
   REQUIRE(gvk_buffer_view_from_handle(view)->texels == 1);
   gvk_DestroyBufferView(dev, view, NULL);
   /* Not whole texels, past the end, or a format no texel buffer has. */
   vci.range = 20;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) != VK_SUCCESS);
   vci.range = 112;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) != VK_SUCCESS);
   vci.range = VK_WHOLE_SIZE;
   vci.format = VK_FORMAT_BC1_RGB_UNORM_BLOCK;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) ==
         VK_ERROR_FORMAT_NOT_SUPPORTED);
   vci.format = VK_FORMAT_D32_SFLOAT;
   REQUIRE(gvk_CreateBufferView(dev, &vci, NULL, &view) ==
         VK_ERROR_FORMAT_NOT_SUPPORTED);

   gvk_DestroyBuffer(dev, buf, NULL);
   gvk_DestroyBuffer(dev, VK_NULL_HANDLE, NULL);
   gvk_FreeMemory(dev, mem, NULL);

   VkBufferCreateInfo big = bci;
   big.size = e->pdev->memory.memoryHeaps[0].size + 1;
   REQUIRE(gvk_CreateBuffer(dev, &big, NULL, &buf) ==
         VK_ERROR_OUT_OF_DEVICE_MEMORY);
}

/* ---- allocation failures ----
 *
 * The device was created with the counting allocator: failing its N-th
 * allocation from here on reaches buffer objects, the address list, the
 * relocation lists and the objects themselves. */

static VkResult
alloc_everything(struct env *e)
{
   VkDevice dev = e->g.device;
   VkDeviceMemory mem;
   VkResult r = allocate(e, 65536, 0, &mem);
   if (r != VK_SUCCESS)
      return r;
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 4096,
      .usage = VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
   };
   VkBuffer buf = VK_NULL_HANDLE;
   VkBufferView view = VK_NULL_HANDLE;
   r = gvk_CreateBuffer(dev, &bci, NULL, &buf);
   if (r == VK_SUCCESS)
      r = gvk_BindBufferMemory(dev, buf, mem, 0);
   if (r == VK_SUCCESS) {
      const VkBufferViewCreateInfo vci = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
         .buffer = buf, .format = VK_FORMAT_R32_UINT, .range = VK_WHOLE_SIZE,
      };
      r = gvk_CreateBufferView(dev, &vci, NULL, &view);
   }
   struct gvk_bo *blocks[40] = { 0 };
   for (unsigned i = 0; i < ARRAY_SIZE(blocks) && r == VK_SUCCESS; i++)
      r = gvk_block_get(e->device, &blocks[i]);
   struct gvk_reloc_list relocs = { 0 };
   for (unsigned i = 0; i < 100 && r == VK_SUCCESS; i++)
      r = gvk_reloc_add(e->device, &relocs, &e->alloc, i * 4,
                        gvk_device_memory_from_handle(mem)->bo->addr, false);
   struct gvk_heap heap = { 0 };
   if (r == VK_SUCCESS)
      r = gvk_heap_init(e->device, &heap, 65536, "sweep heap");
   uint32_t offs[64];
   unsigned n = 0;
   for (; n < ARRAY_SIZE(offs) && r == VK_SUCCESS; n++)
      r = gvk_heap_alloc(&heap, 1024, 64, &offs[n]);
   if (r != VK_SUCCESS && n)
      n--;
   for (unsigned i = 0; i < n; i += 2)
      gvk_heap_free(&heap, offs[i], 1024);
   for (unsigned i = 1; i < n; i += 2)
      gvk_heap_free(&heap, offs[i], 1024);
   gvk_heap_finish(e->device, &heap);
   gvk_reloc_list_finish(&relocs, &e->alloc);
   for (unsigned i = 0; i < ARRAY_SIZE(blocks); i++) {
      if (blocks[i])
         gvk_block_put(e->device, blocks[i]);
   }
   gvk_DestroyBufferView(dev, view, NULL);
   gvk_DestroyBuffer(dev, buf, NULL);
   gvk_FreeMemory(dev, mem, NULL);
   return r;
}

static void
test_alloc_failures(struct env *e)
{
   /* The first run leaves the blocks it made on the free list (and the
    * device's arrays grown); later runs allocate the same every time. */
   REQUIRE(alloc_everything(e) == VK_SUCCESS);
   long live = e->counter.live;
   unsigned calls_before = e->counter.calls;
   REQUIRE(alloc_everything(e) == VK_SUCCESS);
   unsigned needed = e->counter.calls - calls_before;
   REQUIRE(e->counter.live == live);
   for (unsigned n = 1; n <= needed; n++) {
      e->counter.fail_at = e->counter.calls + n;
      e->counter.failed = false;
      VkResult r = alloc_everything(e);
      e->counter.fail_at = 0;
      if (!e->counter.failed)
         break;
      REQUIRE(r == VK_ERROR_OUT_OF_HOST_MEMORY);
      REQUIRE(e->counter.live == live);
   }
   printf("allocation failures: %u allocations each failed in turn\n",
          needed);
}

/* ---- setup ---- */

static int
open_device(struct env *e)
{
   e->alloc = counting_alloc_callbacks(&e->counter);
   int status = gvk_test_open(&e->g, gvk_GetInstanceProcAddr, &e->alloc);
   if (status)
      return status;
   e->pdev = gvk_physical_device_from_handle(e->g.pdev);
   e->device = gvk_device_from_handle(e->g.device);
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc != 2 || (strcmp(argv[1], "llc") && strcmp(argv[1], "no-llc"))) {
      fprintf(stderr, "usage: test_bo llc|no-llc\n");
      return 2;
   }
   struct env e = { 0 };
   int status = open_device(&e);
   if (status)
      return status;
   printf("%s (PCI id 0x%04x, %s, %s)\n", e.pdev->info.name,
          e.pdev->info.pci_id, e.pdev->info.has_llc ? "LLC" : "no LLC",
          e.pdev->info.has_full_ppgtt ? "softpin" : "relocations");

   test_memory_types(&e, strcmp(argv[1], "llc") == 0);
   test_addresses(&e);
   test_32bit(&e);
   test_relocations(&e);
   test_heap(&e);
   test_blocks(&e);
   test_budget(&e);
   test_map_rules(&e);
   for (uint32_t t = 0; t < e.pdev->memory.memoryTypeCount; t++)
      test_gpu_round_trip(&e, t);
   test_buffers(&e);
   test_alloc_failures(&e);

   gvk_test_destroy(&e.g, NULL, &e.alloc);
   CHECKF(e.counter.live == 0, "%ld device allocations leaked", e.counter.live);
   return gvk_test_result("buffer objects, heaps, blocks, memory, buffers and views: ok");
}
