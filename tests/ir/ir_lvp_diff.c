/* Differential test: one compute shader run by lavapipe (through the
 * Vulkan loader) and by the IR reference interpreter on the same inputs.
 *
 * Interface every shader of the differential corpus follows: set 0,
 * binding 0 = read-only input SSBO, 1 = output SSBO, 2 = UBO, 3 = second
 * writable SSBO, 16 bytes of push constants.  Bindings 1 and 3 are compared.
 *
 * Comparison: integers bit-exact.  Shaders that store float results get a
 * ULP bound (argument 2): 0 for operations SPIR-V requires to be correctly
 * rounded (add, sub, mul, conversions, sqrt is not among them in Vulkan but
 * both sides round it correctly here) and for whose operands lavapipe does
 * not contract mul+add into fma; larger bounds for the shaders using the
 * transcendental functions, whose precision Vulkan states in ULPs (e.g.
 * exp2/log2: 3 ULP, inversesqrt: 2 ULP, sin/cos: absolute error 2^-11;
 * pow inherits exp2(y*log2(x))).  The interpreter is also run on the IR
 * before and after optimisation and after the generic lowerings, and those
 * must agree bit for bit. */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "ir_interp.h"
#include "ir_pass.h"
#include "ir_test_util.h"
#include "spirv.h"

#define IN_WORDS 4096
#define OUT_WORDS 4096
#define UBO_BYTES 256
#define PUSH_BYTES 16
#define SKIP 77

enum { B_IN, B_OUT, B_UBO, B_OUT2, NUM_BINDINGS };
static const size_t binding_size[NUM_BINDINGS] = {
   IN_WORDS * 4, OUT_WORDS * 4, UBO_BYTES, OUT_WORDS * 4,
};

struct inputs {
   uint32_t *buf[NUM_BINDINGS];
   uint32_t push[PUSH_BYTES / 4];
};

/* xorshift32: reproducible inputs */
static void
fill_inputs(struct inputs *in)
{
   uint32_t x = 0x12345678;
   for (int b = 0; b < NUM_BINDINGS; b++) {
      in->buf[b] = calloc(1, binding_size[b]);
      if (b == B_OUT || b == B_OUT2)
         continue;
      for (size_t i = 0; i < binding_size[b] / 4; i++) {
         x ^= x << 13;
         x ^= x >> 17;
         x ^= x << 5;
         in->buf[b][i] = x;
      }
   }
   static const uint32_t push[] = { 3, 7, 11, 0x80000001u };
   memcpy(in->push, push, sizeof(push));
}

#define VK(call)                                                    \
   do {                                                             \
      VkResult r_ = (call);                                         \
      if (r_ != VK_SUCCESS) {                                       \
         fprintf(stderr, "%s failed: %d\n", #call, r_);             \
         return false;                                              \
      }                                                             \
   } while (0)

struct vk {
   VkInstance instance;
   VkPhysicalDevice pd;
   VkDevice dev;
   VkQueue queue;
   uint32_t qf;
};

static int
vk_init(struct vk *v)
{
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_1 };
   VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app };
   if (vkCreateInstance(&ici, NULL, &v->instance) != VK_SUCCESS)
      return SKIP;
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(v->instance, &n, &v->pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || !n)
      return SKIP;
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(v->pd, &props);
   if (!strstr(props.deviceName, "llvmpipe")) {
      fprintf(stderr, "device is %s, not lavapipe\n", props.deviceName);
      return SKIP;
   }
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(v->pd, &nq, NULL);
   VkQueueFamilyProperties qp[8];
   nq = nq > 8 ? 8 : nq;
   vkGetPhysicalDeviceQueueFamilyProperties(v->pd, &nq, qp);
   v->qf = UINT32_MAX;
   for (uint32_t i = 0; i < nq && v->qf == UINT32_MAX; i++)
      if (qp[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
         v->qf = i;
   if (v->qf == UINT32_MAX)
      return SKIP;
   /* enable every shader arithmetic type the device has; a shader using
    * one it lacks fails pipeline creation and the test with it */
   VkPhysicalDeviceShaderFloat16Int8Features f16 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES };
   VkPhysicalDeviceFeatures2 have = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                      .pNext = &f16 };
   vkGetPhysicalDeviceFeatures2(v->pd, &have);
   VkPhysicalDeviceFeatures want = { 0 };
   want.shaderInt64 = have.features.shaderInt64;
   want.shaderInt16 = have.features.shaderInt16;
   want.shaderFloat64 = have.features.shaderFloat64;
   f16.pNext = NULL;
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                   .queueFamilyIndex = v->qf, .queueCount = 1,
                                   .pQueuePriorities = &prio };
   VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .pNext = &f16, .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
                              .pEnabledFeatures = &want };
   if (vkCreateDevice(v->pd, &dci, NULL, &v->dev) != VK_SUCCESS)
      return 1;
   vkGetDeviceQueue(v->dev, v->qf, 0, &v->queue);
   return 0;
}

static uint32_t
memory_type(struct vk *v, uint32_t bits)
{
   VkPhysicalDeviceMemoryProperties mp;
   VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   vkGetPhysicalDeviceMemoryProperties(v->pd, &mp);
   for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
      if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
         return i;
   return 0;
}

static bool
run_lavapipe(struct vk *v, const uint32_t *code, size_t words, const uint32_t groups[3],
             const struct inputs *in, uint32_t **out)
{
   VkBuffer buf[NUM_BINDINGS];
   VkDeviceMemory mem[NUM_BINDINGS];
   void *map[NUM_BINDINGS];
   for (int b = 0; b < NUM_BINDINGS; b++) {
      VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                 .size = binding_size[b],
                                 .usage = b == B_UBO ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                                     : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT };
      VK(vkCreateBuffer(v->dev, &bci, NULL, &buf[b]));
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(v->dev, buf[b], &req);
      VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                   .allocationSize = req.size,
                                   .memoryTypeIndex = memory_type(v, req.memoryTypeBits) };
      VK(vkAllocateMemory(v->dev, &mai, NULL, &mem[b]));
      VK(vkBindBufferMemory(v->dev, buf[b], mem[b], 0));
      VK(vkMapMemory(v->dev, mem[b], 0, binding_size[b], 0, &map[b]));
      memcpy(map[b], in->buf[b], binding_size[b]);
   }
   VkDescriptorSetLayoutBinding lb[NUM_BINDINGS];
   for (int b = 0; b < NUM_BINDINGS; b++)
      lb[b] = (VkDescriptorSetLayoutBinding){
         .binding = (uint32_t)b, .descriptorCount = 1,
         .descriptorType = b == B_UBO ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                      : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
   VkDescriptorSetLayout dsl;
   VK(vkCreateDescriptorSetLayout(v->dev, &(VkDescriptorSetLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = NUM_BINDINGS, .pBindings = lb }, NULL, &dsl));
   VkPushConstantRange pcr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, PUSH_BYTES };
   VkPipelineLayout pl;
   VK(vkCreatePipelineLayout(v->dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &dsl, .pushConstantRangeCount = 1, .pPushConstantRanges = &pcr },
      NULL, &pl));
   VkShaderModule sm;
   VK(vkCreateShaderModule(v->dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = words * 4,
      .pCode = code }, NULL, &sm));
   VkPipeline pipe;
   VK(vkCreateComputePipelines(v->dev, VK_NULL_HANDLE, 1, &(VkComputePipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = sm, .pName = "main" },
      .layout = pl }, NULL, &pipe));
   VkDescriptorPoolSize ps[2] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3 },
                                  { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1 } };
   VkDescriptorPool pool;
   VK(vkCreateDescriptorPool(v->dev, &(VkDescriptorPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = 2, .pPoolSizes = ps }, NULL, &pool));
   VkDescriptorSet set;
   VK(vkAllocateDescriptorSets(v->dev, &(VkDescriptorSetAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
      .descriptorSetCount = 1, .pSetLayouts = &dsl }, &set));
   VkDescriptorBufferInfo bi[NUM_BINDINGS];
   VkWriteDescriptorSet wr[NUM_BINDINGS];
   for (int b = 0; b < NUM_BINDINGS; b++) {
      bi[b] = (VkDescriptorBufferInfo){ buf[b], 0, VK_WHOLE_SIZE };
      wr[b] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                      .dstSet = set, .dstBinding = (uint32_t)b,
                                      .descriptorCount = 1,
                                      .descriptorType = lb[b].descriptorType,
                                      .pBufferInfo = &bi[b] };
   }
   vkUpdateDescriptorSets(v->dev, NUM_BINDINGS, wr, 0, NULL);
   VkCommandPool cp;
   VK(vkCreateCommandPool(v->dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = v->qf },
      NULL, &cp));
   VkCommandBuffer cb;
   VK(vkAllocateCommandBuffers(v->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = cp,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cb));
   VK(vkBeginCommandBuffer(cb, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, PUSH_BYTES, in->push);
   vkCmdDispatch(cb, groups[0], groups[1], groups[2]);
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                        .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cb));
   VkFence fence;
   VK(vkCreateFence(v->dev, &(VkFenceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &fence));
   VK(vkQueueSubmit(v->queue, 1, &(VkSubmitInfo){ .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1, .pCommandBuffers = &cb }, fence));
   VK(vkWaitForFences(v->dev, 1, &fence, VK_TRUE, UINT64_MAX));
   for (int b = 0; b < NUM_BINDINGS; b++) {
      out[b] = malloc(binding_size[b]);
      memcpy(out[b], map[b], binding_size[b]);
      vkUnmapMemory(v->dev, mem[b]);
      vkDestroyBuffer(v->dev, buf[b], NULL);
      vkFreeMemory(v->dev, mem[b], NULL);
   }
   vkDestroyFence(v->dev, fence, NULL);
   vkDestroyCommandPool(v->dev, cp, NULL);
   vkDestroyDescriptorPool(v->dev, pool, NULL);
   vkDestroyPipeline(v->dev, pipe, NULL);
   vkDestroyShaderModule(v->dev, sm, NULL);
   vkDestroyPipelineLayout(v->dev, pl, NULL);
   vkDestroyDescriptorSetLayout(v->dev, dsl, NULL);
   return true;
}

static bool
run_interp(struct ir_shader *s, const uint32_t groups[3], const struct inputs *in,
           uint32_t **out)
{
   struct ir_interp_buffer bufs[NUM_BINDINGS];
   for (int b = 0; b < NUM_BINDINGS; b++) {
      out[b] = malloc(binding_size[b]);
      memcpy(out[b], in->buf[b], binding_size[b]);
      bufs[b] = (struct ir_interp_buffer){ 0, (uint32_t)b, out[b], binding_size[b] };
   }
   uint32_t push[PUSH_BYTES / 4];
   memcpy(push, in->push, sizeof(push));
   struct ir_interp_resources res = { bufs, NUM_BINDINGS, push, PUSH_BYTES, 0 };
   char err[256];
   if (!ir_interp_compute(s, &res, groups, err, sizeof(err))) {
      fprintf(stderr, "interpreter: %s\n", err);
      return false;
   }
   return true;
}

/* Distance in units in the last place between two floats of equal sign
 * class; NaNs match NaNs. */
static uint32_t
ulp_distance(uint32_t a, uint32_t b)
{
   float fa, fb;
   memcpy(&fa, &a, 4);
   memcpy(&fb, &b, 4);
   if (isnan(fa) && isnan(fb))
      return 0;
   int64_t ia = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
   int64_t ib = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
   int64_t d = ia > ib ? ia - ib : ib - ia;
   return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

static unsigned
compare(const char *what, uint32_t **want, uint32_t **got, uint32_t ulp)
{
   unsigned bad = 0;
   for (int b = B_OUT; b < NUM_BINDINGS; b++) {
      if (b == B_UBO)
         continue;
      for (size_t i = 0; i < binding_size[b] / 4; i++) {
         uint32_t d = want[b][i] == got[b][i] ? 0 : ulp ? ulp_distance(want[b][i], got[b][i])
                                                        : 1;
         if (d > ulp && bad++ < 8)
            fprintf(stderr, "%s: binding %d word %zu: expected 0x%08x, got 0x%08x\n", what,
                    b, i, want[b][i], got[b][i]);
      }
   }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s shader.spv ulp [gx gy gz]\n", argv[0]);
      return 1;
   }
   uint32_t ulp = (uint32_t)atoi(argv[2]);
   uint32_t groups[3] = { 4, 1, 1 };
   for (int i = 0; i < 3 && 3 + i < argc; i++)
      groups[i] = (uint32_t)atoi(argv[3 + i]);
   size_t words;
   uint32_t *code = read_spirv(argv[1], &words);
   if (!code)
      return 1;
   char err[512];
   struct ir_shader *s = spirv_to_ir(code, words, NULL, err, sizeof(err));
   if (!s) {
      fprintf(stderr, "%s\n", err);
      return 1;
   }
   if (!ir_validate(s, stderr))   /* the interpreter assumes valid IR */
      return 1;
   struct inputs in;
   fill_inputs(&in);
   uint32_t *raw[NUM_BINDINGS], *opt[NUM_BINDINGS], *low[NUM_BINDINGS], *lvp[NUM_BINDINGS];
   if (!run_interp(s, groups, &in, raw))
      return 1;
   struct ir_pass_options po = { .validate = true };
   if (!ir_optimize(s, &po) || !run_interp(s, groups, &in, opt))
      return 1;
   if (compare("optimised vs unoptimised IR", raw, opt, 0))
      return 1;
   if (!ir_lower(s, &po) || !run_interp(s, groups, &in, low))
      return 1;
   if (compare("lowered vs unoptimised IR", raw, low, 0))
      return 1;
   struct vk v;
   int r = vk_init(&v);
   if (r == SKIP) {
      printf("SKIP: lavapipe is not available (VK_ICD_FILENAMES=%s)\n",
             getenv("VK_ICD_FILENAMES") ? getenv("VK_ICD_FILENAMES") : "");
      return SKIP;
   }
   if (r || !run_lavapipe(&v, code, words, groups, &in, lvp))
      return 1;
   unsigned bad = compare("lavapipe vs interpreter", lvp, opt, ulp);
   vkDestroyDevice(v.dev, NULL);
   vkDestroyInstance(v.instance, NULL);
   for (int b = 0; b < NUM_BINDINGS; b++) {
      free(raw[b]);
      free(opt[b]);
      free(low[b]);
      free(lvp[b]);
      free(in.buf[b]);
   }
   ir_shader_destroy(s);
   free(code);
   if (bad) {
      fprintf(stderr, "%u words differ\n", bad);
      return 1;
   }
   printf("%s: interpreter matches lavapipe (ulp bound %u)\n", argv[1], ulp);
   return 0;
}
