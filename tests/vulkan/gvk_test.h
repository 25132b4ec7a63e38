/* What the tests of tests/vulkan share: checks that count failures, a
 * device opened through any vkGetInstanceProcAddr (the driver linked in,
 * loaded directly, or the loader's), and the objects of a small compute
 * dispatch.  Nothing here names a genvk symbol, so every kind of test
 * links it. */
#ifndef GVK_TEST_H
#define GVK_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

/* The exit code meson counts as a skipped test. */
#define GVK_TEST_SKIP 77

/* Failed checks so far. */
extern int gvk_test_failures;

/* Counts a failure, with a FAIL line naming the place and the condition
 * (and fmt's explanation); returns cond. */
bool gvk_test_check(bool cond, const char *file, int line, const char *text);
bool gvk_test_checkf(bool cond, const char *file, int line, const char *text,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#define CHECK(cond) gvk_test_check((cond), __FILE__, __LINE__, #cond)
#define CHECKF(cond, ...) gvk_test_checkf((cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
/* A check that what follows in a void function depends on: it returns. */
#define REQUIRE(cond) do { if (!CHECK(cond)) return; } while (0)

/* The exit code: 1 after a line counting the failed checks, else 0 after
 * the line passed. */
int gvk_test_result(const char *passed);

/* ---- instance, physical device, device, queue ---- */

struct gvk_test_gpu {
   PFN_vkGetInstanceProcAddr gipa;
   PFN_vkGetDeviceProcAddr gdpa;
   VkInstance instance;
   VkPhysicalDevice pdev;   /* the first one; VK_NULL_HANDLE when there is none */
   VkDevice device;
   VkQueue queue;           /* family 0, index 0 */
   const char *failed;      /* the command that returned an error */
};

/* The command name of g's instance or device. */
#define GVK_TEST_INSTANCE_FN(g, name) ((PFN_##name)(g)->gipa((g)->instance, #name))
#define GVK_TEST_DEVICE_FN(g, name) ((PFN_##name)(g)->gdpa((g)->device, #name))

/* The instance (of an empty create info when info is NULL) and its first
 * physical device; VK_SUCCESS with no pdev when there is none. */
VkResult gvk_test_create_instance(struct gvk_test_gpu *g, PFN_vkGetInstanceProcAddr gipa,
                                  const VkInstanceCreateInfo *info,
                                  const VkAllocationCallbacks *alloc);

/* The device of one queue of family 0, next chained to its create info,
 * with extensions enabled, and that queue. */
VkResult gvk_test_create_device(struct gvk_test_gpu *g, const void *next,
                                uint32_t extension_count, const char *const *extensions,
                                const VkAllocationCallbacks *alloc);

/* Destroys the device and the instance, with their creation allocators. */
void gvk_test_destroy(struct gvk_test_gpu *g, const VkAllocationCallbacks *instance_alloc,
                      const VkAllocationCallbacks *device_alloc);

/* Instance and device of empty create infos, device_alloc the device's.
 * 0; GVK_TEST_SKIP after a SKIP line when there is no device; 1 after a
 * FAIL line.  Nothing stays created unless it returns 0. */
int gvk_test_open(struct gvk_test_gpu *g, PFN_vkGetInstanceProcAddr gipa,
                  const VkAllocationCallbacks *device_alloc);

/* A white-box test's main: run(g) on the device gvk_test_open gives,
 * then gvk_test_result(passed); or gvk_test_open's SKIP or failure. */
int gvk_test_main(PFN_vkGetInstanceProcAddr gipa, void (*run)(const struct gvk_test_gpu *g),
                  const char *passed);

/* ---- memory, buffers, a compute pipeline and its set ---- */

/* The first memory type in allowed that has every flag of want;
 * UINT32_MAX when none has. */
uint32_t gvk_test_memory_type(const VkPhysicalDeviceMemoryProperties *props,
                              uint32_t allowed, VkMemoryPropertyFlags want);

struct gvk_test_buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   void *map;
};

/* A buffer bound to host-visible, coherent memory of its own, mapped
 * whole. */
VkResult gvk_test_buffer_create(const struct gvk_test_gpu *g, VkDeviceSize size,
                                VkBufferUsageFlags usage, struct gvk_test_buffer *b);
/* Either destroy is a no-op once g has no device. */
void gvk_test_buffer_destroy(const struct gvk_test_gpu *g, struct gvk_test_buffer *b);

struct gvk_test_pipeline {
   uint32_t buffers;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
};

/* Set 0 of `buffers` storage buffers at bindings 0.. (no set when 0),
 * push_size bytes of compute push constants, and the module of code. */
VkResult gvk_test_layout_create(const struct gvk_test_gpu *g, uint32_t buffers,
                                uint32_t push_size, const uint32_t *code, size_t code_size,
                                struct gvk_test_pipeline *p);

/* The same and the compute pipeline of the module's "main". */
VkResult gvk_test_pipeline_create(const struct gvk_test_gpu *g, uint32_t buffers,
                                  uint32_t push_size, const uint32_t *code,
                                  size_t code_size, struct gvk_test_pipeline *p);

/* A pool of one set and the set, binding i pointing at infos[i]. */
VkResult gvk_test_pipeline_set(const struct gvk_test_gpu *g, struct gvk_test_pipeline *p,
                               const VkDescriptorBufferInfo *infos);

void gvk_test_pipeline_destroy(const struct gvk_test_gpu *g, struct gvk_test_pipeline *p);

#endif
