#include "gvk_test.h"

#include <stdarg.h>
#include <stdio.h>

int gvk_test_failures;

bool
gvk_test_check(bool cond, const char *file, int line, const char *text)
{
   if (!cond) {
      fprintf(stderr, "FAIL %s:%d: %s\n", file, line, text);
      gvk_test_failures++;
   }
   return cond;
}

bool
gvk_test_checkf(bool cond, const char *file, int line, const char *text,
                const char *fmt, ...)
{
   if (cond)
      return true;
   fprintf(stderr, "FAIL %s:%d: %s: ", file, line, text);
   va_list args;
   va_start(args, fmt);
   vfprintf(stderr, fmt, args);
   va_end(args);
   fputc('\n', stderr);
   gvk_test_failures++;
   return false;
}

int
gvk_test_result(const char *passed)
{
   if (gvk_test_failures) {
      fprintf(stderr, "%d checks failed\n", gvk_test_failures);
      return 1;
   }
   printf("%s\n", passed);
   return 0;
}

/* ---- instance, physical device, device, queue ---- */

static VkResult
failed(struct gvk_test_gpu *g, VkResult r, const char *command)
{
   if (r != VK_SUCCESS)
      g->failed = command;
   return r;
}

VkResult
gvk_test_create_instance(struct gvk_test_gpu *g, PFN_vkGetInstanceProcAddr gipa,
                         const VkInstanceCreateInfo *info,
                         const VkAllocationCallbacks *alloc)
{
   *g = (struct gvk_test_gpu){ .gipa = gipa };
   const VkInstanceCreateInfo empty = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO };
   PFN_vkCreateInstance create = (PFN_vkCreateInstance)gipa(NULL, "vkCreateInstance");
   VkResult r = create(info ? info : &empty, alloc, &g->instance);
   if (r != VK_SUCCESS) {
      g->instance = VK_NULL_HANDLE;
      return failed(g, r, "vkCreateInstance");
   }
   g->gdpa = GVK_TEST_INSTANCE_FN(g, vkGetDeviceProcAddr);
   uint32_t count = 1;
   r = GVK_TEST_INSTANCE_FN(g, vkEnumeratePhysicalDevices)(g->instance, &count, &g->pdev);
   if (r == VK_INCOMPLETE)
      return VK_SUCCESS;
   return failed(g, r, "vkEnumeratePhysicalDevices");
}

VkResult
gvk_test_create_device(struct gvk_test_gpu *g, const void *next,
                       uint32_t extension_count, const char *const *extensions,
                       const VkAllocationCallbacks *alloc)
{
   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = 1, .pQueuePriorities = &priority,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = next,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
      .enabledExtensionCount = extension_count, .ppEnabledExtensionNames = extensions,
   };
   VkResult r = GVK_TEST_INSTANCE_FN(g, vkCreateDevice)(g->pdev, &dci, alloc, &g->device);
   if (r != VK_SUCCESS) {
      g->device = VK_NULL_HANDLE;
      return failed(g, r, "vkCreateDevice");
   }
   GVK_TEST_DEVICE_FN(g, vkGetDeviceQueue)(g->device, 0, 0, &g->queue);
   return VK_SUCCESS;
}

void
gvk_test_destroy(struct gvk_test_gpu *g, const VkAllocationCallbacks *instance_alloc,
                 const VkAllocationCallbacks *device_alloc)
{
   if (g->device)
      GVK_TEST_DEVICE_FN(g, vkDestroyDevice)(g->device, device_alloc);
   if (g->instance)
      GVK_TEST_INSTANCE_FN(g, vkDestroyInstance)(g->instance, instance_alloc);
   g->device = VK_NULL_HANDLE;
   g->instance = VK_NULL_HANDLE;
}

int
gvk_test_open(struct gvk_test_gpu *g, PFN_vkGetInstanceProcAddr gipa,
              const VkAllocationCallbacks *device_alloc)
{
   VkResult r = gvk_test_create_instance(g, gipa, NULL, NULL);
   if (r == VK_SUCCESS && !g->pdev) {
      gvk_test_destroy(g, NULL, NULL);
      printf("SKIP: no genvk device (run under scripts/vgpu-run)\n");
      return GVK_TEST_SKIP;
   }
   if (r == VK_SUCCESS)
      r = gvk_test_create_device(g, NULL, 0, NULL, device_alloc);
   if (r == VK_SUCCESS)
      return 0;
   fprintf(stderr, "FAIL: %s returned %d\n", g->failed, (int)r);
   gvk_test_destroy(g, NULL, device_alloc);
   return 1;
}

int
gvk_test_main(PFN_vkGetInstanceProcAddr gipa, void (*run)(const struct gvk_test_gpu *g),
              const char *passed)
{
   struct gvk_test_gpu g;
   int status = gvk_test_open(&g, gipa, NULL);
   if (status)
      return status;
   run(&g);
   gvk_test_destroy(&g, NULL, NULL);
   return gvk_test_result(passed);
}

/* ---- memory, buffers, a compute pipeline and its set ---- */

uint32_t
gvk_test_memory_type(const VkPhysicalDeviceMemoryProperties *props, uint32_t allowed,
                     VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < props->memoryTypeCount; i++) {
      if ((allowed & (1u << i)) && (props->memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   return UINT32_MAX;
}

static VkResult
allocate_host_memory(const struct gvk_test_gpu *g, const VkMemoryRequirements *req,
                     VkDeviceMemory *memory)
{
   VkPhysicalDeviceMemoryProperties props;
   GVK_TEST_INSTANCE_FN(g, vkGetPhysicalDeviceMemoryProperties)(g->pdev, &props);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req->size,
      .memoryTypeIndex = gvk_test_memory_type(&props, req->memoryTypeBits,
                                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
   };
   if (mai.memoryTypeIndex == UINT32_MAX) {
      fprintf(stderr, "FAIL: no host-visible, coherent memory type for a buffer\n");
      return VK_ERROR_UNKNOWN;
   }
   return GVK_TEST_DEVICE_FN(g, vkAllocateMemory)(g->device, &mai, NULL, memory);
}

VkResult
gvk_test_buffer_create(const struct gvk_test_gpu *g, VkDeviceSize size,
                       VkBufferUsageFlags usage, struct gvk_test_buffer *b)
{
   *b = (struct gvk_test_buffer){ 0 };
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage,
   };
   VkResult r = GVK_TEST_DEVICE_FN(g, vkCreateBuffer)(g->device, &bci, NULL, &b->buffer);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   GVK_TEST_DEVICE_FN(g, vkGetBufferMemoryRequirements)(g->device, b->buffer, &req);
   r = allocate_host_memory(g, &req, &b->memory);
   if (r == VK_SUCCESS)
      r = GVK_TEST_DEVICE_FN(g, vkBindBufferMemory)(g->device, b->buffer, b->memory, 0);
   if (r == VK_SUCCESS)
      r = GVK_TEST_DEVICE_FN(g, vkMapMemory)(g->device, b->memory, 0, VK_WHOLE_SIZE, 0,
                                             &b->map);
   return r;
}

void
gvk_test_buffer_destroy(const struct gvk_test_gpu *g, struct gvk_test_buffer *b)
{
   if (!g->device)
      return;
   GVK_TEST_DEVICE_FN(g, vkDestroyBuffer)(g->device, b->buffer, NULL);
   GVK_TEST_DEVICE_FN(g, vkFreeMemory)(g->device, b->memory, NULL);
   *b = (struct gvk_test_buffer){ 0 };
}

static VkResult
create_set_layout(const struct gvk_test_gpu *g, struct gvk_test_pipeline *p)
{
   VkDescriptorSetLayoutBinding bindings[8];
   if (p->buffers > sizeof(bindings) / sizeof(bindings[0]))
      return VK_ERROR_UNKNOWN;
   for (uint32_t i = 0; i < p->buffers; i++) {
      bindings[i] = (VkDescriptorSetLayoutBinding){
         .binding = i, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
      };
   }
   const VkDescriptorSetLayoutCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = p->buffers, .pBindings = bindings,
   };
   return GVK_TEST_DEVICE_FN(g, vkCreateDescriptorSetLayout)(g->device, &info, NULL,
                                                             &p->set_layout);
}

VkResult
gvk_test_layout_create(const struct gvk_test_gpu *g, uint32_t buffers, uint32_t push_size,
                       const uint32_t *code, size_t code_size, struct gvk_test_pipeline *p)
{
   *p = (struct gvk_test_pipeline){ .buffers = buffers };
   VkResult r = buffers ? create_set_layout(g, p) : VK_SUCCESS;
   if (r != VK_SUCCESS)
      return r;
   const VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = buffers ? 1 : 0, .pSetLayouts = &p->set_layout,
      .pushConstantRangeCount = push_size ? 1 : 0, .pPushConstantRanges = &push,
   };
   r = GVK_TEST_DEVICE_FN(g, vkCreatePipelineLayout)(g->device, &plci, NULL, &p->layout);
   if (r != VK_SUCCESS)
      return r;
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = code_size, .pCode = code,
   };
   return GVK_TEST_DEVICE_FN(g, vkCreateShaderModule)(g->device, &smci, NULL, &p->module);
}

VkResult
gvk_test_pipeline_create(const struct gvk_test_gpu *g, uint32_t buffers, uint32_t push_size,
                         const uint32_t *code, size_t code_size,
                         struct gvk_test_pipeline *p)
{
   VkResult r = gvk_test_layout_create(g, buffers, push_size, code, code_size, p);
   if (r != VK_SUCCESS)
      return r;
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = p->module, .pName = "main",
      },
      .layout = p->layout,
   };
   return GVK_TEST_DEVICE_FN(g, vkCreateComputePipelines)(g->device, VK_NULL_HANDLE, 1,
                                                          &cpci, NULL, &p->pipeline);
}

VkResult
gvk_test_pipeline_set(const struct gvk_test_gpu *g, struct gvk_test_pipeline *p,
                      const VkDescriptorBufferInfo *infos)
{
   const VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, p->buffers };
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size,
   };
   VkResult r = GVK_TEST_DEVICE_FN(g, vkCreateDescriptorPool)(g->device, &dpci, NULL,
                                                              &p->pool);
   if (r != VK_SUCCESS)
      return r;
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = p->pool, .descriptorSetCount = 1, .pSetLayouts = &p->set_layout,
   };
   r = GVK_TEST_DEVICE_FN(g, vkAllocateDescriptorSets)(g->device, &dsai, &p->set);
   if (r != VK_SUCCESS)
      return r;
   const VkWriteDescriptorSet write = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = p->set,
      .descriptorCount = p->buffers, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .pBufferInfo = infos,
   };
   GVK_TEST_DEVICE_FN(g, vkUpdateDescriptorSets)(g->device, 1, &write, 0, NULL);
   return VK_SUCCESS;
}

void
gvk_test_pipeline_destroy(const struct gvk_test_gpu *g, struct gvk_test_pipeline *p)
{
   if (!g->device)
      return;
   GVK_TEST_DEVICE_FN(g, vkDestroyDescriptorPool)(g->device, p->pool, NULL);
   GVK_TEST_DEVICE_FN(g, vkDestroyPipeline)(g->device, p->pipeline, NULL);
   GVK_TEST_DEVICE_FN(g, vkDestroyShaderModule)(g->device, p->module, NULL);
   GVK_TEST_DEVICE_FN(g, vkDestroyPipelineLayout)(g->device, p->layout, NULL);
   GVK_TEST_DEVICE_FN(g, vkDestroyDescriptorSetLayout)(g->device, p->set_layout, NULL);
   *p = (struct gvk_test_pipeline){ 0 };
}
