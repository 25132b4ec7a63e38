/* Compute-pipeline creation time and kernel statistics of whatever Vulkan
 * driver the loader picks (Mesa's ANV/hasvk on vgpu, for the compiler
 * benchmark scripts/bench-compiler):
 *
 *   bench_pipeline [--repeat N] SHADER.spv...
 *
 * Each shader follows the IR corpus interface (tests/ir/ir_corpus_io.h:
 * set 0 bindings 0-3 storage/storage/uniform/storage buffers, 16 bytes of
 * push constants).  It is built N times with vkCreateComputePipelines (the
 * caller disables the driver's shader cache), then once more with
 * VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR to read the driver's own
 * statistics (VK_KHR_pipeline_executable_properties).  One line per
 * shader and executable:
 *
 *   SHADER ms=T simd=W instructions=I sends=S loops=L cycles=C spills=P fills=F
 *
 * A shader needing a feature the device lacks (compute_vk_unsupported's
 * judgement) or that the driver cannot build prints "SHADER unsupported"
 * and is left out.  Prints numbers, asserts nothing. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>

#include "compute_vk.h"
#include "ir_test_util.h"

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct ctx {
   VkInstance inst;
   VkPhysicalDevice pd;
   VkDevice dev;
   VkPipelineLayout layout;
   VkDescriptorSetLayout set_layout;
   PFN_vkGetPipelineExecutablePropertiesKHR get_execs;
   PFN_vkGetPipelineExecutableStatisticsKHR get_stats;
};

/* A device with every feature the driver has, so that any corpus shader
 * whose capabilities the driver supports can be built. */
static bool
open_device(struct ctx *c)
{
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_2 };
   VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app };
   uint32_t n = 1;
   if (vkCreateInstance(&ici, NULL, &c->inst) != VK_SUCCESS ||
       vkEnumeratePhysicalDevices(c->inst, &n, &c->pd) < 0 || !n) {
      fprintf(stderr, "bench_pipeline: no Vulkan device\n");
      return false;
   }
   VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR pe = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR };
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &pe };
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12 };
   VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &f11 };
   vkGetPhysicalDeviceFeatures2(c->pd, &f2);
   float prio = 1;
   VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                 .queueCount = 1, .pQueuePriorities = &prio };
   const char *ext = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
   VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &f2,
                              .queueCreateInfoCount = 1, .pQueueCreateInfos = &q,
                              .enabledExtensionCount = pe.pipelineExecutableInfo ? 1 : 0,
                              .ppEnabledExtensionNames = &ext };
   if (vkCreateDevice(c->pd, &dci, NULL, &c->dev) != VK_SUCCESS) {
      fprintf(stderr, "bench_pipeline: vkCreateDevice failed\n");
      return false;
   }
   if (pe.pipelineExecutableInfo) {
      c->get_execs = (PFN_vkGetPipelineExecutablePropertiesKHR)
         vkGetDeviceProcAddr(c->dev, "vkGetPipelineExecutablePropertiesKHR");
      c->get_stats = (PFN_vkGetPipelineExecutableStatisticsKHR)
         vkGetDeviceProcAddr(c->dev, "vkGetPipelineExecutableStatisticsKHR");
   }
   VkDescriptorSetLayoutBinding b[4];
   for (uint32_t i = 0; i < 4; i++)
      b[i] = (VkDescriptorSetLayoutBinding){
         .binding = i, .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
         .descriptorType = i == 2 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER };
   VkDescriptorSetLayoutCreateInfo sl = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 4, .pBindings = b };
   VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 16 };
   VkPipelineLayoutCreateInfo pl = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1, .pSetLayouts = &c->set_layout,
                                     .pushConstantRangeCount = 1, .pPushConstantRanges = &push };
   return vkCreateDescriptorSetLayout(c->dev, &sl, NULL, &c->set_layout) == VK_SUCCESS &&
          vkCreatePipelineLayout(c->dev, &pl, NULL, &c->layout) == VK_SUCCESS;
}

static VkResult
build(struct ctx *c, VkShaderModule m, VkPipelineCreateFlags flags, VkPipeline *out)
{
   VkComputePipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, .flags = flags,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = m, .pName = "main" },
      .layout = c->layout,
   };
   return vkCreateComputePipelines(c->dev, VK_NULL_HANDLE, 1, &ci, NULL, out);
}

static uint64_t
stat_value(const VkPipelineExecutableStatisticKHR *s)
{
   switch (s->format) {
   case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: return s->value.b32;
   case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: return (uint64_t)s->value.i64;
   case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: return s->value.u64;
   default: return (uint64_t)s->value.f64;
   }
}

/* Prints the statistics of each executable of the pipeline (at most
 * four: a compute pipeline has one per compiled width). */
static void
print_stats(struct ctx *c, const char *name, double ms, VkPipeline p)
{
   VkPipelineInfoKHR pi = { .sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = p };
   uint32_t n = 0;
   VkPipelineExecutablePropertiesKHR props[4];
   if (c->get_execs)
      c->get_execs(c->dev, &pi, &n, NULL);
   n = n > 4 ? 4 : n;
   for (uint32_t e = 0; e < n; e++)
      props[e] = (VkPipelineExecutablePropertiesKHR){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR };
   if (n)
      c->get_execs(c->dev, &pi, &n, props);
   if (!n)
      printf("%s ms=%.3f\n", name, ms);
   for (uint32_t e = 0; e < n; e++) {
      VkPipelineExecutableInfoKHR ei = { .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
                                         .pipeline = p, .executableIndex = e };
      uint32_t ns = 0;
      c->get_stats(c->dev, &ei, &ns, NULL);
      VkPipelineExecutableStatisticKHR *st = calloc(ns ? ns : 1, sizeof(*st));
      for (uint32_t s = 0; s < ns; s++)
         st[s].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
      c->get_stats(c->dev, &ei, &ns, st);
      printf("%s ms=%.3f simd=%u", name, ms, props[e].subgroupSize);
      static const struct { const char *vk, *ours; } keys[] = {
         { "Instruction Count", "instructions" }, { "SEND Count", "sends" },
         { "Loop Count", "loops" }, { "Cycle Count", "cycles" },
         { "Spill Count", "spills" }, { "Fill Count", "fills" },
      };
      for (unsigned k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
         for (uint32_t s = 0; s < ns; s++) {
            if (!strcmp(st[s].name, keys[k].vk))
               printf(" %s=%llu", keys[k].ours, (unsigned long long)stat_value(&st[s]));
         }
      }
      putchar('\n');
      free(st);
   }
}

int
main(int argc, char **argv)
{
   int repeat = 5, first = 1;
   if (argc > 2 && !strcmp(argv[1], "--repeat")) {
      repeat = atoi(argv[2]);
      first = 3;
   }
   struct ctx c = { 0 };
   if (!open_device(&c))
      return 1;
   for (int a = first; a < argc; a++) {
      size_t words;
      uint32_t *code = read_spirv(argv[a], &words);
      if (!code)
         continue;
      const char *name = strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a];
      struct compute_vk v = { .instance = c.inst, .pd = c.pd };
      vkGetPhysicalDeviceProperties(c.pd, &v.props);
      struct compute_vk_job job = { .code = code, .words = words, .groups = { 1, 1, 1 } };
      char why[256];
      if (compute_vk_unsupported(&v, &job, why, sizeof(why))) {
         printf("%s unsupported\n", name);
         free(code);
         continue;
      }
      double best = 1e30;
      bool ok = true;
      VkShaderModule m = VK_NULL_HANDLE;
      VkPipeline p;
      /* Drivers keep built pipelines in memory keyed by the module's
       * bytes: each build gets a module of its own, its id bound (header
       * word 3) raised, which changes nothing else. */
      uint32_t bound = code[3];
      for (int r = 0; r <= repeat && ok; r++) {
         code[3] = bound + (uint32_t)r + 1;
         VkShaderModuleCreateInfo mi = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                         .codeSize = words * 4, .pCode = code };
         if (m)
            vkDestroyShaderModule(c.dev, m, NULL);
         ok = vkCreateShaderModule(c.dev, &mi, NULL, &m) == VK_SUCCESS;
         if (!ok)
            break;
         if (r == repeat) {
            /* the statistics, from a build of its own */
            ok = build(&c, m, c.get_stats ? VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR : 0,
                       &p) == VK_SUCCESS;
            if (ok) {
               print_stats(&c, name, best * 1e3, p);
               vkDestroyPipeline(c.dev, p, NULL);
            }
            break;
         }
         double t0 = now();
         ok = build(&c, m, 0, &p) == VK_SUCCESS;
         double t = now() - t0;
         if (ok) {
            vkDestroyPipeline(c.dev, p, NULL);
            best = t < best ? t : best;
         }
      }
      if (!ok)
         printf("%s unsupported\n", name);
      if (m)
         vkDestroyShaderModule(c.dev, m, NULL);
      free(code);
   }
   vkDestroyPipelineLayout(c.dev, c.layout, NULL);
   vkDestroyDescriptorSetLayout(c.dev, c.set_layout, NULL);
   vkDestroyDevice(c.dev, NULL);
   vkDestroyInstance(c.inst, NULL);
   return 0;
}
