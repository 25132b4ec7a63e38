/* libFuzzer target for the pipeline-cache data an application gives
 * vkCreatePipelineCache (src/vulkan/gvk_pipeline_cache.c, compiled in with
 * the driver's allocator and object base; nothing else of the driver).  Any
 * data must be ignored in whole or in part, never trusted: no crash, no
 * sanitizer report, no leak, and what was kept must save to data that a
 * new cache keeps whole and saves to the same bytes.
 *
 * Input: a flags byte, then the data.  Flags bits 0-2 pick the device's
 * generation; unless bit 3 is set the device's own 32-byte header is put
 * before the data; unless bit 4 is set every entry's SHA-1 digest is
 * recomputed before loading: a mutation could hardly ever produce a
 * matching header or digest, and the checks behind them are what needs
 * fuzzing.
 *
 * Shaders are the driver's own in-memory part, gvk_shader_object.c;
 * placing one on the GPU (gvk_shader.c) is what loading a cache never
 * does, so gvk_shader_unplace below only proves it.
 *
 * GENVK_FUZZ_WRITE_SEEDS=DIR: write one seed per generation, data saved by
 * the cache's own writer from a kernel with plausible compute fields, and
 * exit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "util_sha1.h"

#define HEADER_SIZE 32
#define FLAG_RAW_HEADER 0x08
#define FLAG_RAW_DIGESTS 0x10

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const unsigned gens[] = { 70, 75, 80, 90, 110, 120 };

/* Loading cache data never places a shader. */
void
gvk_shader_unplace(struct gvk_device *device, struct gvk_shader *shader)
{
   abort();
}

/* ---- the harness ---- */

static struct gvk_physical_device pdevs[6];
static struct gvk_device devices[6];

static VkDevice
device_of_gen(unsigned i)
{
   struct gvk_physical_device *pdev = &pdevs[i];
   struct gvk_device *dev = &devices[i];
   pdev->info.verx10 = gens[i];
   pdev->properties.vendorID = 0x8086;
   pdev->properties.deviceID = 0x1000 + gens[i];
   memset(pdev->properties.pipelineCacheUUID, 0x47, VK_UUID_SIZE);
   dev->pdev = pdev;
   dev->base.alloc = gvk_default_alloc;
   return (VkDevice)dev;
}

static VkPipelineCache
create_cache(VkDevice device, const void *data, size_t size)
{
   const VkPipelineCacheCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
      .initialDataSize = size, .pInitialData = data,
   };
   VkPipelineCache cache;
   if (gvk_CreatePipelineCache(device, &info, NULL, &cache) != VK_SUCCESS)
      abort();
   return cache;
}

/* The cache's whole data (malloc'd). */
static uint8_t *
save(VkDevice device, VkPipelineCache cache, size_t *size)
{
   if (gvk_GetPipelineCacheData(device, cache, size, NULL) != VK_SUCCESS)
      abort();
   uint8_t *data = malloc(*size);
   if (!data || gvk_GetPipelineCacheData(device, cache, size, data) != VK_SUCCESS)
      abort();
   return data;
}

static uint32_t
le32(const uint8_t *p)
{
   return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Entries are u32 body size, SHA-1 of the body, body. */
static void
fix_digests(uint8_t *p, size_t size)
{
   for (size_t at = 0; size - at >= 24;) {
      uint32_t body = le32(p + at);
      if (body > size - at - 24)
         return;
      util_sha1(p + at + 24, body, p + at + 4);
      at += 24 + (size_t)body;
   }
}

/* The device's header (the data of an empty cache) before the input. */
static uint8_t *
assemble(VkDevice device, const uint8_t *data, size_t size, uint8_t flags, size_t *out_size)
{
   size_t head = 0;
   uint8_t *header = NULL;
   if (!(flags & FLAG_RAW_HEADER)) {
      VkPipelineCache empty = create_cache(device, NULL, 0);
      header = save(device, empty, &head);
      gvk_DestroyPipelineCache(device, empty, NULL);
   }
   uint8_t *blob = malloc(head + size + 1);
   if (!blob)
      abort();
   if (head)
      memcpy(blob, header, head);
   free(header);
   memcpy(blob + head, data, size);
   if (!(flags & FLAG_RAW_DIGESTS))
      fix_digests(blob + head, size);
   *out_size = head + size;
   return blob;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (!size)
      return 0;
   VkDevice device = device_of_gen(data[0] % 6);
   size_t n;
   uint8_t *blob = assemble(device, data + 1, size - 1, data[0], &n);
   VkPipelineCache cache = create_cache(device, blob, n);
   free(blob);

   /* What was kept is trusted from now on: it must survive a round trip
    * unchanged. */
   size_t saved_size, again_size;
   uint8_t *saved = save(device, cache, &saved_size);
   VkPipelineCache reloaded = create_cache(device, saved, saved_size);
   uint8_t *again = save(device, reloaded, &again_size);
   if (again_size != saved_size || memcmp(saved, again, saved_size))
      abort();
   free(saved);
   free(again);
   gvk_DestroyPipelineCache(device, reloaded, NULL);
   gvk_DestroyPipelineCache(device, cache, NULL);
   return 0;
}

/* ---- seeds ---- */

/* A SIMD16 kernel for 64 invocations reading one storage buffer through a
 * binding table entry and its address in the cross-thread constants. */
static struct gbe_kernel
plausible_kernel(unsigned gen_index, uint8_t *code, uint32_t code_size)
{
   struct gbe_kernel k = {
      .gen = (enum isa_gen)gen_index, .stage = IR_STAGE_COMPUTE, .simd = 16,
      .code = code, .code_size = code_size, .num_bindings = 1, .binding_table_size = 1,
      .cs = {
         .local_size = { 64, 1, 1 }, .cross_thread_regs = 1, .per_thread_regs = 1,
         .local_id_mask = 1, .local_id_regs = 1, .threads = 4, .right_mask = 0xffff,
      },
      .stats = { .instructions = code_size / 16, .sends = 2, .grfs = 16 },
   };
   for (unsigned i = 0; i < GBE_CS_SYSVAL_COUNT; i++)
      k.cs.sysval_offset[i] = UINT32_MAX;
   k.bindings[0] = (struct gbe_binding){
      .storage = IR_STORAGE_SSBO, .kind = GBE_SURFACE_BUFFER, .count = 1,
      .format = GBE_FORMAT_RAW, .texel_dwords = 1, .address_offset = 8,
   };
   return k;
}

static void
write_seed(const char *dir, unsigned gen_index)
{
   VkDevice device = device_of_gen(gen_index);
   struct gvk_device *dev = gvk_device_from_handle(device);
   VkPipelineCache cache = create_cache(device, NULL, 0);
   for (uint8_t i = 0; i < 2; i++) {
      uint32_t code_size = 64 * (i + 1);
      uint8_t *code = gvk_zalloc(&dev->base.alloc, code_size, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
      uint8_t key[20] = { i };
      struct gbe_kernel k = plausible_kernel(gen_index, code, code_size);
      struct gvk_shader *sh = gvk_shader_create(dev, key, &k);
      gvk_shader_unref(dev, gvk_pipeline_cache_insert(dev, gvk_pipeline_cache_from_handle(cache), sh));
   }
   size_t size;
   uint8_t *data = save(device, cache, &size);
   gvk_DestroyPipelineCache(device, cache, NULL);
   if (size <= HEADER_SIZE)
      abort();   /* the writer saved nothing */
   char path[4096];
   snprintf(path, sizeof(path), "%s/gen%u", dir, gens[gen_index]);
   FILE *f = fopen(path, "wb");
   /* the flags byte (this generation, header and digests from the
    * harness), the entries */
   uint8_t flags = (uint8_t)gen_index;
   size_t entries = size - HEADER_SIZE;
   if (!f || fwrite(&flags, 1, 1, f) != 1 ||
       fwrite(data + HEADER_SIZE, 1, entries, f) != entries || fclose(f)) {
      perror(path);
      exit(1);
   }
   free(data);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   const char *dir = getenv("GENVK_FUZZ_WRITE_SEEDS");
   if (!dir)
      return 0;
   for (unsigned g = 0; g < 6; g++)
      write_seed(dir, g);
   exit(0);
}
