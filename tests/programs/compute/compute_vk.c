#include "compute_vk.h"

#include <stdio.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "../vk_program.h"

/* Everything vkGetPhysicalDeviceFeatures2 is asked about, in one chain. */
struct compute_vk_features {
   VkPhysicalDeviceFeatures2 f2;
   VkPhysicalDevice16BitStorageFeatures s16;
   VkPhysicalDevice8BitStorageFeatures s8;
   VkPhysicalDeviceShaderFloat16Int8Features f16i8;
   VkPhysicalDeviceShaderAtomicInt64Features a64;
};

/* SPIR-V capability -> the Vulkan feature that allows it (Vulkan spec,
 * appendix "SPIR-V Environment", table "List of SPIR-V Capabilities and
 * corresponding Vulkan features").  ext: the device extension that carries
 * the feature struct before it became core (NULL: core in 1.0/1.1). */
static const struct {
   SpvCapability cap;
   const char *feature;
   size_t offset;
   const char *ext;
} feature_caps[] = {
#define F(cap, member, name, ext) \
   { SpvCapability##cap, name, offsetof(struct compute_vk_features, member), ext }
   F(Float64, f2.features.shaderFloat64, "shaderFloat64", NULL),
   F(Int64, f2.features.shaderInt64, "shaderInt64", NULL),
   F(Int16, f2.features.shaderInt16, "shaderInt16", NULL),
   F(StorageBuffer16BitAccess, s16.storageBuffer16BitAccess, "storageBuffer16BitAccess", NULL),
   F(UniformAndStorageBuffer16BitAccess, s16.uniformAndStorageBuffer16BitAccess,
     "uniformAndStorageBuffer16BitAccess", NULL),
   F(StoragePushConstant16, s16.storagePushConstant16, "storagePushConstant16", NULL),
   F(StorageBuffer8BitAccess, s8.storageBuffer8BitAccess, "storageBuffer8BitAccess",
     "VK_KHR_8bit_storage"),
   F(UniformAndStorageBuffer8BitAccess, s8.uniformAndStorageBuffer8BitAccess,
     "uniformAndStorageBuffer8BitAccess", "VK_KHR_8bit_storage"),
   F(StoragePushConstant8, s8.storagePushConstant8, "storagePushConstant8",
     "VK_KHR_8bit_storage"),
   F(Float16, f16i8.shaderFloat16, "shaderFloat16", "VK_KHR_shader_float16_int8"),
   F(Int8, f16i8.shaderInt8, "shaderInt8", "VK_KHR_shader_float16_int8"),
   F(Int64Atomics, a64.shaderBufferInt64Atomics, "shaderBufferInt64Atomics",
     "VK_KHR_shader_atomic_int64"),
#undef F
};

/* GroupNonUniform* capabilities -> VkSubgroupFeatureFlagBits the device
 * must report for the compute stage (Vulkan 1.1, VkPhysicalDeviceSubgroupProperties). */
static const struct {
   SpvCapability cap;
   VkSubgroupFeatureFlags op;
   const char *name;
} subgroup_caps[] = {
   { SpvCapabilityGroupNonUniform, VK_SUBGROUP_FEATURE_BASIC_BIT, "subgroup basic" },
   { SpvCapabilityGroupNonUniformVote, VK_SUBGROUP_FEATURE_VOTE_BIT, "subgroup vote" },
   { SpvCapabilityGroupNonUniformArithmetic, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT,
     "subgroup arithmetic" },
   { SpvCapabilityGroupNonUniformBallot, VK_SUBGROUP_FEATURE_BALLOT_BIT, "subgroup ballot" },
   { SpvCapabilityGroupNonUniformShuffle, VK_SUBGROUP_FEATURE_SHUFFLE_BIT, "subgroup shuffle" },
   { SpvCapabilityGroupNonUniformShuffleRelative, VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT,
     "subgroup shuffle relative" },
   { SpvCapabilityGroupNonUniformClustered, VK_SUBGROUP_FEATURE_CLUSTERED_BIT,
     "subgroup clustered" },
   { SpvCapabilityGroupNonUniformQuad, VK_SUBGROUP_FEATURE_QUAD_BIT, "subgroup quad" },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_CAPS 64

/* What the module declares: its SPIR-V version, capabilities and LocalSize. */
struct compute_vk_module {
   uint32_t version;
   SpvCapability caps[MAX_CAPS];
   uint32_t num_caps;
   uint32_t local[3];
};

static const char *
scan_module(const uint32_t *code, size_t words, struct compute_vk_module *m)
{
   *m = (struct compute_vk_module){ .local = { 1, 1, 1 } };
   if (words < 5 || code[0] != SpvMagicNumber)
      return "invalid SPIR-V: no SPIR-V header";
   m->version = code[1];
   for (size_t i = 5; i < words;) {
      uint32_t len = code[i] >> 16, op = code[i] & 0xffff;
      if (!len || i + len > words)
         return "invalid SPIR-V: instruction runs past the end";
      if (op == SpvOpCapability && len == 2 && m->num_caps < MAX_CAPS)
         m->caps[m->num_caps++] = (SpvCapability)code[i + 1];
      if (op == SpvOpExecutionMode && len == 6 && code[i + 2] == SpvExecutionModeLocalSize)
         memcpy(m->local, &code[i + 3], sizeof(m->local));
      i += len;
   }
   return NULL;
}

static bool
has_extension(VkPhysicalDevice pd, const char *name)
{
   uint32_t n = 0;
   VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL));
   VkExtensionProperties *e = calloc(n ? n : 1, sizeof(*e));
   VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &n, e));
   bool found = false;
   for (uint32_t i = 0; i < n && !found; i++)
      found = !strcmp(e[i].extensionName, name);
   free(e);
   return found;
}

/* Chains into f2 the structs of the extensions pd has, so that a feature
 * of a missing extension reads as false. */
static void
chain_features(VkPhysicalDevice pd, struct compute_vk_features *f)
{
   *f = (struct compute_vk_features){
      .f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 },
      .s16 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES },
      .s8 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES },
      .f16i8 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES },
      .a64 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES },
   };
   void **next = &f->f2.pNext;
   *next = &f->s16;
   next = &f->s16.pNext;
   if (has_extension(pd, "VK_KHR_8bit_storage")) {
      *next = &f->s8;
      next = &f->s8.pNext;
   }
   if (has_extension(pd, "VK_KHR_shader_float16_int8")) {
      *next = &f->f16i8;
      next = &f->f16i8.pNext;
   }
   if (has_extension(pd, "VK_KHR_shader_atomic_int64"))
      *next = &f->a64;
}

/* Features2 is core in 1.1; a 1.0 device answers only the core features. */
static void
query_features(VkPhysicalDevice pd, uint32_t api, struct compute_vk_features *f)
{
   chain_features(pd, f);
   if (api >= VK_API_VERSION_1_1)
      vkGetPhysicalDeviceFeatures2(pd, &f->f2);
   else
      vkGetPhysicalDeviceFeatures(pd, &f->f2.features);
}

static VkBool32 *
feature_field(struct compute_vk_features *f, size_t offset)
{
   return (VkBool32 *)((char *)f + offset);
}

static bool
module_has(const struct compute_vk_module *m, SpvCapability cap)
{
   for (uint32_t i = 0; i < m->num_caps; i++)
      if (m->caps[i] == cap)
         return true;
   return false;
}

static const char *
unsupported_limit(const struct compute_vk *v, const struct compute_vk_module *m,
                  const uint32_t groups[3], char *buf, size_t len)
{
   const VkPhysicalDeviceLimits *l = &v->props.limits;
   uint64_t invocations = (uint64_t)m->local[0] * m->local[1] * m->local[2];
   for (int i = 0; i < 3; i++) {
      if (m->local[i] > l->maxComputeWorkGroupSize[i]) {
         snprintf(buf, len, "maxComputeWorkGroupSize[%d] %u < %u", i,
                  l->maxComputeWorkGroupSize[i], m->local[i]);
         return buf;
      }
      if (groups[i] > l->maxComputeWorkGroupCount[i]) {
         snprintf(buf, len, "maxComputeWorkGroupCount[%d] %u < %u", i,
                  l->maxComputeWorkGroupCount[i], groups[i]);
         return buf;
      }
   }
   if (invocations > l->maxComputeWorkGroupInvocations) {
      snprintf(buf, len, "maxComputeWorkGroupInvocations %u < %llu",
               l->maxComputeWorkGroupInvocations, (unsigned long long)invocations);
      return buf;
   }
   return NULL;
}

static const char *
unsupported_subgroup(const struct compute_vk *v, const struct compute_vk_module *m)
{
   /* GroupNonUniform* needs SPIR-V 1.3, which a 1.0 device already refused */
   if (v->props.apiVersion < VK_API_VERSION_1_1)
      return NULL;
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES };
   vkGetPhysicalDeviceProperties2(v->pd, &(VkPhysicalDeviceProperties2){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sg });
   for (size_t i = 0; i < ARRAY_LEN(subgroup_caps); i++) {
      if (!module_has(m, subgroup_caps[i].cap))
         continue;
      if (!(sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
          !(sg.supportedOperations & subgroup_caps[i].op))
         return subgroup_caps[i].name;
   }
   return NULL;
}

const char *
compute_vk_unsupported(const struct compute_vk *v, const struct compute_vk_job *job,
                       char *buf, size_t len)
{
   struct compute_vk_module m;
   const char *bad = scan_module(job->code, job->words, &m);
   if (bad)
      return bad;
   /* SPIR-V 1.3 (glslang --target-env vulkan1.1) needs a Vulkan 1.1 device */
   if (m.version > 0x00010000 && v->props.apiVersion < VK_API_VERSION_1_1)
      return "Vulkan 1.1 (SPIR-V 1.3)";
   struct compute_vk_features have;
   query_features(v->pd, v->props.apiVersion, &have);
   for (size_t i = 0; i < ARRAY_LEN(feature_caps); i++) {
      if (module_has(&m, feature_caps[i].cap) && !*feature_field(&have, feature_caps[i].offset))
         return feature_caps[i].feature;
   }
   bad = unsupported_subgroup(v, &m);
   return bad ? bad : unsupported_limit(v, &m, job->groups, buf, len);
}

bool
compute_vk_open(struct compute_vk *v)
{
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_1 };
   VkResult r = vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app },
      NULL, &v->instance);
   if (r != VK_SUCCESS) {
      fprintf(stderr, "vkCreateInstance failed: %d (no Vulkan driver?)\n", r);
      return false;
   }
   uint32_t n = 1;
   r = vkEnumeratePhysicalDevices(v->instance, &n, &v->pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || !n) {
      fprintf(stderr, "no Vulkan physical device\n");
      return false;
   }
   vkGetPhysicalDeviceProperties(v->pd, &v->props);
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(v->pd, &nq, NULL);
   VkQueueFamilyProperties qp[16];
   nq = nq > 16 ? 16 : nq;
   vkGetPhysicalDeviceQueueFamilyProperties(v->pd, &nq, qp);
   for (v->qf = 0; v->qf < nq; v->qf++)
      if (qp[v->qf].queueFlags & VK_QUEUE_COMPUTE_BIT)
         return true;
   fprintf(stderr, "%s has no compute queue\n", v->props.deviceName);
   return false;
}

void
compute_vk_create_device(struct compute_vk *v, const struct compute_vk_job *job)
{
   struct compute_vk_module m;
   scan_module(job->code, job->words, &m);
   struct compute_vk_features want;
   chain_features(v->pd, &want);
   const char *exts[ARRAY_LEN(feature_caps)];
   uint32_t num_exts = 0;
   for (size_t i = 0; i < ARRAY_LEN(feature_caps); i++) {
      if (!module_has(&m, feature_caps[i].cap))
         continue;
      *feature_field(&want, feature_caps[i].offset) = VK_TRUE;
      const char *ext = feature_caps[i].ext;
      bool listed = !ext;
      for (uint32_t e = 0; e < num_exts && !listed; e++)
         listed = !strcmp(exts[e], ext);
      if (!listed)
         exts[num_exts++] = ext;
   }
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                   .queueFamilyIndex = v->qf, .queueCount = 1,
                                   .pQueuePriorities = &prio };
   /* a 1.0 device takes the core features only (Features2 is 1.1) */
   bool api11 = v->props.apiVersion >= VK_API_VERSION_1_1;
   VK(vkCreateDevice(v->pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = api11 ? &want.f2 : NULL,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
      .enabledExtensionCount = num_exts, .ppEnabledExtensionNames = exts,
      .pEnabledFeatures = api11 ? NULL : &want.f2.features }, NULL, &v->dev));
   vkGetDeviceQueue(v->dev, v->qf, 0, &v->queue);
}

struct compute_vk_objects {
   VkBuffer *buf;
   VkDeviceMemory *mem;
   void **map;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkCommandPool cmd_pool;
   VkFence fence;
};

static VkBufferUsageFlags
usage_of(VkDescriptorType t)
{
   return t == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                                 : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
}

static void
create_buffers(struct compute_vk *v, const struct compute_vk_job *job,
               struct compute_vk_objects *o)
{
   uint32_t n = job->num_bindings;
   o->buf = calloc(n ? n : 1, sizeof(*o->buf));
   o->mem = calloc(n ? n : 1, sizeof(*o->mem));
   o->map = calloc(n ? n : 1, sizeof(*o->map));
   for (uint32_t b = 0; b < n; b++) {
      const struct compute_vk_binding *bd = &job->bindings[b];
      VK(vkCreateBuffer(v->dev, &(VkBufferCreateInfo){
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = bd->size,
         .usage = usage_of(bd->type) }, NULL, &o->buf[b]));
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(v->dev, o->buf[b], &req);
      VK(vkAllocateMemory(v->dev, &(VkMemoryAllocateInfo){
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
         .memoryTypeIndex = vk_program_memory_type(v->pd, req.memoryTypeBits,
            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) },
         NULL, &o->mem[b]));
      VK(vkBindBufferMemory(v->dev, o->buf[b], o->mem[b], 0));
      VK(vkMapMemory(v->dev, o->mem[b], 0, VK_WHOLE_SIZE, 0, &o->map[b]));
      memcpy(o->map[b], bd->data, bd->size);
   }
}

static void
create_pipeline(struct compute_vk *v, const struct compute_vk_job *job,
                struct compute_vk_objects *o)
{
   uint32_t n = job->num_bindings;
   VkDescriptorSetLayoutBinding *lb = calloc(n ? n : 1, sizeof(*lb));
   for (uint32_t b = 0; b < n; b++)
      lb[b] = (VkDescriptorSetLayoutBinding){
         .binding = job->bindings[b].binding, .descriptorType = job->bindings[b].type,
         .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
   VK(vkCreateDescriptorSetLayout(v->dev, &(VkDescriptorSetLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = n, .pBindings = lb }, NULL, &o->dsl));
   free(lb);
   VkPushConstantRange pcr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, job->push_size };
   VK(vkCreatePipelineLayout(v->dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &o->dsl, .pushConstantRangeCount = job->push_size ? 1 : 0,
      .pPushConstantRanges = &pcr }, NULL, &o->layout));
   VK(vkCreateShaderModule(v->dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = job->words * 4,
      .pCode = job->code }, NULL, &o->module));
   VK(vkCreateComputePipelines(v->dev, VK_NULL_HANDLE, 1, &(VkComputePipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = o->module, .pName = "main",
                 .pSpecializationInfo = job->spec },
      .layout = o->layout }, NULL, &o->pipeline));
}

static void
write_descriptors(struct compute_vk *v, const struct compute_vk_job *job,
                  struct compute_vk_objects *o)
{
   uint32_t n = job->num_bindings, ubos = 0;
   for (uint32_t b = 0; b < n; b++)
      ubos += job->bindings[b].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
   VkDescriptorPoolSize ps[2] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, n - ubos },
                                  { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubos } };
   /* a pool size of 0 is invalid: list only the kinds the job has */
   uint32_t first = n - ubos ? 0 : 1, count = (n - ubos ? 1 : 0) + (ubos ? 1 : 0);
   VK(vkCreateDescriptorPool(v->dev, &(VkDescriptorPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = count, .pPoolSizes = &ps[first] }, NULL, &o->pool));
   VK(vkAllocateDescriptorSets(v->dev, &(VkDescriptorSetAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = o->pool,
      .descriptorSetCount = 1, .pSetLayouts = &o->dsl }, &o->set));
   for (uint32_t b = 0; b < n; b++) {
      VkDescriptorBufferInfo bi = { o->buf[b], 0, VK_WHOLE_SIZE };
      vkUpdateDescriptorSets(v->dev, 1, &(VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = o->set,
         .dstBinding = job->bindings[b].binding, .descriptorCount = 1,
         .descriptorType = job->bindings[b].type, .pBufferInfo = &bi }, 0, NULL);
   }
}

static void
record_and_submit(struct compute_vk *v, const struct compute_vk_job *job,
                  struct compute_vk_objects *o)
{
   VK(vkCreateCommandPool(v->dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = v->qf },
      NULL, &o->cmd_pool));
   VkCommandBuffer cb;
   VK(vkAllocateCommandBuffers(v->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = o->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cb));
   VK(vkBeginCommandBuffer(cb, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->layout, 0, 1, &o->set, 0,
                           NULL);
   if (job->push_size)
      vkCmdPushConstants(cb, o->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, job->push_size,
                         job->push);
   vkCmdDispatch(cb, job->groups[0], job->groups[1], job->groups[2]);
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                        .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cb));
   VK(vkCreateFence(v->dev, &(VkFenceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &o->fence));
   VK(vkQueueSubmit(v->queue, 1, &(VkSubmitInfo){ .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1, .pCommandBuffers = &cb }, o->fence));
   /* a driver that never signals fails the program instead of hanging CI */
   VK(vkWaitForFences(v->dev, 1, &o->fence, VK_TRUE, 600ull * 1000 * 1000 * 1000));
}

static void
destroy_objects(struct compute_vk *v, const struct compute_vk_job *job,
                struct compute_vk_objects *o)
{
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      memcpy(job->bindings[b].data, o->map[b], job->bindings[b].size);
      vkUnmapMemory(v->dev, o->mem[b]);
      vkDestroyBuffer(v->dev, o->buf[b], NULL);
      vkFreeMemory(v->dev, o->mem[b], NULL);
   }
   free(o->buf);
   free(o->mem);
   free(o->map);
   vkDestroyFence(v->dev, o->fence, NULL);
   vkDestroyCommandPool(v->dev, o->cmd_pool, NULL);
   vkDestroyDescriptorPool(v->dev, o->pool, NULL);
   vkDestroyPipeline(v->dev, o->pipeline, NULL);
   vkDestroyShaderModule(v->dev, o->module, NULL);
   vkDestroyPipelineLayout(v->dev, o->layout, NULL);
   vkDestroyDescriptorSetLayout(v->dev, o->dsl, NULL);
}

void
compute_vk_dispatch(struct compute_vk *v, const struct compute_vk_job *job)
{
   struct compute_vk_objects o = { 0 };
   create_buffers(v, job, &o);
   create_pipeline(v, job, &o);
   write_descriptors(v, job, &o);
   record_and_submit(v, job, &o);
   destroy_objects(v, job, &o);
}

void
compute_vk_close(struct compute_vk *v)
{
   if (v->dev)
      vkDestroyDevice(v->dev, NULL);
   vkDestroyInstance(v->instance, NULL);
}
