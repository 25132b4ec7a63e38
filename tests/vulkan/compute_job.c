#include "compute_job.h"

#include <stdio.h>
#include <string.h>

#include "compute_job.comp.spv.h"
#include "gvk_test.h"

#define BUFFERS 3
#define BUFFER_BYTES (COMPUTE_JOB_INVOCATIONS * 4)
#define SCALE 7u
#define FENCE_TIMEOUT_NS (60ull * 1000 * 1000 * 1000)

struct job {
   const struct compute_job_fns *f;
   VkDevice device;
   const VkAllocationCallbacks *alloc;
   VkBuffer buffers[BUFFERS];
   VkDeviceMemory memory;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkCommandPool cmd_pool;
   VkCommandBuffer cmd;
   VkFence fence;
   uint32_t *map;
   VkDeviceSize word_offset[BUFFERS];   /* of each buffer in the mapping */
};

bool
compute_job_load(struct compute_job_fns *fns, PFN_vkGetDeviceProcAddr gdpa,
                 VkDevice device)
{
#define COMPUTE_JOB_FN(name)                                              \
   fns->name = (PFN_##name)gdpa(device, #name);                           \
   if (!fns->name)                                                        \
      return false;
#include "compute_job_fns.h"
#undef COMPUTE_JOB_FN
   return true;
}

static void
destroy(struct job *j)
{
   const struct compute_job_fns *f = j->f;
   VkDevice d = j->device;
   if (j->map)
      f->vkUnmapMemory(d, j->memory);
   f->vkDestroyFence(d, j->fence, j->alloc);
   f->vkDestroyCommandPool(d, j->cmd_pool, j->alloc);
   f->vkDestroyDescriptorPool(d, j->pool, j->alloc);
   f->vkDestroyPipeline(d, j->pipeline, j->alloc);
   f->vkDestroyShaderModule(d, j->module, j->alloc);
   f->vkDestroyPipelineLayout(d, j->layout, j->alloc);
   f->vkDestroyDescriptorSetLayout(d, j->set_layout, j->alloc);
   for (int i = 0; i < BUFFERS; i++)
      f->vkDestroyBuffer(d, j->buffers[i], j->alloc);
   f->vkFreeMemory(d, j->memory, j->alloc);
}

static VkResult
create_buffers(struct job *j, VkPhysicalDevice pdev,
               PFN_vkGetPhysicalDeviceMemoryProperties get_memory)
{
   const struct compute_job_fns *f = j->f;
   const VkBufferUsageFlags usage[BUFFERS] = {
      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
      VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT };
   VkDeviceSize offsets[BUFFERS], size = 0;
   uint32_t types = ~0u;
   for (int i = 0; i < BUFFERS; i++) {
      const VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                       .size = BUFFER_BYTES, .usage = usage[i] };
      VkResult r = f->vkCreateBuffer(j->device, &bci, j->alloc, &j->buffers[i]);
      if (r != VK_SUCCESS)
         return r;
      VkMemoryRequirements req;
      f->vkGetBufferMemoryRequirements(j->device, j->buffers[i], &req);
      size = (size + req.alignment - 1) / req.alignment * req.alignment;
      offsets[i] = size;
      size += req.size;
      types &= req.memoryTypeBits;
   }
   VkPhysicalDeviceMemoryProperties props;
   get_memory(pdev, &props);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = size,
      .memoryTypeIndex = gvk_test_memory_type(&props, types,
                                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) };
   if (mai.memoryTypeIndex == UINT32_MAX) {
      fprintf(stderr, "compute_job: no host-visible coherent memory type\n");
      return VK_ERROR_UNKNOWN;
   }
   VkResult r = f->vkAllocateMemory(j->device, &mai, j->alloc, &j->memory);
   for (int i = 0; i < BUFFERS && r == VK_SUCCESS; i++)
      r = f->vkBindBufferMemory(j->device, j->buffers[i], j->memory, offsets[i]);
   if (r == VK_SUCCESS)
      r = f->vkMapMemory(j->device, j->memory, 0, VK_WHOLE_SIZE, 0, (void **)&j->map);
   for (int i = 0; i < BUFFERS; i++)
      j->word_offset[i] = offsets[i] / 4;
   return r;
}

static VkResult
create_pipeline(struct job *j)
{
   const struct compute_job_fns *f = j->f;
   const VkDescriptorSetLayoutBinding bindings[BUFFERS] = {
      { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   const VkDescriptorSetLayoutCreateInfo dl = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = BUFFERS, .pBindings = bindings };
   VkResult r = f->vkCreateDescriptorSetLayout(j->device, &dl, j->alloc, &j->set_layout);
   if (r != VK_SUCCESS)
      return r;
   const VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 4 };
   const VkPipelineLayoutCreateInfo pl = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &j->set_layout, .pushConstantRangeCount = 1,
      .pPushConstantRanges = &push };
   r = f->vkCreatePipelineLayout(j->device, &pl, j->alloc, &j->layout);
   if (r != VK_SUCCESS)
      return r;
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(compute_job_comp_spv), .pCode = compute_job_comp_spv };
   r = f->vkCreateShaderModule(j->device, &smci, j->alloc, &j->module);
   if (r != VK_SUCCESS)
      return r;
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = j->module,
                 .pName = "main" },
      .layout = j->layout };
   return f->vkCreateComputePipelines(j->device, VK_NULL_HANDLE, 1, &cpci, j->alloc,
                                      &j->pipeline);
}

static VkResult
create_set(struct job *j)
{
   const struct compute_job_fns *f = j->f;
   const VkDescriptorPoolSize sizes[2] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 },
                                           { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1 } };
   const VkDescriptorPoolCreateInfo dp = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = 2, .pPoolSizes = sizes };
   VkResult r = f->vkCreateDescriptorPool(j->device, &dp, j->alloc, &j->pool);
   if (r != VK_SUCCESS)
      return r;
   const VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = j->pool,
      .descriptorSetCount = 1, .pSetLayouts = &j->set_layout };
   r = f->vkAllocateDescriptorSets(j->device, &ai, &j->set);
   if (r != VK_SUCCESS)
      return r;
   VkDescriptorBufferInfo info[BUFFERS];
   VkWriteDescriptorSet w[BUFFERS];
   for (uint32_t i = 0; i < BUFFERS; i++) {
      info[i] = (VkDescriptorBufferInfo){ j->buffers[i], 0, VK_WHOLE_SIZE };
      w[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = j->set,
         .dstBinding = i, .descriptorCount = 1,
         .descriptorType = i == 2 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &info[i] };
   }
   f->vkUpdateDescriptorSets(j->device, BUFFERS, w, 0, NULL);
   return VK_SUCCESS;
}

static VkResult
record(struct job *j, uint32_t offset)
{
   const struct compute_job_fns *f = j->f;
   const VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   VkResult r = f->vkCreateCommandPool(j->device, &cpci, j->alloc, &j->cmd_pool);
   if (r != VK_SUCCESS)
      return r;
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = j->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
   r = f->vkAllocateCommandBuffers(j->device, &ai, &j->cmd);
   if (r != VK_SUCCESS)
      return r;
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
   r = f->vkBeginCommandBuffer(j->cmd, &bi);
   if (r != VK_SUCCESS)
      return r;
   f->vkCmdBindPipeline(j->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, j->pipeline);
   f->vkCmdBindDescriptorSets(j->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, j->layout, 0, 1,
                              &j->set, 0, NULL);
   f->vkCmdPushConstants(j->cmd, j->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &offset);
   f->vkCmdDispatch(j->cmd, COMPUTE_JOB_GROUPS, 1, 1);
   /* The shader's writes made visible to the host's reads. */
   const VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
   f->vkCmdPipelineBarrier(j->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                           VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   return f->vkEndCommandBuffer(j->cmd);
}

static VkResult
submit(struct job *j, VkQueue queue)
{
   const struct compute_job_fns *f = j->f;
   const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   VkResult r = f->vkCreateFence(j->device, &fci, j->alloc, &j->fence);
   if (r != VK_SUCCESS)
      return r;
   const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                             .commandBufferCount = 1, .pCommandBuffers = &j->cmd };
   r = f->vkQueueSubmit(queue, 1, &si, j->fence);
   if (r != VK_SUCCESS)
      return r;
   return f->vkWaitForFences(j->device, 1, &j->fence, VK_TRUE, FENCE_TIMEOUT_NS);
}

static uint32_t *
buffer_words(struct job *j, int i)
{
   return j->map + j->word_offset[i];
}

static VkResult
check(struct job *j, uint32_t offset)
{
   const uint32_t *in = buffer_words(j, 0), *out = buffer_words(j, 1);
   for (uint32_t i = 0; i < COMPUTE_JOB_INVOCATIONS; i++) {
      uint32_t mirror = (i & ~63u) + 63 - (i & 63);
      uint32_t want = in[i] * SCALE + offset + in[mirror];
      if (out[i] != want) {
         fprintf(stderr, "compute_job: word %u is 0x%08x, expected 0x%08x\n", i,
                 out[i], want);
         return VK_ERROR_UNKNOWN;
      }
   }
   return VK_SUCCESS;
}

VkResult
compute_job_run(const struct compute_job_fns *fns, VkPhysicalDevice pdev,
                PFN_vkGetPhysicalDeviceMemoryProperties get_memory, VkDevice device,
                VkQueue queue, const VkAllocationCallbacks *alloc, uint32_t seed)
{
   struct job j = { .f = fns, .device = device, .alloc = alloc };
   VkResult r = create_buffers(&j, pdev, get_memory);
   if (r == VK_SUCCESS) {
      uint32_t x = seed | 1;
      for (uint32_t i = 0; i < COMPUTE_JOB_INVOCATIONS; i++) {
         x ^= x << 13, x ^= x >> 17, x ^= x << 5;
         buffer_words(&j, 0)[i] = x;
         buffer_words(&j, 1)[i] = 0xdeadbeef;
      }
      buffer_words(&j, 2)[0] = SCALE;
      r = create_pipeline(&j);
   }
   if (r == VK_SUCCESS)
      r = create_set(&j);
   if (r == VK_SUCCESS)
      r = record(&j, seed);
   if (r == VK_SUCCESS)
      r = submit(&j, queue);
   if (r == VK_SUCCESS)
      r = check(&j, seed);
   destroy(&j);
   return r;
}
