/* The pipeline cache, white-box (links the driver statically and counts
 * the device's compilations):
 *   - a pipeline created twice with a cache compiles once;
 *   - vkGetPipelineCacheData follows the two-call idiom and VK_INCOMPLETE;
 *   - its data loaded into a new cache gives hits, and saves back to the
 *     same bytes;
 *   - every truncation, random byte flips, another device's or build's
 *     header: the data is ignored (no entry, no crash, no out-of-bounds
 *     read under ASan);
 *   - vkMergePipelineCaches adds what is missing, once;
 *   - invalid SPIR-V fails pipeline creation with VK_ERROR_UNKNOWN, a log
 *     line naming the problem and VK_NULL_HANDLE, without hurting the
 *     other pipelines of the same call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_pipeline.h"
#include "gvk_test.h"
#include "macros.h"
#include "pipeline_cache.comp.spv.h"

#define HEADER_SIZE 32
#define FLIPS 2000

struct env {
   struct gvk_test_gpu g;
   VkDevice device;
   struct gvk_device *dev;
   struct gvk_test_pipeline p;   /* its layout and module; no pipeline */
};

static unsigned
compiles(const struct env *e)
{
   return atomic_load(&e->dev->shader_compiles);
}

/* A pipeline of the module with specialization constant ADD = add. */
static VkResult
create_pipeline(const struct env *e, VkPipelineCache cache, VkShaderModule module,
                uint32_t add, VkPipeline *out)
{
   const VkSpecializationMapEntry entry = { 0, 0, sizeof(add) };
   const VkSpecializationInfo spec = { 1, &entry, sizeof(add), &add };
   const VkComputePipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main",
         .pSpecializationInfo = &spec,
      },
      .layout = e->p.layout,
   };
   return gvk_CreateComputePipelines(e->device, cache, 1, &info, NULL, out);
}

static VkPipelineCache
create_cache(const struct env *e, const void *data, size_t size)
{
   const VkPipelineCacheCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
      .initialDataSize = size, .pInitialData = data,
   };
   VkPipelineCache cache = VK_NULL_HANDLE;
   CHECK(gvk_CreatePipelineCache(e->device, &info, NULL, &cache) == VK_SUCCESS);
   return cache;
}

/* The cache's whole data (malloc'd) and its size. */
static uint8_t *
cache_data(const struct env *e, VkPipelineCache cache, size_t *size)
{
   CHECK(gvk_GetPipelineCacheData(e->device, cache, size, NULL) == VK_SUCCESS);
   uint8_t *data = malloc(*size);
   if (!data)
      abort();
   CHECK(gvk_GetPipelineCacheData(e->device, cache, size, data) == VK_SUCCESS);
   return data;
}

static size_t
cache_size(const struct env *e, VkPipelineCache cache)
{
   size_t size = 0;
   CHECK(gvk_GetPipelineCacheData(e->device, cache, &size, NULL) == VK_SUCCESS);
   return size;
}

/* Creates and destroys one pipeline; returns the compilations it took. */
static unsigned
pipeline_compiles(const struct env *e, VkPipelineCache cache, uint32_t add)
{
   unsigned before = compiles(e);
   VkPipeline p;
   CHECK(create_pipeline(e, cache, e->p.module, add, &p) == VK_SUCCESS);
   gvk_DestroyPipeline(e->device, p, NULL);
   return compiles(e) - before;
}

static void
test_two_call_idiom(const struct env *e, VkPipelineCache cache, size_t full)
{
   uint8_t *buf = calloc(1, full);
   size_t size = HEADER_SIZE - 1;
   CHECK(gvk_GetPipelineCacheData(e->device, cache, &size, buf) == VK_INCOMPLETE);
   CHECK(size == 0);
   size = full - 1;
   CHECK(gvk_GetPipelineCacheData(e->device, cache, &size, buf) == VK_INCOMPLETE);
   CHECK(size == HEADER_SIZE);
   const uint32_t *w = (const uint32_t *)buf;
   CHECK(w[0] == HEADER_SIZE && w[1] == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
         w[2] == 0x8086);
   free(buf);
}

static void
test_round_trip(const struct env *e, const uint8_t *data, size_t size)
{
   VkPipelineCache loaded = create_cache(e, data, size);
   CHECK(pipeline_compiles(e, loaded, 1) == 0);
   size_t again_size;
   uint8_t *again = cache_data(e, loaded, &again_size);
   CHECK(again_size == size && !memcmp(again, data, size));
   free(again);
   gvk_DestroyPipelineCache(e->device, loaded, NULL);
}

/* Damaged data leaves the new cache empty (one entry here: any damage
 * in it or in the header loses it). */
static bool
loads_nothing(const struct env *e, const uint8_t *data, size_t size)
{
   VkPipelineCache c = create_cache(e, data, size);
   bool empty = cache_size(e, c) == HEADER_SIZE;
   gvk_DestroyPipelineCache(e->device, c, NULL);
   return empty;
}

/* Each rejected data logs a line; thousands of them are kept out of the
 * test's output. */
static int
quiet_stderr(void)
{
   fflush(stderr);
   int saved = dup(2);
   FILE *null = fopen("/dev/null", "w");
   dup2(fileno(null), 2);
   fclose(null);
   return saved;
}

static void
restore_stderr(int saved)
{
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
}

/* stderr is quiet meanwhile: failures are counted and reported after. */
static void
test_damage(const struct env *e, const uint8_t *data, size_t size)
{
   unsigned truncated = 0, flipped = 0, foreign = 0;
   size_t first_flip = SIZE_MAX;
   int saved = quiet_stderr();
   uint8_t *copy = malloc(size);
   for (size_t len = 0; len < size; len++) {
      /* a fresh allocation of exactly len bytes: ASan sees any read past */
      uint8_t *cut = malloc(len ? len : 1);
      memcpy(cut, data, len);
      truncated += !loads_nothing(e, cut, len);
      free(cut);
   }
   srand(1234);
   for (unsigned i = 0; i < FLIPS; i++) {
      memcpy(copy, data, size);
      size_t at = (size_t)rand() % size;
      copy[at] ^= (uint8_t)(1 + rand() % 255);
      if (!loads_nothing(e, copy, size)) {
         flipped++;
         first_flip = MIN2(first_flip, at);
      }
   }
   /* another device, another driver build */
   static const size_t header_bytes[] = { 0, 4, 8, 12, 16, 31 };
   for (unsigned i = 0; i < sizeof(header_bytes) / sizeof(*header_bytes); i++) {
      memcpy(copy, data, size);
      copy[header_bytes[i]] ^= 1;
      foreign += !loads_nothing(e, copy, size);
   }
   free(copy);
   restore_stderr(saved);
   if (truncated || flipped || foreign) {
      fprintf(stderr, "FAIL: damaged data loaded: %u truncations, %u flips (first at byte "
              "%zu), %u foreign headers\n", truncated, flipped, first_flip, foreign);
      gvk_test_failures++;
   }
}

static void
test_merge(const struct env *e, VkPipelineCache full, size_t full_size)
{
   VkPipelineCache dst = create_cache(e, NULL, 0), other = create_cache(e, NULL, 0);
   CHECK(gvk_MergePipelineCaches(e->device, dst, 1, &full) == VK_SUCCESS);
   CHECK(cache_size(e, dst) == full_size);
   CHECK(gvk_MergePipelineCaches(e->device, dst, 1, &full) == VK_SUCCESS);
   CHECK(cache_size(e, dst) == full_size);
   CHECK(pipeline_compiles(e, dst, 1) == 0);
   CHECK(pipeline_compiles(e, other, 2) == 1);
   const VkPipelineCache both[] = { full, other };
   CHECK(gvk_MergePipelineCaches(e->device, dst, 2, both) == VK_SUCCESS);
   CHECK(cache_size(e, dst) > full_size);
   CHECK(pipeline_compiles(e, dst, 2) == 0);
   gvk_DestroyPipelineCache(e->device, other, NULL);
   gvk_DestroyPipelineCache(e->device, dst, NULL);
}

/* Runs fn with stderr going to a file; returns what it wrote there. */
static char *
capture_stderr(void (*fn)(const struct env *e, VkResult *r), const struct env *e,
               VkResult *r)
{
   char path[] = "/tmp/test_pipeline_cache.XXXXXX";
   int fd = mkstemp(path);
   if (fd < 0)
      abort();
   fflush(stderr);
   int saved = dup(2);
   dup2(fd, 2);
   fn(e, r);
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   static char text[4096];
   ssize_t n = pread(fd, text, sizeof(text) - 1, 0);
   text[n > 0 ? n : 0] = 0;
   close(fd);
   unlink(path);
   return text;
}

/* A module that starts like SPIR-V and then is garbage, created with a
 * valid pipeline in the same call. */
static void
create_invalid(const struct env *e, VkResult *r)
{
   uint32_t words[32];
   memcpy(words, pipeline_cache_comp_spv, 5 * sizeof(uint32_t));
   for (unsigned i = 5; i < 32; i++)
      words[i] = 0xdeadbeefu * i;
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(words), .pCode = words,
   };
   VkShaderModule bad;
   if (gvk_CreateShaderModule(e->device, &smci, NULL, &bad) != VK_SUCCESS) {
      *r = VK_ERROR_INITIALIZATION_FAILED;
      return;
   }
   VkComputePipelineCreateInfo info[2] = {
      {
         .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
         .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = e->p.module, .pName = "main",
         },
         .layout = e->p.layout,
      },
   };
   info[1] = info[0];
   info[1].stage.module = bad;
   VkPipeline p[2];
   *r = gvk_CreateComputePipelines(e->device, VK_NULL_HANDLE, 2, info, NULL, p);
   CHECK(p[0] != VK_NULL_HANDLE);
   CHECK(p[1] == VK_NULL_HANDLE);
   gvk_DestroyPipeline(e->device, p[0], NULL);
   gvk_DestroyShaderModule(e->device, bad, NULL);
}

static void
test_invalid_spirv(const struct env *e)
{
   VkResult r = VK_SUCCESS;
   const char *log = capture_stderr(create_invalid, e, &r);
   CHECK(r == VK_ERROR_UNKNOWN);
   CHECK(strstr(log, "vkCreateComputePipelines") && strstr(log, "SPIR-V"));
   printf("invalid SPIR-V logged: %s", log);
}

int
main(void)
{
   if (gvk_debug(NOCACHE)) {
      printf("SKIP: GENVK_DEBUG=nocache turns the pipeline cache off\n");
      return GVK_TEST_SKIP;
   }
   struct env e;
   int status = gvk_test_open(&e.g, gvk_GetInstanceProcAddr, NULL);
   if (status)
      return status;
   e.device = e.g.device;
   e.dev = gvk_device_from_handle(e.device);
   if (gvk_test_layout_create(&e.g, 1, 0, pipeline_cache_comp_spv,
                              sizeof(pipeline_cache_comp_spv), &e.p) != VK_SUCCESS) {
      fprintf(stderr, "FAIL: the layout or module could not be created\n");
      return 1;
   }

   VkPipelineCache cache = create_cache(&e, NULL, 0);
   CHECK(pipeline_compiles(&e, cache, 1) == 1);
   CHECK(pipeline_compiles(&e, cache, 1) == 0);
   size_t size;
   uint8_t *data = cache_data(&e, cache, &size);
   CHECK(size > HEADER_SIZE);
   test_two_call_idiom(&e, cache, size);
   test_round_trip(&e, data, size);
   test_damage(&e, data, size);
   test_merge(&e, cache, size);
   test_invalid_spirv(&e);
   free(data);
   gvk_DestroyPipelineCache(e.device, cache, NULL);
   gvk_test_pipeline_destroy(&e.g, &e.p);
   gvk_test_destroy(&e.g, NULL, NULL);
   char passed[128];
   snprintf(passed, sizeof(passed), "pipeline cache: hits after reload and merge, %zu "
            "truncations and %u byte flips ignored", size, FLIPS);
   return gvk_test_result(passed);
}
